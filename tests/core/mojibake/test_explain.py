# ruff: noqa: RUF001, RUF003 - mojibake is made of look-alike characters
"""The mojibake explainer's contracts (issue 14): each damage kind gets its
repair with the ranges, lost bytes and alternatives it claims, and any
bytes get ranked readings with the text as it is among them (chains
themselves are test_chain.py's, streaming test_stream.py's, the hint
test_hint.py's)."""

from __future__ import annotations

import importlib
from itertools import pairwise

import pytest
from helpers.properties import property_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import (
    IDENTITY,
    Chain,
    Misreading,
    apply_chain,
    damage,
    explain,
    model,
    mojibake_hint,
    verify_chain,
)
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.explain import UNSURE_CONFIDENCE
from mojiscope.core.mojibake.features import fold
from mojiscope.core.mojibake.lost_letters import letters_lost
from mojiscope.core.mojibake.plan import plan_of_explanation
from mojiscope.core.system.source import BytesSource

explain_module = importlib.import_module("mojiscope.core.mojibake.explain")

PROPERTY = property_settings(60)

WIN = Chain((Misreading("utf-8", "windows-1252"),))
WIN_CODEC = "whatwg-windows-1252"
SJIS = Chain((Misreading("shift_jis", "windows-1252"),))


# -- explanations ------------------------------------------------------------------


def test_utf8_read_as_windows_1252_is_found_with_its_ranges() -> None:
    data = "CafÃ© crÃ¨me".encode()
    best = explain(data)[0]
    assert best.text == "Café crème"
    assert best.words == ["utf-8 read as windows-1252"]
    assert best.ranges == ((3, 7), (10, 14))
    assert best.confidence > 0.5


def test_fine_as_is_is_always_a_candidate_and_wins_for_correct_text() -> None:
    for text in ["Café crème", "Ω ≈ 1", "日本語のテキスト", "plain"]:
        results = explain(text.encode())
        assert results[0].unchanged and results[0].text == text
    assert any(e.unchanged for e in explain("CafÃ©".encode()))


def test_html_whose_only_non_ascii_characters_are_no_break_spaces_is_fine() -> None:
    # Read back through a DOS or Mac code page, a no-break space is a legacy
    # code page's sign (cp1250 through cp437: "\u02d9"), letter (cp1254
    # through Mac Roman: "\u00ca") or, two of them, a GBK character.
    lines = [
        "<title>13.\u00a0Cachegrind: a cache and branch-prediction profiler</title>",
        '<keyword type="function" name="asn1_parser2tree\u00a0()" link="x.html"/>',
        "<p>\u00a0\u00a0\u00a0\u00a0Copyright (C) 1989, 1991 Free Software Foundation</p>",
    ]
    data = "\n".join(lines * 20).encode()
    best = explain(data)[0]
    assert best.chain.is_identity and not best.parts, best.words
    assert best.confidence >= 0.9


def test_confidences_are_probabilities_best_first() -> None:
    results = explain("Ð¡ÑŠÐµÑˆÑŒ Ð¶Ðµ ÐµÑ‰Ñ‘".encode())
    confidences = [e.confidence for e in results]
    assert confidences == sorted(confidences, reverse=True)
    assert min(confidences) >= 0.0 and sum(confidences) <= 1.0001
    assert results[0].text == "Съешь же ещё"


def test_question_mark_for_an_undefined_byte_is_guessed_with_alternatives() -> None:
    # "Á" is C3 81; cp1252 cannot read 81, the program wrote "?".
    results = explain("Ã?LVARO llegÃ³ tarde".encode())
    repaired = next(e for e in results if e.lost)
    assert repaired.text == "ÁLVARO llegó tarde"
    (lost,) = repaired.lost
    assert (lost.start, lost.end, lost.what, lost.guess) == (0, 3, "question mark", "Á")
    assert set(lost.alternatives) == {"Í", "Ï", "Ð", "Ý"}


