# ruff: noqa: RUF001 - mojibake is made of look-alike characters
"""Every repair, as a property: damage a text with a random chain, explain
the bytes, and the best answer given with high confidence repairs them
exactly (or the confidence is low)."""

from __future__ import annotations

from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

import mojiscope.core.codecs.legacy.whatwg  # noqa: F401 - registers whatwg-windows-1252
from mojiscope.core.conversion.convert import run_conversion
from mojiscope.core.mojibake import Chain, Explanation, Misreading, explain
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.plan import plan_of_explanation
from mojiscope.core.mojibake.plan_reading import PlanReading

WIN = "whatwg-windows-1252"

PROPERTY = property_settings(80)
HIGH = 0.9

WORDS = {
    "fr": "café crème été hôtel déjà très garçon où noël élève fenêtre",
    "de": "Größe Übersetzung schön Grüße München Straße hängt Qualität",
    "es": "niño canción mañana está años José Málaga corazón",
    "pl": "zażółć gęślą jaźń Łódź święto książka żółty",
    "cs": "příliš žluťoučký kůň úpěl ďábelské ódy",
    "ru": "съешь же ещё этих мягких французских булок",
    "el": "ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
    "ja": "新しい 資料 を 添付 しました ご確認 ください",
    "tr": "ağaç üzüm çiçek ışık şehir İstanbul",
}
LANGUAGES = sorted(WORDS)
CHAINS = [
    (Chain((Misreading("utf-8", "windows-1252"),)), None),
    (Chain((Misreading("utf-8", "latin-1"),)), None),
    (Chain((Misreading("utf-8", "windows-1252"),) * 2), None),
    (Chain((Misreading("utf-8", "mac-roman"),)), None),
    (Chain((Misreading("utf-8", "cp1251"),)), None),
    (Chain((Misreading("utf-8", "cp1250"),)), None),
    (Chain((Misreading("shift_jis", "windows-1252"),)), "ja"),
    (Chain((), "cp1251"), "ru"),
    (Chain((), "windows-1252"), "fr"),
    (Chain((Misreading("utf-8", "latin-1"), Misreading("utf-8", "windows-1252"))), None),
    (Chain((Misreading("cesu-8", "windows-1252"),)), None),
    (Chain((Misreading("utf-8", "koi8-r"),)), "ru"),
]
EMOJI = "😀🎉👍"


@st.composite
def damaged_texts(draw: st.DrawFn) -> tuple[str, bytes]:
    chain, language = draw(st.sampled_from(CHAINS))
    language = language or draw(st.sampled_from(LANGUAGES))
    words = draw(st.lists(st.sampled_from(WORDS[language].split()), min_size=1, max_size=8))
    if chain.layers and chain.layers[0].written == "cesu-8":
        words.append(draw(st.sampled_from(EMOJI)))
    text = " ".join(words)
    current: str | bytes = text
    try:
        for step in chain.damage_plan():
            codec = python_codec(step.codec)
            current = current.encode(codec) if isinstance(current, str) else current.decode(codec)
    except UnicodeError:
        current = text.encode()  # the chain cannot make this text: the text as it is
    assert isinstance(current, bytes)
    return text, current


@PROPERTY
@given(case=damaged_texts())
def test_a_confident_answer_repairs_the_damage_exactly(case: tuple[str, bytes]) -> None:
    text, data = case
    best = explain(data)[0]
    assert best.text == text or best.confidence < HIGH, (best.words, best.text)


@st.composite
def pieces_damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """Some words of a line misread (each by windows-1252 or latin-1), the others not."""
    language = draw(st.sampled_from(LANGUAGES))
    words = draw(st.lists(st.sampled_from(WORDS[language].split()), min_size=2, max_size=8))
    damaged = draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    readers = draw(
        st.lists(st.sampled_from([WIN, "latin-1"]), min_size=len(words), max_size=len(words))
    )
    out = [
        word.encode().decode(reader) if bad else word
        for word, bad, reader in zip(words, damaged, readers, strict=True)
    ]
    return " ".join(words), " ".join(out).encode()


@st.composite
def lost_byte_damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """UTF-8 read as strict cp1252, each byte it has no character for written as '?' or U+FFFD."""
    language = draw(st.sampled_from(["es", "pl", "cs", "tr", "de", "fr"]))
    words = draw(st.lists(st.sampled_from(WORDS[language].split()), min_size=1, max_size=6))
    capital = draw(st.sampled_from(["Álvaro", "Íñigo", "Ďábel", "Ýmir", "Ĺudo", "Őrség", "Ďuro"]))
    text = " ".join([capital, *words])
    stand = draw(st.sampled_from(["?", "\ufffd"]))
    return text, text.encode().decode("cp1252", "replace").replace("\ufffd", stand).encode()


CJK_WORDS = [
    "新しい", "資料", "を", "添付", "しました", "ファイル", "の", "場所",
    "命令行", "参数", "太多", "第一个", "是",
]  # fmt: skip


