"""``make package``: build the desktop bundle and its tarball from the project's own wheel.

Steps, each from a clean state so that the bundle depends on nothing left
over from development:

1. a fresh build venv (``build/package/venv``) with ``build`` pinned by
   ``requirements.lock``; ``python -m build`` makes the sdist and, from it,
   the wheel (so the sdist is proven complete) into ``build/package/dist``;
2. the wheel installed into that venv with its ``package`` extra (PyInstaller),
   all pinned by ``requirements.lock``;
3. PyInstaller runs ``packaging/mojiscope.spec`` from a folder outside the
   source tree, giving ``dist/mojiscope/`` (one folder, started by
   ``dist/mojiscope/mojiscope``);
4. the desktop files go into ``dist/mojiscope/share/`` (the entry, the
   AppStream metainfo, hicolor PNGs rendered from the SVG icon, the man page
   generated from the CLI's parser), beside ``install.sh`` and ``uninstall.sh``;
5. ``dist/mojiscope-VERSION-linux-x86_64.tar.gz`` holds that folder as
   ``mojiscope-VERSION/``.

Only the standard library is used here; everything that needs Qt or the
package runs inside the build venv. ``--reuse-venv`` keeps an existing venv
(quicker while working on the packaging itself).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = ROOT / "build" / "package"
VENV = WORK / "venv"
DIST = ROOT / "dist"
BUNDLE = DIST / "mojiscope"
APP_ID = "io.github.mojiscope.Mojiscope"
CONSTRAINTS = ROOT / "requirements.lock"


def run(*command: object, cwd: Path = ROOT) -> str:
    """Run ``command``, echoing it; stop the build if it fails."""
    words = [str(word) for word in command]
    print("+", " ".join(words), flush=True)
    return subprocess.run(words, cwd=cwd, check=True, stdout=subprocess.PIPE, text=True).stdout


def venv_python() -> Path:
    return VENV / "bin" / "python"


def make_venv(reuse: bool) -> None:
    if reuse and venv_python().exists():
        return
    shutil.rmtree(VENV, ignore_errors=True)
    run(sys.executable, "-m", "venv", VENV)
    run(venv_python(), "-m", "pip", "install", "-q", "-c", CONSTRAINTS, "build")


def build_wheel() -> Path:
    """sdist, then the wheel from it; returns the wheel."""
    out = WORK / "dist"
    shutil.rmtree(out, ignore_errors=True)
    run(venv_python(), "-m", "build", "--outdir", out, ROOT)
    (wheel,) = out.glob("mojiscope-*.whl")
    return wheel


def install_wheel(wheel: Path) -> None:
    run(venv_python(), "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", wheel)
    run(venv_python(), "-m", "pip", "install", "-q", "-c", CONSTRAINTS, f"{wheel}[package]")


def freeze() -> None:
    """PyInstaller from a folder outside the source tree (nothing there to import)."""
    shutil.rmtree(BUNDLE, ignore_errors=True)
    spec_dir = WORK / "spec"
    spec_dir.mkdir(parents=True, exist_ok=True)
    run(
        venv_python(),
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        DIST,
        "--workpath",
        WORK / "pyinstaller",
        HERE / "mojiscope.spec",
        cwd=spec_dir,
    )


def strip_python() -> None:
    """Drop libpython's debug sections (about 18 MB): PyInstaller's own strip
    option would strip every library, which breaks numpy's bundled OpenBLAS."""
    for library in (BUNDLE / "_internal").glob("libpython3*.so*"):
        if not library.is_symlink():
            run("strip", "--strip-debug", library)


def drop_dangling_links() -> None:
    """PyInstaller links ``_internal/libQt6*.so.6`` to ``PySide6/Qt/lib`` for
    every Qt library it saw, including those the spec then dropped."""
    for path in sorted(BUNDLE.rglob("*")):
        if path.is_symlink() and not path.exists():
            path.unlink()


def add_desktop_files(version: str) -> None:
    """share/ (entry, metainfo, icons, man page) and the install scripts."""
    share = BUNDLE / "share"
    applications = share / "applications"
    applications.mkdir(parents=True)
    shutil.copy(HERE / f"{APP_ID}.desktop", applications)
    metainfo = share / "metainfo"
    metainfo.mkdir()
    text = (HERE / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    (metainfo / f"{APP_ID}.metainfo.xml").write_text(text, encoding="utf-8")
    run(venv_python(), HERE / "render_icons.py", share / "icons" / "hicolor")
    man = share / "man" / "man1"
    man.mkdir(parents=True)
    run(venv_python(), HERE / "make_manpage.py", man / "mojiscope.1")
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy(HERE / script, BUNDLE / script)
        (BUNDLE / script).chmod(0o755)
    (BUNDLE / "VERSION").write_text(version + "\n", encoding="ascii")


def make_tarball(version: str) -> Path:
    tarball = DIST / f"mojiscope-{version}-linux-x86_64.tar.gz"
    with tarfile.open(tarball, "w:gz", compresslevel=6) as archive:
        archive.add(BUNDLE, arcname=f"mojiscope-{version}")
    return tarball


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reuse-venv", action="store_true", help="keep build/package/venv")
    args = parser.parse_args(argv)
    try:
        build(args.reuse_venv)
    except subprocess.CalledProcessError as error:
        print(
            f"package: step failed with exit {error.returncode}: {error.cmd[:4]}", file=sys.stderr
        )
        return 1
    return 0


def build(reuse_venv: bool) -> None:
    make_venv(reuse_venv)
    wheel = build_wheel()
    install_wheel(wheel)
    version = run(venv_python(), "-c", "import mojiscope; print(mojiscope.__version__)").strip()
    freeze()
    strip_python()
    drop_dangling_links()
    add_desktop_files(version)
    tarball = make_tarball(version)
    print(f"built {BUNDLE}/mojiscope and {tarball}")


if __name__ == "__main__":
    sys.exit(main())