def test_a_misread_row_repeating_a_correct_rows_values_is_repaired() -> None:
    # The repair makes São Paulo again, as the correct rows hold it: in a
    # table that is no quotation of mojibake beside its repair (counted so,
    # the repair tied with the text as it is at 0.5).
    good = "1;José Silva;São Paulo\n2;João Araújo;São Paulo\n"
    bad = "3;Pedro Alves;São Paulo\n"
    best = explain(good.encode() + damage(WIN, bad))[0]
    assert best.text == good + bad
    assert best.words == ["utf-8 read as windows-1252 (some parts)"]
    assert best.confidence > 0.5


def test_no_break_space_turned_space_is_restored() -> None:
    best = explain("Le menu Ã  la carte, Ã  midi, trÃ¨s bien".encode())[0]
    assert best.text == "Le menu à la carte, à midi, très bien"
    assert [x.what for x in best.lost] == ["no-break space became space"] * 2


def test_only_the_damaged_lines_get_a_chain() -> None:
    good, bad = "Müller;Nürnberg\r\n", "Schäfer;Düsseldorf\r\n"
    data = good.encode() + damage(WIN, bad)
    best = explain(data)[0]
    assert best.text == good + bad
    assert [(p.start, p.end, p.chain.is_identity) for p in best.parts] == [
        (0, len(good.encode()), True),
        (len(good.encode()), len(data), False),
    ]
    assert best.words == ["utf-8 read as windows-1252 (some parts)"]
    assert all(start >= len(good.encode()) for start, _ in best.ranges)


def test_legacy_bytes_on_disk_are_named() -> None:
    best = explain("Съешь же ещё этих мягких французских булок".encode("cp1251"))[0]
    assert best.words == ["written as cp1251"]
    assert best.text == "Съешь же ещё этих мягких французских булок"


def test_shift_jis_read_as_windows_1252_is_undone() -> None:
    best = explain(damage(SJIS, "新しい資料を添付しました"))[0]
    assert best.text == "新しい資料を添付しました"
    assert best.words == ["shift_jis read as windows-1252"]


def test_utf16_read_as_latin1_is_undone() -> None:
    chain = Chain((Misreading("utf-16le", "latin-1"),))
    best = explain(damage(chain, "Größe und Qualität"))[0]
    assert best.text == "Größe und Qualität"


@pytest.mark.parametrize("order", ["utf-16le", "utf-16be"])
@pytest.mark.parametrize("text", ["украинска — републикански стандарт", "ସାମ୍ପ୍ରତିକ ପ୍ରବେଶ ସଙ୍କେତ:"])
def test_utf16_of_one_script_with_few_nuls_is_read(text: str, order: str) -> None:
    # Three spaces hold the only NULs (fewer than one in 16 bytes); the high
    # bytes (04 for Cyrillic, 0B for Oriya) are half the bytes.
    data = text.encode(order).decode("cp1252").encode()
    assert data.count(0) * 16 < len(data)
    best = explain(data)[0]
    assert best.text == text
    assert best.words == [f"written as {order}"]


def test_text_whose_bytes_repeat_at_one_parity_alone_is_not_read_as_utf16() -> None:
    # Every other byte a space: the high bytes of UTF-16 would be 20 (U+2000s,
    # spaces and punctuation) and the text no more readable as UTF-16.
    best = explain(b"a b c d e f g h i j k l m n o p ")[0]
    assert best.unchanged


def test_alternatives_say_what_tells_them_apart() -> None:
    first, second = explain("Le cafÃ© est trÃ¨s bon".encode())[:2]
    assert first.differs.startswith("at character ")
    assert repr(second.text[6:8]) not in first.differs or second.text != first.text


def test_long_input_is_explained_from_a_sample() -> None:
    data = damage(WIN, "Café crème et thé.\n" * 4000)
    best = explain(data)[0]
    assert best.sampled and best.words == ["utf-8 read as windows-1252"]
    out: list[bytes] = []
    verify_chain(best.chain, BytesSource(data), out.append)
    assert b"".join(out) == ("Café crème et thé.\n" * 4000).encode()


FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
fragments = st.sampled_from(
    [
        b"\xc3",
        b"\xc3\x83",
        b"\xc2\xa9",
        b"\xe2\x80",
        b"?",
        b" ",
        b"\x00",
        b"\xff\xfe",
        b"\x81",
        b"a",
    ]
)
mojibake_like = st.lists(st.one_of(fragments, st.binary(max_size=4)), max_size=24).map(b"".join)


