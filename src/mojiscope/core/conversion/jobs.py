"""The export's long operations, shaped to run in a child process.

The export dialog runs its loss report and its write in a child process
(:func:`~mojiscope.core.system.child_job.run_in_child`), so that converting a large
file never holds the GUI process's interpreter lock. A child gets picklable
arguments and sends back picklable results; this module holds both:

* :class:`ExportInput`: the bytes to export, by path (the child opens the
  file itself) or, for bytes that have no file, the bytes themselves;
* :func:`report_in_child`: :func:`~mojiscope.core.conversion.loss_report.report_conversion`,
  its rows going back through ``control.emit`` as they change;
* :func:`export_in_child`: the atomic write, then the verification
  (:class:`ExportOutcome`); errors are one sentence naming the user's path
  (:class:`ExportError`);
* :func:`verify_in_child`: the verification again, later.

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

from mojiscope.core.conversion.convert import ConversionReport, Input, convert_stream
from mojiscope.core.conversion.loss_report import LossReport, report_conversion
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
    :data:`~mojiscope.core.conversion.convert.Input`)."""

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


@dataclass(frozen=True)
class ExportOutcome:
    """A finished export: what was written and what verification found."""

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
) -> LossReport:
    """The loss report of converting ``given`` (rows emitted as they change)."""
    return report_conversion(
        given.open(), source_format, target_format, signature=signature, control=control
    )


def export_in_child(
    control: Control,
    given: ExportInput,
    source_format: str,
    target_format: str,
    errors: str,
    signature: bool,
    output: str,
) -> ExportOutcome:
    """Write the conversion of ``given`` to ``output`` atomically, then read
    it back and verify it. Progress counts the source bytes written, then the
    output bytes reread (about ``2 * given.size`` in all)."""
    replaces_source = given.path is not None and _same_file(output, given.path)
    with sigterm_raises():
        try:
            with atomic_output(output) as out:
                written = DigestWriter(out)
                report = convert_stream(
                    given.open(),
                    source_format,
                    target_format,
                    written,  # type: ignore[arg-type]
                    errors,  # type: ignore[arg-type]
                    signature,
                    control=control,
                )
                control.check()  # the last moment a cancel leaves nothing
        except OSError as error:
            raise ExportError(_io_sentence(error, output)) from None
        after = control.offset(given.size)
        if replaces_source:
            verification = verify_digest(output, written, control=after)
        else:
            verification = verify_output(
                given.open(),
                source_format,
                target_format,
                output,
                signature=signature,
                control=after,
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


__all__ = [
    "ExportError",
    "ExportInput",
    "ExportOutcome",
    "RangeReader",
    "export_in_child",
    "file_identity",
    "report_in_child",
    "verify_in_child",
]
