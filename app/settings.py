"""What the app remembers between runs, in QSettings ("Mojiscope", "Mojiscope").

Always the INI format in the user scope, so tests can point
``QSettings.setPath(IniFormat, UserScope, tmp)`` elsewhere and never touch
the user's settings. Lists are stored as JSON strings: QSettings hands back
a bare string for a one-element list in INI files.

A headless run (``--screenshot``) runs inside :func:`ephemeral_settings`: it
starts from the defaults and whatever it writes goes to a temporary
file that disappears with the process, so a picture never depends on, nor
changes, what the user chose (and pytest's files never reach Recent).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QSettings

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
            _ephemeral_file = outer


def open_settings() -> QSettings:
    if _ephemeral_file is not None:
        return QSettings(_ephemeral_file, QSettings.Format.IniFormat)
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION
    )


def _read_list(key: str) -> list[str] | None:
    raw = open_settings().value(key)
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
    settings = open_settings()
    settings.setValue(key, json.dumps(values))
    settings.sync()


def shown_formats() -> list[str] | None:
    """The format keys the user chose to show, in order; None if never chosen."""
    return _read_list("formats/shown")


def set_shown_formats(keys: list[str]) -> None:
    _write_list("formats/shown", keys)


def current_format() -> str | None:
    value = open_settings().value("formats/current")
    return value if isinstance(value, str) else None


def set_current_format(key: str) -> None:
    settings = open_settings()
    settings.setValue("formats/current", key)
    settings.sync()


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


def window_state() -> tuple[bytes, bytes] | None:
    """The window's saved geometry and dock/toolbar state, if any."""
    settings = open_settings()
    geometry, state = settings.value("window/geometry"), settings.value("window/state")
    if geometry is None or state is None:
        return None
    return bytes(geometry), bytes(state)


def set_window_state(geometry: bytes, state: bytes) -> None:
    settings = open_settings()
    settings.setValue("window/geometry", geometry)
    settings.setValue("window/state", state)
    settings.sync()


def bytes_per_row() -> int:
    value = open_settings().value("view/bytes_per_row")
    try:
        number = int(str(value))
    except ValueError:
        return 16
    return number if number in BYTES_PER_ROW_CHOICES else 16


def set_bytes_per_row(number: int) -> None:
    settings = open_settings()
    settings.setValue("view/bytes_per_row", number)
    settings.sync()