@FUZZ
@given(data=st.one_of(st.binary(max_size=64), mojibake_like))
def test_any_bytes_get_ranked_readings_with_the_unchanged_one_among_them(data: bytes) -> None:
    results = explain(data)
    assert any(r.unchanged for r in results)
    assert all(0.0 <= r.confidence <= 1.0 for r in results)
    for r in results:
        assert all(0 <= start <= end <= len(data) for start, end in r.ranges)
        assert all(0 <= x.start <= x.end <= len(data) for x in r.lost)
        if not r.lost and not r.parts and "\ufffd" not in r.text:
            assert apply_chain(r.chain, data, "replace") == r.text.encode("utf-8", "surrogatepass")


def test_ranges_of_shift_jis_on_disk_hold_the_ascii_trail_byte() -> None:
    data = "見積書_2024年4月.xlsx".encode("shift_jis")  # 年 is 94 4E: its trail is "N"
    best = explain(data)[0]
    assert best.words == ["written as shift_jis"]
    assert best.ranges == ((0, 6), (11, 13), (14, 16))


# -- features ----------------------------------------------------------------------


def test_words_are_looked_up_as_the_word_lists_hold_them() -> None:
    assert fold("İstanbul") == "istanbul"  # not "i" and a combining dot
    assert fold("Straße") == "strasse"


@pytest.mark.xfail(
    strict=True,
    reason="known failure: a dropped 81 leaves the [ of 81 5B (the long vowel mark), which "
    "Shift_JIS reads as text; nothing in the bytes tells the loss, and the repair is sure",
)
def test_shift_jis_whose_81_bytes_a_reader_dropped_is_not_a_confident_wrong_repair() -> None:
    text = "データベースのサーバーに接続できません。"
    raw = text.encode("shift_jis")
    assert b"\x81" in raw
    data = "".join("" if b == 0x81 else bytes([b]).decode(WIN_CODEC) for b in raw).encode()
    best = explain(data)[0]
    assert best.text == text or best.confidence < 0.9, (best.words, best.text, best.confidence)


# -- readings left priced by a bound -----------------------------------------------

NAMES = ["José Müller", "Ana Núñez", "Renée Åström", "Jürgen Groß", "Zürich", "Kraków", "ok"]
ROWS = st.lists(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(0, 999)), max_size=12
).map(lambda rows: "".join(f"{i},{a},{b}\n" for a, b, i in rows))
WRITTEN = st.sampled_from(["utf-8", "windows-1252 misread", "cp1251 misread", "cp1252"])


def _written(text: str, how: str) -> bytes:
    if how == "utf-8":
        return text.encode()
    if how == "windows-1252 misread":
        return text.encode().decode("cp1252", "replace").encode()
    if how == "cp1251 misread":
        return text.encode("cp1252", "replace").decode("cp1251", "replace").encode()
    return text.encode("cp1252", "replace")


@PROPERTY
@given(text=ROWS, how=WRITTEN, limit=st.sampled_from([2, 3, 5]))
def test_readings_left_bound_change_no_explanation(text: str, how: str, limit: int) -> None:
    data = _written(text, how)
    fast = explain(data, limit=limit)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(explain_module, "BOUNDED_LIMIT", 0)  # every reading scored
        assert explain(data, limit=limit) == fast


def test_a_reading_of_the_same_text_by_another_chain_is_compared_by_its_score() -> None:
    # cp1254 and windows-1252 read these bytes alike (Szõke Ödön); a bound
    # price kept the cp1254 chain over the scored windows-1252 one, whose
    # prior is higher, and another reading came first.
    data = "Szőke Ödön".encode("cp1250").decode("cp437").encode()
    fast = explain(data, limit=2)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(explain_module, "BOUNDED_LIMIT", 0)  # every reading scored
        assert explain(data, limit=2) == fast


