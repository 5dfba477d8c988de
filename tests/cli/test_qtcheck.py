"""qtcheck: from ldd's output to the Debian packages a real window needs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mojiscope.cli import qtcheck

# ldd on PySide6 6.12's libqxcb.so on Debian 12 without libxcb-icccm4 and
# libxcb-keysyms1 (trimmed; ldd repeats indirect misses).
LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007f4f7e764000)
\tlibGL.so.1 => /lib/x86_64-linux-gnu/libGL.so.1 (0x00007f4f7e606000)
\tlibxkbcommon-x11.so.0 => /lib/x86_64-linux-gnu/libxkbcommon-x11.so.0 (0x00007f4f7e5b3000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f4f7e5ac000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007f4f7e5a4000)
\tlibxcb-keysyms.so.1 => not found
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f4f7dc00000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007f4f7e766000)
"""


def test_missing_libraries_from_ldd_output() -> None:
    assert qtcheck.missing_libraries(LDD_OUTPUT) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_nothing_missing() -> None:
    assert qtcheck.missing_libraries("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_packages_for_the_usual_xcb_libraries() -> None:
    libraries = [
        "libxcb-icccm.so.4",
        "libxcb-keysyms.so.1",
        "libxcb-cursor.so.0",
        "libxcb-xinerama.so.0",
        "libxkbcommon-x11.so.0",
        "libgthread-2.0.so.0",
        "libglib-2.0.so.0",
    ]
    assert qtcheck.packages_for(libraries) == [
        "libxcb-icccm4",
        "libxcb-keysyms1",
        "libxcb-cursor0",
        "libxcb-xinerama0",
        "libxkbcommon-x11-0",
        "libglib2.0-0",
    ]


def test_report_names_libraries_and_install_command() -> None:
    text = qtcheck.report([*qtcheck.missing_libraries(LDD_OUTPUT), "libweird.so.9"])
    assert "  libxcb-icccm.so.4" in text
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in text
    assert "libweird.so.9 with: apt-file search" in text


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, False),
        ({"DISPLAY": ":0"}, True),
        ({"WAYLAND_DISPLAY": "wayland-0"}, True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "minimal"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen:fontengine=freetype"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, True),
        ({"WAYLAND_DISPLAY": "w", "QT_QPA_PLATFORM": "wayland"}, False),
        ({"WAYLAND_DISPLAY": "w", "QT_QPA_PLATFORM": "wayland;xcb"}, True),
        ({"QT_QPA_PLATFORM": "xcb"}, False),
    ],
)
def test_when_xcb_may_load(environ: dict[str, str], expected: bool) -> None:
    assert qtcheck.xcb_may_load(environ) is expected


def test_main_is_silent_without_a_display(capsys: pytest.CaptureFixture[str]) -> None:
    assert qtcheck.main({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}) == 0
    assert capsys.readouterr() == ("", "")


def test_main_reports_missing_libraries(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plugin = tmp_path / "libqxcb.so"
    calls: list[list[str]] = []

    def fake_ldd(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        calls.append(command)
        return subprocess.CompletedProcess(command, 0, stdout=LDD_OUTPUT, stderr="")

    monkeypatch.setattr(qtcheck, "xcb_plugin_path", lambda: plugin)
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/ldd")
    monkeypatch.setattr(subprocess, "run", fake_ldd)
    monkeypatch.setattr(sys, "platform", "linux")
    assert qtcheck.main({"DISPLAY": ":0"}) == 1
    assert calls == [["/usr/bin/ldd", str(plugin)]]
    out, err = capsys.readouterr()
    assert out == ""
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in err


def test_finds_the_installed_plugin() -> None:
    plugin = qtcheck.xcb_plugin_path()
    if sys.platform.startswith("linux"):
        assert plugin is not None
        assert plugin.name == "libqxcb.so"


def test_module_does_not_import_qt() -> None:
    code = "import sys, mojiscope.cli.qtcheck; print('PySide6' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_frozen_checks_the_bundles_own_plugin(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A PyInstaller bundle: sys.frozen is set and sys._MEIPASS is the folder
    # holding the bundled PySide6; the installed PySide6 must not be looked at.
    plugin = tmp_path / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    plugin.parent.mkdir(parents=True)
    plugin.write_bytes(b"\x7fELF")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert qtcheck.pyside_locations() == [str(tmp_path / "PySide6")]
    assert qtcheck.xcb_plugin_path() == plugin


def test_frozen_without_its_plugin_finds_none(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A bundle built without the xcb plugin: nothing to check, even though
    # the developer's PySide6 (which has one) is importable.
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert qtcheck.xcb_plugin_path() is None
