"""Which format the open document is read in, and which columns it opens with.

A file opens in the format the evidence names, not in whatever was used
last: :class:`FormatChoice` looks at the first bytes as the document opens
(:func:`~mojiscope.core.index.first_look.look_at_head`: at once for plain
UTF-8, else a summary of a sample in a child process), then at the
whole-file summary when the Summary panel has it (:meth:`FormatChoice.follow_summary`),
and makes the format they rank first current, adding its column. Until the
user chooses: a format chosen for a file (the current-format box, a Summary
row's "Use this format") is remembered for that file
(:func:`~mojiscope.app.window.settings.format_for_file`) and wins when it
opens again; formats the command line fixed (``--formats``) win for the
window's life.

Evidence that names a format of the current one's family (UTF-8 and WTF-8,
GBK and GB18030: :func:`~mojiscope.core.index.first_look.same_family`) or
finds no text changes nothing: those read the file alike but at its
anomalies, which a window on them is there to show.

Columns. Among the default columns, the evidence puts its format first
(and the next reading it offers after it, a superset or a neighbour:
Shift_JIS, then cp932), keeping as many columns; among columns the user
chose (Formats > Choose) it adds its format at the end, as choosing a
format not on show does. The next document opens with the columns as they
were before (unless they were changed since).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.window import settings
from mojiscope.app.window.shown_formats import ShownFormats
from mojiscope.core.index.first_look import (
    FIRST_LOOK_BYTES,
    FirstLook,
    look_at_head,
    look_at_head_watched,
    plainly_utf8,
    same_family,
    sample_head,
)
from mojiscope.core.index.summary import Summary
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Control

if TYPE_CHECKING:
    from collections.abc import Callable

#: The name the first look's job runs under (a new document's cancels the old one's).
FIRST_LOOK_JOB = "first-look"


def evidence_columns(base: list[str], readings: tuple[str, ...], *, chosen: bool) -> list[str]:
    """The columns a document opens with, given the ``base`` columns (the
    user's when ``chosen``, else the defaults) and the evidence's
    ``readings``, likeliest first (see the module docstring)."""
    best = readings[0]
    ids = [_format_id(key) for key in base]
    if best in ids:
        return list(base)
    if chosen:
        return [*base, best]
    extra = [r for r in readings[1:2] if r not in ids]
    columns = list(dict.fromkeys([best, *extra, *base]))
    return columns[: max(len(base), len(extra) + 1)]


def _format_id(key: str) -> str:
    choice = resolve(key)
    return choice.format.id if choice is not None else key


class FormatChoice(QObject):
    """The current format and the columns of the open document (see the
    module docstring). The window calls :meth:`document_opened`,
    :meth:`follow_summary` and :meth:`use`; views follow ``shown``."""

    looked = Signal(object)
    """The first look at the document just opened ended (its :class:`FirstLook`)."""

    def __init__(
        self,
        shown: ShownFormats,
        runner: JobRunner,
        set_current: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.shown = shown
        self.runner = runner
        self._set_current = set_current
        self.document: Document | None = None
        self.fixed = False
        """The command line fixed the formats: the evidence changes nothing."""
        self.chosen = False
        """The user chose the format of the document open."""
        self.look: FirstLook | None = None
        self._handle: JobHandle | None = None
        self._before: tuple[list[str], list[str]] | None = None
        """The columns before this document changed them, and after."""

    def document_opened(self, document: Document, *, follow: bool = True) -> None:
        """Put back the columns the document before changed, then read this
        one in the format remembered for its file, else in the one a first
        look finds (not when ``follow`` is False: the demo shows what it
        was made for)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self.document, self.chosen, self.look = document, False, None
        if self._before is not None and self.shown.keys == self._before[1]:
            self.shown.set_keys(self._before[0])
        self._before = None
        if self.fixed:
            return
        remembered = settings.format_for_file(_path_of(document)) if document.path else None
        if remembered is not None and resolve(remembered) is not None:
            self.use(remembered, remember=False)
            return
        if not follow or document.size == 0:
            return
        head = document.read(0, FIRST_LOOK_BYTES)
        whole = document.size <= FIRST_LOOK_BYTES
        if plainly_utf8(head if whole else sample_head(head)):
            self._looked(document, look_at_head(head, whole=whole))
            return

        def job(control: Control) -> FirstLook:
            return run_in_child(look_at_head_watched, (head, whole), control)

        handle = self.runner.start(FIRST_LOOK_JOB, job, 1, label="Looking at the file")
        handle.succeeded.connect(lambda look: self._looked(document, look))
        self._handle = handle

    def looking(self) -> bool:
        """Whether the first look at the document open is still running."""
        return self._handle is not None and self._handle.running

    def _looked(self, document: Document, look: object) -> None:
        if document is not self.document or not isinstance(look, FirstLook):
            return
        self._handle = None
        self.look = look
        if not look.binary and look.readings:
            self._follow(look.readings)
        self.looked.emit(look)

    def follow_summary(self, summary: Summary) -> None:
        """The whole-file summary is in: follow it where it disagrees (and
        the user has not chosen), unless its best reading is no text."""
        if not summary.formats or summary.words.startswith("looks like binary"):
            return
        best = summary.formats[0].format_id
        others = tuple(s.format_id for s in summary.formats[1:2] if s.errors == 0)
        self._follow((best, *others))

    def _follow(self, readings: tuple[str, ...]) -> None:
        if self.fixed or self.chosen or self.document is None:
            return
        best = readings[0]
        if same_family(self.shown.current.format.id, best) or resolve(best) is None:
            return
        user_columns = settings.shown_formats() is not None
        self._set_keys(evidence_columns(self.shown.keys, readings, chosen=user_columns))
        self._set_current(best)

    def _set_keys(self, keys: list[str]) -> None:
        before = self.shown.keys
        if keys != before and self.shown.set_keys(keys):
            first = self._before[0] if self._before is not None else before
            self._before = (first, self.shown.keys)

    def use(self, key: str, *, remember: bool = True) -> None:
        """The user chose ``key`` for the document open: its column is
        shown (added at the end if it was not), it is current, and, when
        ``remember``, it is remembered for the file."""
        if resolve(key) is None:
            return
        self.chosen = True
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if key not in self.shown.keys:
            self._set_keys([*self.shown.keys, key])
        self._set_current(key)
        document = self.document
        if remember and document is not None and document.path is not None:
            settings.set_format_for_file(_path_of(document), key)


def _path_of(document: Document) -> str:
    assert document.path is not None
    return str(document.path.resolve())
