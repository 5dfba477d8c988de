"""How ``mojiscope convert`` tells its losses on stderr, and its progress bar.

Three ways, one per choice of the user:

* default: under replace, one line per loss up to :data:`LOSS_LINES`, then
  "... and N more" and the totals (:class:`CappedReport`);
* ``--report``: every loss in words, streamed as found, then the totals
  (:class:`WordsReport`);
* ``--json``: one JSON object on the last line of stderr,
  ``{"losses": [{"kind", "reason", "bytes": [start, end], "becomes"}...],
  "counts": {kind: n}, "read": n, "written": n}`` (:class:`JsonReport`); the
  records are spooled to an anonymous temporary file as they come, so memory
  stays bounded whatever the number of losses.

Each takes every converted block (:meth:`add`) and, at the end, how many
bytes were written (:meth:`finish`); an error line, if any, is printed
before :meth:`finish` so that the JSON object stays the last line.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections import Counter
from typing import TextIO

from mojiscope.core.conversion.convert import (
    ConversionReport,
    ConvertedBlock,
    LossKind,
    describe_loss,
)
from mojiscope.core.conversion.loss_report import loss_record

#: Loss lines printed on stderr before "... and N more".
LOSS_LINES = 20
#: Inputs larger than this get a progress bar (when stderr is a terminal).
PROGRESS_MIN_BYTES = 4 << 20


def _totals(counts: Counter[LossKind], read: int, written: int) -> str:
    totals = ", ".join(f"{kind.value} {counts[kind]:,}" for kind in LossKind if counts[kind])
    return f"mojiscope: totals: {totals}; read {read:,} bytes, wrote {written:,} bytes\n"


def _changed_warning(block: ConvertedBlock, out: TextIO) -> None:
    if block.changed is not None:
        out.write(f"mojiscope: warning: {block.changed}\n")


class CappedReport:
    """The default: at most :data:`LOSS_LINES` loss lines, printed at the end."""

    def __init__(self, source_format: str, target_format: str, out: TextIO) -> None:
        self.report = ConversionReport(source_format, target_format, keep=LOSS_LINES)
        self.out = out

    def add(self, block: ConvertedBlock, *, strict: bool) -> None:
        self.report.add(block)
        if not strict:
            _changed_warning(block, self.out)

    def finish(self, written: int) -> None:
        report, out = self.report, self.out
        n = report.loss_count
        if not n:
            return
        out.write(
            f"mojiscope: {n:,} loss{'es' if n != 1 else ''} converting "
            f"{report.source_format} to {report.target_format}:\n"
        )
        for loss in report.losses[:LOSS_LINES]:
            out.write(f"  {loss.message}\n")
        if n > LOSS_LINES:
            out.write(f"  ... and {n - LOSS_LINES:,} more\n")
        out.write(_totals(report.counts, report.bytes_read, written))
        out.flush()


class WordsReport:
    """``--report``: every loss in words as it is found, then the totals."""

    def __init__(self, source_format: str, target_format: str, out: TextIO) -> None:
        self.source_format, self.target_format = source_format, target_format
        self.counts: Counter[LossKind] = Counter()
        self.read = 0
        self.out = out

    def add(self, block: ConvertedBlock, *, strict: bool) -> None:
        self.read = block.source_end
        if not strict:
            _changed_warning(block, self.out)
        if not len(block.losses):
            return
        if not self.counts:
            self.out.write(
                f"mojiscope: losses converting {self.source_format} to {self.target_format}:\n"
            )
        self.counts.update(block.losses.counts())
        for loss in block.losses:
            self.out.write(f"  {describe_loss(loss, strict=strict)}\n")

    def finish(self, written: int) -> None:
        n = sum(self.counts.values())
        if n:
            self.out.write(_totals(self.counts, self.read, written))
        else:
            self.out.write(
                f"mojiscope: no loss: the text survives exactly; read {self.read:,} "
                f"bytes, wrote {written:,} bytes\n"
            )
        self.out.flush()


class JsonReport:
    """``--json``: the report as one JSON object on the last line of stderr."""

    def __init__(self, source_format: str, target_format: str, out: TextIO) -> None:
        del source_format, target_format
        self.spool = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed by finish()
            max_size=1 << 20, mode="w+", encoding="utf-8"
        )
        self.counts: Counter[str] = Counter()
        self.read = 0
        self.out = out

    def add(self, block: ConvertedBlock, *, strict: bool) -> None:
        self.read = block.source_end
        if not strict:
            _changed_warning(block, self.out)
        for loss in block.losses:
            self.spool.write(("," if self.counts else "") + json.dumps(loss_record(loss)))
            self.counts[loss.kind.value] += 1

    def finish(self, written: int) -> None:
        out = self.out
        out.write('{"losses": [')
        self.spool.seek(0)
        while piece := self.spool.read(1 << 16):
            out.write(piece)
        self.spool.close()
        tail = {"counts": dict(self.counts), "read": self.read, "written": written}
        out.write("], " + json.dumps(tail)[1:] + "\n")
        out.flush()


Report = CappedReport | WordsReport | JsonReport


class ProgressBar:
    """A one-line progress bar on a terminal, redrawn at most 10 times a second."""

    def __init__(self, total: int, out: TextIO = sys.stderr) -> None:
        self.total, self.out = max(total, 1), out
        self.started = self.last = time.monotonic()
        self.drawn = False

    def update(self, done: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.1:
            return
        self.last = now
        percent = min(100, done * 100 // self.total)
        rate = done / max(now - self.started, 1e-6) / 1e6
        self.out.write(
            f"\rmojiscope: converting {percent:3d}% ({done / 1e6:,.0f} of "
            f"{self.total / 1e6:,.0f} MB, {rate:,.0f} MB/s)"
        )
        self.out.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            self.out.write("\r\x1b[K")
            self.out.flush()
