"""The loss report: one accumulator for every conversion, whoever shows it.

:class:`ConversionReport` takes a conversion's blocks in order (:meth:`~ConversionReport.add`)
and keeps, in memory bounded whatever the number of losses:

* the totals: bytes read, bytes of output, the number of losses, and the
  count of each kind (in order of first appearance);
* the first ``keep`` losses as :class:`~mojiscope.core.conversion.losses.Loss`
  objects, with their offsets on both sides;
* one :class:`LossRow` per kind and reason of loss, in order of first
  appearance: how many, the source byte ranges of the first
  :data:`FIRST_RANGES`, what they become under replace and the first one's
  sentence;
* changes of meaning that are not losses: a signature added or dropped (a
  row that does not refuse strict), and the input changing while it was read.

Every conversion feeds one (:func:`~mojiscope.core.conversion.convert.run_conversion`),
and everything that tells losses formats one: the library's
:func:`~mojiscope.core.conversion.convert.convert` returns it, the command
line's three ways of telling losses are formatters over it
(:mod:`mojiscope.cli.convert_report`), and so is the export dialog's table
(:mod:`mojiscope.app.dialogs.export_report_view`), so they cannot disagree.

A pass over input whose losses an earlier report already holds (the same
bytes, formats and signature choice) need not locate them again: a report
made with ``losses_from`` takes them from that one and counts only its own
totals.

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
from collections import Counter
from dataclasses import dataclass, field, replace

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.conversion.engine import ConvertedBlock, SignatureChange
from mojiscope.core.conversion.input import SourceChangedError
from mojiscope.core.conversion.losses import Loss, LossBatch, LossKind, describe_loss

#: Losses a report keeps as objects unless told otherwise; the rest are only counted.
KEEP_LOSSES = 1000
#: Byte ranges kept per row (the first ones in the source).
FIRST_RANGES = 20
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
    """What ``loss`` becomes in the output, in words."""
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


class ConversionReport:
    """What a conversion did or would do, built block by block (:meth:`add`).

    ``keep`` is how many losses are kept as objects (at least the first one,
    always). ``bytes_written`` counts the output the blocks hold, written or
    not. With ``losses_from``, a finished report over the same input and
    choices, this report's losses are that one's and :meth:`add` does not
    locate them again (see the module docstring).
    """

    def __init__(
        self,
        source_format: str | Format,
        target_format: str | Format,
        keep: int = KEEP_LOSSES,
        *,
        losses_from: ConversionReport | None = None,
    ) -> None:
        self.source_format = get_format(source_format).id
        self.target_format = get_format(target_format).id
        self.keep = max(keep, 1)
        self.bytes_read = 0
        self.bytes_written = 0
        self.loss_count = 0
        self.counts: Counter[LossKind] = Counter()
        self.losses: list[Loss] = []
        self.signature: SignatureChange | None = None
        self.changed: SourceChangedError | None = None
        self._groups: dict[tuple[str, str | None], _Group] = {}
        self._locates = losses_from is None
        if losses_from is not None:
            self.loss_count = losses_from.loss_count
            self.counts = Counter(losses_from.counts)
            self.losses = losses_from.losses[: self.keep]
            self._groups = {
                key: replace(group, first=list(group.first))
                for key, group in losses_from._groups.items()
            }

    @property
    def lossless(self) -> bool:
        return self.loss_count == 0

    @property
    def first_loss(self) -> Loss | None:
        return self.losses[0] if self.losses else None

    def add(self, block: ConvertedBlock) -> bool:
        """Take the next block in; return whether a new row appeared."""
        self.bytes_read = block.source_end
        self.bytes_written += len(block.data)
        new_row = False
        if block.changed is not None:
            self.changed = block.changed
        if block.signature is not None:
            self.signature = block.signature
            new_row = self._add_signature_row(block.signature)
        if self._locates and len(block.losses):
            new_row = self._add_losses(block.losses) or new_row
        return new_row

    def _add_losses(self, batch: LossBatch) -> bool:
        room = self.keep - len(self.losses)
        if room > 0:
            self.losses.extend(batch[:room])
        self.loss_count += len(batch)
        new_row = False
        for kind, reason, count, indices in batch.groups(FIRST_RANGES):
            self.counts[kind] += count  # groups come in order of first appearance
            key = (kind.value, reason.value if reason else None)
            group = self._groups.get(key)
            if group is None:
                first = batch[indices[0]]
                group = _Group(key[0], key[1], becomes=loss_becomes(first))
                group.message = describe_loss(first)
                self._groups[key] = group
                new_row = True
            group.count += count
            for i in indices[: FIRST_RANGES - len(group.first)]:
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


__all__ = [
    "FIRST_RANGES",
    "KEEP_LOSSES",
    "SIGNATURE_ADDED",
    "SIGNATURE_DROPPED",
    "ConversionReport",
    "LossRow",
    "becomes",
    "loss_becomes",
]
