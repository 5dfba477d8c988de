"""The search's gate: a text holding no undoable character is one the whole
explainer can only read as it is (held against the search itself, the
per-line and the piece-by-piece readings, on random text drawn at the
boundary of the undoable set)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import IDENTITY, explain, model
from mojiscope.core.mojibake.chain import damage, python_codec
from mojiscope.core.mojibake.explain import UNSURE_CONFIDENCE, candidates
from mojiscope.core.mojibake.features import fold
from mojiscope.core.mojibake.lexicon import known_words
from mojiscope.core.mojibake.lost_letters import LETTER_LOST
from mojiscope.core.mojibake.oddities import odd_places
from mojiscope.core.mojibake.parts import LINE, per_part
from mojiscope.core.mojibake.pieces import piecewise
from mojiscope.core.mojibake.search import (
    MIXED_READER,
    MULTIBYTE_READERS,
    READERS,
    WESTERN_MISREADERS,
    Hypothesis,
    nothing_to_undo,
    scored,
    search,
    settled,
    undoable_characters,
    undoes_without_guessing,
    utf8_layers_only,
    western_origins,
)

PROPERTY = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _boundary() -> list[str]:
    """Characters outside the undoable set, next to one inside it (by code
    point), and from scripts no reader holds."""
    undoable = undoable_characters()
    near = set()
    for char in undoable:
        for step in (-2, -1, 1, 2):
            code = ord(char) + step
            if code >= 0x80 and not 0xD800 <= code <= 0xDFFF and chr(code) not in undoable:
                near.add(chr(code))
    return sorted(near | set("한국어😀ǅẞ\u0301\u2028"))


BOUNDARY = _boundary()
OUTSIDE = st.text(
    alphabet=st.one_of(st.sampled_from(BOUNDARY), st.sampled_from(list("ab ,;?\n\t0"))),
    max_size=60,
)


@pytest.mark.parametrize("reader", [*READERS, MIXED_READER, *MULTIBYTE_READERS])
def test_no_reader_encodes_a_character_outside_the_set_to_a_high_byte(reader: str) -> None:
    """The set is each reader's decoding table: checked against its encoder
    over the whole Basic Multilingual Plane."""
    undoable = undoable_characters()
    codec = python_codec(reader)
    escaped = []
    for code in range(0x80, 0x10000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF or char in undoable:
            continue
        try:
            raw = char.encode(codec)
        except UnicodeEncodeError:
            continue
        if not raw.isascii():
            escaped.append(f"U+{code:04X}")
    assert escaped == []


def test_the_gate_names_texts_on_both_sides() -> None:
    assert nothing_to_undo("plain ASCII, numbers 123")
    assert nothing_to_undo("한국어 텍스트 😀")
    assert not nothing_to_undo("日本語のテキスト")  # GBK's and Shift_JIS's characters
    assert not nothing_to_undo("José Núñez")
    assert not nothing_to_undo("Привет")
    assert not nothing_to_undo("ASCII with a NUL \x00")
    assert not nothing_to_undo("lost \ufffd")


@PROPERTY
@given(text=OUTSIDE)
def test_a_text_with_nothing_to_undo_has_no_reading_but_itself(text: str) -> None:
    assert nothing_to_undo(text)
    start = scored(text, IDENTITY)
    assert search(start) == [start]
    assert search(start, legacy=False) == [start]
    assert per_part(text, [start]) is None
    assert piecewise(text.encode("utf-8", "surrogatepass")) is None
    readings, parts = candidates(text.encode("utf-8", "surrogatepass"))
    assert [(h.text, h.chain) for h in readings] == [(text, IDENTITY)]
    assert parts == {}


@PROPERTY
@given(text=OUTSIDE)
def test_the_explainer_says_fine_with_its_one_reading_confidence(text: str) -> None:
    best, *rest = explain(text.encode("utf-8", "surrogatepass"))
    assert best.unchanged and best.text == text and rest == []
    sure = model.calibrated(1.0, unchanged=True)
    if LETTER_LOST.search(text) or odd_places(text):  # fine, but not surely
        sure = min(sure, UNSURE_CONFIDENCE)
    assert best.confidence == round(sure, 4)


@PROPERTY
@given(
    text=OUTSIDE,
    char=st.sampled_from(sorted(c for c in undoable_characters() if c >= "\x80")),
    at=st.integers(0, 60),
)
def test_one_undoable_character_opens_the_gate(text: str, char: str, at: int) -> None:
    assert not nothing_to_undo(text[:at] + char + text[at:])


UNDOABLE = sorted(c for c in undoable_characters() if c >= "\x80")
NEAR_LINES = st.text(
    alphabet=st.one_of(
        st.sampled_from(UNDOABLE), st.sampled_from(BOUNDARY), st.sampled_from(list("ab ?\n"))
    ),
    max_size=30,
)


def _usable(found: list[Hypothesis]) -> list[Hypothesis]:
    """The readings the per-line chooser may take chains from (``parts.py``)."""
    return [
        h
        for h in found
        if h.chain.layers
        and not h.guesses
        and all(lay.written == "utf-8" for lay in h.chain.layers)
    ]


@PROPERTY
@given(text=NEAR_LINES)
def test_a_text_undone_only_by_guessing_gives_no_line_a_usable_chain(text: str) -> None:
    if undoes_without_guessing(text):
        return
    for line in LINE.findall(text):
        assert _usable(search(scored(line, IDENTITY), legacy=False)) == []


def test_the_guessing_gate_names_texts_on_both_sides() -> None:
    assert not undoes_without_guessing("José Núñez, Zürich, São Paulo, Kraków, Åström, Groß")
    assert not undoes_without_guessing("Привет, мир")
    assert undoes_without_guessing("CafÃ© crÃ¨me")
    assert undoes_without_guessing("a lost \ufffd")
    assert undoes_without_guessing("caf茅")  # é (C3 A9) read as GBK: one character
    assert undoes_without_guessing("cafﾃｩ")  # and as Shift_JIS: two
    assert not undoes_without_guessing(
        "Привет, мир 한국어"
    )  # GBK's Cyrillic counts only beside Han
    found = search(scored("CafÃ© crÃ¨me", IDENTITY), legacy=False)
    assert _usable(found)


LATIN_ROWS = st.lists(
    st.sampled_from(["José Müller", "Ana Núñez", "Åström", "Groß", "Kraków", "Ã©tÃ©", "ok", "\n"]),
    max_size=20,
).map(",".join)


@PROPERTY
@given(text=LATIN_ROWS)
def test_a_bounded_search_finds_the_same_readings_and_leaves_only_legacy_origins_bound(
    text: str,
) -> None:
    full = search(scored(text, IDENTITY))
    fast = search(scored(text, IDENTITY), bound=True)
    assert sorted(full, key=lambda h: h.text) == sorted(map(settled, fast), key=lambda h: h.text)
    assert [h.price for h in full] == sorted(settled(h).price for h in fast)
    for h in fast:
        if h.bound:
            assert h.chain.layers[0].written != "utf-8"
            assert h.price <= settled(h).price
            assert all(h.price > u.price for u in fast if not u.bound and utf8_layers_only(u))
        else:
            assert h == next(f for f in full if f.text == h.text)


WESTERN_WORDS = ["Théâtre", "Québec", "español", "många", "café", "naïve", "Zürich", "garçon"]
WESTERN_TEXT = [*WESTERN_WORDS, "de", "la", "and", "à"]


@PROPERTY
@given(
    words=st.lists(st.sampled_from(WESTERN_TEXT), min_size=1, max_size=6),
    reader=st.sampled_from(WESTERN_MISREADERS),
)
def test_western_text_read_as_a_code_page_is_offered_back_only_through_words(
    words: list[str], reader: str
) -> None:
    original = " ".join(words)
    try:
        text = original.encode("cp1252").decode(python_codec(reader))
    except UnicodeError:
        return
    found = western_origins(text)
    odd = bool(odd_places(text))
    for hypothesis in found:  # each reading replays to the text it undoes
        assert damage(hypothesis.chain, hypothesis.text) == text.encode()
        changed = [i for i, (a, b) in enumerate(zip(text, hypothesis.text, strict=True)) if a != b]
        assert all(hypothesis.text[i].isalpha() for i in changed)
        places = [start for start, _, _ in odd_places(text)]
        at = 0
        for before, after in zip(text.split(" "), hypothesis.text.split(" "), strict=True):
            if before != after:  # a word read back becomes known or held a mark of damage
                held = any(at <= place < at + len(before) for place in places)
                assert fold(after) in known_words() or held
                if not odd:  # without a mark of damage, only words unknown as they stand
                    assert fold(before) not in known_words()
            at += len(before) + 1
    misread = [t for w, t in zip(words, text.split(" "), strict=True) if w != t]
    known = all(fold(w) in known_words() for w in words)
    if misread and known and (odd or not any(fold(t) in known_words() for t in misread)):
        assert original in [h.text for h in found]
