# ruff: noqa: RUF001, RUF003 - mojibake is made of look-alike characters
"""Issue 35's repairs: piece by piece inside a line, CESU-8 and modified
UTF-8 as writers, windows-1252 and latin-1 mixed as a reader, a no-break
space lost after "à", and large inputs read where their bytes are interesting."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import Chain, Misreading, explain, repair_text
from mojiscope.core.mojibake.explain import SAMPLE_BYTES, UNSURE_CONFIDENCE, explain_source
from mojiscope.core.mojibake.extra_codecs import (
    CESU8,
    ESCAPES,
    JIS_NO_ESCAPES,
    JSON_NO_BACKSLASH,
    LOW_BYTES,
    MIXED_1252,
    MUTF8,
    Escapes,
)
from mojiscope.core.mojibake.features import class_size
from mojiscope.core.mojibake.guess import C1_STRIPPED
from mojiscope.core.mojibake.letters import by_frequency, rarity
from mojiscope.core.mojibake.lexicon import script_letters
from mojiscope.core.mojibake.lost import decode_with_holes
from mojiscope.core.mojibake.sample import interesting_windows
from mojiscope.core.system.source import BytesSource

WIN = "whatwg-windows-1252"


def test_correct_characters_beside_misread_ones_are_left_as_they_are() -> None:
    data = "DivisÃ£o de Acesso à Classificação".encode()
    best = explain(data)[0]
    assert best.text == "Divisão de Acesso à Classificação"
    assert best.parts and any(not p.chain.is_identity for p in best.parts)
    assert all(start >= 5 for start, _ in best.ranges)


def _offered(data: bytes) -> list[str]:
    """The texts of the first three readings (top-1 figures are the benchmark's)."""
    return [e.text for e in explain(data)[:3]]


def test_a_quote_read_as_windows_1252_beside_one_read_as_latin_1_is_offered() -> None:
    data = "I donâ\x80\x99t know what â€œthisâ\x80\x9d means".encode()
    assert "I don’t know what “this” means" in _offered(data)


def test_cesu8_emoji_read_as_latin_1_is_offered_as_one_emoji() -> None:
    data = "Love it í\xa0½í¸\x8d and more".encode()
    assert "Love it 😍 and more" in _offered(data)


def test_cesu8_read_as_windows_1252_names_its_writer() -> None:
    chain = Chain((Misreading("cesu-8", "windows-1252"),))
    data = "Ça va 😀 très bien, à bientôt 🎉".encode(CESU8).decode(WIN).encode()
    best = explain(data)[0]
    assert best.text == "Ça va 😀 très bien, à bientôt 🎉"
    assert best.chain == chain
    assert repair_text(chain, data) == best.text


def test_space_after_a_grave_swallowed_is_offered_with_the_word_boundary() -> None:
    data = "Il ne faut pas Ã perturber le cours".encode()
    assert "Il ne faut pas à perturber le cours" in _offered(data)


#: What each codec of ``extra_codecs`` writes: any text for CESU-8 and
#: modified UTF-8; for ISO-2022-JP without escapes Japanese and ASCII but
#: ``$`` (``$B``, two pairs of printable ASCII and ``(B`` are a shift
#: whatever wrote them).
_WRITABLE = {
    CESU8: st.text(st.characters(exclude_categories=["Cs"]), max_size=20),
    MUTF8: st.text(st.characters(exclude_categories=["Cs"]), max_size=20),
    JIS_NO_ESCAPES: st.text(st.sampled_from(list("いつもお世話にワーク株式会社。 ab(B,.\n"))),
    # JSON without backslashes: any text but a ``u`` of its own (``u00e9``
    # would read as é) or a backslash (its backslashes were stripped).
    JSON_NO_BACKSLASH: st.text(st.characters(exclude_categories=["Cs"], exclude_characters="u\\")),
    # Cyrillic as low bytes: words that read back whole (no word of digits
    # alone, no capital that is punctuation as a byte), between signs.
    LOW_BYTES: st.lists(
        st.sampled_from(["владимир", "Привет", "Сохранить", "дела", "Київ", "Ђорђе", "мир"])
        | st.sampled_from([" ", ", ", "! ", " 2024 ", "\n"]),
    ).map("".join),
}


@pytest.mark.parametrize("codec", list(_WRITABLE))
@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(drawn=st.data())
def test_extra_codecs_round_trip_and_stream_split_anywhere(
    codec: str, drawn: st.DataObject
) -> None:
    text = drawn.draw(_WRITABLE[codec])
    data = text.encode(codec)
    assert data.decode(codec) == text
    for size in (1, 2, 5):
        decoder = codecs.getincrementaldecoder(codec)()
        pieces = [decoder.decode(data[i : i + size]) for i in range(0, len(data), size)]
        assert "".join(pieces) + decoder.decode(b"", True) == text


def test_cesu8_refuses_a_lone_surrogate_strictly_and_names_the_byte() -> None:
    with pytest.raises(UnicodeDecodeError) as caught:
        b"ab\xed\xa0\x80cd".decode(CESU8)
    assert caught.value.start == 2


def test_iso_2022_jp_without_escapes_names_a_byte_beyond_ascii_and_refuses_an_escape() -> None:
    assert "こんにちは".encode(JIS_NO_ESCAPES) == b"$B$3$s$K$A$O(B"
    with pytest.raises(UnicodeDecodeError) as caught:
        b"$B$3$s(B \xe9".decode(JIS_NO_ESCAPES)
    assert caught.value.start == 9
    assert b"ab\xe9".decode(JIS_NO_ESCAPES, "replace") == "ab\ufffd"
    with pytest.raises(UnicodeEncodeError) as refused:
        "a\x1bb".encode(JIS_NO_ESCAPES)
    assert refused.value.start == 1


def test_iso_2022_jp_whose_escapes_were_stripped_is_read_back() -> None:
    # Mail and logs that strip control characters lose ISO-2022-JP's ESC
    # bytes: ``$B`` ... ``(B`` is left around each Japanese run.
    text = "Subject: いつもお世話になっております。\nprice: $5 (B)\n"
    data = text.encode(JIS_NO_ESCAPES)
    best = explain(data)[0]
    assert best.text == text and best.confidence >= 0.9
    assert best.words == ["written as iso-2022-jp/no-escapes"]
    assert best.ranges == ((9, data.index(b"(B") + 2),)
    assert repair_text(best.chain, data) == text
    # One character between a shift's ends is as often code: ``$@ab(B``.
    assert explain(b"print $@ab(B")[0].unchanged
    # Beside a character beyond ASCII the bytes are no ISO-2022-JP, nor JSON
    # (its decoder raised here, and the explainer with it).
    assert explain("😀 $B$3$s$K$A$O(B cafu00e9".encode())[0].unchanged


@pytest.mark.parametrize("escapes", list(ESCAPES.values()), ids=lambda e: e.name)
@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(drawn=st.data())
def test_escapes_read_back_as_they_are_shown_and_stream_split_anywhere(
    escapes: Escapes, drawn: st.DataObject
) -> None:
    codec = escapes.codec
    # Bytes holding no escape's first character are shown and read back whole.
    first = escapes.spelling[0].encode()
    data = drawn.draw(st.binary(max_size=24).map(lambda b: b.replace(first, b"")))
    shown = data.decode(codec)
    assert shown.isascii() and shown.encode(codec) == data
    # Any ASCII text (escapes among it, whole or cut) is shown again as it is
    # once read back: a repair damages back to its bytes.
    text = drawn.draw(
        st.text(alphabet=st.sampled_from(list(escapes.alphabet + "8 x9aF")), max_size=30)
    )
    raw = text.encode(codec)
    assert raw.decode(codec) == text
    for size in (1, 2, 5):
        encoder = codecs.getincrementalencoder(codec)()
        pieces = [encoder.encode(text[i : i + size]) for i in range(0, len(text), size)]
        assert b"".join(pieces) + encoder.encode("", True) == raw


def test_escapes_are_read_only_as_decoding_spells_them_and_refuse_other_characters() -> None:
    octal, hexa, angle = (
        ESCAPES[n].codec for n in ("octal-escapes", "hex-escapes", "angle-escapes")
    )
    assert b"\xe4 \xc3".decode(hexa) == "\\xe4 \\xc3"
    assert (
        "\\xe4 \\xE4 \\x41".encode(hexa) == b"\xe4 \\xE4 \\x41"
    )  # one spelling, bytes beyond ASCII
    assert "<C3><a9><41>".encode(angle) == b"\xc3<a9><41>"
    assert "\\\\344".encode(octal) == b"\\\xe4"  # the escape after a backslash
    with pytest.raises(UnicodeEncodeError) as refused:
        "a\\344é".encode(octal)
    assert refused.value.start == 5
    assert "a\\344é".encode(octal, "replace") == b"a\xe4?"


def test_bytes_shown_as_escapes_are_read_back() -> None:
    # git quotes a file name's bytes beyond ASCII as octal escapes.
    line = 'diff --git "a/docs/\\344\\270\\255\\346\\226\\207.md" "b/x.md"'
    best = explain(line.encode())[0]
    assert best.text == 'diff --git "a/docs/中文.md" "b/x.md"'
    assert best.words == ["utf-8 read as octal-escapes"]
    # Code writes such escapes on purpose (echo -e "\\303\\251"): not sure.
    assert best.confidence == 0.5 and "on purpose" in best.doubt
    start = line.index("\\")
    assert best.ranges == ((start, start + 24),)
    assert repair_text(best.chain, line.encode()) == best.text
    # less shows GBK's bytes as <C3><FC>; Python's repr of bytes as \xc3.
    gbk = explain(b"<C3><FC><C3><FB><BF><D5><BC><E4><D0><DE><B8><C4>")[0]
    assert gbk.text == "命名空间修改" and gbk.words == ["gbk read as angle-escapes"]
    assert gbk.confidence >= 0.9  # no code writes less's escapes
    assert explain(b"b'Gr\\xc3\\xb6\\xc3\\x9fe'")[0].text == "b'Größe'"
    # A name written in windows-1252, as git quotes it.
    assert explain(b'git add "caf\\351 cr\\350me.txt"')[0].text == 'git add "café crème.txt"'
    # One escape inside a word is enough (a mail header quoted by a program).
    assert explain(b"While I am in Z\\374rich")[0].text == "While I am in Zürich"
    # Mail's quoted-printable shown undecoded.
    best = explain(b"Baden-W=C3=BCrttemberg")[0]
    assert best.text == "Baden-Württemberg"
    assert best.words == ["utf-8 read as quoted-printable"]
    assert explain(b"x = a=C3 and b=B0")[0].text == "x = a=C3 and b=B0"


def test_json_escapes_whose_backslashes_were_stripped_are_read_back() -> None:
    # WordPress exports and database imports strip the backslashes of \u2019.
    data = b"Chris Rudolphu2019s piercing cry: u201cAvalanche! ud83dude0d Elyse!u201d"
    best = explain(data)[0]
    assert best.text == "Chris Rudolph’s piercing cry: “Avalanche! 😍 Elyse!”"
    assert best.words == ["written as json/no-backslash"] and best.confidence >= 0.9
    assert best.ranges == ((13, 18), (34, 39), (50, 60), (67, 72))
    assert repair_text(best.chain, data) == best.text
    assert "Café".encode(JSON_NO_BACKSLASH) == b"Cafu00e9"
    # Names and numbers of the same shape, reading as no prose, stay.
    assert explain(b"Build 4u2f1a finished, menu2019 and menu2020 kept")[0].unchanged
    # JSON as it should be keeps its backslashes: fine as it is.
    intact = b'{"name": "Rudolph\\u2019s cry: \\u201cAvalanche!\\u201d"}'
    assert explain(intact)[0].unchanged and explain(intact)[0].confidence >= 0.9
    with pytest.raises(UnicodeEncodeError) as refused:
        "a\\\u00e9".encode(JSON_NO_BACKSLASH)
    assert refused.value.start == 2


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.binary().map(lambda raw: bytes(b & 0x7F for b in raw)))
def test_cyrillic_as_low_bytes_reads_any_ascii_back_to_its_own_bytes(data: bytes) -> None:
    assert data.decode(LOW_BYTES).encode(LOW_BYTES) == data


