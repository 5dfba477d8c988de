"""Which formats are on show, in which order, and which one is *current*.

Like the selection, this is shared state that views read and write: the grid
draws one column per shown format, the text view, inspector, status bar and
F8 use the current one. Changing the list here does not save it; the window
saves what the user chose in the Formats dialog (command-line choices are not
saved).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from mojiscope.app.model.formats import DEFAULT_KEYS, FormatChoice, resolve_all


class ShownFormats(QObject):
    """An ordered list of :class:`FormatChoice` plus the current one."""

    changed = Signal()
    """The list changed (the current choice may have too)."""
    current_changed = Signal()

    def __init__(self, keys: list[str] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._choices = resolve_all(keys if keys is not None else DEFAULT_KEYS)
        if not self._choices:
            self._choices = resolve_all(DEFAULT_KEYS)
        self._current = self._choices[0]

    @property
    def choices(self) -> list[FormatChoice]:
        return list(self._choices)

    @property
    def keys(self) -> list[str]:
        return [c.key for c in self._choices]

    @property
    def current(self) -> FormatChoice:
        return self._current

    def set_keys(self, keys: list[str]) -> bool:
        """Show these formats (unknown keys skipped). Returns False, changing
        nothing, when none of them is known."""
        choices = resolve_all(keys)
        if not choices:
            return False
        if [c.key for c in choices] == self.keys:
            return True
        self._choices = choices
        current_lost = self._current.key not in self.keys
        if current_lost:
            self._current = choices[0]
        self.changed.emit()
        if current_lost:
            self.current_changed.emit()
        return True

    def set_current(self, key: str) -> None:
        """Make a shown format current (ignored if it is not shown)."""
        for choice in self._choices:
            if choice.key == key and choice is not self._current:
                self._current = choice
                self.current_changed.emit()
                return
