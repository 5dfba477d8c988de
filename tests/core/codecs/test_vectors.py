"""Every vector in tests/data/*.json (schema: tests/data/README.md).

One test per case, named ``file:label``. A decode case (``input_hex``)
checks the replace decode's text and spans, what strict does, the other
replacement policies and conversions to other formats; an encode case
(``input_text``) checks strict and replace encoding and what the output
decodes back to. Keys the schema does not know fail the file, so a typo
cannot make a check silently vanish; so do a malformed file and a format
the registry does not know (failures, never skips).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers.paths import DATA

from mojiscope.core import (
    ERROR_KINDS,
    DecodeError,
    EncodeError,
    Format,
    UnknownFormatError,
    get_format,
)

FILE_KEYS = {"format", "description", "cases"}
CASE_KEYS = {"label", "comment", "input_hex", "input_text", "expect"}
DECODE_EXPECT = {"text", "spans", "strict_error", "policies", "convert"}
ENCODE_EXPECT = {"output_hex", "encode_error", "replace_hex", "warning", "decodes_to"}
CONVERT_KEYS = {"to", "errors", "output_hex", "encode_error"}


@dataclass(frozen=True)
class Vector:
    file: str
    format_id: str
    case: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}:{self.case['label']}"


def schema_problems(doc: Any) -> list[str]:
    """What is wrong with a vector file's shape; empty when it follows the schema."""
    if not isinstance(doc, dict):
        return ["the file is not a JSON object"]
    problems = [f"unknown file key {k!r}" for k in doc.keys() - FILE_KEYS]
    if not isinstance(doc.get("format"), str):
        problems.append('"format" must be a format id')
    cases = doc.get("cases")
    if not isinstance(cases, list) or not cases:
        return [*problems, '"cases" must be a non-empty list']
    labels: set[str] = set()
    for i, case in enumerate(cases):
        problems += [f"case {i}: {p}" for p in case_problems(case)]
        label = case.get("label") if isinstance(case, dict) else None
        if label in labels:
            problems.append(f"case {i}: duplicate label {label!r}")
        labels.add(label)
    return problems


def case_problems(case: Any) -> list[str]:
    if not isinstance(case, dict):
        return ["not an object"]
    problems = [f"unknown key {k!r}" for k in case.keys() - CASE_KEYS]
    for key in ("label", "comment"):
        if not isinstance(case.get(key), str) or not case.get(key):
            problems.append(f"{key!r} must be a non-empty string")
    expect = case.get("expect")
    if not isinstance(expect, dict) or not expect:
        return [*problems, '"expect" must be a non-empty object']
    if ("input_hex" in case) == ("input_text" in case):
        return [*problems, 'exactly one of "input_hex" and "input_text"']
    allowed = DECODE_EXPECT if "input_hex" in case else ENCODE_EXPECT
    problems += [f"unknown expect key {k!r}" for k in expect.keys() - allowed]
    for item in expect.get("convert", []):
        problems += [f"unknown convert key {k!r}" for k in item.keys() - CONVERT_KEYS]
    for span in expect.get("spans", []):
        if not (isinstance(span, list) and len(span) == 7):
            problems.append(f"span {span!r} is not [kind, b0, b1, c0, c1, reason, value]")
    return problems