def test_legacy_origins_far_dearer_than_the_best_two_are_left_unscored() -> None:
    data = "".join(f"{i},José Müller,Ana Núñez,Zürich\n" for i in range(20)).encode()
    readings, _parts, identity, _confidences = explain_module._ranked(data, 2)
    assert readings[0] is identity
    assert any(h.bound for h in readings)


@pytest.mark.parametrize(
    "text",
    ["Xq\ufffdzv un nouveau document", "Lac P?ribonka, Québec", "Unq\ufffdltiges Zertifikat"],
)
def test_text_as_it_is_with_a_lost_letter_is_not_surely_fine(text: str) -> None:
    best = explain(text.encode())[0]
    assert best.unchanged and best.confidence <= UNSURE_CONFIDENCE


@pytest.mark.parametrize(
    "text",
    [
        "Der S\u0435rver benutzt",
        "Xq╤zv wrote",
        "rÃⒸ#",
        "Vclav Novek",
        "Configurao",
        # Latin-1 read by a lenient UTF-8 decoder (järgida), no known word read back.
        "nimeviidet ei saa j䲧ida",
    ],
)
def test_text_as_it_is_with_what_damage_leaves_is_not_surely_fine(text: str) -> None:
    best = explain(text.encode())[0]
    assert best.unchanged and best.confidence <= UNSURE_CONFIDENCE
    assert best.oddities and all(text.encode()[o.start : o.end] for o in best.oddities)
    assert all(not e.oddities for e in explain(text.encode())[1:])


def test_western_text_read_as_another_code_page_is_read_back_where_it_makes_words() -> None:
    best = explain("Le Th\u03b9\u03b2tre de la ville".encode())[0]
    assert best.text == "Le Théâtre de la ville"
    assert best.words == ["windows-1252 read as cp1253"]
    science = explain("the IFN\u03b3 response of T cells".encode())[0]
    assert science.unchanged  # IFNã is no word: Greek in a Latin word is left
    assert explain("Café crème, Søren".encode())[0].unchanged


@pytest.mark.parametrize(
    ("text", "reader"),
    [
        # "cuéntenos" is no frequent word; ╔ between two letters says the word was misread.
        ("CU╔NTENOS EN ESPA╤OL", "cp437"),
        ("Ville de QuÈbec, Canada", "mac-roman"),
    ],
)
def test_western_text_read_as_a_dos_or_mac_code_page_is_read_back(text: str, reader: str) -> None:
    best = explain(text.encode())[0]
    assert best.text == text.encode(python_codec(reader)).decode("cp1252")
    assert best.words == [f"windows-1252 read as {reader}"]
    assert not best.oddities


def test_a_line_of_western_text_read_as_cp437_is_named_so_beside_misread_utf8() -> None:
    # cp1254 reads É and Ñ as windows-1252 does: the same text, the story of the Spanish.
    data = "id,city\n2,CU╔NTENOS EN ESPA╤OL\n3,CafÃ© crÃ¨me\n".encode()
    best = explain(data)[0]
    assert best.text == "id,city\n2,CUÉNTENOS EN ESPAÑOL\n3,Café crème\n"
    assert sorted(p.chain.words[0] for p in best.parts if not p.chain.is_identity) == [
        "utf-8 read as windows-1252",
        "windows-1252 read as cp437",
    ]


def test_western_text_read_as_a_code_page_that_leaves_only_letters_is_read_back() -> None:
    # Swedish in windows-1252 read as cp1250: å is ĺ, a letter between letters,
    # so nothing looks odd; only the words say so ("på" and "många" are words).
    swedish = "Vi bor på landet och har många vänner där."
    misread = swedish.encode("cp1252").decode("cp1250")
    assert "ĺ" in misread
    best = explain(misread.encode())[0]
    assert best.text == swedish
    assert best.words == ["windows-1252 read as cp1250"]
    # Text whose words are known as they stand is not offered another reading.
    slovak = "Pán Ľubomír čítal knihu o dĺžke rieky a o tom, čo je pravda."
    assert explain(slovak.encode())[0].unchanged


