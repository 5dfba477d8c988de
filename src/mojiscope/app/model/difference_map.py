"""Where the formats on show read the file differently, as far as known.

A :class:`DifferenceMap` holds the differing byte ranges a sweep of the
file found (:mod:`mojiscope.core.compare.sweep`), in order, as two arrays,
and the offset before which every range is known (``covered``). It
answers what a view asks as the user moves, each in a binary search: the
ranges that overlap some rows (:meth:`DifferenceMap.between`), the next
and the previous range from an offset (:meth:`DifferenceMap.next_after`,
:meth:`DifferenceMap.previous_before`). No Qt.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Range = tuple[int, int]


class DifferenceMap:
    """Differing ranges ``[start, end)``, ordered and disjoint."""

    def __init__(self) -> None:
        self._parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = []
        self._starts = np.zeros(0, np.int64)
        self._ends = np.zeros(0, np.int64)
        self.covered = 0
        """Every range starting before this offset is held (or was counted
        past :attr:`complete`'s cap)."""
        self.complete = False
        """The sweep ended and every range it found is held."""

    def __len__(self) -> int:
        self._join()
        return len(self._starts)

    def add(self, starts: npt.NDArray[np.int64], ends: npt.NDArray[np.int64], covered: int) -> None:
        """Ranges found after those held, and how far every range is known."""
        if len(starts):
            self._parts.append((starts, ends))
        self.covered = max(self.covered, covered)

    def _join(self) -> None:
        if self._parts:
            self._starts = np.concatenate([self._starts, *(p[0] for p in self._parts)])
            self._ends = np.concatenate([self._ends, *(p[1] for p in self._parts)])
            self._parts = []

    def between(self, lo: int, hi: int) -> list[Range]:
        """The ranges that overlap bytes ``[lo, hi)``."""
        self._join()
        first = int(np.searchsorted(self._ends, lo, side="right"))
        last = int(np.searchsorted(self._starts, hi, side="left"))
        return list(
            zip(self._starts[first:last].tolist(), self._ends[first:last].tolist(), strict=True)
        )

    def next_after(self, offset: int) -> tuple[bool, Range | None]:
        """The first range starting after byte ``offset``: ``(True, range
        or None)`` where the map knows, ``(False, None)`` where it does not
        (past :attr:`covered`, the sweep still going or stopped short)."""
        self._join()
        i = int(np.searchsorted(self._starts, offset, side="right"))
        if i < len(self._starts):
            return True, (int(self._starts[i]), int(self._ends[i]))
        return self.complete, None

    def previous_before(self, offset: int) -> tuple[bool, Range | None]:
        """The last range starting before byte ``offset`` (the map knows
        every range before :attr:`covered`)."""
        self._join()
        if not self.complete and offset > self.covered:
            return False, None  # a range not held yet may start in between
        i = int(np.searchsorted(self._starts, offset, side="left")) - 1
        if i >= 0:
            return True, (int(self._starts[i]), int(self._ends[i]))
        return True, None
