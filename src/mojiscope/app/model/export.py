"""What the export dialog decides, without Qt: the choices, the input they
read, the jobs that report and write, and whether Export may be pressed.

The dialog (:mod:`mojiscope.app.dialogs.export_dialog`) shows this model and
runs its jobs on the app's :class:`~mojiscope.app.background.jobs.JobRunner`; every
codec rule is the core's (:mod:`mojiscope.core.conversion.loss_report`,
:mod:`mojiscope.core.conversion.convert`, :mod:`mojiscope.core.conversion.verify`).

Decisions (where the issue was silent):

* A file is exported from its path, read in chunks, never from the window's
  memory map (a file cut short under a map kills the process); pasted bytes
  are exported from memory. A selection is read as that byte range only,
  and a loss row's offsets are mapped back to the whole file.
* The output path starts as the source's name with the target format in it
  (``notes.utf-16le.txt``) in the source's folder, as an absolute path, so
  the default never overwrites the source and says where it writes; choosing
  the source itself asks first.
* Both jobs compute in a child process (:mod:`mojiscope.core.conversion.jobs`
  through :func:`~mojiscope.core.system.child_job.run_in_child`): the job thread
  only waits on a pipe, so a conversion never holds the window's event loop.
* Writing counts as one job of two stages (write, then verify), so one
  progress bar covers both. The write is handed the report of the same
  choices, so it does not locate the losses again, and the verification
  after it compares the file with the bytes written instead of converting
  once more (:mod:`mojiscope.core.conversion.jobs`). Cancel during the write leaves no file and no
  temporary file. Once the file is renamed into place it has been written:
  a cancel then stops only the verification, and the dialog says the file
  was written and not verified (:class:`WriteRecord`).
* A mojibake repair written as UTF-8 gets an undo journal beside it
  (``OUT.journal``, :func:`journal_path`) unless the user turns it off: it
  is written in the same job, after the export is verified, by another
  child process that checks every byte of the output against it
  (:mod:`mojiscope.core.mojibake.journal`).
"""

from __future__ import annotations

import encodings.aliases
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mojiscope.core import Format, MojiscopeError, formats, get_format
from mojiscope.core.conversion.jobs import (
    ExportError,
    ExportInput,
    ExportOutcome,
    ExportReport,
    export_in_child,
    file_identity,
    report_in_child,
    verify_in_child,
)
from mojiscope.core.conversion.loss_report import ConversionReport
from mojiscope.core.conversion.losses import describe_loss
from mojiscope.core.conversion.verify import Verification
from mojiscope.core.mojibake import ChainReading
from mojiscope.core.mojibake.jobs import journal_export
from mojiscope.core.mojibake.plan_reading import PlanReading
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Cancelled, Control
from mojiscope.core.system.source import Source

STRICT, REPLACE = "strict", "replace"

__all__ = [  # the jobs' results are the core's: a child process sends them back
    "ExportError",
    "ExportOutcome",
    "ExportReport",
]


@lru_cache(maxsize=1)
def target_names() -> tuple[str, ...]:
    """Every format the dialog can write: the built-ins, then every legacy
    code page Python knows by its codec name (for completion). Made once
    (a tenth of a second: every codec name is looked up)."""
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

    def input(self) -> ExportInput:
        """The exported bytes as a child process reads them: by path (never
        the window's map), or, with no file, the bytes themselves."""
        if self.path is not None:
            return ExportInput(str(self.path), self.start, self.end, self.whole)
        return ExportInput(
            None, self.start, self.end, self.whole, self.source.read(self.start, self.end)
        )


@dataclass(frozen=True)
class ExportChoices:
    """One set of choices in the dialog."""

    source_format: str
    target_format: str
    errors: str = STRICT
    signature: bool = False
    output: str = ""
    #: Where the undo journal of a mojibake repair goes ("": none; see :func:`journal_path`).
    journal: str = ""

    def report_key(self) -> tuple[str, str, bool]:
        """What the loss report depends on (not the policy, not the path)."""
        return (self.source_format, self.target_format, self.signature)


def is_repair(name: str) -> bool:
    """Whether a source format name is a mojibake repair (a chain's reading or a plan)."""
    return isinstance(find_format(name), ChainReading | PlanReading)


def journal_path(output: str) -> str:
    """Where the undo journal of a repair written to ``output`` goes: beside it."""
    return f"{output}.journal" if output else ""