def test_utf8_read_as_latin_2_is_told_from_cp1250_by_where_german_writes_sharp_s() -> None:
    # ü (C3 BC) read as latin-2 is Ăź; read back through cp1250, whose 9F
    # is ź, it is ß, which no word starts with.
    data = "üzenet".encode().decode("iso-8859-2").encode()
    best = explain(data)[0]
    assert best.text == "üzenet"
    assert best.words == ["utf-8 read as iso-8859-2"]


def test_two_chinese_characters_from_gbk_read_as_windows_1252_are_read_back() -> None:
    # Read from the same bytes as EUC-JP they are 低挫 and as EUC-KR 콱봤,
    # common characters both; only 你好 is a pair Chinese words hold. A near
    # tie with the text as it is (one known Han pair against a legacy chain's
    # prior): refits have moved it either way, and it was an expected
    # failure until the one that drew legacy pieces in training.
    data = "# hello 你好".encode("gbk").decode("cp1252").encode()
    best = explain(data)[0]
    assert best.text == "# hello 你好"
    assert best.words == ["gbk read as windows-1252"]


@pytest.mark.parametrize("text", ["Kızılırmak kıyısında", "Kısıtlı yazılımlar yüklenemedi"])
def test_turkish_read_as_windows_1252_is_read_back_by_its_rarer_words(text: str) -> None:
    # ı is FD in cp1254 and ý in windows-1252; the words are among Turkish's
    # rarer ones (lexicon.completion_words), Kýzýlýrmak is no word at all.
    data = text.encode("cp1254").decode("cp1252").encode()
    best = explain(data)[0]
    assert best.text == text
    assert best.words == ["cp1254 read as windows-1252"]


def test_legacy_text_read_as_windows_1252_beside_misread_utf8_is_read_line_by_line() -> None:
    russian = "Съешь же ещё этих мягких булок"
    german = "Die Größe der Übersetzung hängt von der Qualität ab"
    lines = [
        "id,text",
        f"1,{russian}".encode("cp1251").decode("cp1252"),
        f"2,{german}".encode().decode("cp1252"),
        "3,plain",
    ]
    best = explain("".join(f"{line}\n" for line in lines).encode())[0]
    assert best.text == f"id,text\n1,{russian}\n2,{german}\n3,plain\n"
    assert [p.chain.words for p in best.parts if not p.chain.is_identity] == [
        ["cp1251 read as windows-1252"],
        ["utf-8 read as windows-1252"],
    ]


def test_a_repair_that_makes_what_damage_leaves_is_not_sure() -> None:
    text = "Offici\u00e2\u0161\u00b4le gecre\u00e2\u0161\u00b4erde patatten"
    best = explain(text.encode())[0]
    assert best.text == "Offici\u26b4le gecre\u26b4erde patatten"  # a sign inside words
    assert best.confidence <= UNSURE_CONFIDENCE


def test_a_legacy_reading_of_utf8_that_lost_its_c1_controls_is_not_sure() -> None:
    # ファイル as UTF-8, read as latin-1, its C1 controls (the 81-83 of each
    # kana) stripped: cp874 reads the rest as Thai, a guess against the
    # reading that lost two bytes of some characters, which no search makes;
    # neither it nor the text as it is (the bytes show damage) is sure.
    text = '"menu_filename": "\u00e3\u00e3\u00a1\u00e3\u00a4\u00e3\u00ab"'
    found = explain(text.encode())
    assert any(model.legacy_origin(e.chain) for e in found)
    assert found[0].confidence <= UNSURE_CONFIDENCE
    # The same kana with their C1 controls kept are read back, and sure.
    kept = "\u30d5\u30a1\u30a4\u30eb".encode().decode("latin-1")
    sure = explain(kept.encode())[0]
    assert sure.text == "\u30d5\u30a1\u30a4\u30eb" and sure.confidence > 0.9


def test_ascii_holding_iso_2022_jp_without_escapes_is_read_back_and_not_sure_as_it_is() -> None:
    # 株式会社 in ISO-2022-JP whose escape bytes a mail program stripped: read
    # back, and the text as it is names the shift as what damage leaves.
    best, *others = explain(b"$B3t<02q<R(B")
    assert best.text == "\u682a\u5f0f\u4f1a\u793e" and best.confidence > 0.9
    (unchanged,) = [e for e in others if e.unchanged]
    assert unchanged.confidence <= UNSURE_CONFIDENCE
    assert [(x.start, x.end) for x in unchanged.oddities] == [(0, 12)]