@st.composite
def inner_lost_damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """Japanese or Chinese UTF-8 read as strict cp1252, each byte it has no
    character for (often one inside a character: the 81 of E3 81 xx) dropped
    or written as '?' or U+FFFD."""
    words = draw(st.lists(st.sampled_from(CJK_WORDS), min_size=1, max_size=6))
    text = draw(st.sampled_from(["", " "])).join(words)
    stand = draw(st.sampled_from(["", "?", "\ufffd"]))
    holes = b"\x81\x8d\x8f\x90\x9d"
    out = "".join(stand if b in holes else bytes([b]).decode("cp1252") for b in text.encode())
    return text, out.encode()


TWO_BYTE_WORDS = [
    "参数", "有误", "中文", "文件", "不存在", "你好", "错误", "新しい", "ファイル", "場所",
    "確認", "東京", "a", "OK",
]  # fmt: skip


@st.composite
def two_byte_reader_damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """Japanese or Chinese UTF-8 read as GBK or Shift_JIS, each byte the
    reader cannot pair written as U+FFFD or '?', or dropped (``中文`` is
    ``涓�鏂�`` or ``涓鏂``)."""
    words = draw(st.lists(st.sampled_from(TWO_BYTE_WORDS), min_size=1, max_size=6))
    text = draw(st.sampled_from(["", " ", ", ", "\n"])).join(words)
    reader = draw(st.sampled_from(["gbk", "shift_jis"]))
    stand = draw(st.sampled_from(["?", "\ufffd", ""]))
    if not stand:
        return text, text.encode().decode(reader, "ignore").encode()
    return text, text.encode().decode(reader, "replace").replace("\ufffd", stand).encode()


@st.composite
def lost_pieces_damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """Japanese or Chinese UTF-8 with some words read as strict cp1252 and
    the others not, each byte the reader has no character for dropped or
    written as '?' or U+FFFD (``記憶ã¨ç©º``)."""
    words = draw(st.lists(st.sampled_from(CJK_WORDS), min_size=2, max_size=6))
    damaged = draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    stand = draw(st.sampled_from(["", "?", "\ufffd"]))
    holes = b"\x81\x8d\x8f\x90\x9d"
    out = [
        "".join(stand if b in holes else bytes([b]).decode("cp1252") for b in word.encode())
        if bad
        else word
        for word, bad in zip(words, damaged, strict=True)
    ]
    return "".join(words), "".join(out).encode()


@PROPERTY
@given(
    case=st.one_of(
        pieces_damaged(),
        lost_byte_damaged(),
        inner_lost_damaged(),
        two_byte_reader_damaged(),
        lost_pieces_damaged(),
    )
)
def test_a_confident_piecewise_or_guessed_repair_is_exact(case: tuple[str, bytes]) -> None:
    text, data = case
    best = explain(data)[0]
    assert best.text == text or best.confidence < HIGH, (best.words, best.text)


@st.composite
def shown_damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """Words of a line misread once or twice in pieces beside correct ones,
    twice with a byte lost (``Ł`` is C5 81), ``à `` read as windows-1252
    with its no-break space turned into a space or lost, quotes straightened
    after the reading, and U+FFFD on disk."""
    language = draw(st.sampled_from(["fr", "es", "de", "pl"]))
    words = draw(st.lists(st.sampled_from(WORDS[language].split()), min_size=1, max_size=6))
    out = []
    for word in words:
        how = draw(st.sampled_from(["as is", "once", "twice", "twice, ?", "à", "ÑÓ", "fffd"]))
        if how == "once":
            word = word.encode().decode(WIN)
        elif how == "twice":
            word = word.encode().decode(WIN).encode().decode(WIN)
        elif how == "twice, ?":  # the second reader lost the bytes it has no character for
            word = ("Łódź " + word).encode().decode(WIN).encode().decode("cp1252", "replace")
            word = word.replace("\ufffd", "?")
        elif how == "à":
            word = "à " + word if draw(st.booleans()) else "à" + word
            word = word.encode().decode(WIN).replace("\xa0", " ")
        elif how == "ÑÓ":
            word = (word + "ÑÓ").encode().decode(WIN).translate({0x2018: "'", 0x201C: '"'})
        elif how == "fffd":
            word = word + "\ufffd" * draw(st.integers(1, 3))
        out.append(word)
    return " ".join(words), " ".join(out).encode()


def _written(reading: Explanation, data: bytes) -> str:
    """What the repair plan of ``reading`` writes (as Export repaired… and
    ``mojibake --fix --errors replace`` do)."""
    out: list[bytes] = []
    plan = PlanReading(plan_of_explanation(reading, len(data)))
    run_conversion(data, plan, "utf-8", errors="replace", write=out.append)
    return b"".join(out).decode("utf-8", "surrogatepass")


@PROPERTY
@given(
    case=st.one_of(
        shown_damaged(),
        pieces_damaged(),
        lost_byte_damaged(),
        damaged_texts(),
        two_byte_reader_damaged(),
        lost_pieces_damaged(),
    )
)
def test_the_repair_plan_writes_the_text_each_reading_shows(case: tuple[str, bytes]) -> None:
    _text, data = case
    for reading in explain(data, limit=3):
        assert _written(reading, data) == reading.text, reading.words
