"""The packaging tests draw the icon and start the app: on Qt's offscreen
platform, set before any QApplication exists, with settings in a temporary
folder (never the user's)."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "settings"
    where.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(where))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(where))
    return where
