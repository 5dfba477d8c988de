"""Keeping Python's cyclic garbage collector out of the window's frames.

The collector's passes run at moments nobody chooses, and two kinds fall
inside frames:

- A full (generation 2) pass looks at every tracked object: after start-up
  that is the modules, the Qt wrappers and the window, a frame's worth of
  work. They live as long as the process, so
  :func:`keep_collector_out_of_frames` moves them out of its reach
  (:func:`gc.freeze`).
- A pass runs when enough containers (tuples, lists, objects) have been made
  since the last one: 700 by default, and a jump to a new place makes a few
  thousand (runs, pieces, spans), so several passes a jump, now and then an
  older generation's. So the count that starts a pass while the window
  works is raised to :data:`WORK_ALLOWANCE`, and the passes that are due run
  when the event loop is about to wait for input (:func:`collect_due`): the
  same work, between the frames.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QAbstractEventDispatcher

WORK_ALLOWANCE = 20_000
"""Containers made without a pass while the window works: several jumps'
worth (a pass over them takes a few milliseconds, so a long computation
still collects as it goes, and garbage in cycles stays bounded)."""

_done = False
_idle_threshold = 700
"""The young generation's threshold before the change: the count from which
an idle moment runs a pass."""


def keep_collector_out_of_frames() -> bool:
    """Once per process, when the first window is made (the GUI thread's
    event dispatcher runs): collect what is garbage now and freeze every
    object alive; raise the young generation's threshold to
    :data:`WORK_ALLOWANCE` (the older ones keep theirs) and run
    :func:`collect_due` whenever the event loop is about to wait. Returns
    whether it did so now (False: done already, or no dispatcher yet)."""
    global _done, _idle_threshold
    dispatcher = QAbstractEventDispatcher.instance()
    if _done or dispatcher is None:
        return False
    _done = True
    gc.collect()
    gc.freeze()
    young, older, oldest = gc.get_threshold()
    _idle_threshold = min(young, WORK_ALLOWANCE)
    gc.set_threshold(max(young, WORK_ALLOWANCE), older, oldest)
    dispatcher.aboutToBlock.connect(collect_due)
    return True


def collect_due() -> int | None:
    """Run the pass the collector would have run by now with its usual
    thresholds, if any (the oldest generation whose count is past its
    threshold, as CPython chooses); the generation collected, or None."""
    counts = gc.get_count()
    if counts[0] <= _idle_threshold:
        return None
    _, older, oldest = gc.get_threshold()
    generation = 0
    if counts[1] > older:
        generation = 2 if counts[2] > oldest else 1
    gc.collect(generation)
    return generation