def test_cyrillic_written_as_its_low_bytes_is_read_back() -> None:
    # PDF libraries writing with a standard font, and JavaScript's
    # charCodeAt(i) & 0xFF, keep each character's low byte.
    data = b"Title: 2;048<8@ ?CB8="
    best = explain(data)[0]
    assert best.text == "Title: владимир путин"
    assert best.words == ["written as cyrillic/low-bytes"] and best.confidence >= 0.9
    assert best.ranges == ((7, 15), (16, 21))
    assert repair_text(best.chain, data) == best.text
    assert "Привет".encode(LOW_BYTES) == b"\x1f@825B"
    # No word the lexicon lists, but every pair of its letters one of its words holds.
    assert explain(b">=B5=B")[0].text == "онтент"
    with pytest.raises(UnicodeEncodeError) as refused:
        "mir мир μ".encode(LOW_BYTES)
    assert refused.value.start == 8


def test_cyrillic_as_low_bytes_left_ambiguous_is_not_sure_and_codes_stay() -> None:
    # в is the digit 2, so "2" may be a number or a word; the capital Р is a space.
    best = explain("Мы едем в город".encode(LOW_BYTES))[0]
    assert best.text == "Мы едем 2 город"
    assert best.confidence <= UNSURE_CONFIDENCE and "may be letters too" in best.doubt
    # No run that is a word: codes and numbers are as they are.
    assert explain(b"H2O and CO2, A1B2, 12:30 +1 #42")[0].unchanged


