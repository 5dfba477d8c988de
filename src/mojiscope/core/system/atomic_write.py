"""Writing a file so that it is either whole or absent, never partial.

:func:`atomic_output` hands out a temporary file in the destination's own
directory (so the final rename never crosses a file system); on success the
data is flushed and fsynced and the temporary file is renamed over the
destination with :func:`os.replace`, which is atomic on POSIX and Windows.
On any exception, the temporary file is removed and the destination is left
exactly as it was (absent, or holding its old content).

Decisions:

* The temporary file is created with ``O_EXCL`` and mode 0o666, so the
  process umask applies exactly as for a file opened normally (``mkstemp``
  would give 0o600). When the destination already exists, its permission
  bits are copied to the new file; ownership is not (that needs privileges).
* A destination that is a symbolic link is written through: the link's
  target is replaced, the link stays, as editors do.
* After the rename the directory is fsynced where the platform allows, so
  the new name survives a crash too.
* A destination that exists and is not a regular file (a FIFO, a character
  device such as ``/dev/null``, ``/dev/stdout`` on a pipe) is written
  directly, with no temporary file and no rename: renaming over it would
  replace the device with a regular file. Such a write cannot be atomic.
* Every :class:`OSError` names the path the caller gave, never the
  temporary file's: a missing folder says which folder, a full disk names
  the file that could not be written.
* A process killed outright (SIGKILL) can leave the hidden temporary file,
  never a partial file under the destination's name. Callers that want
  SIGTERM to clean up turn it into an exception (the command line does).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_ATTEMPTS = 100


def temporary_path_for(destination: Path) -> Path:
    """A fresh, unused-looking name beside ``destination`` (hidden, ``.tmp``)."""
    return destination.with_name(f".{destination.name}.{secrets.token_hex(4)}.tmp")


def _create_temporary(destination: Path) -> tuple[int, Path]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    for _ in range(_ATTEMPTS):
        candidate = temporary_path_for(destination)
        try:
            return os.open(candidate, flags, 0o666), candidate
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {destination}")


def _fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable; a no-op where unsupported."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def is_special_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` exists and is neither a regular file nor a folder
    (a FIFO, a device, a socket): such a file is written in place."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _naming(error: OSError, path: str | os.PathLike[str]) -> OSError:
    """``error`` reworded to name the user's ``path`` (and, for a missing
    folder, the folder), keeping its class and errno."""
    user_path = os.fspath(path)
    reason = error.strerror or str(error)
    if error.errno == errno.ENOENT:
        folder = os.path.dirname(os.path.abspath(user_path))
        reason = f"the folder {folder} does not exist"
    return type(error)(error.errno or 0, reason, user_path)


class _PathNamingWriter(io.BufferedWriter):
    """A buffered file whose write errors (a full disk) name the user's path."""

    def __init__(self, raw: io.FileIO, user_path: str | os.PathLike[str]) -> None:
        super().__init__(raw, 1 << 16)
        self.user_path = user_path

    def write(self, data: bytes | bytearray | memoryview, /) -> int:  # type: ignore[override]
        try:
            return super().write(data)
        except OSError as error:
            raise _naming(error, self.user_path) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as error:
            raise _naming(error, self.user_path) from None

    def fsync(self) -> None:
        self.flush()
        try:
            os.fsync(self.fileno())
        except OSError as error:
            raise _naming(error, self.user_path) from None


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Yield a binary file whose content replaces ``path`` atomically when the
    ``with`` block ends normally. If the block raises, nothing is written at
    ``path`` and no temporary file is left behind; the exception propagates.
    A special file (see :func:`is_special_file`) is written in place.

    Raises :class:`IsADirectoryError` up front if ``path`` is a directory,
    and any :class:`OSError` from creating, writing or renaming the file,
    reworded to name ``path``.
    """
    if is_special_file(path):
        yield from _special_output(path)
        return
    destination = Path(os.path.realpath(path))
    if destination.is_dir():
        raise IsADirectoryError(errno.EISDIR, "Is a directory", os.fspath(path))
    try:
        fd, temporary = _create_temporary(destination)
    except OSError as error:
        raise _naming(error, path) from None
    try:
        with _PathNamingWriter(io.FileIO(fd, "wb"), path) as file:
            yield file
            file.fsync()
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, stat.S_IMODE(os.stat(destination).st_mode))
        try:
            os.replace(temporary, destination)
        except OSError as error:
            raise _naming(error, path) from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    _fsync_directory(destination.parent)


def _special_output(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Write straight into a FIFO or device (no temporary file, no rename)."""
    try:
        raw = io.FileIO(path, "wb")
    except OSError as error:
        raise _naming(error, path) from None
    with _PathNamingWriter(raw, path) as file:
        yield file
        file.flush()
