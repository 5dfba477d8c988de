"""Noticing that the open file changed on disk, and offering to reload it.

A :class:`FileWatch` watches one path with a :class:`QFileSystemWatcher`
(instant where the platform tells) and a cheap one-second poll of its size
and modification time (for file systems that do not tell, and for writers
that replace the file). A :class:`ReloadBar` above the grid says what
changed and offers Reload.

A file that *shrinks* is reloaded at once, without asking: the mapped bytes
past the new end are gone (the core source already reads no further than
the file's size), so the old document would show stale decoded columns over
blank hex and accept offsets that no longer exist. Reloading keeps the
cursor, selection and top row, clamped to the new size.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QToolBar, QWidget

from mojiscope.app.model.document import Document

if TYPE_CHECKING:
    from mojiscope.app.window.main_window import MainWindow

POLL_MS = 1000
"""How often the size and modification time are compared."""


class FileStamp(NamedTuple):
    """What tells one version of a file from another, cheaply."""

    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> FileStamp | None:
        """The stamp of ``path`` now, or None if it cannot be read (gone, say)."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_size, st.st_mtime_ns)


class FileWatch(QObject):
    """Emits :attr:`changed` with the old and new stamp (None: the file is
    gone) once per change of the watched file's size or mtime."""

    changed = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path: Path | None = None
        self._stamp: FileStamp | None = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(lambda _path: self.check())
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.check)

    @property
    def path(self) -> Path | None:
        return self._path

    def watch(self, path: Path | None) -> None:
        """Watch ``path`` from its current state (None: watch nothing)."""
        if self._watcher.files():
            self._watcher.removePaths(self._watcher.files())
        self._path = path
        self._stamp = FileStamp.of(path) if path is not None else None
        if path is None:
            self._timer.stop()
            return
        self._watcher.addPath(str(path))
        self._timer.start()

    def check(self) -> None:
        """Compare the file with what was last seen; emit if it differs."""
        if self._path is None:
            return
        now = FileStamp.of(self._path)
        if now == self._stamp:
            return
        old, self._stamp = self._stamp, now
        if now is not None and str(self._path) not in self._watcher.files():
            self._watcher.addPath(str(self._path))  # replaced files drop off the watch
        self.changed.emit(old, now)


def change_words(name: str, old: FileStamp | None, new: FileStamp | None) -> str:
    """One line for the bar: what happened to the file."""
    if new is None:
        return f"{name} was deleted or moved on disk; the view shows what was read."
    if old is None or new.size == old.size:
        return f"{name} changed on disk."
    verb = "grew" if new.size > old.size else "shrank"
    words = f"{name} {verb} on disk from {old.size:,} to {new.size:,} bytes"
    return words + (" and was reloaded." if new.size < old.size else ".")


class ReloadBar(QToolBar):
    """A bar above the grid: what changed, with Reload and Dismiss."""

    reload_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("File changed", parent)
        self.setObjectName("file-changed-bar")
        self.setMovable(False)
        self.label = QLabel(self)
        self.addWidget(self.label)
        self.reload_action = QAction("Reload", self)
        self.reload_action.triggered.connect(self.reload_requested)
        self.reload_action.triggered.connect(self.hide)
        self.dismiss_action = QAction("Dismiss", self)
        self.dismiss_action.triggered.connect(self.hide)
        self.addAction(self.reload_action)
        self.addAction(self.dismiss_action)
        self.hide()

    def tell(self, words: str, *, offer_reload: bool) -> None:
        self.label.setText(words)
        self.reload_action.setVisible(offer_reload)
        self.show()


class FileReloader(QObject):
    """Ties a :class:`FileWatch` and a :class:`ReloadBar` to the window: a
    shrunk file is reloaded at once, any other change is offered."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.watch = FileWatch(self)
        self.bar = ReloadBar(window)
        self.watch.changed.connect(self._file_changed)
        self.bar.reload_requested.connect(self.reload)

    def document_opened(self, document: Document) -> None:
        """Watch the file behind ``document`` (nothing for pasted bytes)."""
        if self.watch.path != document.path:
            self.bar.hide()
        self.watch.watch(document.path)

    def _file_changed(self, old: FileStamp | None, new: FileStamp | None) -> None:
        document = self.window.document
        if document is None or document.path is None:
            return
        shrank = new is not None and new.size < document.size
        if shrank:
            self.reload()
        self.bar.tell(
            change_words(document.name, old, new), offer_reload=new is not None and not shrank
        )

    def reload(self) -> bool:
        """Open the file again, keeping cursor, selection and top row (clamped)."""
        window = self.window
        document = window.document
        if document is None or document.path is None:
            return False
        selection, grid = window.selection, window.grid
        anchor, cursor, top = selection.anchor, selection.cursor, grid.top_row()
        try:
            fresh = Document.open_file(document.path)
        except (OSError, ValueError) as error:
            self.bar.tell(f"Cannot reload {document.name}: {error}", offer_reload=True)
            return False
        window.open_document(fresh)
        grid.scroll_to_row(top)
        selection.set_anchor_and_cursor(anchor, cursor)
        return True
