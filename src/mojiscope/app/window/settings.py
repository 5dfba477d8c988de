"""What the app remembers between runs, in QSettings ("Mojiscope", "Mojiscope").

Always the INI format in the user scope, so tests can point
``QSettings.setPath(IniFormat, UserScope, tmp)`` elsewhere and never touch
the user's settings. Lists are stored as JSON strings: QSettings hands back
a bare string for a one-element list in INI files.

A headless run (``--screenshot``) runs inside :func:`ephemeral_settings`: it
starts from the defaults and whatever it writes goes to a temporary
file that disappears with the process, so a picture never depends on, nor
changes, what the user chose (and pytest's files never reach Recent).

Writing is off the GUI thread: ``QSettings.sync`` writes and locks the
file, which takes frames, and opening a file writes the recent list while
its first screen is being painted. A write
(:func:`_write`) goes to the pending values at once, so that every read
sees it, and a writer thread stores it in the file the settings pointed to
when it was written. :func:`flush` waits for the file; it runs when the
window closes (:func:`set_window_state`), when :func:`ephemeral_settings`
ends, and at exit, so nothing written is lost on quit.
"""

from __future__ import annotations

import atexit
import json
import queue
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

ORGANISATION = "Mojiscope"
APPLICATION = "Mojiscope"
MAX_RECENT_FILES = 10
BYTES_PER_ROW_CHOICES = (8, 16, 32)


_ephemeral_file: str | None = None


@contextmanager
def ephemeral_settings() -> Iterator[None]:
    """Within the block, read defaults and write to a throw-away file (headless runs)."""
    global _ephemeral_file
    outer = _ephemeral_file
    with tempfile.TemporaryDirectory(prefix="mojiscope-settings-") as folder:
        _ephemeral_file = str(Path(folder) / "settings.ini")
        try:
            yield
        finally:
            flush()  # before the folder goes: a late write would make it again
            _ephemeral_file = outer


def open_settings() -> QSettings:
    if _ephemeral_file is not None:
        return QSettings(_ephemeral_file, QSettings.Format.IniFormat)
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION
    )


FLUSH_TIMEOUT_S = 5.0
"""The longest :func:`flush` waits for the writer thread."""

_MISSING = object()
_pending: dict[tuple[str, str], object] = {}
"""Values written and not yet in their file, by (settings file, key)."""
_written = threading.Condition()
_writes: queue.SimpleQueue[tuple[str, str, object]] = queue.SimpleQueue()
_writer: threading.Thread | None = None


def _start_writer() -> None:
    """Start the writer thread if it is not running: at the first read (the
    window reads its settings as it is made), so that no write on the GUI
    thread waits for a thread to start."""
    global _writer
    if _writer is None:
        _writer = threading.Thread(target=_write_forever, name="settings-writer", daemon=True)
        _writer.start()


def _write_forever() -> None:
    while True:
        batch = [_writes.get()]
        while not _writes.empty():
            batch.append(_writes.get())
        for file in dict.fromkeys(file for file, _, _ in batch):
            stored = QSettings(file, QSettings.Format.IniFormat)
            for where, key, value in batch:
                if where == file:
                    stored.setValue(key, value)
            stored.sync()
        with _written:
            for file, key, value in batch:
                if _pending.get((file, key), _MISSING) is value:
                    del _pending[(file, key)]
            _written.notify_all()


def _write(values: dict[str, object]) -> None:
    """Set ``values`` (key: value) now for every reader; the file follows."""
    _start_writer()
    file = open_settings().fileName()
    with _written:
        for key, value in values.items():
            _pending[(file, key)] = value
            _writes.put((file, key, value))


def _value(key: str) -> object:
    settings = open_settings()
    with _written:
        value = _pending.get((settings.fileName(), key), _MISSING)
    _start_writer()
    return settings.value(key) if value is _MISSING else value


def flush(timeout: float = FLUSH_TIMEOUT_S) -> bool:
    """Wait until every value written so far is in its file (True), or
    ``timeout`` seconds passed (False)."""
    with _written:
        return _written.wait_for(lambda: not _pending, timeout)


