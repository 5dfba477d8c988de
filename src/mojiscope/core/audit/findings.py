"""What an audit says about some bytes: a verdict, the findings behind it,
and the repair, as typed values and as one JSON object (a line of JSON Lines).

The JSON form is a stable, versioned schema (:data:`SCHEMA_VERSION`), shipped
as ``mojiscope/resources/audit.schema.json`` and described in docs/SCAN.md.
:meth:`Audit.as_json` and :func:`audit_from_json` are inverse: an audit read
back from its JSON line equals the audit written.

Verdict kinds, from the most to the least severe (:data:`SEVERITY`): a file
gets the first kind any of its findings has.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

SCHEMA_VERSION = 1
"""The ``"version"`` of every JSON object; raised only by a change that breaks a reader."""

FIRST_LOCATIONS = 5
"""Locations kept per finding (its first ones); the count covers them all."""

KEPT_RANGES = 100
"""Byte ranges kept per finding (its first ones)."""


class Kind(enum.StrEnum):
    """A verdict, and the kind of a finding. The values are the JSON words."""

    UNREADABLE = "unreadable"
    """The file could not be read (permission, vanished, changed while read): why."""
    SKIPPED = "skipped"
    """Not judged on purpose: a FIFO, a device, a socket, a symbolic link not followed."""
    BINARY = "binary"
    """Not text (NUL bytes, control characters): skipped."""
    MIXED = "mixed"
    """Parts need different readings: UTF-8 with stray bytes of another
    encoding, or lines damaged by a chain among clean ones."""
    MOJIBAKE = "mojibake"
    """Text damaged by a chain of misreadings (UTF-8 read as cp1252...)."""
    LEGACY = "legacy"
    """Not UTF-8: text in a legacy code page, or in UTF-16/32 (``encoding`` says which)."""
    SURROGATES = "surrogates"
    """Lone surrogates encoded as if they were characters (WTF-8, CESU-8)."""
    LOSSY = "lossy"
    """Holds U+FFFD: bytes were lost to a replacing decoder before these were written."""
    NOTICES = "notices"
    """Valid text holding characters worth a look: bidi controls, invisible characters."""
    CLEAN = "clean"
    """Valid UTF-8 (ASCII included) with nothing to note."""


SEVERITY: tuple[Kind, ...] = tuple(Kind)
"""Every kind, most severe first."""

TEXT_KINDS = frozenset(Kind) - {Kind.UNREADABLE, Kind.SKIPPED, Kind.BINARY}
"""Verdicts given to bytes that were read as text."""


@dataclass(frozen=True)
class Location:
    """A byte ``offset`` and where it is as a person counts: ``line`` from 1,
    ``column`` from 1 in code points of the line as decoded."""

    offset: int
    line: int
    column: int

    def as_json(self) -> dict[str, int]:
        return {"offset": self.offset, "line": self.line, "column": self.column}


@dataclass(frozen=True)
class Finding:
    """``count`` occurrences of one kind of problem, its first
    :data:`FIRST_LOCATIONS` locations and first :data:`KEPT_RANGES` byte
    ranges, and a one-line ``detail``. ``char_class`` names the kind of a
    notice (``bidi``, ``invisible``...: a
    :class:`~mojiscope.core.words.notices.Notice`), else it is empty."""

    kind: Kind
    count: int
    detail: str
    locations: tuple[Location, ...] = ()
    ranges: tuple[tuple[int, int], ...] = ()
    char_class: str = ""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "count": self.count,
            "detail": self.detail,
            "locations": [x.as_json() for x in self.locations],
            "ranges": [list(r) for r in self.ranges],
        }
        if self.char_class:
            out["class"] = self.char_class
        return out


@dataclass(frozen=True)
class RepairStep:
    """One step of a repair plan: ``decode`` bytes or ``encode`` text with ``codec``."""

    action: str
    codec: str

    def as_json(self) -> dict[str, str]:
        return {"action": self.action, "codec": self.codec}


@dataclass(frozen=True)
class Part:
    """Source bytes ``[start, end)`` and the chain (in words) that explains them."""

    start: int
    end: int
    chain: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"range": [self.start, self.end], "chain": list(self.chain)}


@dataclass(frozen=True)
class Audit:
    """The verdict on some bytes (see the module docstring and docs/SCAN.md).

    ``encoding`` is what the bytes are best read as (None when they were not
    read as text); ``chain`` the misreadings in words, oldest first;
    ``confidence`` the explainer's for its best reading (None when it was
    not asked); ``repair`` the plan that undoes the chain, and ``lossless``
    whether replaying it gives text that the chain turns back into exactly
    these bytes, with no guessed character (None when there is nothing to
    repair). ``sampled``: the chain was looked for in the first bytes only (a
    large input); the counts of invalid sequences, notices and U+FFFD cover
    it all.
    """

    verdict: Kind
    reason: str
    size: int
    path: str | None = None
    encoding: str | None = None
    chain: tuple[str, ...] = ()
    confidence: float | None = None
    lossless: bool | None = None
    repair: tuple[RepairStep, ...] = ()
    parts: tuple[Part, ...] = ()
    findings: tuple[Finding, ...] = ()
    sampled: bool = False
    kinds: frozenset[Kind] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "kinds", frozenset({self.verdict, *(f.kind for f in self.findings)})
        )

    def has(self, kind: Kind | str) -> bool:
        """Whether the verdict or any finding is of ``kind``."""
        return Kind(kind) in self.kinds

    def first_location(self) -> Location | None:
        """The earliest location of any finding (where a viewer opens the file)."""
        found = [x for f in self.findings for x in f.locations]
        return min(found, key=lambda x: x.offset) if found else None

    def as_json(self) -> dict[str, Any]:
        """One JSON object of the documented schema (docs/SCAN.md)."""
        return {
            "version": SCHEMA_VERSION,
            "path": self.path,
            "size": self.size,
            "verdict": self.verdict.value,
            "reason": self.reason,
            "encoding": self.encoding,
            "chain": list(self.chain),
            "confidence": self.confidence,
            "lossless": self.lossless,
            "repair": [s.as_json() for s in self.repair],
            "parts": [p.as_json() for p in self.parts],
            "findings": [f.as_json() for f in self.findings],
            "sampled": self.sampled,
        }


CSV_FIELDS = (
    "path",
    "verdict",
    "reason",
    "encoding",
    "chain",
    "confidence",
    "lossless",
    "size",
    "first_offset",
    "first_line",
    "first_column",
    "findings",
)
"""The columns of an audit as a CSV row (``mojiscope scan --csv``, the window's export)."""


def csv_row(audit: Audit) -> tuple[object, ...]:
    """One audit as a row of :data:`CSV_FIELDS`: the chain joined with
    ``, then ``, the findings as ``kind:count`` joined with ``;``."""
    first = audit.first_location()

    def blank(value: object) -> object:
        return "" if value is None else value

    return (
        audit.path,
        audit.verdict.value,
        audit.reason,
        blank(audit.encoding),
        ", then ".join(audit.chain),
        blank(audit.confidence),
        blank(audit.lossless),
        audit.size,
        first.offset if first else "",
        first.line if first else "",
        first.column if first else "",
        ";".join(f"{f.kind.value}:{f.count}" for f in audit.findings),
    )


def audit_from_json(obj: dict[str, Any]) -> Audit:
    """The :class:`Audit` a JSON object of the schema describes (the inverse
    of :meth:`Audit.as_json`). Raises :class:`ValueError` for another version."""
    if obj.get("version") != SCHEMA_VERSION:
        raise ValueError(f"audit schema version {obj.get('version')!r}, expected {SCHEMA_VERSION}")
    return Audit(
        verdict=Kind(obj["verdict"]),
        reason=obj["reason"],
        size=obj["size"],
        path=obj["path"],
        encoding=obj["encoding"],
        chain=tuple(obj["chain"]),
        confidence=obj["confidence"],
        lossless=obj["lossless"],
        repair=tuple(RepairStep(s["action"], s["codec"]) for s in obj["repair"]),
        parts=tuple(Part(p["range"][0], p["range"][1], tuple(p["chain"])) for p in obj["parts"]),
        findings=tuple(
            Finding(
                kind=Kind(f["kind"]),
                count=f["count"],
                detail=f["detail"],
                locations=tuple(
                    Location(x["offset"], x["line"], x["column"]) for x in f["locations"]
                ),
                ranges=tuple((r[0], r[1]) for r in f["ranges"]),
                char_class=f.get("class", ""),
            )
            for f in obj["findings"]
        ),
        sampled=obj["sampled"],
    )


def worst(kinds: set[Kind]) -> Kind:
    """The most severe of ``kinds`` (:data:`SEVERITY`); ``clean`` for none."""
    return next((k for k in SEVERITY if k in kinds), Kind.CLEAN)
