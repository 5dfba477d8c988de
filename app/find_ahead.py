"""Find Next ready before F3: the matches on either side, found while the user looks.

Find Next searches from the cursor in the background and lands wherever the
next match is, usually on a screen nothing was prepared for: on dense
content the key took 90 ms median (starting the search, then painting the
new screen). So once a find lands, :class:`FindAhead` goes on searching, in the
background, for the matches F3 and Shift+F3 would find from there. The
views prepare those places as they prepare the next anomaly, and Find Next
takes the answer without a new search.

An answer holds for the :class:`FindQuestion` it was found for: the same
document, needle, direction and starting offset. Before it is used, the
match is read again (:meth:`FindAhead.answer`), so a file changed on disk
since gives a fresh search, never a stale offset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from mojiscope.app.jobs import JobHandle, JobRunner
from mojiscope.app.model.document import Document
from mojiscope.app.model.search import (
    find_bytes,
    find_bytes_backward_wrapping,
    find_bytes_wrapping,
)
from mojiscope.core.control import Control

FIND_AHEAD_JOB = "find-ahead"
"""The job name the search ahead runs under (a new one cancels the old)."""

LOOK_AFTER_MS = 20
"""How long after a find lands the search ahead starts: once the window has
painted it. A search thread started with the key competed with that paint
for the interpreter (about 5 ms more on the key)."""


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
        self._later = QTimer(self, singleShot=True, interval=LOOK_AFTER_MS)
        self._later.timeout.connect(self._start)

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

    def look(self, forward: FindQuestion, backward: FindQuestion) -> None:
        """Drop the answers held and search for these two in the background
        (after :data:`LOOK_AFTER_MS`)."""
        source, needle = forward.document.source, forward.needle

        def both(control: Control) -> tuple[int | None, int | None]:
            ahead = find_bytes_wrapping(source, needle, forward.start, control=control)
            behind = find_bytes_backward_wrapping(
                source, needle, backward.start, control=control.offset(len(source))
            )
            return ahead, behind

        self._ask((forward, backward), both, 2 * len(source))

    def look_near(self, question: FindQuestion, within: int) -> None:
        """Drop the answers held and look for ``question``'s match (a forward
        one) in the background, no further than ``within`` bytes on (the
        whole source, wrapping, if it is no larger): not found there, the
        answer is to search."""
        source, needle, start = question.document.source, question.needle, question.start

        def near(control: Control) -> tuple[int | None]:
            if len(source) <= within:
                return (find_bytes_wrapping(source, needle, start, control=control),)
            return (find_bytes(source, needle, start, start + within, control=control),)

        self._ask((question,), near, min(within, len(source)))

    def _ask(
        self,
        questions: tuple[FindQuestion, ...],
        search: Callable[[Control], tuple[int | None, ...]],
        total: int,
    ) -> None:
        self.forget()
        self._pending = (questions, search, total)
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
        """Whether a look is waiting to start or running (for tests)."""
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
