"""``mojiscope.audit``: one call that says what is wrong with some text, for
data pipelines. The same verdict as ``mojiscope scan`` and the window's
Scan Folder table give a file (one implementation: :mod:`mojiscope.core.audit`).

>>> from mojiscope import audit
>>> result = audit("Caf\\u00c3\\u00a9 cr\\u00c3\\u00a8me")   # "CafÃ© crÃ¨me": UTF-8 read as cp1252
>>> result.verdict
<Kind.MOJIBAKE: 'mojibake'>
>>> result.chain
('utf-8 read as windows-1252',)
>>> [(s.action, s.codec) for s in result.repair]
[('decode', 'utf-8'), ('encode', 'windows-1252'), ('decode', 'utf-8')]
>>> result.lossless, result.findings[0].ranges
(True, ((3, 7), (10, 14)))

Bytes too, in any encoding:

>>> audit("Привет, мир!".encode("cp1251")).encoding
'cp1251'
>>> audit(b"plain ASCII").verdict.value
'clean'
>>> audit("x = 1  # \\u202e").findings[0].char_class
'bidi'

Each result serialises to one line of JSON Lines whose schema is shipped
with the package (:func:`schema`) and described in docs/SCAN.md:

>>> import json
>>> line = json.dumps(audit(b"caf\\xe9").as_json())
>>> json.loads(line)["verdict"], json.loads(line)["encoding"]
('legacy', 'windows-1252')
>>> audit_from_json(json.loads(line)) == audit(b"caf\\xe9")
True

Stability: the names exported here (``__all__``), the fields of
:class:`Audit` and :class:`Finding` and the JSON schema keep their meaning
within a schema version (:data:`SCHEMA_VERSION`); the explainer's
confidences and chains may get better between releases.
"""

from __future__ import annotations

import json
import sys
import types
from functools import cache
from importlib import resources
from typing import Any

from mojiscope.core.audit.findings import (
    SCHEMA_VERSION,
    Audit,
    Finding,
    Kind,
    Location,
    Part,
    RepairStep,
    audit_from_json,
)
from mojiscope.core.audit.judge import audit_bytes, audit_path

__all__ = [
    "SCHEMA_VERSION",
    "Audit",
    "Finding",
    "Kind",
    "Location",
    "Part",
    "RepairStep",
    "audit",
    "audit_file",
    "audit_from_json",
    "schema",
]


def audit(data: bytes | bytearray | memoryview | str, *, path: str | None = None) -> Audit:
    """The verdict on ``data``: bytes in any encoding, or text (judged as its
    UTF-8; lone surrogates in it are kept and reported). ``path`` is only
    carried into the result. Never raises for the data's sake."""
    return audit_bytes(data, path)


def audit_file(path: str, *, follow_symlinks: bool = False) -> Audit:
    """The verdict on the file at ``path``, what ``mojiscope scan`` gives it:
    an unreadable, special or vanished file is a verdict, not an exception."""
    return audit_path(path, follow_symlinks=follow_symlinks)


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one line of :meth:`Audit.as_json`."""
    text = resources.files("mojiscope.resources").joinpath("audit.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`audit`: ``from mojiscope import audit``
    then ``audit(data)``, while ``audit.Kind`` and the rest stay reachable.
    (Type checkers see a module: typed code imports the function,
    ``from mojiscope.audit import audit``.)"""

    def __call__(
        self, data: bytes | bytearray | memoryview | str, *, path: str | None = None
    ) -> Audit:
        return audit(data, path=path)


sys.modules[__name__].__class__ = _CallableModule
