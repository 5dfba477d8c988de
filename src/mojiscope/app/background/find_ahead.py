"""Find Next ready before F3: the matches on either side, found while the user looks.

Find Next searches from the cursor in the background and lands wherever the
next match is, usually on a screen nothing was prepared for. So once a find
lands, :class:`FindAhead` goes on searching, in the background, for the
matches F3 and Shift+F3 would find from there. The views prepare those
places (:mod:`~mojiscope.app.window.forecast`), and Find Next takes the
answer without a new search.

A look reaches :data:`LOOK_WITHIN` from where it starts, either way: a
match further away is searched for when the key asks for it, as before.
The Find dialog uses the same looks for the match its needle, as typed,
leads to (:meth:`~mojiscope.app.window.commands.SearchCommands.find_dialog`).

An answer holds for the :class:`FindQuestion` it was found for: the same
document, needle, direction and starting offset. Before it is used, the
match is read again (:meth:`FindAhead.answer`), so a file changed on disk
since gives a fresh search, never a stale offset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from mojiscope.app.background.jobs import JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.app.model.search import (
    find_bytes,
    find_bytes_backward,
    find_bytes_backward_wrapping,
    find_bytes_wrapping,
)
from mojiscope.app.window.timers import Later
from mojiscope.core.system.control import Control

FIND_AHEAD_JOB = "find-ahead"
"""The job name the search ahead runs under (a new one cancels the old)."""

LOOK_WITHIN = 64 << 20
"""How far from where it starts a match is looked for ahead: a look starts
after every find and at each pause in typing a needle, and reading a large
file not cached holds up the machine; a match further away is searched for
when it is asked for, with its progress shown."""

LOOK_AFTER_MS = 4
"""How long after a find lands the search ahead starts: once the window has
painted it (a search started with the key competes with that paint for the
interpreter), and soon enough that the next match's screen is painted
before a held F3 presses again."""


@dataclass(frozen=True)
class FindQuestion:
    """Where a search for ``needle`` starts: forward from ``start``
    (inclusive), or backward from before it. Documents compare by identity."""

    document: Document
    needle: bytes
    forward: bool
    start: int


_Look = tuple[tuple[FindQuestion, ...], Callable[[Control], tuple[int | None, ...]], int]
"""Questions, the search answering them (in their order), its progress total."""


def search_anywhere(question: FindQuestion, control: Control) -> int | None:
    """The match ``question`` leads to anywhere in its source, wrapping round
    the end going forward (the start going backward); None if there is none."""
    wrapping = find_bytes_wrapping if question.forward else find_bytes_backward_wrapping
    return wrapping(question.document.source, question.needle, question.start, control=control)


def find_near(question: FindQuestion, within: int, control: Control) -> int | None:
    """The match ``question`` leads to, if it lies no further than ``within``
    bytes from its start, going its way (anywhere, wrapping round, in a
    source no larger than that); else None."""
    source, needle, start = question.document.source, question.needle, question.start
    if len(source) <= within:
        return search_anywhere(question, control)
    if question.forward:
        return find_bytes(source, needle, start, start + within, control=control)
    return find_bytes_backward(source, needle, start, max(start - within, 0), control=control)


class FindAhead(QObject):
    """The answers to the next Find Next and Find Previous, searched for in
    the background."""

    found = Signal()
    """New answers arrived: the views may prepare where they lead."""

    def __init__(self, jobs: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = jobs
        self._answers: dict[FindQuestion, int | None] = {}
        self._handle: JobHandle | None = None
        self._pending: _Look | None = None
        """What :meth:`look` asked for, until the search for it starts."""
        self._later = Later(self, LOOK_AFTER_MS, self._start)

    def answer(self, question: FindQuestion) -> int | None:
        """The match ``question`` leads to, if it was found ahead and the
        needle is still there; None: search (also when ahead found none)."""
        hit = self._answers.get(question)
        if hit is None:
            return None
        needle = question.needle
        return hit if question.document.read(hit, hit + len(needle)) == needle else None

    def selections(self, questions: list[FindQuestion]) -> list[tuple[int, int]]:
        """The matches ``[start, end)`` those of ``questions`` that were
        answered lead to."""
        return [
            (hit, hit + len(q.needle))
            for q in questions
            if (hit := self._answers.get(q)) is not None
        ]

    def look(self, questions: tuple[FindQuestion, ...]) -> None:
        """Drop the answers held and look for the match each of ``questions``
        leads to, in the background (after :data:`LOOK_AFTER_MS`), no
        further than :data:`LOOK_WITHIN` from where it starts (see
        :func:`find_near`)."""
        within = LOOK_WITHIN
        span = min(within, len(questions[0].document.source))

        def near(control: Control) -> tuple[int | None, ...]:
            return tuple(
                find_near(question, within, control.offset(k * span))
                for k, question in enumerate(questions)
            )

        self.forget()
        self._pending = (questions, near, len(questions) * span)
        self._later.start()

    def _start(self) -> None:
        pending, self._pending = self._pending, None
        if pending is None:
            return
        questions, search, total = pending
        handle = self._jobs.start(FIND_AHEAD_JOB, search, total, label="Finding ahead")
        handle.succeeded.connect(lambda hits: self._found(handle, questions, hits))
        self._handle = handle

    def looking(self) -> bool:
        """Whether a look is waiting to start or running."""
        return self._pending is not None or (self._handle is not None and self._handle.running)

    def forget(self) -> None:
        """Drop the answers held, and stop searching for new ones."""
        self._answers = {}
        self._pending = None
        self._later.stop()
        handle, self._handle = self._handle, None
        if handle is not None and handle.running:
            handle.cancel()

    def _found(
        self,
        handle: JobHandle,
        questions: tuple[FindQuestion, ...],
        hits: tuple[int | None, ...],
    ) -> None:
        if handle is self._handle:
            self._answers = dict(zip(questions, hits, strict=True))
            self.found.emit()