@pytest.mark.parametrize(
    "text",
    [
        'bom = b"\\xff\\xfe"',  # bytes that are no text
        "https://de.wikipedia.org/wiki/Gr%C3%B6%C3%9Fe",  # a URL is escaped on purpose
        "only one \\344 escape",
    ],
)
def test_escapes_that_tell_no_text_are_left_as_they_are(text: str) -> None:
    assert explain(text.encode())[0].unchanged


def test_mixed_reader_takes_either_table_back_to_the_byte() -> None:
    assert "€\x80’\x92".encode(MIXED_1252) == b"\x80\x80\x92\x92"


def test_large_input_is_read_where_its_bytes_are_interesting() -> None:
    head = b"plain ascii line of a log file\n" * 3000
    damaged = "Café crème, thé à la menthe\n".encode().decode(WIN).encode() * 40
    data = head + damaged + head
    assert len(data) > SAMPLE_BYTES
    best = explain(data)[0]
    assert best.sampled and best.words == ["utf-8 read as windows-1252"]
    assert best.read and all(lo >= len(head) - 4096 for lo, _ in best.read)
    assert all(len(head) <= lo < hi <= len(head) + len(damaged) for lo, hi in best.ranges)
    assert data[best.ranges[0][0] : best.ranges[0][1]].decode() in damaged.decode()


