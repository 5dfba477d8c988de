"""``make package-test``: prove the built tarball installs and runs on its own.

Everything runs from a copy outside the source tree: the tarball is unpacked
into a temporary folder and installed with ``install.sh --user`` into a fresh
temporary HOME, and the installed ``~/.local/bin/mojiscope`` is what runs,
with an environment that holds no trace of the development venv. Each run is
traced with ``strace -f -e trace=%file``; touching any path in the source
tree (which holds the build venv too) fails the test, so nothing can work
only because the sources lie beside it.

Checked: ``--version``, ``formats``, ``inspect --hex``, ``mojibake``, ``scan``
and ``inspect --summary`` (they read the bundled models), a ``convert`` with a
loss (reported under ``replace``; exit 1 and no file under ``strict``), ``gui
--screenshot`` of the bundled demo offscreen (the PNG has the window's size
and is not blank), and under Xvfb a real xcb window that the frozen
``qtcheck`` checked (``ldd`` on the bundle's own plugin), that is shown and
painted, and that quits on Ctrl+Q; the installed desktop entry and metainfo
pass ``desktop-file-validate`` and ``appstreamcli validate``; ``uninstall.sh``
removes every file it installed.

Measured and printed (not judged by time): the highest GLIBC symbol version
the bundle needs (``objdump -T``), the bundle's size on disk and the
tarball's (these two must stay within 200 MB and 90 MB), and the cold start to
the first painted window: the median of several ``gui --screenshot`` runs,
frozen and ``python -m mojiscope`` from the development venv, alternated.
Run by the development venv's Python: it reads the screenshots with QtGui.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
KEPT = ROOT / "build" / "package" / "smoke"
APP_ID = "io.github.mojiscope.Mojiscope"
SCREENSHOT_SIZE = (1400, 900)  # mojiscope.app.main.SCREENSHOT_SIZE
MAX_BUNDLE_MB, MAX_TARBALL_MB = 200, 90
MAX_GLIBC = (2, 35)  # packaging/README.md: Ubuntu 22.04, Debian 12, Fedora 36 and later
START_RUNS = 5
MB = 1_000_000


class SmokeError(Exception):
    """One check failed; the message says which and why."""


def check(condition: object, message: str) -> None:
    if not condition:
        raise SmokeError(message)


class Sandbox:
    """An unpacked, installed copy of the tarball in a temporary HOME."""

    def __init__(self, tarball: Path, top: Path) -> None:
        self.top = top
        self.home = top / "home"
        self.home.mkdir()
        with tarfile.open(tarball) as archive:
            archive.extractall(top / "unpacked", filter="tar")
        (self.unpacked,) = (top / "unpacked").iterdir()
        self.prefix = self.home / ".local"
        self.command = self.prefix / "bin" / "mojiscope"
        self.traces = top / "traces"
        self.traces.mkdir()

    def env(self, **extra: str) -> dict[str, str]:
        """A user's environment: a fresh HOME, no venv, no PYTHONPATH, no display."""
        env = {
            "HOME": str(self.home),
            "PATH": f"{self.prefix / 'bin'}:/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "XDG_RUNTIME_DIR": str(self.top / "runtime"),
            "TMPDIR": str(self.top),
        }
        (self.top / "runtime").mkdir(mode=0o700, exist_ok=True)
        env.update(extra)
        return env

    def run(
        self, name: str, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run the installed command under strace; fail on a traceback or a source-tree read."""
        trace = self.traces / f"{name}.trace"
        command = ["strace", "-f", "-qq", "-s", "4096", "-e", "trace=%file", "-o", str(trace)]
        done = subprocess.run(
            [*command, str(self.command), *args],
            env=env or self.env(),
            cwd=cwd or self.home,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        check("Traceback" not in done.stderr, f"{name}: a traceback:\n{done.stderr}")
        touched = source_tree_paths(trace.read_text(errors="replace"))
        check(not touched, f"{name}: the bundle touched the source tree: {touched[:5]}")
        return done


def source_tree_paths(trace: str) -> list[str]:
    """Paths under the source tree named in file-syscall lines of an strace log."""
    root = str(ROOT)
    quoted = re.compile(r'"((?:[^"\\]|\\.)*)"')
    return sorted(
        {
            path
            for line in trace.splitlines()
            for path in quoted.findall(line)
            if path == root or path.startswith(root + "/")
        }
    )


def check_commands(box: Sandbox, version: str) -> None:
    done = box.run("version", "--version")
    check(
        done.returncode == 0 and done.stdout.strip() == f"mojiscope {version}", f"--version: {done}"
    )
    done = box.run("formats", "formats")
    check(done.returncode == 0 and re.search(r"^utf-8 ", done.stdout, re.M), f"formats: {done}")
    done = box.run("inspect", "inspect", "--hex", "C0 AF", "--format", "utf-8")
    check(done.returncode == 0, f"inspect: {done}")
    check("overlong" in done.stdout and "stray-continuation" in done.stdout, f"inspect: {done}")
    source = box.home / "café.txt"
    source.write_bytes("café €\n".encode())
    out = box.home / "out.txt"
    done = box.run("convert", "convert", str(source), "--from", "utf-8", "--to", "ascii",
                   "--errors", "replace", "-o", str(out))  # fmt: skip
    check(done.returncode == 0 and "2 losses" in done.stderr, f"convert replace: {done}")
    check(out.read_bytes() == b"caf? ?\n", f"convert replace wrote {out.read_bytes()!r}")
    strict = box.home / "strict.txt"
    done = box.run("convert-strict", "convert", str(source), "--from", "utf-8", "--to", "ascii",
                   "-o", str(strict))  # fmt: skip
    check(done.returncode == 1 and not strict.exists(), f"convert strict: {done}")
    print("ok   --version, formats, inspect --hex, convert (replace reports, strict refuses)")
    check_data_files(box)
    check_worker_processes(box)


def check_data_files(box: Sandbox) -> None:
    """The commands that read the bundle's data files: the explainer's model
    and lexicon (``mojibake``, ``scan``), the text model (``inspect
    --summary``)."""
    menu = box.home / "menu.csv"
    menu.write_bytes("Café crème\n".encode().decode("cp1252").encode())
    done = box.run("mojibake", "mojibake", str(menu))
    check(done.returncode == 0 and "utf-8 read as windows-1252" in done.stdout, f"mojibake: {done}")
    done = box.run("scan", "scan", str(menu), "--json")
    check(done.returncode == 0 and '"verdict": "mojibake"' in done.stdout, f"scan: {done}")
    legacy = box.home / "legacy.txt"
    legacy.write_bytes("Příliš žluťoučký kůň úpěl ďábelské ódy.\n".encode("cp1250") * 20)
    done = box.run("summary", "inspect", "--summary", str(legacy))
    check(done.returncode == 0 and "looks like" in done.stdout, f"inspect --summary: {done}")
    print("ok   mojibake, scan and inspect --summary read the bundle's models")


def check_worker_processes(box: Sandbox) -> None:
    """A file large enough to be indexed on a pool of worker processes: the
    frozen executable must start them (``multiprocessing.freeze_support``),
    not run the program again in each. Sparse: costs no disk."""
    big = box.home / "big.bin"
    with big.open("wb") as f:
        f.truncate(520 << 20)
        f.seek(300 << 20)
        f.write(b"\xff")
    done = box.run("summary-pool", "inspect", "--summary", str(big), "-f", "utf-8", "--json")
    check(
        done.returncode == 0 and '"counts": {"invalid": 1}' in done.stdout,
        f"inspect --summary on worker processes: {done}",
    )
    big.unlink()
    print("ok   inspect --summary of 520 MiB on worker processes")


def check_screenshot(path: Path, size: tuple[int, int]) -> None:
    """The PNG has ``size`` and many colours (a painted window, not a blank one).

    A copy is kept in ``build/package/smoke/`` for a person to look at.
    """
    from PySide6.QtGui import QImage

    check(path.is_file(), f"no screenshot at {path}")
    KEPT.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, KEPT / f"{size[0]}x{size[1]}-{path.name}")
    image = QImage(str(path))
    check((image.width(), image.height()) == size, f"screenshot is {image.size()}, not {size}")
    step = 7 if image.width() > 256 else 1
    colours = {
        image.pixel(x, y)
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    }
    check(len(colours) >= 16, f"screenshot {path} looks blank ({len(colours)} colours)")


def check_offscreen(box: Sandbox) -> None:
    shot = box.home / "offscreen.png"
    done = box.run("gui-offscreen", "gui", "--screenshot", str(shot),
                   env=box.env(QT_QPA_PLATFORM="offscreen"))  # fmt: skip
    check(done.returncode == 0, f"gui --screenshot: {done}")
    check_screenshot(shot, SCREENSHOT_SIZE)
    print(f"ok   gui --screenshot offscreen: {shot.name} {SCREENSHOT_SIZE[0]}x{SCREENSHOT_SIZE[1]}")


class Xvfb:
    """A virtual X server on a free display, for the real xcb window."""

    def __enter__(self) -> str:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        check(number, "Xvfb did not start")
        return f":{number}"

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def check_xcb(box: Sandbox) -> None:
    """Under Xvfb: the screenshot path on xcb, then a window that quits on Ctrl+Q."""
    with Xvfb() as display:
        env = box.env(DISPLAY=display)
        shot = box.home / "xcb.png"
        done = box.run("gui-xcb-screenshot", "gui", "--screenshot", str(shot), env=env)
        check(done.returncode == 0, f"gui --screenshot on xcb: {done}")
        check_screenshot(shot, SCREENSHOT_SIZE)
        trace = (box.traces / "gui-xcb-screenshot.trace").read_text(errors="replace")
        check("libqxcb.so" in trace, "the xcb run never loaded the xcb platform plugin")
        quit_window(box, env)
    print(f"ok   xcb under Xvfb {display}: screenshot painted; qtcheck ran ldd on the")
    print("     bundle's own libqxcb.so; the window opened and quit on Ctrl+Q")


def quit_window(box: Sandbox, env: dict[str, str]) -> None:
    """Start ``mojiscope`` (the demo), wait for its window, press Ctrl+Q, expect exit 0."""
    trace = box.traces / "gui-xcb.trace"
    strace = ["strace", "-f", "-qq", "-s", "4096", "-e", "trace=%file,execve", "-o", str(trace)]
    app = subprocess.Popen(
        [*strace, str(box.command)],
        env=env, cwd=box.home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        xdotool = ["xdotool", "search", "--sync", "--onlyvisible", "--name", "Mojiscope"]
        found = subprocess.run(
            ["timeout", "120", *xdotool], env=env, capture_output=True, text=True, check=False
        )
        check(found.returncode == 0 and found.stdout.strip(), "no Mojiscope window appeared")
        window = found.stdout.split()[0]
        time.sleep(1.0)  # let it paint and settle before typing
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, check=True)
        subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+q"], env=env, check=True)
        _out, err = app.communicate(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    check(app.returncode == 0, f"the window did not quit cleanly (exit {app.returncode}): {err}")
    log = trace.read_text(errors="replace")
    bundle_plugin = str(box.prefix / "lib" / "mojiscope" / "_internal" / "PySide6")
    check(
        re.search(r'execve\("[^"]*/ldd", \[[^]]*"' + re.escape(bundle_plugin), log),
        "the frozen qtcheck did not run ldd on the bundle's own xcb plugin",
    )
    check(not source_tree_paths(log), "the window touched the source tree")


def check_desktop_files(box: Sandbox) -> None:
    share = box.prefix / "share"
    entry = share / "applications" / f"{APP_ID}.desktop"
    metainfo = share / "metainfo" / f"{APP_ID}.metainfo.xml"
    for path in (entry, metainfo, share / "man" / "man1" / "mojiscope.1"):
        check(path.is_file(), f"install.sh did not install {path}")
    for size in (16, 22, 24, 32, 48, 64, 128, 256):
        icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        check_screenshot(icon, (size, size)) if size >= 32 else check(icon.is_file(), str(icon))
    check(
        f"Exec={box.command} %F" in entry.read_text(), "the entry does not run the installed file"
    )
    for command in (["desktop-file-validate", str(entry)],
                    ["appstreamcli", "validate", "--no-net", str(metainfo)]):  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        check(done.returncode == 0, f"{command[0]} failed: {done.stdout}{done.stderr}")
    page = str(share / "man" / "man1" / "mojiscope.1")
    env = {"MANWIDTH": "80", "PATH": "/usr/bin:/bin"}
    man = subprocess.run(["man", "-l", page], capture_output=True, text=True, env=env, check=False)
    check(man.returncode == 0 and "convert" in man.stdout, f"man -l mojiscope.1: {man.stderr}")
    print("ok   install.sh --user: entry, metainfo, icons 16..256, man page; validators pass")


def check_uninstall(box: Sandbox) -> None:
    listing = (box.prefix / "lib" / "mojiscope" / "installed-files").read_text().split()
    done = subprocess.run([str(box.unpacked / "uninstall.sh"), "--user"], env=box.env(),
                          capture_output=True, text=True, check=False)  # fmt: skip
    check(done.returncode == 0, f"uninstall.sh: {done.stderr}")
    left = [path for path in listing if os.path.lexists(path)]
    check(not left and not (box.prefix / "lib" / "mojiscope").exists(), f"left behind: {left}")
    print(f"ok   uninstall.sh --user removed all {len(listing)} installed files and the program")


def glibc_needed(bundle: Path) -> tuple[str, str]:
    """The highest ``GLIBC_x.y`` any ELF file in ``bundle`` needs, and one file needing it."""
    best: tuple[tuple[int, ...], str, str] = ((0,), "", "")
    for path in sorted(bundle.rglob("*")):
        if not path.is_file() or path.is_symlink() or path.read_bytes()[:4] != b"\x7fELF":
            continue
        dump = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True).stdout
        for version in set(re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)\b", dump)):
            key = tuple(int(part) for part in version.split("."))
            if key > best[0]:
                best = (key, version, str(path.relative_to(bundle)))
    return best[1], best[2]


def disk_usage(path: Path) -> int:
    return sum(p.lstat().st_blocks * 512 for p in path.rglob("*")) + path.lstat().st_blocks * 512


def start_time(command: Sequence[str], env: dict[str, str], shot: Path) -> float:
    """Wall seconds of one ``gui --screenshot`` run (start to painted window saved)."""
    shot.unlink(missing_ok=True)
    began = time.perf_counter()
    subprocess.run([*command, "gui", "--screenshot", str(shot)], env=env, check=True,
                   capture_output=True)  # fmt: skip
    elapsed = time.perf_counter() - began
    check(shot.is_file(), f"{command[0]} wrote no screenshot")
    return elapsed


def measure(box: Sandbox, bundle: Path, tarball: Path) -> None:
    version, needer = glibc_needed(bundle)
    print(f"glibc: the bundle needs GLIBC_{version} (highest, e.g. {needer})")
    needed = tuple(int(part) for part in version.split("."))
    check(needed <= MAX_GLIBC, f"GLIBC_{version} is newer than the README promises")
    unpacked, packed = disk_usage(bundle), tarball.stat().st_size
    print(f"size:  bundle {unpacked / MB:.1f} MB on disk; tarball {packed / MB:.1f} MB")
    check(unpacked <= MAX_BUNDLE_MB * MB, f"the bundle is over {MAX_BUNDLE_MB} MB")
    check(packed <= MAX_TARBALL_MB * MB, f"the tarball is over {MAX_TARBALL_MB} MB")
    venv = ROOT / ".venv" / "bin" / "python"
    frozen_env = box.env(QT_QPA_PLATFORM="offscreen")
    venv_env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(box.home))
    shot = box.home / "start.png"
    runs: dict[str, list[float]] = {"frozen": [], "venv": []}
    commands = {
        "frozen": ([str(box.command)], frozen_env),
        "venv": ([str(venv), "-m", "mojiscope"], venv_env),
    }
    for command, env in commands.values():
        start_time(command, env, shot)  # warm the page cache: "cold" is a new process
    for _ in range(START_RUNS):
        for kind, (command, env) in commands.items():
            runs[kind].append(start_time(command, env, shot))
    frozen, python = statistics.median(runs["frozen"]), statistics.median(runs["venv"])
    print(f"start: to the first painted window (gui --screenshot, median of {START_RUNS}, "
          f"alternated): frozen {frozen:.2f} s, python -m mojiscope {python:.2f} s, "
          f"ratio {frozen / python:.2f}")  # fmt: skip
    print(f"       frozen runs {[round(t, 2) for t in runs['frozen']]}, "
          f"venv runs {[round(t, 2) for t in runs['venv']]}")  # fmt: skip


def installed(box: Sandbox, tarball: Path, done: subprocess.CompletedProcess[str]) -> None:
    check(done.returncode == 0, f"install.sh --user failed: {done.stderr}")
    print(f"ok   {tarball.name} unpacked and installed in a fresh HOME ({box.top})")


def main() -> int:
    tarballs = sorted(DIST.glob("mojiscope-*-linux-x86_64.tar.gz"))
    if len(tarballs) != 1 or not (DIST / "mojiscope" / "mojiscope").is_file():
        print("package-test: build the bundle first: make package", file=sys.stderr)
        return 2
    (tarball,) = tarballs
    version = tarball.name.removeprefix("mojiscope-").removesuffix("-linux-x86_64.tar.gz")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # for reading the PNGs here
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication([])
    with tempfile.TemporaryDirectory(prefix="mojiscope-smoke-", dir="/tmp") as top:
        box = Sandbox(tarball, Path(top))
        done = subprocess.run([str(box.unpacked / "install.sh"), "--user"], env=box.env(),
                              capture_output=True, text=True, check=False)  # fmt: skip
        steps = [
            lambda: installed(box, tarball, done),
            lambda: check_commands(box, version),
            lambda: check_offscreen(box),
            lambda: check_xcb(box),
            lambda: check_desktop_files(box),
            lambda: measure(box, box.prefix / "lib" / "mojiscope", tarball),
            lambda: check_uninstall(box),
        ]
        passed = 0
        try:
            for step in steps:
                step()
                passed += 1
        except (SmokeError, subprocess.SubprocessError, OSError) as failure:
            print(f"package-test: FAILED: {failure}", file=sys.stderr)
    failed = len(steps) - passed
    print(f"package-test: {passed} passed, {1 if failed else 0} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
