"""install.sh and uninstall.sh on a small stand-in bundle: where the files go
for --prefix, the menu entry's full path, a reinstall that replaces, and an
uninstall that leaves nothing it wrote. (The smoke test runs them on the real
bundle with --user.)"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from mojiscope.app.window.icon import APP_ID

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """An unpacked tarball's layout, with a shell script as the program."""
    top = tmp_path / "mojiscope-0.0.0"
    (top / "_internal").mkdir(parents=True)
    (top / "_internal" / "library.so").write_bytes(b"\x7fELF")
    program = top / "mojiscope"
    program.write_text("#!/bin/sh\necho mojiscope 0.0.0\n")
    program.chmod(0o755)
    (top / "VERSION").write_text("0.0.0\n")
    share = top / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy(PACKAGING / f"{APP_ID}.desktop", share / "applications")
    (share / "metainfo").mkdir()
    shutil.copy(PACKAGING / f"{APP_ID}.metainfo.xml", share / "metainfo")
    (share / "man" / "man1").mkdir(parents=True)
    (share / "man" / "man1" / "mojiscope.1").write_text(".TH MOJISCOPE 1\n")
    for size in (16, 256):
        icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"\x89PNG")
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy(PACKAGING / script, top / script)
    return top


def sh(*command: object, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    return subprocess.run(
        ["sh", *map(str, command)], capture_output=True, text=True, env=env, check=False
    )


def files_under(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if not p.is_dir()}


def test_prefix_install_puts_program_entry_icons_and_man_page_in_place(
    bundle: Path, tmp_path: Path
) -> None:
    prefix = tmp_path / "prefix"
    done = sh(bundle / "install.sh", "--prefix", prefix, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (prefix / "bin" / "mojiscope").resolve() == prefix / "lib" / "mojiscope" / "mojiscope"
    run = subprocess.run([prefix / "bin" / "mojiscope"], capture_output=True, text=True)
    assert run.stdout == "mojiscope 0.0.0\n"
    entry = (prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text()
    assert f"Exec={prefix}/bin/mojiscope %F\n" in entry
    assert f"TryExec={prefix}/bin/mojiscope\n" in entry
    for path in (
        f"share/metainfo/{APP_ID}.metainfo.xml",
        "share/man/man1/mojiscope.1",
        f"share/icons/hicolor/256x256/apps/{APP_ID}.png",
        "lib/mojiscope/_internal/library.so",
        "lib/mojiscope/uninstall.sh",
    ):
        assert (prefix / path).is_file(), path
    assert not (prefix / "lib" / "mojiscope" / "share").exists()
    assert not (prefix / "lib" / "mojiscope" / "install.sh").exists()


def test_user_install_goes_under_home_local(bundle: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    assert sh(bundle / "install.sh", "--user", home=home).returncode == 0
    assert (home / ".local" / "bin" / "mojiscope").exists()
    assert (home / ".local" / "share" / "applications" / f"{APP_ID}.desktop").is_file()


def test_reinstall_replaces_and_uninstall_removes_everything_it_wrote(
    bundle: Path, tmp_path: Path
) -> None:
    prefix = tmp_path / "prefix"
    (prefix / "share" / "applications").mkdir(parents=True)
    theirs = prefix / "share" / "applications" / "other.desktop"
    theirs.write_text("[Desktop Entry]\n")
    assert sh(bundle / "install.sh", "--prefix", prefix, home=tmp_path).returncode == 0
    first = files_under(prefix)
    again = sh(bundle / "install.sh", "--prefix", prefix, home=tmp_path)
    assert again.returncode == 0 and "Replacing" in again.stdout
    assert files_under(prefix) == first
    done = sh(prefix / "lib" / "mojiscope" / "uninstall.sh", home=tmp_path)
    assert done.returncode == 0, done.stderr
    # The desktop database's cache is shared, so it is rebuilt, not removed.
    cache = prefix / "share" / "applications" / "mimeinfo.cache"
    assert files_under(prefix) - {str(cache.relative_to(prefix))} == {
        "share/applications/other.desktop"
    }
    assert not cache.exists() or APP_ID not in cache.read_text()
    assert theirs.read_text() == "[Desktop Entry]\n"


def test_uninstall_where_nothing_is_installed_says_so(tmp_path: Path) -> None:
    done = sh(PACKAGING / "uninstall.sh", "--prefix", tmp_path, home=tmp_path)
    assert done.returncode == 1
    assert "no Mojiscope installed" in done.stderr


@pytest.mark.parametrize("arguments", [[], ["--prefix"], ["--system"], ["--user", "x"]])
def test_install_without_a_place_is_a_usage_error(
    bundle: Path, tmp_path: Path, arguments: list[str]
) -> None:
    done = sh(bundle / "install.sh", *arguments, home=tmp_path)
    assert done.returncode == 2 and "usage:" in done.stderr
