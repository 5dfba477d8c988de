"""The screen: lines holding a misreading's pattern are found, fine text is
passed over, for every code page the explainer undoes."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mojiscope.core.codecs.legacy.whatwg  # noqa: F401 - registers whatwg-windows-1252
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.reader_patterns import chars_read, reader_pattern, utf8_class
from mojiscope.core.mojibake.readers import READERS
from mojiscope.core.mojibake.screen import (
    Screen,
    _legacy_lines,
    gaps,
    invalid_runs,
    legacy_marks,
    screen,
)

TEXTS = {
    "fr": "Le café de la gare ouvre à sept heures, même le dimanche.",
    "de": "Die Größe der Übersetzung hängt von der Qualität ab.",
    "pl": "Zażółć gęślą jaźń, Łódź i Kraków.",
    "cs": "Příliš žluťoučký kůň úpěl ďábelské ódy.",
    "ru": "Съешь же ещё этих мягких французских булок.",
    "el": "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
    "pt": "A informação sobre a reunião está no relatório.",
}


def misread(text: str, reader: str, times: int = 1) -> bytes:
    for _ in range(times):
        text = text.encode("utf-8").decode(python_codec(reader))
    return text.encode("utf-8")


@pytest.mark.parametrize("language", sorted(TEXTS))
def test_correct_text_is_passed_over(language: str) -> None:
    text = (TEXTS[language] + "\n").encode() * 3
    assert screen().suspicious(text) == []
    assert not screen().holds_mojibake(text)


#: Readers whose lead characters for Cyrillic and Greek bytes are Latin
#: letters or common signs (cp850 reads D0 as ð, mac-roman as an en dash): looked for
#: in Latin text only.
LATIN_TEXT_ONLY = ("cp850", "mac-roman")


@pytest.mark.parametrize("reader", READERS)
def test_utf8_read_as_each_code_page_is_found(reader: str) -> None:
    for language, text in TEXTS.items():
        if reader in LATIN_TEXT_ONLY and language in ("ru", "el"):
            continue
        try:
            damaged = misread(text, reader)
        except UnicodeDecodeError:
            continue  # the code page leaves one of these bytes undefined
        data = b"fine line\n" + damaged + b"\nanother fine line\n"
        assert screen().suspicious(data) == [10], (reader, damaged)


def test_a_line_read_twice_is_found_and_its_offset_is_the_line_start() -> None:
    data = b"id;name\n1;ok\n" + misread("2;José Muñoz\n", "windows-1252", 2)
    assert screen().suspicious(data) == [13]


def test_markers_are_suspicious_wherever_they_stand() -> None:
    data = b"a\nb\xef\xbf\xbdc\nd\x00e\nf"
    assert screen().suspicious(data) == [2, 8]


@pytest.mark.parametrize(
    ("damaged", "why"),
    [
        (TEXTS["ru"].encode("cp1251").decode("cp1252"), "Russian read as windows-1252"),
        (TEXTS["el"].encode("cp1253").decode("cp1252"), "Greek read as windows-1252"),
        ("Le Th\u03b9\u03b2tre de la ville", "French read as cp1253"),
        ("CUENTENOS EN ESPA\u2564OL", "Spanish read as cp437"),
    ],
)
def test_what_legacy_and_western_misreadings_leave_is_found(damaged: str, why: str) -> None:
    data = b"fine line\n" + damaged.encode() + b"\nanother fine line\n"
    assert screen().suspicious(data) == [10], why


def test_a_range_of_the_data_is_screened_alone() -> None:
    bad = misread("café\n", "windows-1252")
    data = bad + b"ok\n" + bad
    assert screen().suspicious(data, len(bad), len(data)) == [len(bad) + 3]


def test_partial_sequences_are_what_a_lost_byte_leaves() -> None:
    assert screen().partial(misread("“quoted”", "windows-1252").replace(b"\xc2\x9d", b"?"))
    assert screen().partial("Ã?".encode(), "windows-1252")
    assert not screen().partial(b"plain text? yes", "windows-1252")
    # A straightened quote where the curly one the last byte was read as stood.
    assert screen().partial("ESPAÃ'OL".encode(), "windows-1252")
    assert screen().partial('2010â€"2015'.encode())
    assert not screen().partial(b'it\'s "plain"', "windows-1252")


def test_runs_are_the_readers_sequences_in_a_row() -> None:
    data = b"Divis" + misread("ão", "windows-1252") + " Classificação".encode()
    (run,) = screen().runs(data, "windows-1252")
    assert data[run[0] : run[1]] == misread("ã", "windows-1252")


def test_the_utf8_class_matches_exactly_its_characters() -> None:
    import re

    chars = {"é", "€", "ł", "Ж"}
    pattern = re.compile(utf8_class(chars) + b"\\Z")
    for char in chars:
        assert pattern.match(char.encode())
    for other in ("è", "£", "Ł", "ж", "e"):
        assert not pattern.match(other.encode())


def test_every_reader_has_a_pattern_and_a_screen_of_fewer_readers_finds_less() -> None:
    for reader in READERS:
        assert reader_pattern(reader).pattern.search(misread("é", reader)) or reader in ("cp874",)
    latin_only = Screen(("windows-1252",))
    assert latin_only.suspicious(misread(TEXTS["ru"], "cp1251")) == []
    assert screen().suspicious(misread(TEXTS["ru"], "cp1251")) == [0]


def _plain_pattern(reader: str) -> re.Pattern[bytes]:
    """A reader's sequences as the plainest regex says them: ``(?:one)+``."""
    leads = [chars_read(reader, lo, hi) for lo, hi in ((0xC2, 0xDF), (0xE0, 0xEF), (0xF0, 0xF4))]
    cont = utf8_class(chars_read(reader, 0x80, 0xBF))
    one = b"|".join(
        utf8_class(lead) + cont * n for lead, n in zip(leads, (1, 2, 3), strict=True) if lead
    )
    return re.compile(b"(?:" + one + b")+")


