"""The parts of SARIF 2.1.0 (OASIS Standard, 2020) that ``mojiscope scan
--sarif`` writes, as a JSON Schema of what the specification requires of
them: the property names and types of its own schema, its required
properties, and the enumerations and minimums it gives (sections 3.11-3.30:
sarifLog, run, tool, toolComponent, reportingDescriptor, result, message,
location, physicalLocation, artifactLocation, region, invocation). The OASIS
schema file itself is not shipped here; the subset keeps its names and rules,
and objects allow no other properties than the specification defines for them.
"""

from __future__ import annotations

from typing import Any

_MESSAGE = {
    "type": "object",
    "anyOf": [{"required": ["text"]}, {"required": ["id"]}],
    "properties": {"text": {"type": "string"}, "id": {"type": "string"}},
}
_MULTIFORMAT = {
    "type": "object",
    "required": ["text"],
    "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}},
}
_REGION = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "startLine": {"type": "integer", "minimum": 1},
        "startColumn": {"type": "integer", "minimum": 1},
        "endLine": {"type": "integer", "minimum": 1},
        "endColumn": {"type": "integer", "minimum": 1},
        "charOffset": {"type": "integer", "minimum": -1},
        "charLength": {"type": "integer", "minimum": 0},
        "byteOffset": {"type": "integer", "minimum": -1},
        "byteLength": {"type": "integer", "minimum": 0},
        "message": _MESSAGE,
    },
}
_LOCATION = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "id": {"type": "integer", "minimum": -1},
        "message": _MESSAGE,
        "physicalLocation": {
            "type": "object",
            "additionalProperties": False,
            "anyOf": [{"required": ["address"]}, {"required": ["artifactLocation"]}],
            "properties": {
                "artifactLocation": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "uri": {"type": "string", "format": "uri-reference"},
                        "uriBaseId": {"type": "string"},
                        "index": {"type": "integer", "minimum": -1},
                    },
                },
                "region": _REGION,
            },
        },
    },
}
_RULE = {
    "type": "object",
    "required": ["id"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "shortDescription": _MULTIFORMAT,
        "fullDescription": _MULTIFORMAT,
        "helpUri": {"type": "string", "format": "uri"},
        "defaultConfiguration": {
            "type": "object",
            "properties": {"level": {"enum": ["none", "note", "warning", "error"]}},
        },
    },
}
_RESULT = {
    "type": "object",
    "required": ["message"],
    "additionalProperties": False,
    "properties": {
        "ruleId": {"type": "string"},
        "ruleIndex": {"type": "integer", "minimum": -1},
        "kind": {"enum": ["notApplicable", "pass", "fail", "review", "open", "informational"]},
        "level": {"enum": ["none", "note", "warning", "error"]},
        "message": _MESSAGE,
        "locations": {"type": "array", "items": _LOCATION},
        "relatedLocations": {"type": "array", "items": _LOCATION},
    },
}
SARIF_2_1_0: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "required": ["version", "runs"],
    "properties": {
        "$schema": {"type": "string", "format": "uri"},
        "version": {"const": "2.1.0"},
        "runs": {
            "type": ["array", "null"],
            "items": {
                "type": "object",
                "required": ["tool"],
                "properties": {
                    "tool": {
                        "type": "object",
                        "required": ["driver"],
                        "properties": {
                            "driver": {
                                "type": "object",
                                "required": ["name"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "version": {"type": "string"},
                                    "informationUri": {"type": "string", "format": "uri"},
                                    "rules": {"type": "array", "items": _RULE},
                                },
                            }
                        },
                    },
                    "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                    "results": {"type": ["array", "null"], "items": _RESULT},
                    "invocations": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["executionSuccessful"],
                            "properties": {"executionSuccessful": {"type": "boolean"}},
                        },
                    },
                },
            },
        },
    },
}
"""SARIF 2.1.0's requirements on what the scan writes (see the module docstring)."""
