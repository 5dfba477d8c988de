# ruff: noqa: RUF001, RUF003 - look-alike characters are the subject
"""What damage leaves in text: the shapes, the words that hold them rightly,
and byte ranges that match the characters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake.oddities import (
    BROKEN_BAR,
    C0,
    C1,
    CAPITAL,
    INSIDE_LATIN,
    JIS,
    MULTIBYTE,
    QUESTION_IN_CJK,
    QUESTIONS,
    QUESTIONS_BEGIN,
    RARE_HAN,
    SCRIPTS,
    SIGN,
    STRIPPED,
    THAI,
    Oddity,
    against_thai_spelling,
    odd_places,
    oddities,
    signs_between_letters,
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Thιβtre", [(0, 7, SCRIPTS)]),
        ("Der Sеrver", [(4, 10, SCRIPTS)]),  # a Cyrillic е: correct text, fair to doubt
        ("QuÈbec", [(2, 3, CAPITAL)]),
        ("rÃⒸ#", [(1, 2, CAPITAL)]),
        ("CU╔NTENOS ESPA╤OL", [(2, 3, SIGN), (14, 15, SIGN)]),
        ("LegaA¯a", [(5, 6, SIGN)]),
        ("Iâ\x80\x99m", [(2, 4, C1)]),
        # Латын written as its low bytes: Л is an escape no sequence follows.
        ("\x1b0BK= Unicode", [(0, 1, C0)]),
        ("a\x07b and \x1b[31mred\x1b[0m, tab\tform feed\x0c", [(1, 2, C0)]),
        ("???????? ????? (???? ?)", [(0, 8, QUESTIONS), (9, 14, QUESTIONS), (16, 20, QUESTIONS)]),
        ("Fehler: ??????? nicht gefunden", [(8, 15, QUESTIONS)]),
        # р's two bytes written as ?? by a program that could write the rest.
        ("фывап ??олдж ячсми", [(6, 8, QUESTIONS_BEGIN)]),
        ("?퍑?????X_Sys.ASD", [(0, 1, QUESTIONS_BEGIN)]),
        # 謀, which the code page lacked, written as ?.
        ("尤里的陰?v1.0", [(4, 5, QUESTION_IN_CJK)]),
        ("漢字?漢字", [(2, 3, QUESTION_IN_CJK)]),
        # … whose â€ a search-and-replace made ”.
        ("the tables (posts, etc.)”¦ so", [(25, 26, BROKEN_BAR)]),
        # EUC-JP read with its bytes shifted: rare Han inside ダウンロード.
        ("Windows8版ダウ瘢雹ンロ", [(11, 13, RARE_HAN)]),
        # Cyrillic whose C1 controls were stripped, read through cp874.
        ("ะะพะฑััะน ะดะตะฝั!", [(0, 1, THAI), (10, 11, THAI)]),
        # 请在项目根目录中运行脚本 read as GBK, the two bytes of 行 it could not pair dropped.
        ("璇峰湪椤圭洰鏍圭洰褰曚腑杩愯鑴氭湰.", [(0, 17, MULTIBYTE)]),
        # 中文 read as GBK by a reader that dropped AD E6, across the two characters.
        ("涓枃.txt", [(0, 2, MULTIBYTE)]),
        # コード read as Shift_JIS beside ファイル as it is.
        ("ファイル: 繧ｳ繝ｼ繝", [(6, 11, MULTIBYTE)]),
        # Latin-1 read by a UTF-8 decoder that took any byte after a lead as
        # its continuation: passé ce (E9 20 63) is pass頣e.
        ("J'ai encore pass頣e soir de longues heures", [(16, 17, INSIDE_LATIN)]),
        # … and at a word's start: à lire (E0 20 6C) is ࠬire, Ça (C7 61) ǡ.
        ("de longues heures ࠬire. ǡ ne sert", [(18, 19, INSIDE_LATIN)]),
        # 株式会社ワーク in ISO-2022-JP, its escape bytes stripped.
        ("Subject: $B3t<02q<R%o!<%/(B", [(9, 27, JIS)]),
    ],
)
def test_what_damage_leaves_is_found(text: str, found: list[tuple[int, int, str]]) -> None:
    assert list(odd_places(text)) == found


@pytest.mark.parametrize(
    "text",
    [
        "Plain ASCII, even with Odd CamelCase and a?b, What??? ?? https://x.org/?q=1",
        "Xq\ufffdzv: a letter lost, not an oddity",
        "Café crème, Søren, København, €100",
        "don’t, rock‘n’roll, l·lega, pre–war, e‐mail, and so…on",
        "Poblacht na hÉireann, i nÉirinn, ar an tÁras",
        "所有中文文件名乱码，文件中内容没有乱码",
        "Dark Night Rhapsody～明けない夜の狂詩曲",
        "canal字符集编码问题，latin1的表",
        # Chinese and Japanese text with Latin words glued to a Han character.
        "有：off、on、disable、auto和unix 四种取值",
        "postgresql.confでarchive_cleanup_commandを設定します",
        "请在项目根目录中运行脚本。いつもお世話になっております。",
        "讀取 缺少 警告 から 中文.txt",
        "你好吗?我很好。これですか?はい。東京? ok",
        "ダウンロード版、アメリカ人スタッフ; a ¦ b",
        "echo $Bar(Baz) and $B(B and $Bxyz(B",
        "Привет, мир! Καλημέρα κόσμε",
        "Как дела? Хорошо. ¿Qué tal? Ça va?",
        "https://x.org/search?ä=1&q=ö",
        "สวัสดีครับ ยินดีที่ได้รู้จัก น้ำ ก็ ไม่ เป็น",
        "91.8 ms ± 755 μs per loop; 1/π ∫W(ω)cos(nω)dω; the IFNγ response",
        # A Telugu postposition glued after a Latin identifier.
        "registerfromcallbackను NULL eventtype తో",
    ],
)
def test_words_that_hold_such_shapes_rightly_are_not_odd(text: str) -> None:
    assert odd_places(text) == ()


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=st.sampled_from("aÉéιж╔¯’\x85 ,字\udc80"), max_size=30))
def test_byte_ranges_are_the_characters_ranges(text: str) -> None:
    data = text.encode("utf-8", "surrogateescape")
    found = [o for o in oddities(data) if o.what != STRIPPED]
    places = odd_places(text)
    assert [o.what for o in found] == [what for _, _, what in places]
    assert [data[o.start : o.end] for o in found] == [
        text[a:b].encode("utf-8", "surrogateescape") for a, b, _ in places
    ]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=st.sampled_from("aÉéι╔¯’·… ,©"), max_size=30))
def test_signs_between_letters_are_the_sign_oddities(text: str) -> None:
    # The model counts them (features: "signs-in-words"); the oddities name them.
    signs = signs_between_letters(text)
    assert signs == [start for start, _, what in odd_places(text) if what == SIGN]
    assert all(text[at - 1].isalpha() and text[at + 1].isalpha() for at in signs)


def test_a_word_stripped_of_letters_is_an_oddity_naming_what_it_may_have_been() -> None:
    data = "Vclav Novek, né à Praha".encode()
    assert odd_places(data.decode()) == ()  # no character marks it
    assert oddities(data) == (
        Oddity(0, 5, STRIPPED, "Václav"),
        Oddity(6, 11, STRIPPED, "Nováček"),
    )


@pytest.mark.parametrize(
    ("text", "against"),
    [
        ("สวัสดีครับ ทดสอบ ภาษาไทย", False),  # Thai as Thai writes it
        ("ัสดีครับ", False),  # one run cut short before its consonant
        ("ะฟะพะบะฐะทัะฒะฐัั ะฟัะพะณัะตัั", True),  # Cyrillic stripped of C1, through cp874
        ("ok ะฟะพ ทดสอบ ภาษา ไทย ัั", False),  # two of five runs
    ],
)
def test_thai_spelling_is_broken_where_half_the_runs_begin_with_a_vowel_sign(
    text: str, against: bool
) -> None:
    assert against_thai_spelling(text) is against
