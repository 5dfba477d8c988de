"""How ``mojiscope convert`` tells its losses on stderr, and its progress bar.

The losses are counted once, by the core's
:class:`~mojiscope.core.conversion.loss_report.ConversionReport` that the
conversion feeds; this module only formats it, in one of three ways, one
per choice of the user:

* default: under replace, one line per loss up to :data:`LOSS_LINES`, then
  "... and N more" and the totals (:class:`CappedLines`: the report keeps
  the first :data:`LOSS_LINES` losses);
* ``--report``: every loss in words, printed as it is found, then the totals
  (:class:`WordLines`);
* ``--json``: one JSON object on the last line of stderr,
  ``{"losses": [{"kind", "reason", "bytes": [start, end], "becomes"}...],
  "counts": {kind: n}, "read": n, "written": n}`` (:class:`JsonLine`); the
  records are spooled to an anonymous temporary file as they come, so memory
  stays bounded whatever the number of losses.

The two that tell every loss are handed each one as it is found
(:meth:`ReportFormat.loss`; the report keeps only the first). Under replace, an
input that changed while it was read is a warning, printed once
(:meth:`ReportFormat.warn_if_changed`), before the losses of the block that found
it and before the final lines. :meth:`ReportFormat.finish` prints the final lines,
given how many bytes were written; an error line, if any, comes before it so
that the JSON object stays the last line.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from typing import ClassVar, TextIO

from mojiscope.core.conversion.loss_report import ConversionReport, loss_becomes
from mojiscope.core.conversion.losses import Loss, LossKind, describe_loss

#: Loss lines printed on stderr before "... and N more".
LOSS_LINES = 20
#: Inputs larger than this get a progress bar (when stderr is a terminal).
PROGRESS_MIN_BYTES = 4 << 20


def loss_record(loss: Loss) -> dict[str, object]:
    """``{"kind", "reason", "bytes": [start, end], "becomes"}`` for one loss."""
    return {
        "kind": loss.kind.value,
        "reason": loss.reason.value if loss.reason else None,
        "bytes": [loss.source_start, loss.source_end],
        "becomes": loss_becomes(loss),
    }


def _totals(report: ConversionReport, written: int) -> str:
    counts = report.counts
    totals = ", ".join(f"{kind.value} {counts[kind]:,}" for kind in LossKind if counts[kind])
    read = report.bytes_read
    return f"mojiscope: totals: {totals}; read {read:,} bytes, wrote {written:,} bytes\n"


class ReportFormat:
    """One way of telling the losses of ``report`` on ``out``."""

    #: How many losses the report keeps as objects for this format.
    keep: ClassVar[int] = 1
    #: Whether the conversion hands it every loss as found (:meth:`loss`).
    every_loss: ClassVar[bool] = False

    def __init__(self, report: ConversionReport, out: TextIO, *, strict: bool) -> None:
        self.report, self.out, self.strict = report, out, strict
        self._warned = False

    def loss(self, loss: Loss) -> None:
        """One more loss, as found (only if :attr:`every_loss`)."""

    def warn_if_changed(self) -> None:
        """Under replace, say once that the input changed while it was read."""
        changed = self.report.changed
        if changed is not None and not self.strict and not self._warned:
            self._warned = True
            self.out.write(f"mojiscope: warning: {changed}\n")

    def finish(self, written: int) -> None:
        """The final lines, ``written`` bytes having been written."""
        raise NotImplementedError


class CappedLines(ReportFormat):
    """The default: at most :data:`LOSS_LINES` loss lines, printed at the end."""

    keep = LOSS_LINES

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
        out.write(_totals(report, written))
        out.flush()


class WordLines(ReportFormat):
    """``--report``: every loss in words as it is found, then the totals."""

    every_loss = True

    def __init__(self, report: ConversionReport, out: TextIO, *, strict: bool) -> None:
        super().__init__(report, out, strict=strict)
        self._told = 0

    def loss(self, loss: Loss) -> None:
        self.warn_if_changed()  # the block that found the change comes first
        if not self._told:
            report = self.report
            self.out.write(
                f"mojiscope: losses converting {report.source_format} to {report.target_format}:\n"
            )
        self._told += 1
        self.out.write(f"  {describe_loss(loss, strict=self.strict)}\n")

    def finish(self, written: int) -> None:
        report = self.report
        if report.loss_count:
            self.out.write(_totals(report, written))
        else:
            self.out.write(
                f"mojiscope: no loss: the text survives exactly; read {report.bytes_read:,} "
                f"bytes, wrote {written:,} bytes\n"
            )
        self.out.flush()


class JsonLine(ReportFormat):
    """``--json``: the report as one JSON object on the last line of stderr."""

    every_loss = True

    def __init__(self, report: ConversionReport, out: TextIO, *, strict: bool) -> None:
        super().__init__(report, out, strict=strict)
        self.spool = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed by finish()
            max_size=1 << 20, mode="w+", encoding="utf-8"
        )
        self._records = 0

    def loss(self, loss: Loss) -> None:
        self.spool.write(("," if self._records else "") + json.dumps(loss_record(loss)))
        self._records += 1

    def finish(self, written: int) -> None:
        report, out = self.report, self.out
        out.write('{"losses": [')
        self.spool.seek(0)
        while piece := self.spool.read(1 << 16):
            out.write(piece)
        self.spool.close()
        counts = {kind.value: n for kind, n in report.counts.items()}
        tail = {"counts": counts, "read": report.bytes_read, "written": written}
        out.write("], " + json.dumps(tail)[1:] + "\n")
        out.flush()


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
