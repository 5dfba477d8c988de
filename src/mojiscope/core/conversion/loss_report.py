"""The loss report a user reads before exporting: every loss grouped by kind
and reason, with counts, the first offsets and what each becomes; changes of
meaning that are not losses (a signature added or dropped); and one plain
sentence when nothing is lost ("the text survives exactly").

The export dialog and ``mojiscope convert --report/--json`` build it from the
same blocks (:func:`~mojiscope.core.conversion.engine.iter_conversion`), so
they cannot disagree. :class:`LossReport` is an accumulator: it holds one
row per (kind, reason) whatever the number of losses, so a report over a
file of random bytes stays small. :func:`report_conversion` runs a whole
conversion into a report without writing, under a
:class:`~mojiscope.core.system.control.Control` whose ``emit`` receives the rows
each time they change (at most every :data:`EMIT_INTERVAL` seconds, and at
once for a new row), so a dialog shows the first losses long before the end.

Decisions (where the issue was silent):

* A signature added or dropped is shown as a row but does not refuse a
  strict export: a signature is not text, and strict promises that the text
  reads back exactly. A BOM carried over as the target's BOM is no row.
* ``becomes`` says what replace writes: ``dropped`` for nothing, ``?`` for a
  single printable ASCII byte, else the bytes in hex and, in brackets, what
  the target reads them back as ("EF BF BD (U+FFFD)").
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from dataclasses import dataclass, field

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.conversion.engine import (
    ConvertedBlock,
    Input,
    SignatureChange,
    SourceChangedError,
    iter_conversion,
)
from mojiscope.core.conversion.losses import Loss, LossKind, describe_loss
from mojiscope.core.spans.event import REASON_WORDS, Reason
from mojiscope.core.system.control import UNCONTROLLED, Control

#: Byte ranges kept per row (the first ones in the source).
FIRST_RANGES = 20
#: Seconds between two emits of unchanged row kinds (new rows go at once).
EMIT_INTERVAL = 0.1
#: Row kinds for changes of meaning that are not losses.
SIGNATURE_ADDED = "signature-added"
SIGNATURE_DROPPED = "signature-dropped"


def _hex(data: bytes, limit: int = 12) -> str:
    shown = data[:limit].hex(" ").upper()
    return shown + (f" … ({len(data)} bytes)" if len(data) > limit else "")


@functools.lru_cache(maxsize=256)
def becomes(target_format: str, written: bytes) -> str:
    """What a loss becomes in the output, in words (see the module docstring)."""
    if not written:
        return "dropped"
    if len(written) == 1 and 0x20 < written[0] < 0x7F:
        return chr(written[0])
    read_back = get_format(target_format).decode(written).text
    names = " ".join(f"U+{ord(c):04X}" for c in read_back[:4])
    return f"{_hex(written)} ({names}{' …' if len(read_back) > 4 else ''})"


def loss_becomes(loss: Loss) -> str:
    return becomes(loss.target_format, loss.target_bytes)


@dataclass(frozen=True)
class LossRow:
    """One group of the report: every loss of one ``kind`` and ``reason``.

    ``first`` holds the source byte ranges of the first ones (up to
    :data:`FIRST_RANGES`); ``message`` is the first one's sentence;
    ``refuses_strict`` is False only for changes that are not losses.
    """

    kind: str
    reason: str | None
    count: int
    first: tuple[tuple[int, int], ...]
    becomes: str
    message: str
    refuses_strict: bool = True

    @property
    def words(self) -> str:
        """The reason in words, or the kind when there is no reason."""
        if self.reason is not None and self.reason in Reason.__members__.values():
            return REASON_WORDS[Reason(self.reason)]
        return self.kind.replace("-", " ")


@dataclass
class _Group:
    kind: str
    reason: str | None
    count: int = 0
    first: list[tuple[int, int]] = field(default_factory=list)
    becomes: str = ""
    message: str = ""
    refuses_strict: bool = True

    def row(self) -> LossRow:
        return LossRow(
            self.kind,
            self.reason,
            self.count,
            tuple(self.first),
            self.becomes,
            self.message,
            self.refuses_strict,
        )


class LossReport:
    """The report of one conversion, built block by block (:meth:`add`)."""

    def __init__(self, source_format: str | Format, target_format: str | Format) -> None:
        self.source_format = get_format(source_format).id
        self.target_format = get_format(target_format).id
        self.bytes_read = 0
        self.bytes_written = 0
        self.loss_count = 0
        self.counts: Counter[str] = Counter()
        self.first_loss: Loss | None = None
        self.signature: SignatureChange | None = None
        self.changed: SourceChangedError | None = None
        self._groups: dict[tuple[str, str | None], _Group] = {}

    @property
    def lossless(self) -> bool:
        return self.loss_count == 0

    def add(self, block: ConvertedBlock) -> bool:
        """Take one block in; return whether a new row appeared."""
        self.bytes_read = block.source_end
        self.bytes_written += len(block.data)
        new_row = False
        if block.changed is not None:
            self.changed = block.changed
        if block.signature is not None:
            self.signature = block.signature
            new_row = self._add_signature_row(block.signature)
        batch = block.losses
        if not len(batch):
            return new_row
        if self.first_loss is None:
            self.first_loss = batch[0]
        self.loss_count += len(batch)
        for kind, reason, count, indices in batch.groups(FIRST_RANGES):
            key = (kind.value, reason.value if reason else None)
            self.counts[kind.value] += count
            group = self._groups.get(key)
            if group is None:
                first = batch[indices[0]]
                group = _Group(key[0], key[1], becomes=loss_becomes(first))
                group.message = describe_loss(first)
                self._groups[key] = group
                new_row = True
            group.count += count
            room = FIRST_RANGES - len(group.first)
            for i in indices[:room]:
                loss = batch[i]
                group.first.append((loss.source_start, loss.source_end))
        return new_row

    def _add_signature_row(self, change: SignatureChange) -> bool:
        what = change.change
        if what is None:
            return False
        kind = SIGNATURE_ADDED if what == "added" else SIGNATURE_DROPPED
        if what == "added":
            message = f"{self.target_format} output begins with the signature {_hex(change.target)}"
            where, written = (0, 0), change.target
        else:
            message = (
                f"the source's signature {_hex(change.source)} is not written: "
                f"{self.target_format} output has none"
            )
            where, written = (0, len(change.source)), b""
        self._groups[(kind, None)] = _Group(
            kind,
            None,
            1,
            [where],
            becomes(self.target_format, written) if written else "dropped",
            message,
            refuses_strict=False,
        )
        return True

    def rows(self) -> tuple[LossRow, ...]:
        """One row per group, in order of first appearance."""
        return tuple(group.row() for group in self._groups.values())

    def summary(self) -> str:
        """One sentence: how much is lost, or that the text survives exactly."""
        if self.lossless:
            notes = [r for r in self.rows() if not r.refuses_strict]
            extra = f" ({notes[0].kind.replace('-', ' ')})" if notes else ""
            return f"The text survives exactly{extra}."
        n = self.loss_count
        groups = sum(1 for r in self.rows() if r.refuses_strict)
        return f"{n:,} loss{'es' if n != 1 else ''} in {groups} group{'s' if groups != 1 else ''}."

    def first_loss_words(self) -> str:
        """Where the first loss is and what it is, for a refused strict export."""
        if self.first_loss is None:
            return ""
        return describe_loss(self.first_loss, strict=True)


def report_conversion(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    *,
    signature: bool = False,
    control: Control = UNCONTROLLED,
) -> LossReport:
    """Run the conversion without writing and return its report, emitting
    the rows through ``control.emit`` as they change."""
    report = LossReport(from_format, to_format)
    last_emit = 0.0
    for block in iter_conversion(
        source, from_format, to_format, signature=signature, control=control
    ):
        new_row = report.add(block)
        now = time.monotonic()
        if new_row or (len(block.losses) and now - last_emit > EMIT_INTERVAL):
            control.emit(report.rows())
            last_emit = now
    if report.rows():
        control.emit(report.rows())
    return report


def loss_record(loss: Loss) -> dict[str, object]:
    """``{"kind", "reason", "bytes": [start, end], "becomes"}`` for one loss."""
    return {
        "kind": loss.kind.value,
        "reason": loss.reason.value if loss.reason else None,
        "bytes": [loss.source_start, loss.source_end],
        "becomes": loss_becomes(loss),
    }


__all__ = [
    "FIRST_RANGES",
    "SIGNATURE_ADDED",
    "SIGNATURE_DROPPED",
    "LossKind",
    "LossReport",
    "LossRow",
    "becomes",
    "loss_becomes",
    "loss_record",
    "report_conversion",
]
