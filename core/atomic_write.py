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
"""

from __future__ import annotations

import contextlib
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


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Yield a binary file whose content replaces ``path`` atomically when the
    ``with`` block ends normally. If the block raises, nothing is written at
    ``path`` and no temporary file is left behind; the exception propagates.

    Raises :class:`IsADirectoryError` up front if ``path`` is a directory,
    and any :class:`OSError` from creating or renaming the file.
    """
    destination = Path(os.path.realpath(path))
    if destination.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    fd, temporary = _create_temporary(destination)
    try:
        with os.fdopen(fd, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, stat.S_IMODE(os.stat(destination).st_mode))
        os.replace(temporary, destination)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    _fsync_directory(destination.parent)