def _misread_bytes() -> st.SearchStrategy[bytes]:
    """Text misread by some reader, and fine text, cut and pasted together."""
    words = st.sampled_from(
        [misread(t, r) for t in TEXTS.values() for r in READERS if _reads(t, r)]
    )
    fine = st.sampled_from([t.encode() for t in TEXTS.values()])
    pieces = st.lists(st.tuples(st.one_of(words, fine), st.integers(0, 40), st.integers(0, 40)))
    return pieces.map(lambda ps: b"\n ".join(p[a : a + b + 1] for p, a, b in ps))


def _reads(text: str, reader: str) -> bool:
    try:
        misread(text, reader)
    except UnicodeDecodeError:
        return False
    return True


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(data=_misread_bytes())
def test_the_patterns_match_exactly_what_the_plain_regex_does(data: bytes) -> None:
    """The readers' patterns (and the gated groups' unions) are written so
    that the regex engine skips to where a match can start; they must find
    the same runs as ``(?:one)+`` and ``(?:one)+|(?:one')+``."""
    for reader in READERS:
        plain = _plain_pattern(reader)
        got = [m.span() for m in reader_pattern(reader).pattern.finditer(data)]
        assert got == [m.span() for m in plain.finditer(data)], reader
    for group in screen().gated:
        union = re.compile(b"|".join(_plain_pattern(r).pattern for r in group.readers))
        got = [m.span() for m in group.pattern.finditer(data)]
        assert got == [m.span() for m in union.finditer(data)], group.readers


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=_misread_bytes(), start=st.integers(0, 60))
def test_the_candidate_search_finds_every_line_the_screen_flags(data: bytes, start: int) -> None:
    """The RE2 candidate search only skips lines: the lines flagged are
    those the screen's own checks flag over the whole text at once."""
    start = min(start, len(data))
    sieve = screen()
    opened = frozenset(sieve._gates.open(data, start, len(data)))
    every: set[int] = set()
    sieve._confirmed(data, start, len(data), opened, every)
    assert sieve.suspicious(data, start) == sorted(every)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=_misread_bytes())
def test_any_sequence_is_the_readers_patterns_searched_one_by_one(data: bytes) -> None:
    """``any_sequence`` looks for the Latin readers' pooled pattern through
    translated bytes, and for a group's only where a byte it starts with
    stands: the same answer as searching every pattern over the whole data."""
    look = screen()
    every = [look._latin_union, *(group.pattern for group in look.gated)]
    assert look.any_sequence(data) == any(p.search(data) is not None for p in every)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(data=_misread_bytes())
def test_legacy_marks_says_whether_a_line_holds_one(data: bytes) -> None:
    lines: set[int] = set()
    _legacy_lines(data, 0, len(data), lines)
    assert legacy_marks(data) == bool(lines)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=_misread_bytes())
def test_a_latin_sequence_is_found_where_the_pooled_pattern_matches(data: bytes) -> None:
    look = screen()
    assert look._latin_sequence(data) == (look._latin_union.search(data) is not None)


def test_invalid_runs_are_the_bytes_the_utf8_decoder_refuses() -> None:
    mixed = "déjà ".encode() + "été".encode("cp1252") + b"\n"
    assert invalid_runs(mixed) == [(7, 8), (9, 10)]
    assert invalid_runs(b"\xe2\x82 \xff\xfe ok \xed\xa0\x80") == [(0, 2), (3, 5), (9, 12)]
    assert invalid_runs("fine, déjà vu\n".encode()) == []


def test_the_gaps_between_runs_tile_what_the_runs_leave() -> None:
    assert gaps([(2, 4), (4, 6), (8, 10)], 10) == [(0, 2), (4, 4), (6, 8), (10, 10)]
    assert gaps([], 3) == [(0, 3)]


#: Pieces of bytes that are often UTF-8 and often not: whole characters of
#: one to four bytes, their lead bytes and continuation bytes alone,
#: surrogates, overlong forms, bytes no sequence holds, and line ends.
_PIECES = st.one_of(
    st.text(max_size=3).map(lambda t: t.encode("utf-8")),
    st.sampled_from(
        [
            b"\n",
            b"\r\n",
            b"a",
            b" ",
            b"\x00",
            b"\xc3",
            b"\xe2\x80",
            b"\xf0\x9f\x98",
            b"\x80",
            b"\xbf",
            b"\xc0\xaf",
            b"\xe0\x80\xaf",
            b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80",
            b"\xff",
            b"\xc3\xa9",
            b"\xc3\x83\xc2\xa9",
            b"\xef\xbf\xbd",
        ]
    ),
    st.binary(min_size=1, max_size=3),
)


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(data=st.lists(_PIECES, max_size=40).map(b"".join))
def test_a_scan_finds_the_suspicious_lines_and_every_byte_that_is_no_utf8(data: bytes) -> None:
    """One pass gives what two would: :meth:`Screen.suspicious` and the UTF-8
    decoder's runs over the whole text (its candidates miss no line holding
    a byte that is no UTF-8, wherever on the line it stands)."""
    lines, runs = screen().scan(data)
    assert runs == invalid_runs(data)
    assert lines == screen().suspicious(data)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=_misread_bytes(), start=st.integers(0, 40))
def test_a_gated_group_opens_where_one_of_its_needles_stands(data: bytes, start: int) -> None:
    gates = screen()._gates
    expected = {
        i
        for i, group in enumerate(screen().gated)
        if any(needle in data[start:] for needle in group.needles)
    }
    assert gates.open(data, start, len(data)) == expected
