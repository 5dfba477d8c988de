"""Keeping the objects made at start-up out of the garbage collector's passes.

A full (generation 2) pass of Python's cyclic collector looks at every
tracked object: after start-up that is the modules, the Qt wrappers and the
window, and one pass held the GUI thread 27-34 ms, at a moment nobody
chooses, while a file indexed (measured in ``tests/bench/bench_index.py``
with a ``gc.callbacks`` probe). They live as long as the process anyway.
"""

from __future__ import annotations

import gc

_frozen = False


def freeze_startup_objects() -> bool:
    """Once per process, when the first window is made: collect what is
    garbage now, then move every object alive into the collector's permanent
    generation (:func:`gc.freeze`), which its passes skip. Returns whether it
    did so now (False: done already)."""
    global _frozen
    if _frozen:
        return False
    _frozen = True
    gc.collect()
    gc.freeze()
    return True
