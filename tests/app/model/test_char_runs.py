"""Characters with their bytes: a document's characters tile its bytes and
match a whole decode; its runs (joined or not) spell out exactly those
characters with the same bytes, within a window, across window edges and
clipped to any range; joined runs gather neighbouring one-byte spans of one
look, and only those."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mojiscope.app.model.borders import BORDERED_KINDS
from mojiscope.app.model.char_runs import CharRun, runs_between
from mojiscope.app.model.document import WINDOW, Document
from mojiscope.app.model.formats import FormatChoice, resolve, resolve_all
from mojiscope.core import Reason, decode, get_format
from mojiscope.core.spans.charmap import CHUNK_CHARS

KEYS = [
    "utf-8", "utf-8/per-run", "utf-8/per-byte", "xtf-8", "stf-7", "corrected-utf-8",
    "utf-16le", "gb18030", "cesu-8", "mutf-8", "cp437",
]  # fmt: skip
DEMO_KEYS = ["utf-8", "utf-8/per-byte", "utf-8/per-run", "wtf-8", "xtf-8", "stf-7", "cp1252"]


def choice(key: str) -> FormatChoice:
    found = resolve(key)
    assert found is not None
    return found


def assert_tile(runs: list[CharRun], lo: int, hi: int) -> None:
    assert runs[0].byte_start <= lo
    assert runs[-1].byte_end >= hi
    for before, after in itertools.pairwise(runs):
        assert before.byte_end == after.byte_start
        assert before.byte_start < before.byte_end


def spelled_out(runs: list[CharRun]) -> list[tuple[int, int, str]]:
    """(first byte, end byte, text) of every piece of ``runs``."""
    return [(c.byte_start, c.byte_end, c.text) for run in runs for c in run.chars()]


def assert_runs_are_the_chars(document: Document, key: str, lo: int, hi: int) -> None:
    runs = document.runs(choice(key), lo, hi)
    for run in runs:
        assert len(run.offsets) == len(run.text) + 1 or run.is_unit
    chars = document.chars(choice(key), lo, hi)
    assert all(char.is_unit for char in chars)
    assert spelled_out(runs) == [(c.byte_start, c.byte_end, c.text) for c in chars]


@settings(max_examples=150, deadline=None)
@example(data=bytes.fromhex("EFB79DEDB2AE000A") + b"Hi", key="corrected-utf-8", cut=(0, 3))
@example(data="Καλημέρα \U0001d518 κόσμε".encode(), key="utf-8", cut=(3, 20))
@given(
    data=st.binary(min_size=1, max_size=300)
    | st.text(min_size=1, max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")),
    key=st.sampled_from(KEYS),
    cut=st.tuples(st.integers(0, 300), st.integers(0, 300)),
)
def test_runs_spell_out_the_characters_of_any_range(
    data: bytes, key: str, cut: tuple[int, int]
) -> None:
    document = Document.from_bytes(data)
    assert_runs_are_the_chars(document, key, 0, document.size)
    lo, hi = sorted(cut)
    if hi > lo and lo < document.size:
        assert_runs_are_the_chars(document, key, lo, hi)


def test_runs_across_window_edges_give_each_character_once() -> None:
    rng = random.Random(5)
    text = "Καλημέρα κόσμε, 日本語 \U0001d518 café ".encode()
    pieces = []
    while sum(map(len, pieces)) < 3 * WINDOW:
        pieces += [text * rng.randrange(1, 4), rng.randbytes(rng.randrange(1, 60))]
    document = Document.from_bytes(b"".join(pieces))
    for key in ["utf-8", "xtf-8", "utf-16le", "gb18030"]:
        for edge in (WINDOW, 2 * WINDOW):
            assert_runs_are_the_chars(document, key, edge - 700, edge + 700)


@pytest.mark.parametrize("key", [c.key for c in resolve_all(DEMO_KEYS)])
def test_demo_characters_match_a_whole_decode_character_for_character(key: str) -> None:
    document = Document.demo()
    fmt = choice(key)
    chars = document.chars(fmt, 0, document.size)
    assert_tile(chars, 0, document.size)
    whole = decode(document.read(0, document.size), fmt.format.id, policy=fmt.policy)
    assert "".join(c.text for c in chars) == whole.text
    index = 0
    for char in chars:
        if len(char.text) == 1:
            assert whole.bytes_of_char(index) == (char.byte_start, char.byte_end)
        index += len(char.text)


def test_a_three_byte_character_gets_its_three_bytes() -> None:
    document = Document.from_bytes("a€b".encode())
    chars = document.chars(choice("utf-8"), 0, document.size)
    assert [(c.text, c.byte_start, c.byte_end) for c in chars] == [
        ("a", 0, 1),
        ("€", 1, 4),
        ("b", 4, 5),
    ]
    (run,) = document.runs(choice("utf-8"), 0, document.size)
    assert list(run.offsets) == [0, 1, 4, 5] and run.char_bytes(2) == (1, 4)


def test_a_character_straddling_a_window_boundary_appears_once() -> None:
    data = b"a" * (WINDOW - 1) + "€".encode() + b"z" * 10
    document = Document.from_bytes(data)
    chars = document.chars(choice("utf-8"), WINDOW - 4, WINDOW + 4)
    assert_tile(chars, WINDOW - 4, WINDOW + 4)
    euro = [c for c in chars if c.text == "€"]
    assert len(euro) == 1
    assert (euro[0].byte_start, euro[0].byte_end) == (WINDOW - 1, WINDOW + 2)
    runs = document.runs(choice("utf-8"), WINDOW - 4, WINDOW + 4)
    assert "".join(r.text for r in runs) == "aaa€zz"


def test_a_long_text_run_is_measured_in_chunks_exactly() -> None:
    text = ("é" + "a" * 3 + "€" + "\U0001d518") * (3 * CHUNK_CHARS)
    data = text.encode()
    whole = get_format("utf-8").decode(data)
    assert len(whole.spans) == 1 and whole.spans[0].char_end > 2 * CHUNK_CHARS
    expected = whole.char_byte_offsets(whole.spans[0])
    for lo in (0, 5000, len(data) - 100):
        (run,) = runs_between(whole, lo, lo + 64)
        first = expected.index(run.byte_start)
        assert list(run.offsets) == expected[first : first + len(run.text) + 1]
        assert run.text == text[first : first + len(run.text)]
        assert run.byte_start <= lo and run.byte_end >= lo + 64


def test_the_magic_number_is_one_piece_holding_its_characters() -> None:
    document = Document.from_bytes(bytes.fromhex("EFB79DEDB2AE000A") + b"Hi\n")
    chars = document.chars(choice("corrected-utf-8"), 0, 9)
    assert [(c.byte_start, c.byte_end) for c in chars] == [(0, 8), (8, 9)]
    assert chars[0].text == "\U00010e7d\ued4e\x00\n" and chars[0].is_unit
    assert chars[0].span.reason == Reason.MAGIC_NUMBER


def test_a_bom_in_utf8_is_one_character() -> None:
    document = Document.from_bytes(b"\xef\xbb\xbfA")
    assert [(c.byte_start, c.byte_end, c.text) for c in document.chars(choice("utf-8"), 0, 4)] == [
        (0, 3, "\ufeff"),
        (3, 4, "A"),
    ]


def joinable(run: CharRun, fmt: FormatChoice) -> bool:
    """A run the join rule gathers: one byte a character, of a kind drawn
    without a border, no magic number, text only where the format has no
    sequences of several characters."""
    return (
        isinstance(run.offsets, range)
        and run.offsets.step == 1
        and run.span.kind not in BORDERED_KINDS
        and run.span.reason != Reason.MAGIC_NUMBER
        and not (get_format(fmt.format.id).multi_char_sequences and run.span.kind.value == "text")
    )


def assert_joined_runs_agree_with_chars(document: Document, fmt: FormatChoice) -> None:
    """Joined runs tile the bytes, spell out the characters, and leave no
    two neighbouring one-byte runs apart that painting would draw as one
    (same kind and reason, a kind drawn without a border); a joined run's
    bytes are all spans of its kind and reason."""
    runs = document.runs(fmt, 0, document.size)
    assert_tile(runs, 0, document.size)
    chars = document.chars(fmt, 0, document.size)
    assert spelled_out(runs) == [(c.byte_start, c.byte_end, c.text) for c in chars]
    looks = {(c.byte_start, c.byte_end): (c.span.kind, c.span.reason) for c in chars}
    for run in runs:
        if joinable(run, fmt):
            look = (run.span.kind, run.span.reason)
            assert all(looks[(b, b + 1)] == look for b in run.offsets[:-1])
    for before, after in itertools.pairwise(runs):
        if joinable(before, fmt) and joinable(after, fmt):
            assert (before.span.kind, before.span.reason) != (after.span.kind, after.span.reason)


@pytest.mark.parametrize("key", [c.key for c in resolve_all(DEMO_KEYS)])
def test_demo_joined_runs_agree_with_the_characters(key: str) -> None:
    assert_joined_runs_agree_with_chars(Document.demo(), choice(key))


@settings(max_examples=150, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=300),
    key=st.sampled_from([*DEMO_KEYS, "utf-16le", "gb18030", "cesu-8", "utf-8b", "mutf-8"]),
)
def test_joined_runs_of_any_bytes_agree_with_the_characters(data: bytes, key: str) -> None:
    """Dense damage too: neighbouring one-byte spans gathered into runs."""
    assert_joined_runs_agree_with_chars(Document.from_bytes(data), choice(key))


def test_one_byte_runs_are_joined_but_not_bordered_escapes() -> None:
    document = Document.from_bytes(b"ab\x80\x81cd")
    (first, *_) = document.runs(choice("utf-8/per-byte"), 0, 6)
    assert first.text == "ab"
    kinds = [(r.span.kind.value, r.text) for r in document.runs(choice("xtf-8"), 0, 6)]
    assert kinds[0] == ("text", "ab") and kinds[-1] == ("text", "cd")
    assert [k for k, _ in kinds[1:-1]] == ["escape", "escape"]


def test_characters_not_joined_each_carry_their_own_span() -> None:
    """Two overlong leads side by side: one look, two values; joined they
    are one run naming the first span, as characters each its own."""
    document = Document.from_bytes(b"\xc0\xc1")
    utf8 = choice("utf-8")
    chars = document.chars(utf8, 0, 2)
    assert [(c.span.byte_start, c.span.byte_end) for c in chars] == [(0, 1), (1, 2)]
    assert [c.span for c in chars] == [document.span_at(utf8, 0), document.span_at(utf8, 1)]
