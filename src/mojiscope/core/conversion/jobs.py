"""The export's long operations, shaped to run in a child process.

The export dialog runs its loss report and its write in a child process
(:func:`~mojiscope.core.system.child_job.run_in_child`), so that converting a large
file never holds the GUI process's interpreter lock. A child gets picklable
arguments and sends back picklable results; this module holds both:

* :class:`ExportInput`: the bytes to export, by path (the child opens the
  file itself) or, for bytes that have no file, the bytes themselves;
* :func:`report_in_child`: the loss report
  (:func:`~mojiscope.core.conversion.convert.plan_conversion`), its rows going
  back through ``control.emit`` as they change, with the identity of the file
  it read (:class:`ExportReport`);
* :func:`export_in_child`: the atomic write, then the verification
  (:class:`ExportOutcome`); errors are one sentence naming the user's path
  (:class:`ExportError`);
* :func:`verify_in_child`: the verification again, later.

The export computes what it can once. A write given the report of the same
input and choices, while the file is still the one that report read
(:func:`file_identity`), takes its losses from that report instead of
locating them again: it only checks, block by block, that there is none
where strict needs none. The verification right after the write rereads the
file and compares it with the SHA-256 of the bytes just written (the same
bytes read back as the same text), with no conversion; only when they
differ does it convert the source again, to say where the text differs
(:func:`~mojiscope.core.conversion.verify.verify_output`). A later
:func:`verify_in_child` always converts again: the file or the source may
have changed since.

Cancel reaches the child's control: a cancelled write raises
:class:`~mojiscope.core.system.control.Cancelled` inside
:func:`~mojiscope.core.system.atomic_write.atomic_output`, which removes its
temporary file before the child ends. A child still busy when the caller
gives up on it is sent SIGTERM; here that, too, unwinds through
``atomic_output`` (:class:`Terminated`), so no temporary file is left.
Once the file is renamed into place the write has happened, whatever comes
after: callers learn it from :func:`file_identity` (a cancel after the
rename only stops the verification).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from mojiscope.core.codecs.format import Errors
from mojiscope.core.conversion.convert import plan_conversion, run_conversion
from mojiscope.core.conversion.input import Input
from mojiscope.core.conversion.loss_report import ConversionReport
from mojiscope.core.conversion.verify import (
    DigestWriter,
    Verification,
    verify_digest,
    verify_output,
)
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.system.atomic_write import atomic_output
from mojiscope.core.system.control import Control


class RangeReader:
    """Bytes ``[start, end)`` of a file, read by path in chunks (an
    :data:`~mojiscope.core.conversion.input.Input`)."""

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
class ExportInput:
    """What is exported, picklable: bytes ``[start, end)`` of the file at
    ``path`` (``whole``: the whole file, read by path so that a file changed
    while it is read is noticed), or ``data`` when there is no file."""

    path: str | None
    start: int
    end: int
    whole: bool
    data: bytes | None = None

    @property
    def size(self) -> int:
        return self.end - self.start

    def open(self) -> Input:
        """A fresh input over the exported bytes (each operation reads its own)."""
        if self.path is None:
            return self.data or b""
        if self.whole:
            return self.path
        return RangeReader(Path(self.path), self.start, self.end)


class ExportError(MojiscopeError):
    """Writing failed; the message is one sentence naming the user's path."""


FileIdentity = tuple[int, int, int, int] | None


def file_identity(path: str) -> FileIdentity:
    """What tells one file at ``path`` from the next (device, inode, size,
    modification time), or ``None`` if there is none: an atomic write
    renames a new file into place, so the identity changes exactly when one
    happened."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


@dataclass(frozen=True)
class ExportReport:
    """A finished loss report and the identity of the file it read (the
    same before and after it read it; ``None`` for bytes without a file)."""

    report: ConversionReport
    identity: FileIdentity

    def holds_for(self, given: ExportInput) -> bool:
        """Whether the report still describes ``given``: bytes without a
        file cannot change, a file must still be the one it read."""
        if given.path is None:
            return True
        return self.identity is not None and file_identity(given.path) == self.identity


@dataclass(frozen=True)
class ExportOutcome:
    """A finished export: what was written and what verification found.
    ``report`` counts the bytes the write read and wrote, and whether the
    input changed meanwhile; its losses are the ones the write found, or,
    given the report of the same choices, that report's."""

    report: ConversionReport
    verification: Verification


class Terminated(BaseException):
    """SIGTERM arrived; raised so that every ``with`` cleans up on the way out."""


@contextlib.contextmanager
def sigterm_raises() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` (on the main thread;
    elsewhere signals are left as they are), so ``with`` blocks clean up."""

    def handler(_signum: int, _frame: FrameType | None) -> None:
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread (a caller running it in-process)
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def report_in_child(
    control: Control, given: ExportInput, source_format: str, target_format: str, signature: bool
) -> ExportReport:
    """The loss report of converting ``given`` (rows emitted as they change),
    with the identity of its file if that did not change while it was read."""
    before = file_identity(given.path) if given.path is not None else None
    report = plan_conversion(given.open(), source_format, target_format, signature, control=control)
    after = file_identity(given.path) if given.path is not None else None
    return ExportReport(report, before if before == after else None)


def export_in_child(
    control: Control,
    given: ExportInput,
    source_format: str,
    target_format: str,
    errors: Errors,
    signature: bool,
    output: str,
    known: ExportReport | None = None,
) -> ExportOutcome:
    """Write the conversion of ``given`` to ``output`` atomically, then read
    it back and verify it. ``known``, the report of the same input and
    choices, spares locating the losses again while it still holds (see the
    module docstring). Progress counts the source bytes written, then the
    output bytes reread."""
    replaces_source = given.path is not None and _same_file(output, given.path)
    usable = known.report if known is not None and known.holds_for(given) else None
    report = ConversionReport(source_format, target_format, losses_from=usable)
    with sigterm_raises():
        try:
            with atomic_output(output) as out:
                written = DigestWriter(out)
                run_conversion(
                    given.open(),
                    source_format,
                    target_format,
                    errors=errors,
                    signature=signature,
                    write=written.write,
                    report=report,
                    control=control,
                )
                control.check()  # the last moment a cancel leaves nothing
        except OSError as error:
            raise ExportError(_io_sentence(error, output)) from None
        verification = verify_digest(
            output, written, replaced_source=replaces_source, control=control.offset(given.size)
        )
        if not verification.ok and not replaces_source:  # say where the text differs
            verification = verify_output(
                given.open(),
                source_format,
                target_format,
                output,
                signature=signature,
                control=control.offset(given.size + written.size),
            )
    return ExportOutcome(report, verification)


def verify_in_child(
    control: Control,
    given: ExportInput,
    source_format: str,
    target_format: str,
    signature: bool,
    output: str,
) -> Verification:
    """Read ``output`` back and compare it with the text converting ``given`` means."""
    return verify_output(
        given.open(), source_format, target_format, output, signature=signature, control=control
    )


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _io_sentence(error: OSError, output: str) -> str:
    reason = error.strerror or str(error)
    if error.filename is not None and error.filename != output:
        return f"Cannot read {error.filename}: {reason}. Nothing was written."
    return f"Cannot write {output}: {reason}. The source is untouched."


__all__ = [
    "ExportError",
    "ExportInput",
    "ExportOutcome",
    "ExportReport",
    "FileIdentity",
    "RangeReader",
    "export_in_child",
    "file_identity",
    "report_in_child",
    "verify_in_child",
]
