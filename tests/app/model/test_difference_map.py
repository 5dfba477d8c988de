"""The differing ranges as far as known: what overlaps some rows, and the
next and previous range, said known only where the sweep has been."""

from __future__ import annotations

import numpy as np

from mojiscope.app.model.difference_map import DifferenceMap


def ranges(*pairs: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    return np.array([a for a, _ in pairs], np.int64), np.array([b for _, b in pairs], np.int64)


def test_ranges_overlapping_rows_come_from_every_batch() -> None:
    found = DifferenceMap()
    found.add(*ranges((10, 12), (40, 43)), covered=50)
    found.add(*ranges((100, 101)), covered=200)
    assert found.between(0, 10) == []
    assert found.between(11, 41) == [(10, 12), (40, 43)]
    assert found.between(43, 100) == []
    assert found.between(100, 1000) == [(100, 101)]
    assert len(found) == 3


def test_neighbours_are_known_only_where_the_sweep_has_been() -> None:
    found = DifferenceMap()
    found.add(*ranges((10, 12), (40, 43)), covered=50)
    assert found.next_after(0) == (True, (10, 12))
    assert found.next_after(10) == (True, (40, 43))
    assert found.next_after(45) == (False, None)  # past covered: not known yet
    assert found.previous_before(45) == (True, (40, 43))
    assert found.previous_before(60) == (False, None)  # a range may start in 50..60
    assert found.previous_before(5) == (True, None)
    found.complete = True
    found.covered = 1000
    assert found.next_after(45) == (True, None)
    assert found.previous_before(60) == (True, (40, 43))