def test_a_pair_gbk_dropped_whole_is_guessed_among_the_characters_its_lead_begins() -> None:
    # 请在项目根目录中运行脚本 read as GBK, which dropped the pair A1 8C it
    # could not read: the last two bytes of 行. Its lead E8 begins 4,096
    # characters, ranked by the pairs they make with their neighbours.
    text = "\u8bf7\u5728\u9879\u76ee\u6839\u76ee\u5f55\u4e2d\u8fd0\u884c\u811a\u672c"
    damaged = "\u7487\u5cf0\u6e6a\u6924\u572d\u6d30\u93cd\u572d\u6d30\u8930\u66da\u8151"
    damaged += "\u6769\u612f\u9474\u6c2d\u6e70"
    assert text.encode()[:28] + text.encode()[30:] == damaged.encode("gbk")
    best = explain(damaged.encode())[0]
    assert best.chain.words == ["utf-8 read as gbk"]
    assert best.confidence < UNSURE_CONFIDENCE
    (lost,) = best.lost
    assert lost.what == "dropped"
    guessed = best.text[:9] + best.text[10:]
    assert guessed == text[:9] + text[10:]
    assert "\u884c" in best.text[9] + "".join(lost.alternatives)


def test_utf8_read_as_gbk_whose_reader_dropped_what_it_could_not_pair_is_read_back() -> None:
    # Python's errors="ignore": each byte GBK cannot pair is dropped, and each
    # such hole is guessed. The last character lost a byte at the very end,
    # where a cut character looks the same: it stays U+FFFD.
    text = "\u8bf7\u5728\u9879\u76ee\u6839\u76ee\u5f55\u4e2d\u8fd0\u884c\u811a\u672c"
    text += "\uff0c\u7136\u540e\u67e5\u770b\u8f93\u51fa\u7ed3\u679c\u3002"
    best = explain(text.encode().decode("gbk", "ignore").encode())[0]
    assert best.chain.words == ["utf-8 read as gbk"]
    assert best.text == text[:-1] + "\ufffd"
    assert any(lost.what == "dropped" for lost in best.lost)


def test_a_repair_that_leaves_an_oddity_as_it_was_may_be_sure() -> None:
    text = "Caf\u00c3\u00a9 cr\u00c3\u00a8me, the ge\u2039ntegreerde as it was"
    best = explain(text.encode())[0]
    assert best.text == "Café crème, the ge\u2039ntegreerde as it was"
    assert best.confidence > 0.9


@pytest.mark.parametrize(
    "text", ["see https://example.org/a.php?id=3 now", "Is it? Yes, it is.", "Größe, schön"]
)
def test_question_marks_of_addresses_and_sentences_are_no_lost_letter(text: str) -> None:
    best = explain(text.encode())[0]
    assert best.unchanged and best.confidence > 0.9


def test_letters_lost_are_guessed_from_the_words_they_complete() -> None:
    data = "Cr\ufffder une nouvelle pr\ufffdsentation, Kora?de".encode()
    best = explain(data)[0]
    assert best.text == "Créer une nouvelle présentation, Kora?de"
    assert [(x.what, x.guess) for x in best.lost] == [("letter lost as U+FFFD", "é")] * 2
    assert [data[x.start : x.end] for x in best.lost] == ["\ufffd".encode()] * 2
    # präsentation is German, præsentation Danish: é is the text's own.
    assert best.lost[1].alternatives == ("ä", "æ")
    assert not best.unchanged and best.words == ["repaired: letter lost as U+FFFD"]
    plan = plan_of_explanation(best, len(data))
    assert [s.kind.value for s in plan.segments] == ["lossy"] and len(plan.guesses) == 2


