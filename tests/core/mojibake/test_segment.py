"""A segment: what joins its neighbour, what it repairs, and the compact
batch form that crosses processes."""

from __future__ import annotations

import pickle
from collections import Counter

from mojiscope.core.mojibake.chain import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.segment import RowTally, Segment, SegmentKind, pack, tiled

ONCE = Chain((Misreading("utf-8", "windows-1252"),))


def test_neighbours_reading_alike_join_fields_and_guesses_stay_apart() -> None:
    a = Segment(0, 5, SegmentKind.MISREAD, ONCE, 0.9, 1)
    b = Segment(5, 9, SegmentKind.MISREAD, ONCE, 0.7, 2)
    assert a.joins(b) and a.joined(b) == Segment(0, 9, SegmentKind.MISREAD, ONCE, 0.7, 1)
    assert not a.joins(Segment(5, 9, SegmentKind.MISREAD, ONCE, column=3))
    assert not a.joins(Segment(6, 9, SegmentKind.MISREAD, ONCE))
    assert not a.joins(Segment(5, 9, SegmentKind.FINE))
    guess = Lost(5, 7, "dropped", "é", ())
    assert not a.joins(Segment(5, 9, SegmentKind.LOSSY, ONCE, lost=(guess,)))
    assert a.repairs and not Segment(0, 1, SegmentKind.FINE).repairs
    assert Segment(0, 1, SegmentKind.LOSSY, IDENTITY, lost=(guess,)).repairs


def test_a_batch_survives_pickling_with_its_chains_and_guesses() -> None:
    guess = Lost(5, 7, "dropped", "é", ("è",))
    segments = [
        Segment(0, 5, SegmentKind.FINE),
        Segment(5, 9, SegmentKind.LOSSY, ONCE, 0.4, 1, -1, (guess,)),
    ]
    tally = RowTally(Counter({("fine", 0): 1}), Counter({2: 1}))
    batch = pickle.loads(pickle.dumps(pack(segments, {IDENTITY: 0, ONCE: 1}, (ONCE,), tally, 9)))
    assert len(batch) == 2 and batch.lost == {1: (guess,)} and batch.done == 9
    assert batch.chains.tolist() == [0, 1] and batch.new_chains == (ONCE,)
    assert batch.tally.columns == Counter({2: 1})


def test_tiled_fills_the_gaps_with_fine_segments() -> None:
    found = [Segment(3, 5, SegmentKind.MISREAD, ONCE, 0.9, 2)]
    out = tiled(found, 0, 8, 0.9, 2)
    assert [(s.start, s.end, s.kind) for s in out] == [
        (0, 3, SegmentKind.FINE),
        (3, 5, SegmentKind.MISREAD),
        (5, 8, SegmentKind.FINE),
    ]
    assert {s.row for s in out} == {2} and {s.confidence for s in out} == {0.9}
    assert tiled([], 4, 6, 1.0) == [Segment(4, 6, SegmentKind.FINE, IDENTITY, 1.0)]