def test_windows_of_a_file_with_no_non_ascii_byte_are_its_head() -> None:
    source = BytesSource(b"x" * (SAMPLE_BYTES * 4))
    assert interesting_windows(source) == ((0, 4096),)


def test_explain_source_reads_a_small_source_whole() -> None:
    data = "CafÃ©".encode()
    best = explain_source(BytesSource(data))[0]
    assert best.text == "Café" and not best.sampled and best.read == ()


HOLES = b"\x81\x8d\x8f\x90\x9d"
#: The C1 controls, which a program strips from UTF-8 read as latin-1.
C1 = bytes(range(0x80, 0xA0))


@pytest.mark.parametrize(
    "word", ["DÍA", "ÁRBOL", "PAÍS", "ÍNDICE", "ÁFRICA", "MÍNIMO", "VÍDEO", "TÍTULO", "SÁBADO"]
)
@pytest.mark.parametrize("stand", [b"?", b"\x00", b""])
def test_a_lost_byte_is_the_letter_that_makes_a_known_word(word: str, stand: bytes) -> None:
    # Á and Í lose their second byte (81, 8D) to strict cp1252: whichever of
    # Á Í Ï Ð Ý is commoner, the one that makes a word the lists know wins.
    raw = word.encode().replace(b"\x81", stand).replace(b"\x8d", stand)
    decoded = decode_with_holes(raw, HOLES, allow_cut=False)
    assert decoded is not None
    assert decoded[0] == word
    assert all(word[g.at_char] == g.char for g in decoded[1])


@pytest.mark.parametrize(
    ("text", "lost", "stand"),
    [
        ("ファイルの場所を入力しました。", 0x81, ""),  # kana lose the 81 of E3 81 xx
        ("ファイルの場所を入力しました。", 0x81, "?"),
        ("命令行参数太多", 0x8F, "?"),  # 参 is E5 8F 82
        ("命令行参数太多", 0x8F, "\ufffd"),
    ],
)
def test_a_byte_lost_inside_a_character_is_offered(text: str, lost: int, stand: str) -> None:
    raw = text.encode()
    assert any(0x80 <= raw[i + 1] <= 0xBF and raw[i] == lost for i in range(len(raw) - 1))
    data = "".join(stand if b in HOLES else bytes([b]).decode("cp1252") for b in raw).encode()
    assert text in _offered(data)


@pytest.mark.parametrize("cut", [1, 2])
def test_a_character_cut_at_the_end_after_any_of_its_bytes_is_u_fffd(cut: int) -> None:
    # 日本語のテキストです cut inside す (E3 81 99): after its second byte, or after its lead byte.
    text = "日本語のテキストです"
    data = text.encode()[:-cut].decode(WIN).encode()
    best = explain(data)[0]
    assert best.text == text[:-1] + "\ufffd"
    assert best.words == ["utf-8 read as windows-1252", "repaired: cut inside a character"]


def test_a_letter_at_the_end_of_latin_text_is_no_character_cut_after_its_lead_byte() -> None:
    # é read as windows-1252 is E9, the lead byte of a three-byte character:
    # in text with no such character it is a letter, and "fine" stays sure.
    for text in ("Le menu du café", "je suis allé", "voilà"):
        found = explain(text.encode(), limit=5)
        assert found[0].unchanged and found[0].confidence >= 0.9
        assert not any("repaired: cut inside a character" in e.words for e in found)


def test_a_dropped_byte_inside_a_character_fills_where_the_character_is_likelier() -> None:
    # の is E3 81 AE: with 81 dropped the bytes are E3 AE, and E3 AE 81 (㮁) is
    # UTF-8 too; the fill goes where it makes the likelier character.
    decoded = decode_with_holes("の名前".encode().replace(b"\x81", b""), HOLES, allow_cut=False)
    assert decoded is not None and decoded[0] == "の名前"
    assert "㮁" in decoded[1][0].alternatives