def test_a_hole_standing_alone_is_a_one_letter_word_of_the_text_s_language() -> None:
    data = "il certificato \ufffd stato revocato".encode()
    best = explain(data)[0]
    assert best.text == "il certificato è stato revocato"
    assert [(x.what, x.guess) for x in best.lost] == [("letter lost as U+FFFD", "è")]
    assert data[best.lost[0].start : best.lost[0].end] == "\ufffd".encode()
    plan = plan_of_explanation(best, len(data))
    assert [s.kind.value for s in plan.segments] == ["lossy"] and len(plan.guesses) == 1


def test_letters_lost_are_the_byte_ranges_of_each_hole() -> None:
    data = "Xq\ufffdzv, Kora?de, é?x, https://a.b/c.php?id=1, \ufffd".encode()
    holes = letters_lost(data)
    assert [data[a:b] for a, b in holes] == ["\ufffd".encode(), b"?", b"?", "\ufffd".encode()]
    assert holes[2] == (data.index("é?x".encode()) + 2, data.index("é?x".encode()) + 3)
    best = explain(data)[0]
    assert best.unchanged and best.letters_lost == holes
    assert all(not e.letters_lost for e in explain(data)[1:])


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    data=st.lists(
        st.sampled_from(["a", "é", "?", "\ufffd", " ", "/", "=", "1", "ж"]), max_size=40
    ).map(lambda chars: "".join(chars).encode())
    | st.binary(max_size=40)
)
def test_letters_lost_are_holes_in_order(data: bytes) -> None:
    holes = letters_lost(data)
    assert all(data[a:b] in (b"?", "\ufffd".encode()) for a, b in holes)
    assert all(b <= c for (_, b), (c, _) in pairwise(holes))
    assert sum(1 for a, b in holes if b - a == 3) == data.count("\ufffd".encode())


@pytest.mark.parametrize(
    "text",
    ["The page shows “â€™” instead of an apostrophe", "Why is it `Ã©` here?"],
)
def test_mojibake_quoted_alone_is_shown_on_purpose_and_left_as_it_is(text: str) -> None:
    assert explain(text.encode())[0].unchanged


def test_the_same_mojibake_inside_a_word_is_repaired() -> None:
    best = explain("The cafÃ©â€™s menu".encode())[0]
    assert best.text == "The café’s menu" and best.confidence >= 0.9


def test_text_that_says_how_text_shows_comes_first_as_it_is_and_its_repair_second() -> None:
    # A sentence telling what a symbol displays as most likely quotes its
    # mojibake on purpose: the text as it is comes first, though the model
    # prices the repair lower, and is not sure; the repair comes second.
    # The same mojibake in a sentence that tells nothing of how text shows,
    # or beside a verb of showing alone, is repaired, and sure.
    said = explain("Using GBP currency the symbol displays as \u00c2\u00a3".encode())
    assert said[0].unchanged and said[0].confidence == UNSURE_CONFIDENCE
    assert said[1].text == "Using GBP currency the symbol displays as \u00a3"
    assert 0.4 < said[1].confidence <= UNSURE_CONFIDENCE
    assert model.price(said[1].text, said[1].chain) < model.price(said[0].text, IDENTITY)
    plain = explain("The price is \u00c2\u00a35 per month".encode())[0]
    assert plain.text == "The price is \u00a35 per month" and plain.confidence > 0.9
    verb = explain("Show hidden files in the Caf\u00c3\u00a9 folder".encode())[0]
    assert verb.text == "Show hidden files in the Caf\u00e9 folder" and verb.confidence > 0.9


def test_mojibake_alone_in_quotation_marks_among_ascii_words_comes_after_the_text() -> None:
    # Characters beyond ASCII only inside quotation marks, in a sentence of
    # ASCII words: the mojibake is quoted on purpose, as for a line that
    # says how text shows. The same mojibake beside other misread words, or
    # with nothing around it, is repaired.
    said = explain('Strange use of "\u00e2\u20ac\u201d" in README.md'.encode())
    assert said[0].unchanged and said[0].confidence == UNSURE_CONFIDENCE
    assert said[1].text == 'Strange use of "\u2014" in README.md'
    assert said[1].doubt == (
        "a line it changes holds it alone in quotation marks, so it may quote this "
        "mojibake on purpose"
    )
    beside = explain('The caf\u00c3\u00a9 serves "cr\u00c3\u00a8me"'.encode())[0]
    assert beside.text == 'The caf\u00e9 serves "cr\u00e8me"' and beside.confidence > 0.9
    alone = explain('"cr\u00c3\u00a8me br\u00c3\u00bbl\u00c3\u00a9e"'.encode())[0]
    assert alone.text == '"cr\u00e8me br\u00fbl\u00e9e"'