def journal_refusal(choices: ExportChoices) -> str | None:
    """Why no undo journal can be written for ``choices`` (a journal records
    a mojibake repair written as UTF-8), or ``None``."""
    if not is_repair(choices.source_format):
        return "A journal records a mojibake repair."
    target = find_format(choices.target_format)
    if target is None or target.id != "utf-8":
        return "A journal records a repair written as UTF-8."
    return None


def default_output(source: ExportSource, target: str) -> str:
    """Beside the source (pasted bytes: in the working folder), named for the
    target format; never the source. Always an absolute path, however the
    source's path was given."""
    folder = Path(os.path.abspath(source.path.parent if source.path is not None else Path.cwd()))
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


def refusal(choices: ExportChoices, report: ConversionReport | None) -> str | None:
    """Why Export cannot be pressed now, in one sentence; ``None`` if it can."""
    if not choices.output.strip():
        return "Choose where to write the file."
    if find_format(choices.target_format) is None:
        return f"No format is called {choices.target_format!r}."
    if report is None:
        return "Looking for losses…"
    if choices.errors == STRICT and report.first_loss is not None:
        return (
            f"Strict refuses any loss, and there are {report.loss_count:,}; the first: "
            f"{describe_loss(report.first_loss, strict=True)}. Choose replace to write "
            "them as shown."
        )
    if choices.errors == STRICT and report.changed is not None:
        return f"Strict refuses: {report.changed}."
    return None


def report_job(source: ExportSource, choices: ExportChoices) -> Callable[[Control], ExportReport]:
    """The job that computes the loss report in a child process (its rows
    emitted as they change), with the identity of the file it read."""
    args = (source.input(), choices.source_format, choices.target_format, choices.signature)

    def job(control: Control) -> ExportReport:
        return run_in_child(report_in_child, args, control)

    return job


@dataclass
class WriteRecord:
    """What a write job knows for sure, kept where the dialog can read it even
    when the job ends cancelled (a cancelled job's result is dropped):
    ``written``, the bytes in the output once it was renamed into place, and
    ``outcome`` if the job got as far as verifying."""

    written: int | None = None
    outcome: ExportOutcome | None = None
    #: The changes the undo journal holds, once it is written.
    journal_changes: int | None = None


def write_job(
    source: ExportSource,
    choices: ExportChoices,
    record: WriteRecord | None = None,
    known: ExportReport | None = None,
) -> Callable[[Control], ExportOutcome]:
    """The job that writes atomically, then verifies, in a child process;
    progress counts the source bytes written, then the output bytes reread
    (see ``write_total``). ``record`` learns whether the file was written
    even if the job is cancelled (see :class:`WriteRecord`). ``known`` is
    the finished report of these choices, if any: the write takes its
    losses from it rather than locating them again."""
    args = (
        source.input(),
        choices.source_format,
        choices.target_format,
        choices.errors,
        choices.signature,
        choices.output,
        known,
    )
    record = record if record is not None else WriteRecord()

    def job(control: Control) -> ExportOutcome:
        before = file_identity(choices.output)
        try:
            outcome = run_in_child(export_in_child, args, control)
        except Cancelled:
            # The child has ended: the output is what it will stay. A new file
            # under the output's name means the rename happened before the cancel.
            after = file_identity(choices.output)
            if after is not None and after != before:
                record.written = after[2]
            raise
        record.written, record.outcome = outcome.report.bytes_written, outcome
        if choices.journal and outcome.verification.ok:
            given = source.input()
            journal_args = (
                given.path,
                given.data,
                given.start if given.path is not None else 0,
                given.end if given.path is not None else given.size,
                choices.source_format,
                choices.output,
                choices.journal,
            )
            later = control.offset(write_total(source))  # after the write and the verification
            record.journal_changes = run_in_child(journal_export, journal_args, later)
        return outcome

    return job


def verify_job(source: ExportSource, choices: ExportChoices) -> Callable[[Control], Verification]:
    """The job that rereads the written file and checks it, in a child process."""
    args = (
        source.input(),
        choices.source_format,
        choices.target_format,
        choices.signature,
        choices.output,
    )

    def job(control: Control) -> Verification:
        return run_in_child(verify_in_child, args, control)

    return job


def write_total(source: ExportSource, *, journal: bool = False) -> int:
    """What the write job's progress counts to: the source read while
    writing, plus about as much reread while verifying (and read once more
    for the undo journal)."""
    return (3 if journal else 2) * max(source.size, 1)
