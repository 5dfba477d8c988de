"""Starting the window: ``mojiscope``, ``mojiscope FILE``, ``mojiscope gui ...``.

:func:`run_gui` takes the command line's argparse namespace (``file``,
``screenshot``, ``select``, ``formats``, ``compare``: compare mode on, and
``more_files``: further files, each opened in a window of its own) and
returns the exit code.
``select`` may be ``"START:END"`` or a ``(start, end)`` pair; ``formats``
``"ID,ID"`` or a list of keys (pseudo-ids like ``utf-8/per-byte`` included). With
``screenshot`` it lays the window out (offscreen when there is no display),
applies ``--select`` and ``--formats``, waits for the first look and the
Inspector's mojibake hint (and, with ``--compare``, the sweep) at most
:data:`FIRST_LOOK_WAIT_S`, saves ``window.grab()`` as a PNG and returns
without entering the event loop.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from argparse import Namespace

from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QMessageLogContext,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from mojiscope.app.background.jobs import wait_for_every_job
from mojiscope.app.model.formats import resolve
from mojiscope.app.model.offsets import OffsetError, parse_range
from mojiscope.app.window import messages, settings
from mojiscope.app.window.icon import APP_ID, application_icon
from mojiscope.app.window.main_window import MainWindow
from mojiscope.app.window.settings import APPLICATION, ORGANISATION
from mojiscope.app.window.theme import apply_theme

SCREENSHOT_SIZE = (1400, 900)

QUIT_WAIT_MS = 10_000
"""How long the program waits at its end for its cancelled jobs to stop."""


def _error(text: str) -> None:
    print(f"mojiscope: {text}", file=sys.stderr)


#: Qt's offscreen platform cannot resize a window to its docks' size hints
#: and says so each time a dock is laid out; nothing is wrong.
_OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",)


_FONT_NOISE = ("qt.text.font.db", "OpenType support missing for ")
"""Qt's font database saying, per font and script, that it has no OpenType
tables to shape a script with (Syriac, Thaana, ... that random bytes
decode to): a dozen lines per screenshot that no one can act on; what
cannot be drawn shows as it would anyway."""


def _quiet_offscreen_noise(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Pass Qt's messages on to stderr, except the offscreen platform's noise
    and the font database's shaping notes."""
    category, prefix = _FONT_NOISE
    if message in _OFFSCREEN_NOISE or (context.category == category and message.startswith(prefix)):
        return
    print(message, file=sys.stderr)


def _application(headless: bool) -> QApplication:
    has_display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if headless and not os.environ.get("QT_QPA_PLATFORM") and not has_display:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "mojiscope"])
    assert isinstance(app, QApplication)
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    # The desktop entry's id lets Wayland compositors and docks match the
    # window to the installed entry and its icon.
    QGuiApplication.setDesktopFileName(APP_ID)
    app.setWindowIcon(application_icon())
    return app


def _apply_arguments(window: MainWindow, args: Namespace) -> int:
    """Open the file (or the demo), choose formats, select; 0 or an exit code."""
    formats = getattr(args, "formats", None)
    if formats:
        parts = formats.split(",") if isinstance(formats, str) else list(formats)
        keys = [str(k).strip() for k in parts if str(k).strip()]
        unknown = [k for k in keys if resolve(k) is None]
        if unknown:
            _error(f"unknown format(s) skipped: {', '.join(unknown)}")
        if not window.set_formats(keys, persist=False):
            _error(f"none of these formats is known: {', '.join(keys)}")
            return 2
    path = getattr(args, "file", None)
    if path:
        if not window.open_path(path):
            return 1
    else:
        window.open_demo()
    if getattr(args, "compare", False):
        window.set_compare_mode(True)
    select = getattr(args, "select", None)
    if select and window.document is not None:
        size = window.document.size
        try:
            if isinstance(select, str):
                start, end = parse_range(select, size)
            else:
                start, end = (min(int(v), size) for v in select)
            if start >= size:
                raise OffsetError(f"it starts past the end of the file ({size:,} bytes)")
        except (OffsetError, ValueError, TypeError) as error:
            _error(f"bad selection {select!r}: {error}")
            return 2
        window.selection.select_range(start, max(end, start + 1))
    return 0


FIRST_LOOK_WAIT_S = 30.0
"""How long a screenshot waits for the first look at its file (the format it
opens in), the Inspector's mojibake hint and, in compare mode, for the sweep
of the formats on show."""


def take_screenshot(app: QApplication, window: MainWindow, path: str) -> int:
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    for _ in range(3):
        app.processEvents()
    deadline = time.monotonic() + FIRST_LOOK_WAIT_S
    # The first look and the Inspector's mojibake hint are the window's own
    # work on opening: the picture shows them done.
    while (
        window.format_choice.looking() or window.inspector.hint.looking()
    ) and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)
    while (
        window.differences.enabled
        and len(window.shown.choices) > 1
        and window.differences.result is None
        and time.monotonic() < deadline
    ):
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)
    if window.differences.enabled:
        window.differences_panel.refresh()  # now, not a refresh interval later
    app.processEvents()
    grid = window.grid
    row = window.selection.cursor // grid.bytes_per_row
    rows = grid.visible_rows()
    grid.scroll_to_row(0 if row < rows else row - rows // 3)
    window.text_view.ensureCursorVisible()
    app.processEvents()
    saved = window.grab().save(path)
    window.close()
    app.processEvents()
    if not saved:
        _error(f"could not write the screenshot to {path}")
        return 1
    return 0


def run_gui(args: Namespace) -> int:
    """Open the inspector window as the command line asked; return the exit code."""
    screenshot = getattr(args, "screenshot", None)
    app = _application(headless=bool(screenshot))
    theme = getattr(args, "theme", None) or os.environ.get("MOJISCOPE_THEME")
    if theme and not apply_theme(app, theme):
        _error(f"unknown theme {theme!r}: use dark or light")
    messages.headless = bool(screenshot)
    offscreen = os.environ.get("QT_QPA_PLATFORM") == "offscreen"
    previous_handler = qInstallMessageHandler(_quiet_offscreen_noise) if offscreen else None
    try:
        with settings.ephemeral_settings() if screenshot else contextlib.nullcontext():
            return _open_window(app, args, screenshot)
    finally:
        if offscreen:
            qInstallMessageHandler(previous_handler)


def open_more_windows(args: Namespace) -> list[MainWindow]:
    """A shown window for each of ``args.more_files``, with the same
    ``--formats`` and ``--select``; a file that fails to open reports why and
    gets no window."""
    windows: list[MainWindow] = []
    for path in getattr(args, "more_files", None) or []:
        window = MainWindow()
        if _apply_arguments(window, Namespace(**{**vars(args), "file": path})) == 0:
            window.show()
            windows.append(window)
        else:
            window.close()
    return windows


def _open_window(app: QApplication, args: Namespace, screenshot: str | None) -> int:
    try:
        window = MainWindow()
        code = _apply_arguments(window, args)
        if code:
            window.close()
            return code
        if screenshot:
            return take_screenshot(app, window, screenshot)
        window.show()
        window.grid.setFocus()
        more = open_more_windows(args)  # held until the event loop ends
        code = int(app.exec())
        del more
        return code
    finally:
        messages.headless = False
        wait_for_every_job(QUIT_WAIT_MS)