def test_devanagari_virama_is_the_likelier_fill_than_a_vowel_sign() -> None:
    # ् (E0 A5 8D) and ु (E0 A5 81) both fill E0 A5: the word lists use the virama more.
    assert "्" in by_frequency()
    assert rarity("्") < rarity("ु")


def test_a_lost_byte_fills_a_character_the_words_use_before_one_they_never_do() -> None:
    # 판 (ED 8C 90) is a syllable the Korean frequent words use, if rarely
    # (its rank among their letters is past 500); 팁 (ED 8C 81) one they never
    # do. Both priced alike alone, the one they use wins.
    assert by_frequency().index("판") > 500 and "팁" not in by_frequency()
    assert rarity("판") < rarity("팁")
    text = "이 책은 2판입니다"
    misread = text.encode().decode("cp1252", "replace")  # 9D and 90 are lost as U+FFFD
    best = explain(misread.encode())[0]
    assert best.text == text
    assert [lost.guess for lost in best.lost] == ["이", "은", "판"]
    assert "팁" in best.lost[2].alternatives


@pytest.mark.parametrize(
    ("text", "lost"),
    [
        # Cyrillic En (D0 9D) and A (D0 90) both fill D0 before a small a:
        # the words begin with En and a often, with two a hardly ever.
        ("Натисніть", "Н"),
        # 序 (E5 BA 8F) and 庭 (E5 BA AD, a soft hyphen a copy lost) both
        # fill E5 BA after 有: the words hold 有序.
        ("有序抖动", "序"),
    ],
)
def test_a_lost_byte_fills_the_character_its_neighbours_make_likelier(text: str, lost: str) -> None:
    raw = "".join("" if b in HOLES else bytes([b]).decode("cp1252") for b in text.encode())
    decoded = decode_with_holes(raw.encode("cp1252"), HOLES, allow_cut=False, invisible=b"\xad")
    assert decoded is not None
    assert decoded[0] == text
    first = decoded[1][0]
    assert first.char == lost and len(first.alternatives) >= 2


def test_a_byte_lost_under_two_layers_is_judged_by_the_character_it_makes_deeper() -> None:
    # नफ्री read as windows-1252 twice, the second reader writing "?" for 8D:
    # the fill is a C1 control whose meaning is three characters deep (the virama,
    # which the frequent words use often, against ॐ, priced lower alone but rare).
    once = "नन-फ्री".encode().decode(WIN)
    twice = "".join("?" if b in HOLES else bytes([b]).decode("cp1252") for b in once.encode())
    decoded = decode_with_holes(twice.encode("cp1252"), HOLES, allow_cut=True)
    assert decoded is not None
    assert decoded[0] == once


def _c1_stripped(text: str) -> bytes:
    """``text`` as UTF-8 read as latin-1, its C1 controls stripped, saved as UTF-8."""
    read = text.encode().decode("latin-1")
    return "".join(c for c in read if not "\x80" <= c <= "\x9f").encode()


@pytest.mark.parametrize(
    "text", ["Il est peut-Être là, dans l'Être", "Józefosław", "ŁÓDŹ i Łódź", "Příliš žluťoučký"]
)
def test_utf8_read_as_latin1_whose_c1_controls_were_stripped_is_repaired(text: str) -> None:
    # ł is C5 82: read as latin-1, Å and U+0082, a control a program strips.
    best = explain(_c1_stripped(text))[0]
    assert best.text == text
    assert best.words[0] == "utf-8 read as latin-1"
    assert best.lost and all(lost.what == C1_STRIPPED for lost in best.lost)


def _soft_hyphen_lost(text: str) -> bytes:
    """``text`` as UTF-8 read as windows-1252, copied from a page that showed
    its soft hyphens (AD: the last byte of í, ح, 字) as nothing."""
    return text.encode().decode("cp1252").replace("\xad", "").encode()


@pytest.mark.parametrize(
    "text",
    [
        # Inside a word.
        "Política de privacidad",
        "Información sobre el artículo",
        "بسم الله الرحمن الرحيم",
        # At a word's end. Before a space, Ã is also à whose no-break space
        # became the space; the words tell which (así is a word, asà and asày are not).
        "Dijo que sí, claro que sí.",
        "Es así y no de otra manera",
        "první a poslední den",
    ],
)
def test_a_soft_hyphen_a_copy_lost_is_guessed(text: str) -> None:
    best = explain(_soft_hyphen_lost(text))[0]
    assert best.text == text
    assert best.lost and {lost.what for lost in best.lost} == {"dropped"}


def test_a_soft_hyphen_lost_under_two_misreadings_is_told_from_a_no_break_space() -> None:
    # Thành's à ends in A0 (its space the no-break space), Chí's í in AD
    # (lost, the space a real one): both are ÃƒÂ and a space.
    text = "Thành phố Hồ Chí Minh"
    twice = text.encode().decode("cp1252").encode().decode("cp1252")
    data = twice.replace("\xad", "").replace("\xa0", " ").encode()
    assert data.count("ÃƒÂ ".encode()) == 2
    assert explain(data)[0].text == text


