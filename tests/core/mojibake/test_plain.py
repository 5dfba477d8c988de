# ruff: noqa: RUF001 - look-alike characters are the subject
"""Plainly fine: correct Latin text passes; every mark a misreading leaves,
and every text the explainer calls damaged, does not."""

from __future__ import annotations

import json
from base64 import b64decode
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import explain
from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.plain import plainly_fine
from mojiscope.core.mojibake.readers import READERS

CORPUS = Path(__file__).parents[2] / "data" / "mojibake" / "damaged.json"


@pytest.mark.parametrize(
    "text",
    [
        "Crème brûlée à la française, s’il vous plaît — 12 €",
        "Die Straße in München ist schön.",
        "A informação sobre a reunião está no relatório.",
        "Dziękuję bardzo, do zobaczenia w Łodzi i Krakowie.",
        "Příliš žluťoučký kůň úpěl ďábelské ódy.",
        "id;nom\n1;José\n2;François\n",
    ],
)
def test_correct_latin_text_is_plainly_fine(text: str) -> None:
    assert plainly_fine(text.encode())


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Caf\u00c3\u00a9 cr\u00c3\u00a8me", "UTF-8 read as windows-1252"),
        ("It\u00e2\u20ac\u2122s here", "UTF-8 read as windows-1252, a quote"),
        ("Opcija ‚ÄûN‚Äù je korisna", "UTF-8 read as Mac Roman (one reader's sequence is enough)"),
        ("ElÅ?alti traktilojn", "a sequence cut short before a question mark"),
        ("Caf\ufffd", "U+FFFD"),
        ("Caf\x00é", "NUL"),
        ("Ïðèâåò, ìèð", "Russian in cp1251 read as windows-1252"),
        ("Thιβtre", "Greek letters"),
        ("Azken·burugoiko·modifikazitua", "a Latin-1 sign between letters"),
        ("Le menu Ã  la carte", "Ã before a space"),
        ("QuÈbec", "an oddity: a capital after a lower-case letter"),
        ("Veèer jsme šli do divadla na pøedstavení.", "letter pairs no known word holds"),
        ("Ничего", "Cyrillic"),
    ],
)
def test_what_a_misreading_leaves_is_not_plainly_fine(text: str, why: str) -> None:
    assert not plainly_fine(text.encode()), why


_LATIN_LETTERS = st.characters(min_codepoint=0xC0, max_codepoint=0x17F, categories=("Ll", "Lu"))


@settings(max_examples=300, deadline=None)
@given(
    st.text(st.sampled_from("abc ,.") | _LATIN_LETTERS, min_size=1, max_size=40).filter(
        lambda t: not t.isascii()
    ),
    st.sampled_from(READERS),
)
def test_utf8_read_as_any_code_page_is_never_plainly_fine(text: str, reader: str) -> None:
    try:
        damaged = text.encode().decode(python_codec(reader))
    except UnicodeDecodeError:
        return  # the code page leaves one of these bytes undefined: no such damage
    assert not plainly_fine(damaged.encode())


def test_no_text_the_explainer_calls_damaged_in_the_corpus_is_plainly_fine() -> None:
    cases = json.loads(CORPUS.read_text("utf-8"))["cases"]
    checked = 0
    for case in cases:
        data = b64decode(case["base64"])
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if data.isascii():
            continue
        best = explain(data, limit=2)[0]
        if best.misread and best.confidence >= 0.6:
            checked += 1
            assert not plainly_fine(data), case.get("label")
    assert checked > 200