def load_vectors() -> tuple[list[Any], list[Any]]:
    """(vector params, schema params): one schema check per file; one vector
    per case of a file that follows the schema."""
    vectors: list[Any] = []
    schemas: list[Any] = []
    for path in sorted(DATA.glob("*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            problems = schema_problems(doc)
        except json.JSONDecodeError as error:
            doc, problems = None, [f"not JSON: {error}"]
        schemas.append(pytest.param(path.name, problems, id=path.name))
        if problems:
            continue
        for case in doc["cases"]:
            vector = Vector(path.name, doc["format"], case)
            vectors.append(pytest.param(vector, id=vector.id))
    return vectors, schemas


VECTORS, SCHEMAS = load_vectors()


@pytest.mark.parametrize(("file", "problems"), SCHEMAS)
def test_vector_file_follows_the_schema(file, problems):
    # every file, whoever owns it: a malformed file is a failure, never a skip
    assert problems == [], f"{file} does not follow tests/data/README.md"


def test_there_are_vectors_for_every_format_the_foundation_names():
    files = {p.name for p in DATA.glob("*.json")}
    for name in (
        "utf-8",
        "utf-8b",
        "wtf-8",
        "xtf-8",
        "wtf-16le",
        "wtf-16be",
        "utf-16le",
        "utf-16be",
        "cp1252",
    ):
        assert f"{name}.json" in files


def format_of(vector: Vector) -> Format:
    """The vector file's format: one the registry does not know fails the
    vector (a typo in ``format`` must not make a file's checks vanish)."""
    try:
        return get_format(vector.format_id)
    except UnknownFormatError:
        pytest.fail(f"{vector.file}: format {vector.format_id!r} is not in the registry")


def as_tuples(spans: Any) -> list[tuple[Any, ...]]:
    return [
        (
            str(s.kind),
            s.byte_start,
            s.byte_end,
            s.char_start,
            s.char_end,
            None if s.reason is None else str(s.reason),
            s.value,
        )
        for s in spans
    ]


@pytest.mark.parametrize("vector", VECTORS)
def test_vector(vector):
    fmt = format_of(vector)
    if "input_hex" in vector.case:
        check_decode_case(fmt, bytes.fromhex(vector.case["input_hex"]), vector.case["expect"])
    else:
        check_encode_case(fmt, vector.case["input_text"], vector.case["expect"])


def check_decode_case(fmt: Format, data: bytes, expect: dict[str, Any]) -> None:
    decoding = fmt.decode(data, "replace")
    if "text" in expect:
        assert decoding.text == expect["text"]
    if "spans" in expect:
        assert as_tuples(decoding.spans) == [tuple(s) for s in expect["spans"]]
    if "strict_error" in expect:
        check_strict(fmt, data, decoding, expect["strict_error"])
    for policy, text in expect.get("policies", {}).items():
        assert fmt.decode(data, "replace", policy).text == text, policy
    for conversion in expect.get("convert", []):
        check_conversion(decoding.text, conversion)


def check_strict(fmt: Format, data: bytes, replaced: Any, error: dict[str, Any] | None) -> None:
    if error is None:
        strict = fmt.decode(data, "strict")
        assert strict.text == replaced.text
        assert as_tuples(strict.spans) == as_tuples(replaced.spans)
        return
    with pytest.raises(DecodeError) as info:
        fmt.decode(data, "strict")
    assert (info.value.offset, info.value.span.reason) == (error["offset"], error["reason"])
    span = info.value.span
    assert span.kind in ERROR_KINDS or span.reason in fmt.strict_refuses, span


def check_conversion(text: str, conversion: dict[str, Any]) -> None:
    target = get_format(conversion["to"])
    errors = conversion.get("errors", "strict")
    if "encode_error" in conversion:
        with pytest.raises(EncodeError) as info:
            target.encode(text, errors)
        assert info.value.char_offset == conversion["encode_error"]["char_offset"]
    if "output_hex" in conversion:
        assert target.encode(text, errors) == bytes.fromhex(conversion["output_hex"])


def check_encode_case(fmt: Format, text: str, expect: dict[str, Any]) -> None:
    if "encode_error" in expect:
        with pytest.raises(EncodeError) as info:
            fmt.encode(text, "strict")
        assert info.value.char_offset == expect["encode_error"]["char_offset"]
    if "output_hex" in expect:
        assert fmt.encode(text, "strict") == bytes.fromhex(expect["output_hex"])
    if "replace_hex" in expect:
        assert fmt.encode(text, "replace") == bytes.fromhex(expect["replace_hex"])
    if "warning" in expect:
        reasons = {str(s.reason) for s in fmt.encode_spans(text).spans if s.kind == "warning"}
        assert reasons == {expect["warning"]}
    if "decodes_to" in expect:
        written = fmt.encode(text, "replace")
        assert fmt.decode(written).text == expect["decodes_to"]
