"""What the export dialog decides, without Qt: the choices, the input they
read, the jobs that report and write, and whether Export may be pressed.

The dialog (:mod:`mojiscope.app.dialogs.export_dialog`) shows this model and
runs its jobs on the app's :class:`~mojiscope.app.jobs.JobRunner`; every
codec rule is the core's (:mod:`mojiscope.core.loss_report`,
:mod:`mojiscope.core.conversion`, :mod:`mojiscope.core.verify_output`).

Decisions (where the issue was silent):

* A file is exported from its path, read in chunks, never from the window's
  memory map (a file cut short under a map kills the process); pasted bytes
  are exported from memory. A selection is read as that byte range only,
  and a loss row's offsets are mapped back to the whole file.
* The output path starts as the source's name with the target format in it
  (``notes.utf-16le.txt``) in the source's folder, so the default never
  overwrites the source; choosing the source itself asks first.
* Writing counts as one job of two stages (write, then verify), so one
  progress bar covers both; Cancel during either leaves no file from the
  write stage (a cancelled verification leaves the written file and says so).
"""

from __future__ import annotations

import encodings.aliases
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mojiscope.core import Format, MojiscopeError, formats, get_format
from mojiscope.core.atomic_write import atomic_output
from mojiscope.core.control import Control
from mojiscope.core.conversion import ConversionReport, Input, convert_stream
from mojiscope.core.loss_report import LossReport, report_conversion
from mojiscope.core.source import Source
from mojiscope.core.verify_output import (
    DigestWriter,
    Verification,
    verify_digest,
    verify_output,
)

STRICT, REPLACE = "strict", "replace"


@lru_cache(maxsize=1)
def target_names() -> tuple[str, ...]:
    """Every format the dialog can write: the built-ins, then every legacy
    code page Python knows by its codec name (for completion)."""
    built_in = [f.id for f in formats()]
    legacy = sorted(set(encodings.aliases.aliases.values()) - set(built_in))
    usable = []
    for name in legacy:
        try:
            usable.append(get_format(name).id)
        except (MojiscopeError, LookupError, ValueError):
            continue
    return tuple(dict.fromkeys([*built_in, *usable]))


def find_format(name: str) -> Format | None:
    """The format a typed name means, or ``None`` if core knows none."""
    try:
        return get_format(name.strip()) if name.strip() else None
    except (MojiscopeError, LookupError, ValueError):
        return None


class RangeReader:
    """Bytes ``[start, end)`` of a file, read by path in chunks (an
    :data:`~mojiscope.core.conversion.Input`)."""

    def __init__(self, path: Path, start: int, end: int) -> None:
        self.path, self.start, self.end = path, start, end
        self._file = open(path, "rb", buffering=0)  # noqa: SIM115 - closed at the end of read
        self._file.seek(start)
        self._position = start

    def read(self, size: int = -1, /) -> bytes:
        if self._file.closed:
            return b""
        size = self.end - self._position if size < 0 else min(size, self.end - self._position)
        data = self._file.read(size) if size > 0 else b""
        self._position += len(data)
        if not data:
            self._file.close()
        return data


@dataclass(frozen=True)
class ExportSource:
    """What is exported: a file (by path) or bytes in memory, whole or a range."""

    name: str
    path: Path | None
    source: Source
    start: int
    end: int

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end == len(self.source)

    @property
    def size(self) -> int:
        return self.end - self.start

    def open(self) -> Input:
        """A fresh input over the exported bytes (each job reads its own)."""
        if self.path is not None and self.whole:
            return self.path
        if self.path is not None:
            return RangeReader(self.path, self.start, self.end)
        return self.source.read(self.start, self.end)


@dataclass(frozen=True)
class ExportChoices:
    """One set of choices in the dialog."""

    source_format: str
    target_format: str
    errors: str = STRICT
    signature: bool = False
    output: str = ""

    def report_key(self) -> tuple[str, str, bool]:
        """What the loss report depends on (not the policy, not the path)."""
        return (self.source_format, self.target_format, self.signature)


def default_output(source: ExportSource, target: str) -> str:
    """Beside the source, named for the target format; never the source."""
    folder = source.path.parent if source.path is not None else Path.cwd()
    stem, suffix = os.path.splitext(source.path.name if source.path else "exported.txt")
    part = "-selection" if not source.whole else ""
    return str(folder / f"{stem}{part}.{target}{suffix or '.txt'}")


def is_same_file(output: str, source: ExportSource) -> bool:
    """Whether writing ``output`` would replace the source file."""
    if source.path is None or not output:
        return False
    try:
        return os.path.samefile(output, source.path)
    except OSError:
        return False


def refusal(choices: ExportChoices, report: LossReport | None) -> str | None:
    """Why Export cannot be pressed now, in one sentence; ``None`` if it can."""
    if not choices.output.strip():
        return "Choose where to write the file."
    if find_format(choices.target_format) is None:
        return f"No format is called {choices.target_format!r}."
    if report is None:
        return "Looking for losses…"
    if choices.errors == STRICT and not report.lossless and report.first_loss is not None:
        return (
            f"Strict refuses any loss, and there are {report.loss_count:,}; the first: "
            f"{report.first_loss_words()}. Choose replace to write them as shown."
        )
    if choices.errors == STRICT and report.changed is not None:
        return f"Strict refuses: {report.changed}."
    return None


def report_job(source: ExportSource, choices: ExportChoices) -> Callable[[Control], LossReport]:
    """The job that computes the loss report (emitting rows as they come)."""

    def job(control: Control) -> LossReport:
        return report_conversion(
            source.open(),
            choices.source_format,
            choices.target_format,
            signature=choices.signature,
            control=control,
        )

    return job


class ExportError(MojiscopeError):
    """Writing failed; the message is one sentence naming the user's path."""


@dataclass(frozen=True)
class ExportOutcome:
    """A finished export: what was written and what verification found."""

    report: ConversionReport
    verification: Verification


def write_job(source: ExportSource, choices: ExportChoices) -> Callable[[Control], ExportOutcome]:
    """The job that writes atomically, then verifies; progress counts the
    source bytes written, then the output bytes reread (see ``write_total``)."""

    def job(control: Control) -> ExportOutcome:
        replaces_source = is_same_file(choices.output, source)
        try:
            with atomic_output(choices.output) as out:
                written = DigestWriter(out)
                report = convert_stream(
                    source.open(),
                    choices.source_format,
                    choices.target_format,
                    written,  # type: ignore[arg-type]
                    choices.errors,  # type: ignore[arg-type]
                    choices.signature,
                    control=control,
                )
        except OSError as error:
            raise ExportError(_io_sentence(error, choices.output)) from None
        after = control.offset(source.size)
        if replaces_source:
            verification = verify_digest(choices.output, written, control=after)
        else:
            verification = verify_output(
                source.open(),
                choices.source_format,
                choices.target_format,
                choices.output,
                signature=choices.signature,
                control=after,
            )
        return ExportOutcome(report, verification)

    return job


def _io_sentence(error: OSError, output: str) -> str:
    reason = error.strerror or str(error)
    if error.filename is not None and error.filename != output:
        return f"Cannot read {error.filename}: {reason}. Nothing was written."
    return f"Cannot write {output}: {reason}. The source is untouched."


def write_total(source: ExportSource) -> int:
    """What the write job's progress counts to: the source read while
    writing, plus about as much reread while verifying."""
    return 2 * max(source.size, 1)
