"""Text runs (what the text view builds from) spell out exactly the
characters a range's cells hold, with the same bytes: within a window, across
window edges, and clipped to any range."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mojiscope.app.model.document import WINDOW, Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.model.text_runs import TextRun
from mojiscope.core import Reason

KEYS = [
    "utf-8", "utf-8/per-run", "utf-8/per-byte", "xtf-8", "stf-7", "corrected-utf-8",
    "utf-16le", "gb18030", "cesu-8", "mutf-8", "cp437",
]  # fmt: skip


def spelled_out(runs: list[TextRun]) -> list[tuple[int, int, str]]:
    """(first byte, end byte, character) of every character in ``runs``; a
    run with no text is one entry with no character."""
    out = []
    for offsets, text, _ in runs:
        if not text:
            out.append((offsets[0], offsets[-1], ""))
        out += [(offsets[k], offsets[k + 1], char) for k, char in enumerate(text)]
    return out


def assert_runs_are_the_cells(document: Document, key: str, lo: int, hi: int) -> None:
    choice = resolve(key)
    assert choice is not None
    runs = document.text_runs(choice, lo, hi)
    for offsets, text, _ in runs:
        assert len(offsets) == max(len(text), 1) + 1
    cells = document.cells(choice, lo, hi)
    # A magic number (several characters over 8 bytes) is shown as one label.
    shown = [c.text[:1] if c.span.reason == Reason.MAGIC_NUMBER else c.text for c in cells]
    assert spelled_out(runs) == [
        (c.byte_start, c.byte_end, t) for c, t in zip(cells, shown, strict=True)
    ]


@settings(max_examples=150, deadline=None)
@example(data=bytes.fromhex("EFB79DEDB2AE000A") + b"Hi", key="corrected-utf-8", cut=(0, 3))
@example(data="Καλημέρα \U0001d518 κόσμε".encode(), key="utf-8", cut=(3, 20))
@given(
    data=st.binary(min_size=1, max_size=300)
    | st.text(min_size=1, max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")),
    key=st.sampled_from(KEYS),
    cut=st.tuples(st.integers(0, 300), st.integers(0, 300)),
)
def test_runs_spell_out_the_cells_of_any_range(data: bytes, key: str, cut: tuple[int, int]) -> None:
    document = Document.from_bytes(data)
    assert_runs_are_the_cells(document, key, 0, document.size)
    lo, hi = sorted(cut)
    if hi > lo and lo < document.size:
        assert_runs_are_the_cells(document, key, lo, hi)


def test_runs_across_window_edges_give_each_character_once() -> None:
    rng = random.Random(5)
    text = "Καλημέρα κόσμε, 日本語 \U0001d518 café ".encode()
    pieces = []
    while sum(map(len, pieces)) < 3 * WINDOW:
        pieces += [text * rng.randrange(1, 4), rng.randbytes(rng.randrange(1, 60))]
    document = Document.from_bytes(b"".join(pieces))
    for key in ["utf-8", "xtf-8", "utf-16le", "gb18030"]:
        for edge in (WINDOW, 2 * WINDOW):
            assert_runs_are_the_cells(document, key, edge - 700, edge + 700)