def test_a_repair_held_at_unsure_says_why() -> None:
    # Each rule that holds a repair at UNSURE_CONFIDENCE says why, in words,
    # on the best repair, first or behind the text as it is; a sure repair
    # and the text as it is (whose oddities say it) say nothing.
    said = explain("Using GBP currency the symbol displays as \u00c2\u00a3".encode())
    quoting = said[1]
    assert quoting.doubt.startswith("a line it changes says how some text shows")
    assert [e.doubt for e in said[2:]] == [""] * len(said[2:])
    # The text as it is, first by that rule, says why it is not sure.
    assert said[0].doubt == (
        "the next reading repairs mojibake here, but a line it changes says how some text "
        "shows, so the mojibake is most likely quoted on purpose"
    )
    odd = explain("Offici\u00e2\u0161\u00b4le gecre\u00e2\u0161\u00b4erde".encode())[0]
    assert odd.text == "Offici\u26b4le gecre\u26b4erde"
    assert odd.doubt == "the repair makes what damage leaves (\u26b4)"
    assert odd.confidence <= UNSURE_CONFIDENCE
    sure = explain("Caf\u00c3\u00a9".encode())
    assert sure[0].confidence > 0.9 and [e.doubt for e in sure] == [""] * len(sure)
    unchanged = explain("Ville de Qu\u00c8bec, Xq\u2564zv".encode())[0]
    assert unchanged.unchanged and unchanged.doubt == "" and unchanged.oddities


def test_only_the_lines_a_repair_changes_tell_whether_it_quotes_mojibake() -> None:
    # A file's line that says how something shows says nothing of mojibake
    # on another line: that repair stays sure.
    text = "Use the new button instead of the menu.\nCaf\u00c3\u00a9 opens at nine.\n"
    best = explain(text.encode())[0]
    assert best.text == "Use the new button instead of the menu.\nCaf\u00e9 opens at nine.\n"
    assert best.confidence > 0.9
    quoting = "Before: st\u00c3\u00b6sst\nAfter: st\u00f6sst\n"
    assert explain(quoting.encode())[0].confidence <= UNSURE_CONFIDENCE


def test_hint_for_ascii_written_with_escapes_shows_them_and_their_reading() -> None:
    data = b"Chris Rudolphu2019s piercing cry: u201cAvalanche! Elyse!u201d"
    hint = "looks like text written as json/no-backslash: u2019 \u2192 \u2019"
    assert mojibake_hint(data) == hint


def test_french_read_by_a_lenient_utf8_decoder_is_read_back_but_not_surely() -> None:
    data = "J'ai encore pass頣e soir de longues heures ࠬire.".encode()
    best = explain(data)[0]
    assert best.text == "J'ai encore passé ce soir de longues heures à lire."
    assert best.confidence <= UNSURE_CONFIDENCE and "lenient UTF-8 decoder" in best.doubt
    assert [(x.start, x.end, x.guess) for x in best.lost] == [(16, 19, "é c"), (44, 47, "à l")]


@pytest.mark.parametrize(
    ("shown", "meant"),
    [
        ("It‚Äôs a nice day, isn‚Äôt it?", "It’s a nice day, isn’t it?"),
        ("Don‚Äôt", "Don’t"),
        ("Caf√© au lait", "Café au lait"),
    ],
)
def test_utf8_read_as_mac_roman_is_read_back(shown: str, meant: str) -> None:
    best = explain(shown.encode())[0]
    assert best.text == meant
    assert best.words == ["utf-8 read as mac-roman"]


def test_french_elision_before_an_accent_is_no_mac_roman_mojibake() -> None:
    # ’é is D5 8E, UTF-8 read as mac-roman, but French writes it: l’été.
    assert explain("l’été, c’est l’époque".encode())[0].unchanged