def test_a_no_break_space_lost_under_two_misreadings_keeps_the_space_after_it() -> None:
    # à's A0, read twice, is Â and a no-break space; HTML collapsed it with
    # the space after it: àla is no word, à is.
    text = "Il est allé à la plage"
    twice = text.encode().decode("cp1252").encode().decode("cp1252")
    data = twice.replace("\xa0 ", " ").encode()
    assert "ÃƒÂ la".encode() in data
    assert explain(data)[0].text == text


def test_a_lost_byte_before_a_capital_is_no_soft_hyphen() -> None:
    # Ã before a capital is Á or Í with its 81 or 8D dropped (cp1252 leaves
    # them undefined), not í: a soft hyphen stands inside a word.
    data = "ÁFRICA y la reunión".encode().decode("cp1252", "ignore").encode()
    best = explain(data)[0]
    assert best.text == "ÁFRICA y la reunión"


def test_a_text_that_kept_its_c1_controls_lost_none_of_them() -> None:
    # The quote's C1 controls are still there: the program that read the
    # text as latin-1 kept them, so the lead byte alone is no stripped one.
    data = ("Józefosław".encode().decode("latin-1").replace("\x82", "") + " ’").encode()
    data = data.replace("’".encode(), "’".encode().decode("latin-1").encode())
    assert "\x80".encode() in data
    found = explain(data, limit=5)
    assert not any(e.lost and e.words[0] == "utf-8 read as latin-1" for e in found)
    assert _c1_stripped("Józefosław") in data


def test_a_lead_byte_alone_is_no_stripped_c1_control_where_nothing_else_was_read_so() -> None:
    # È before a letter, and no other sign of a latin-1 reading: no hole to
    # fill (Québec read as mac-roman is QuÈbec; ș, C8 99, is no repair).
    found = explain("QuÈbec".encode(), limit=5)
    assert not any(e.lost and e.words[0] == "utf-8 read as latin-1" for e in found)


def test_a_guessed_capital_inside_a_word_in_lower_case_is_the_less_likely() -> None:
    # ł (C5 82) and Ł (C5 81) are one letter to the word lists: in the middle
    # of a word written in lower case the capital is the oddity.
    raw = "Józefos".encode() + b"\xc5" + b"aw"
    decoded = decode_with_holes(raw, bytes(range(0x80, 0xA0)), allow_cut=False)
    assert decoded is not None and decoded[0] == "Józefosław"
    assert "Ł" in decoded[1][0].alternatives


#: ï read as windows-1252 is Ã¯, which a program that strips accents writes
#: A¯; ä read as cp437 is ├ñ, which one that draws boxes in ASCII writes +ñ.
STRIPPED = ("A", "utf-8 read as windows-1252", "accent stripped")
DRAWN = ("+", "utf-8 read as cp437", "box drawing written in ASCII")


@pytest.mark.parametrize(
    ("shown", "text", "how"),
    [
        ("LegaA¯a 2", "Legaïa 2", STRIPPED),
        ("CafA© crA¨me brA»lA©e", "Café crème brûlée", STRIPPED),
        (
            "Die Datei wurde ge+ñndert, bitte w+ñhlen Sie eine andere.",
            "Die Datei wurde geändert, bitte wählen Sie eine andere.",
            DRAWN,
        ),
        ("La fen+¬tre est ferm+⌐e.", "La fenêtre est fermée.", DRAWN),
        # ó, C3 B3, is ├│: both bytes drawn; the word chooses among the letters.
        ("Programaci+|n en C++ y m+ís", "Programación en C++ y más", DRAWN),
    ],
)
def test_a_lead_a_program_wrote_in_ascii_is_guessed(
    shown: str, text: str, how: tuple[str, str, str]
) -> None:
    stand_in, reading, what = how
    best = explain(shown.encode())[0]
    assert best.text == text
    assert best.words[0] == reading
    assert best.lost and {lost.what for lost in best.lost} == {what}
    at = shown.index(stand_in)
    assert best.lost[0].start == at and best.lost[0].guess == text[at]


def test_a_box_is_a_drawn_lead_only_beside_a_letter() -> None:
    # A sum or a version, C++, is no box: the text stays as it is.
    for shown in ("C++ and +½ and a+b", "version 2+ ½ price"):
        assert explain(shown.encode())[0].unchanged
    # Two boxes are drawn letters only where they make a known word.
    best = explain("I like C++ and a++b, Schl++sseldatei but caf+⌐".encode())[0]
    assert best.text == "I like C++ and a++b, Schl++sseldatei but café"


