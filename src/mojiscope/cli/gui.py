"""``mojiscope gui`` (and ``mojiscope FILE``, and plain ``mojiscope``): open the
desktop application.

This is the only path of the command line that touches Qt, and only by
importing :mod:`mojiscope.app.main` here, lazily. The arguments are checked
first (a missing file or an unknown format fails fast, before Qt starts) and
passed on as an :class:`argparse.Namespace`:

* ``file``: the path to open, or ``None`` to open the bundled demo
  (``demo`` is then ``True``);
* ``more_files``: further paths, each opened in a window of its own (a
  desktop entry's ``Exec=mojiscope %F`` passes every file the user chose,
  and a user who opens three files from a file manager expects three
  windows, as Hex Fiend or gedit give; ``--select`` and ``--formats`` apply
  to each). Every path is checked before Qt starts; one that cannot be
  read fails the command, so no window opens half of a request;
* ``screenshot``: a PNG path to save a picture of the window to, then quit;
* ``select``: the ``START:END`` text (checked here, clipped by the GUI), or ``None``;
* ``formats``: canonical format ids to show, in order, or ``None``.

``run_gui(args)`` returns the exit code (``None`` counts as 0).

Qt aborts the process when it has no display or when the X11 libraries its
xcb plugin needs are missing; both are checked before Qt is imported
(:mod:`mojiscope.cli.qtcheck` names the missing packages) and reported as
"the GUI is not available", exit 2. ``--screenshot`` needs no display: the
GUI then renders offscreen.
"""

from __future__ import annotations

import argparse
import os
import sys

from mojiscope.cli.errors import EXIT_OK, EXIT_USAGE
from mojiscope.core import UnknownFormatError, get_format


def parse_selection(text: str) -> str:
    """Check ``START:END`` (bytes, decimal or 0x hex, END exclusive; an empty
    END means the end of the file) and return it unchanged: the GUI clips it
    to the file it opens."""
    start_text, sep, end_text = text.partition(":")
    try:
        if not sep:
            raise ValueError
        start = int(start_text, 0)
        end = int(end_text, 0) if end_text.strip() else None
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected START:END byte offsets, not {text!r}") from None
    if start < 0 or (end is not None and end <= start):
        raise argparse.ArgumentTypeError(f"need 0 <= START < END, not {text!r}")
    return text


def parse_format_list(text: str) -> list[str]:
    """``ID,ID,...``; each id or alias must name a format."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("expected at least one format id")
    return names


def _check_readable(path: str) -> None:
    """Raise the :class:`OSError` opening ``path`` would raise, before Qt starts."""
    if os.path.isdir(path):
        raise IsADirectoryError(21, "Is a directory", path)
    with open(path, "rb"):
        pass


def _why_qt_cannot_start(headless: bool) -> str | None:
    """Why starting Qt would abort the process, or ``None`` if it should start."""
    from mojiscope.cli import qtcheck

    if headless or not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "no display (DISPLAY and WAYLAND_DISPLAY are unset); --screenshot works without one"
    if qtcheck.main() != 0:
        return "system libraries that Qt needs are missing (listed above)"
    return None


def _canonical_column(name: str) -> str:
    """A format id, or ``ID/POLICY`` for a format shown under a replacement
    policy (``utf-8/per-run``); raises for an unknown format or policy."""
    format_name, _, policy = name.partition("/")
    fmt = get_format(format_name)
    if not policy:
        return fmt.id
    if policy not in fmt.policies:
        raise UnknownFormatError(
            f"{fmt.id} has no replacement policy {policy!r}; it has {', '.join(fmt.policies)}"
        )
    return f"{fmt.id}/{policy}"


def run_gui(args: argparse.Namespace) -> int:
    if args.formats is not None:
        args.formats = [_canonical_column(name) for name in args.formats]
    files = list(getattr(args, "files", None) or [])
    if getattr(args, "file", None) is not None and not files:
        files = [args.file]
    if args.screenshot is not None and len(files) > 1:
        print(
            f"mojiscope: --screenshot pictures one window; got {len(files)} files",
            file=sys.stderr,
        )
        return EXIT_USAGE
    for path in files:
        _check_readable(path)
    args.file = files[0] if files else None
    args.more_files = files[1:]
    args.demo = args.file is None
    unavailable = _why_qt_cannot_start(args.screenshot is not None)
    if unavailable:
        print(f"mojiscope: the GUI is not available: {unavailable}", file=sys.stderr)
        return EXIT_USAGE
    try:
        from mojiscope.app.main import run_gui as run_app
    except ImportError as exc:
        print(f"mojiscope: the GUI is not available: {exc}", file=sys.stderr)
        return EXIT_USAGE
    result = run_app(args)
    return EXIT_OK if result is None else int(result)