atexit.register(flush)


def _read_list(key: str) -> list[str] | None:
    raw = _value(key)
    if not isinstance(raw, str):
        return None
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return value


def _write_list(key: str, values: list[str]) -> None:
    _write({key: json.dumps(values)})


def shown_formats() -> list[str] | None:
    """The format keys the user chose to show, in order; None if never chosen."""
    return _read_list("formats/shown")


def set_shown_formats(keys: list[str]) -> None:
    _write_list("formats/shown", keys)


def current_format() -> str | None:
    value = _value("formats/current")
    return value if isinstance(value, str) else None


def set_current_format(key: str) -> None:
    _write({"formats/current": key})


MAX_FILE_FORMATS = 200
"""Files whose format the user chose that are remembered (the latest)."""


def _read_mapping(key: str) -> dict[str, str]:
    raw = _value(key)
    if not isinstance(raw, str):
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def format_for_file(path: str) -> str | None:
    """The format key the user chose for the file at ``path`` (resolved), if any."""
    return _read_mapping("formats/per_file").get(path)


def set_format_for_file(path: str, key: str) -> None:
    """Remember ``key`` for the file at ``path`` (resolved); the oldest of
    more than :data:`MAX_FILE_FORMATS` files is forgotten."""
    chosen = _read_mapping("formats/per_file")
    chosen.pop(path, None)
    chosen[path] = key
    kept = dict(list(chosen.items())[-MAX_FILE_FORMATS:])
    _write({"formats/per_file": json.dumps(kept)})


def recent_files() -> list[str]:
    return _read_list("files/recent") or []


def add_recent_file(path: str) -> list[str]:
    """Put ``path`` first in the recent-files list; return the new list."""
    files = [path, *(p for p in recent_files() if p != path)][:MAX_RECENT_FILES]
    _write_list("files/recent", files)
    return files


def clear_recent_files() -> None:
    _write_list("files/recent", [])


def remove_missing_recent_files() -> list[str]:
    """Drop the recent files that no longer exist; return the list kept."""
    files = [p for p in recent_files() if Path(p).exists()]
    _write_list("files/recent", files)
    return files


WINDOW_KEYS = ("window/geometry", "window/state")


def window_state() -> tuple[bytes, bytes] | None:
    """The window's saved geometry and dock/toolbar state, if any."""
    saved = [_value(key) for key in WINDOW_KEYS]
    if any(isinstance(value, bytes) for value in saved):
        _forget_python_values(WINDOW_KEYS)
    geometry, state = (_as_bytes(value) for value in saved)
    if geometry is None or state is None:
        return None
    return geometry, state


def _as_bytes(value: object) -> bytes | None:
    """A saved byte array (Qt's, or Python ``bytes`` an older version wrote)."""
    if isinstance(value, QByteArray):
        return bytes(value.data())
    return value if isinstance(value, bytes) else None


def set_window_state(geometry: bytes, state: bytes) -> None:
    """Remember the window's geometry and docks (as it closes: everything
    written so far is then in the file when this returns). As Qt's own byte
    arrays: Python ``bytes`` went into the file as a pickled Python object,
    and the writer thread, dropping such a value from Qt's settings cache,
    held Qt's settings lock while it waited for the interpreter lock, which
    the GUI thread held while it waited for the settings lock."""
    _write({"window/geometry": QByteArray(geometry), "window/state": QByteArray(state)})
    flush()


def _forget_python_values(keys: tuple[str, ...]) -> None:
    """Remove ``keys``, stored by an earlier version as Python objects, here
    on the GUI thread: only here can Qt drop them from its settings cache
    without waiting for the interpreter lock (see :func:`set_window_state`)."""
    stored = open_settings()
    for key in keys:
        stored.remove(key)
    stored.sync()


def bytes_per_row() -> int:
    value = _value("view/bytes_per_row")
    try:
        number = int(str(value))
    except ValueError:
        return 16
    return number if number in BYTES_PER_ROW_CHOICES else 16


def set_bytes_per_row(number: int) -> None:
    _write({"view/bytes_per_row": number})