def test_ascii_text_with_letters_drawn_as_boxes_is_read_back_by_the_words() -> None:
    # ü read by a DOS console is ├╝, which a program wrote as ++: the text is
    # ASCII, which no code page is asked to read back.
    best = explain(b"Startbyte der PNM-Datei ist ung++ltig")[0]
    assert best.text == "Startbyte der PNM-Datei ist ungültig"
    assert [(x.start, x.end, x.what, x.guess) for x in best.lost] == [
        (31, 33, "box drawing written in ASCII", "ü")
    ]
    for correct in (b"I like C++ and a++b", b"x = i++ + j++;", b"see a+|b"):
        assert explain(correct)[0].unchanged


def test_an_a_is_a_stripped_lead_only_inside_a_word_before_one_continuation_byte() -> None:
    # At a word's start ("A°"), or before two continuation bytes, it is no fold.
    for shown in ("Set A° to 40", "xA\u00a9\u00a9y"):
        raw = shown.encode("cp1252")
        assert decode_with_holes(raw, b"", allow_cut=False, folded={ord("A"): b"\xc2\xc3"}) is None
    decoded = decode_with_holes(b"LegaA\xafa", b"", allow_cut=False, folded={ord("A"): b"\xc2\xc3"})
    assert decoded is not None and decoded[0] == "Legaïa"


_STRAIGHT = {0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'}


def _straightened(text: str) -> bytes:
    """``text`` as UTF-8 read as windows-1252, its curly quotes written
    straight by a program that straightens quotes, saved as UTF-8."""
    return text.encode().decode("cp1252").translate(_STRAIGHT).encode()


@pytest.mark.parametrize(
    "text",
    ["ESPAÑOL", "Győr és Pécs között", "el AÑO NUEVO en CÓRDOBA", "Œuvres complètes", "dēzl"],
)
def test_utf8_read_as_windows_1252_whose_quotes_were_straightened_is_repaired(text: str) -> None:
    # Ñ is C3 91: read as windows-1252, Ã and a left single quotation mark, written as '.
    best = explain(_straightened(text))[0]
    assert best.text == text
    assert best.words[0] == "utf-8 read as windows-1252"
    assert best.lost and {lost.what for lost in best.lost} == {"quote straightened"}


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(list("aB éÑÒÓÔőē–—")), max_size=30))
def test_a_straightened_quote_is_guessed_among_the_characters_it_stands_for(
    chars: list[str],
) -> None:
    text = "".join(chars)
    raw = _straightened(text).decode().encode("cp1252")  # what undoing the reading gives
    quotes = {ord("'"): b"\x91\x92", ord('"'): b"\x93\x94"}
    decoded = decode_with_holes(raw, b"", allow_cut=False, straightened=quotes)
    assert decoded is not None
    filled, guesses = decoded
    assert len(filled) == len(text)
    stood = [i for i, c in enumerate(text) if 0x91 <= c.encode()[-1] <= 0x94]
    assert [g.at_char for g in guesses] == stood
    for guess in guesses:
        assert guess.what == "quote straightened"
        original = text[guess.at_char]
        assert original == filled[guess.at_char] or original in guess.alternatives
    assert all(filled[i] == c for i, c in enumerate(text) if i not in stood)


@pytest.mark.parametrize(
    ("text", "dash"),
    [("Dry Run \u2014 feature removed", "\u2014"), ("between 2010\u20132015", "\u2013")],
)
def test_a_straightened_quote_that_was_a_dash_is_the_commoner_dash_but_in_a_range(
    text: str, dash: str
) -> None:
    # U+2013 (E2 80 93) and U+2014 (E2 80 94) read as windows-1252 end in “ and ”, both
    # straightened to ": priced alike, the em dash, commoner in the training
    # texts, comes first, but between digits the en dash of a range.
    best = explain(_straightened(text))[0]
    assert best.text == text
    assert dash in best.text
    assert {"\u2013", "\u2014"} - {dash} <= set(best.lost[0].alternatives)


@pytest.mark.parametrize(
    ("text", "reader"),
    [
        ("请输入您的用户名", "gbk"),
        ("Zürich, café", "gbk"),
        ("ファイルを開けません", "shift_jis"),
        ("Crème brûlée, Zürich", "shift_jis"),
    ],
)
def test_utf8_read_as_gbk_or_shift_jis_is_repaired(text: str, reader: str) -> None:
    shown = text.encode().decode(reader)
    best = explain(shown.encode())[0]
    assert best.text == text
    assert best.chain == Chain((Misreading("utf-8", reader),))
    assert repair_text(best.chain, shown.encode()) == text


def test_utf8_read_as_gbk_with_a_byte_lost_to_u_fffd_keeps_its_chain() -> None:
    text = "中文字符"  # 12 bytes of UTF-8; GBK's pairs leave two bytes alone
    shown = text.encode().decode("gbk", "replace")
    assert "\ufffd" in shown
    readings = explain(shown.encode())
    assert readings[0].chain == Chain((Misreading("utf-8", "gbk"),))
    assert readings[0].lost  # the lost bytes are guessed, and say so


