"""charclass against the Unicode Character Database, over every code point.

Each class is checked against a set computed here from the same unicodedata
module the code chose (general category, bidirectional class, names), not
against a second copy of the lists in charclass.py.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Callable
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.words import charclass
from mojiscope.core.words.charclass import (
    UNICODE_VERSION,
    CharClass,
    CharInfo,
    char_name,
    classify,
    describe,
    general_category,
)

ALL_CODE_POINTS = range(0x110000)
C = CharClass


def _backport() -> ModuleType | None:
    try:
        return importlib.import_module("unicodedata2")
    except ImportError:
        return None


BACKPORT = _backport()
UCD: ModuleType = (
    BACKPORT
    if BACKPORT is not None and BACKPORT.unidata_version == UNICODE_VERSION
    else unicodedata
)


def _version(text: str) -> tuple[int, ...]:
    return tuple(map(int, text.split(".")))


def test_newest_unicode_data_is_chosen() -> None:
    versions = [unicodedata.unidata_version]
    if BACKPORT is not None:
        versions.append(BACKPORT.unidata_version)
    assert max(versions, key=_version) == UNICODE_VERSION


class Database:
    """One pass over every code point: categories from the UCD, classes from charclass."""

    def __init__(self) -> None:
        self.category = [UCD.category(chr(cp)) for cp in ALL_CODE_POINTS]
        self.members: dict[CharClass, set[int]] = {cls: set() for cls in CharClass}
        for cp in ALL_CODE_POINTS:
            for cls in classify(cp):
                self.members[cls].add(cp)

    def where(self, predicate: Callable[[int, str], bool]) -> set[int]:
        return {cp for cp, cat in enumerate(self.category) if predicate(cp, cat)}


@pytest.fixture(scope="module")
def db() -> Database:
    return Database()


def _noncharacters() -> set[int]:
    # The definition (Unicode 3.4, D14): U+FDD0..U+FDEF and U+nFFFE, U+nFFFF.
    ends = {plane << 16 | low for plane in range(17) for low in (0xFFFE, 0xFFFF)}
    return set(range(0xFDD0, 0xFDF0)) | ends


def _named(*names: str) -> set[int]:
    return {ord(UCD.lookup(name)) for name in names}


def test_c0_control(db: Database) -> None:
    expected = db.where(lambda cp, cat: cat == "Cc" and cp < 0x80)
    assert db.members[C.C0_CONTROL] == expected
    assert expected == set(range(0x20)) | {0x7F}


def test_c1_control(db: Database) -> None:
    expected = db.where(lambda cp, cat: cat == "Cc" and cp >= 0x80)
    assert db.members[C.C1_CONTROL] == expected
    assert expected == set(range(0x80, 0xA0))


def test_noncharacter(db: Database) -> None:
    expected = _noncharacters()
    assert len(expected) == 66
    assert all(db.category[cp] == "Cn" for cp in expected)
    assert db.members[C.NONCHARACTER] == expected


def test_private_use(db: Database) -> None:
    assert db.members[C.PRIVATE_USE] == db.where(lambda cp, cat: cat == "Co")


def test_xtf8_escape(db: Database) -> None:
    # The XTF-8 spec's escape range; all of it is private use.
    expected = set(range(0xEF80, 0xF000))
    assert db.members[C.XTF8_ESCAPE] == expected
    assert expected <= db.members[C.PRIVATE_USE]


def test_surrogate(db: Database) -> None:
    assert db.members[C.SURROGATE] == db.where(lambda cp, cat: cat == "Cs")
    assert db.members[C.SURROGATE] == set(range(0xD800, 0xE000))


def test_combining(db: Database) -> None:
    assert db.members[C.COMBINING] == db.where(lambda cp, cat: cat in ("Mn", "Mc", "Me"))


def test_unassigned(db: Database) -> None:
    nonchars = _noncharacters()
    expected = db.where(lambda cp, cat: cat == "Cn" and cp not in nonchars)
    assert db.members[C.UNASSIGNED] == expected


EXPLICIT_BIDI_CLASSES = {"LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"}
BIDI_MARK_NAMES = ("ARABIC LETTER MARK", "LEFT-TO-RIGHT MARK", "RIGHT-TO-LEFT MARK")


def test_bidi_control(db: Database) -> None:
    # Bidi_Control = the explicit embedding/override/isolate characters plus the
    # three implicit directional marks.
    explicit = {cp for cp in ALL_CODE_POINTS if UCD.bidirectional(chr(cp)) in EXPLICIT_BIDI_CLASSES}
    expected = explicit | _named(*BIDI_MARK_NAMES)
    assert db.members[C.BIDI_CONTROL] == expected
    # Trojan Source (CVE-2021-42574) lists the same twelve characters.
    assert len(expected) == 12


def test_whitespace(db: Database) -> None:
    # White_Space is str.isspace() without U+001C..U+001F (bidi class B/S but
    # not White_Space); we leave out U+0020 itself.
    separators = _named(*(f"INFORMATION SEPARATOR {n}" for n in ("ONE", "TWO", "THREE", "FOUR")))
    expected = {cp for cp in ALL_CODE_POINTS if chr(cp).isspace()} - separators - {0x20}
    assert db.members[C.WHITESPACE] == expected
    assert db.where(lambda cp, cat: cat in ("Zs", "Zl", "Zp")) - {0x20} <= expected


def test_bom(db: Database) -> None:
    assert db.members[C.BOM] == _named("ZERO WIDTH NO-BREAK SPACE")


def test_replacement(db: Database) -> None:
    assert db.members[C.REPLACEMENT] == _named("REPLACEMENT CHARACTER")


def test_invisible(db: Database) -> None:
    fillers = {
        cp
        for cp in ALL_CODE_POINTS
        if UCD.category(chr(cp)) == "Lo" and UCD.name(chr(cp), "").endswith(" FILLER")
    }
    assert fillers == {0x115F, 0x1160, 0x3164, 0xFFA0}
    marks = charclass.PREPENDED_CONCATENATION_MARKS
    # The one hand-kept exception list must still name format characters.
    assert all(db.category[cp] == "Cf" for cp in marks)
    format_chars = db.where(lambda cp, cat: cat == "Cf")
    expected = (format_chars - db.members[C.BIDI_CONTROL] - db.members[C.BOM] - marks) | fillers
    assert db.members[C.INVISIBLE] == expected
    assert _named(
        "ZERO WIDTH SPACE", "WORD JOINER", "SOFT HYPHEN", "MONGOLIAN VOWEL SEPARATOR"
    ) <= (expected)


def test_classes_that_exclude_each_other(db: Database) -> None:
    exclusive = [
        C.C0_CONTROL,
        C.C1_CONTROL,
        C.NONCHARACTER,
        C.PRIVATE_USE,
        C.SURROGATE,
        C.BIDI_CONTROL,
        C.INVISIBLE,
        C.COMBINING,
        C.UNASSIGNED,
        C.BOM,
        C.REPLACEMENT,
    ]
    seen: set[int] = set()
    for cls in exclusive:
        assert not (seen & db.members[cls]), cls
        seen |= db.members[cls]


def test_general_category_is_the_databases(db: Database) -> None:
    assert [general_category(cp) for cp in range(0, 0x110000, 97)] == db.category[::97]


LABEL_KIND = {"Cc": "control", "Co": "private-use", "Cs": "surrogate"}


def test_names_and_labels_for_every_code_point(db: Database) -> None:
    nonchars = _noncharacters()
    for cp in ALL_CODE_POINTS:
        name = UCD.name(chr(cp), None)
        category = db.category[cp]
        if name is not None:
            assert char_name(cp) == name
        elif category in LABEL_KIND:
            assert char_name(cp) == f"<{LABEL_KIND[category]}-{cp:04X}>"
        elif category == "Cn":
            kind = "noncharacter" if cp in nonchars else "reserved"
            assert char_name(cp) == f"<{kind}-{cp:04X}>"
        else:
            # An assigned graphic character the module has no name for (Tangut
            # in older stdlib data): the derived name, never a label.
            assert not char_name(cp).startswith("<"), hex(cp)


# (label, code point, name, classes)
NAMED_CASES = [
    ("letter A has no class", 0x41, "LATIN CAPITAL LETTER A", set()),
    ("space is not counted as whitespace", 0x20, "SPACE", set()),
    ("NUL", 0x00, "<control-0000>", {C.C0_CONTROL}),
    ("tab is a control and whitespace", 0x09, "<control-0009>", {C.C0_CONTROL, C.WHITESPACE}),
    ("information separator is not whitespace", 0x1F, "<control-001F>", {C.C0_CONTROL}),
    ("DELETE is a C0-class control", 0x7F, "<control-007F>", {C.C0_CONTROL}),
    ("NEXT LINE", 0x85, "<control-0085>", {C.C1_CONTROL, C.WHITESPACE}),
    ("C1 from cp1252 bytes read as Latin-1", 0x93, "<control-0093>", {C.C1_CONTROL}),
    ("no-break space", 0xA0, "NO-BREAK SPACE", {C.WHITESPACE}),
    ("soft hyphen", 0xAD, "SOFT HYPHEN", {C.INVISIBLE}),
    ("combining acute", 0x301, "COMBINING ACUTE ACCENT", {C.COMBINING}),
    ("reserved code point", 0x378, "<reserved-0378>", {C.UNASSIGNED}),
    ("Arabic letter mark", 0x61C, "ARABIC LETTER MARK", {C.BIDI_CONTROL}),
    ("Arabic number sign is Cf but visible", 0x600, "ARABIC NUMBER SIGN", set()),
    ("Hangul filler", 0x3164, "HANGUL FILLER", {C.INVISIBLE}),
    ("zero width space", 0x200B, "ZERO WIDTH SPACE", {C.INVISIBLE}),
    ("zero width joiner", 0x200D, "ZERO WIDTH JOINER", {C.INVISIBLE}),
    ("right-to-left override", 0x202E, "RIGHT-TO-LEFT OVERRIDE", {C.BIDI_CONTROL}),
    ("pop directional isolate", 0x2069, "POP DIRECTIONAL ISOLATE", {C.BIDI_CONTROL}),
    ("line separator", 0x2028, "LINE SEPARATOR", {C.WHITESPACE}),
    ("lead surrogate", 0xD800, "<surrogate-D800>", {C.SURROGATE}),
    ("UTF-8b escape of byte 0x80", 0xDC80, "<surrogate-DC80>", {C.SURROGATE}),
    ("first private use", 0xE000, "<private-use-E000>", {C.PRIVATE_USE}),
    ("XTF-8 escape", 0xEF80, "<private-use-EF80>", {C.PRIVATE_USE, C.XTF8_ESCAPE}),
    ("last XTF-8 escape", 0xEFFF, "<private-use-EFFF>", {C.PRIVATE_USE, C.XTF8_ESCAPE}),
    ("noncharacter FDD0", 0xFDD0, "<noncharacter-FDD0>", {C.NONCHARACTER}),
    ("BOM", 0xFEFF, "ZERO WIDTH NO-BREAK SPACE", {C.BOM}),
    ("replacement character", 0xFFFD, "REPLACEMENT CHARACTER", {C.REPLACEMENT}),
    ("noncharacter FFFE", 0xFFFE, "<noncharacter-FFFE>", {C.NONCHARACTER}),
    ("Tangut ideograph", 0x17000, "TANGUT IDEOGRAPH-17000", set()),
    ("language tag", 0xE0001, "LANGUAGE TAG", {C.INVISIBLE}),
    ("variation selector 17", 0xE0100, "VARIATION SELECTOR-17", {C.COMBINING}),
    ("plane 16 private use", 0x10FFFD, "<private-use-10FFFD>", {C.PRIVATE_USE}),
    ("last code point", 0x10FFFF, "<noncharacter-10FFFF>", {C.NONCHARACTER}),
]


@pytest.mark.parametrize(
    ("cp", "name", "classes"), [c[1:] for c in NAMED_CASES], ids=[c[0] for c in NAMED_CASES]
)
def test_named_case(cp: int, name: str, classes: set[CharClass]) -> None:
    assert describe(cp) == CharInfo(cp, name, general_category(cp), frozenset(classes))


@pytest.mark.parametrize("cp", [-1, 0x110000])
@pytest.mark.parametrize("function", [classify, char_name, general_category, describe])
def test_out_of_range_is_refused(function: Callable[[int], object], cp: int) -> None:
    with pytest.raises(ValueError, match="not a code point"):
        function(cp)


def test_class_values_and_words() -> None:
    assert {cls.value for cls in CharClass} >= {"c0-control", "c1-control", "xtf8-escape"}
    assert set(charclass.CLASS_WORDS) == set(CharClass)


def test_classify_is_cached() -> None:
    classify.cache_clear()
    classify(0x202E)
    classify(0x202E)
    assert classify.cache_info().hits == 1


def test_derived_names_when_the_module_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python 3.11's own unicodedata (Unicode 14) has no names for Tangut.
    monkeypatch.setattr(charclass, "_UCD", unicodedata)
    assert char_name(0x17000) == "TANGUT IDEOGRAPH-17000"
    assert char_name(0x18D08) == "TANGUT IDEOGRAPH-18D08"
    assert char_name(0x4E00) == "CJK UNIFIED IDEOGRAPH-4E00"


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.sets(st.characters(exclude_categories=["Cs"]), max_size=40))
def test_regex_ranges_matches_exactly_the_characters(chars: set[str]) -> None:
    # Signs a class gives meaning to (] \ ^ -) and runs of neighbours alike.
    chars |= {"-", "]", "^", "\\", "a", "b", "c"}
    pattern = re.compile(f"[{charclass.regex_ranges(chars)}]")
    probes = chars | {
        chr(ord(c) + d) for c in chars for d in (-1, 1) if 0 <= ord(c) + d <= 0x10FFFF
    }
    for probe in probes:
        if "\ud800" <= probe <= "\udfff":
            continue
        assert (pattern.fullmatch(probe) is not None) == (probe in chars)
    assert charclass.regex_ranges("cab") == "a-c"