def test_correct_chinese_and_japanese_are_fine_as_they_are() -> None:
    for text in ("中文文本没有问题，谢谢。", "日本語のテキストです。カタカナも。"):
        best = explain(text.encode())[0]
        assert best.unchanged and best.text == text


@pytest.mark.parametrize(
    ("text", "writer", "reader"),
    [
        ("C:\\.\n├───src\n│   └───main\n└───tests", "cp437", "windows-1252"),
        ("новая папка и старый документ", "cp866", "windows-1252"),
    ],
)
def test_dos_text_read_as_a_windows_code_page_is_repaired(
    text: str, writer: str, reader: str
) -> None:
    shown = text.encode(writer).decode(reader, "replace")
    if "\ufffd" in shown:
        pytest.fail(f"{writer} read as {reader} loses bytes of {text!r}: pick another text")
    best = explain(shown.encode())[0]
    assert best.text == text
    assert best.chain == Chain((Misreading(writer, reader),))


def test_bytes_lost_under_shift_jis_are_named_on_the_characters_they_stand_in() -> None:
    text = "名前,都市\n山田太郎,東京\n"
    shown = text.encode().decode("shift_jis", "replace")
    best = explain(shown.encode())[0]
    assert best.chain == Chain((Misreading("utf-8", "shift_jis"),))
    data = shown.encode()
    assert [data[x.start : x.end].decode() for x in best.lost] == ["蟶\ufffd", "驛\ufffd"]
    assert best.text.startswith("名前,都市")  # the commonest Han character fills the hole


def test_a_lost_byte_fills_a_common_sign_before_one_of_thousands_of_symbols() -> None:
    # • (E2 80 A2) read as latin-1 with its C1 control 80 stripped is E2 A2;
    # ☢ (E2 98 A2) fills it too. A sign of a class of 34 is likelier than
    # one rare symbol among thousands.
    assert class_size("•") < 50 < 2000 < class_size("☢")
    decoded = decode_with_holes("•Polished".encode().replace(b"\x80", b""), C1, allow_cut=False)
    assert decoded is not None and decoded[0] == "•Polished"
    assert "☢" in decoded[1][0].alternatives


def test_a_byte_lost_inside_a_character_before_a_space_is_guessed_there() -> None:
    # • (E2 80 A2) before a space, its 80 stripped: the lost byte is the
    # character's middle one, not a no-break space after A2 (⢠).
    decoded = decode_with_holes("• Polished".encode().replace(b"\x80", b""), C1, allow_cut=False)
    assert decoded is not None and decoded[0] == "• Polished"
    misread = "Finishing • Polished chrome".encode().decode("latin-1").replace("\x80", "")
    assert explain(misread.encode())[0].text == "Finishing • Polished chrome"


def test_a_symbol_a_guess_may_make_yields_to_a_commoner_sign() -> None:
    # ” (E2 80 9D) read as cp1252 loses its 9D; ❀ (E2 9D 80) fills the hole
    # too, a common symbol whose class the model likes more than a sign's.
    text = "He said “hello” and left; she answered “goodbye”."
    misread = text.encode().decode("cp1252", "ignore")
    assert explain(misread.encode())[0].text == text


def test_a_lost_byte_in_a_script_without_a_word_list_fills_its_dictionarys_commoner_letter() -> (
    None
):
    # แ (E0 B9 81) with 81 lost is E0 B9; the mark ํ (E0 B9 8D) fills it too.
    # No word list is Thai; Thai's spelling dictionary holds แ far more often.
    assert "แ" not in by_frequency()
    assert script_letters()["แ"] > 0.01 > script_letters().get("ํ", 0.0)
    text = "จังหวัดแพร่"
    decoded = decode_with_holes(text.encode().replace(b"\x81", b""), HOLES, allow_cut=False)
    assert decoded is not None and decoded[0] == text
    assert "ํ" in decoded[1][0].alternatives


def test_a_lost_byte_in_gujarati_fills_the_virama_its_dictionary_calls_for() -> None:
    # The virama ્ (E0 AB 8D) and the vowel sign u ુ (E0 AB 81) both lose
    # their last byte to windows-1252, and both fill E0 AB; Gujarati's
    # dictionary writes the virama between these consonants.
    text = "પ્રાપ્ત"
    decoded = decode_with_holes(text.encode().replace(b"\x8d", b""), HOLES, allow_cut=False)
    assert decoded is not None and decoded[0] == text
    assert [guess.char for guess in decoded[1]] == ["્", "્"]
    assert all("ુ" in guess.alternatives for guess in decoded[1])
