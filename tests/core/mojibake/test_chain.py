"""Chains (``chain``): their words, their repair plan the damage plan
backwards, replay undoing damage, and a strict repair naming the byte where
a layer fails."""

from __future__ import annotations

import pytest
from helpers.properties import property_settings
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import (
    IDENTITY,
    Chain,
    ChainError,
    Misreading,
    apply_chain,
    damage,
    repair_text,
)

PROPERTY = property_settings(60)

WIN = Chain((Misreading("utf-8", "windows-1252"),))
TWICE = Chain((Misreading("utf-8", "windows-1252"), Misreading("utf-8", "windows-1252")))
SJIS = Chain((Misreading("shift_jis", "windows-1252"),))
CHAINS = [
    WIN,
    TWICE,
    Chain((Misreading("utf-8", "latin-1"),)),
    Chain((Misreading("utf-8", "mac-roman"),)),
    Chain((Misreading("utf-8", "cp437"),)),
    Chain((Misreading("utf-8", "koi8-r"),)),
    Chain((), "cp1251"),
]

text_any = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


def test_chain_words_say_each_misreading_oldest_first() -> None:
    assert TWICE.words == ["utf-8 read as windows-1252", "utf-8 read as windows-1252"]
    assert Chain((), "cp1251").words == ["written as cp1251"]
    assert IDENTITY.words == [] and IDENTITY.is_identity


def test_repair_plan_is_the_damage_plan_backwards() -> None:
    plan = [(s.action, s.codec) for s in SJIS.repair_plan()]
    assert plan == [("decode", "utf-8"), ("encode", "windows-1252"), ("decode", "shift_jis")]
    damage_plan = [(s.action, s.codec) for s in SJIS.damage_plan()]
    assert damage_plan == [("encode", "shift_jis"), ("decode", "windows-1252"), ("encode", "utf-8")]


@pytest.mark.parametrize("chain", CHAINS, ids=lambda c: " + ".join(c.words))
@PROPERTY
@given(text=text_any)
def test_apply_chain_undoes_damage(chain: Chain, text: str) -> None:
    try:
        damaged = damage(chain, text)
    except UnicodeError:
        return  # the chain cannot make this text (a real program would have failed)
    assert apply_chain(chain, damaged) == text.encode("utf-8")


def test_strict_repair_names_the_byte_where_the_chain_fails() -> None:
    data = "Café Ã© ok".encode()  # "é" (C3 A9) read back as windows-1252 is E9: no UTF-8
    with pytest.raises(ChainError, match=r"^byte 3: expected utf-8") as caught:
        repair_text(WIN, data)
    assert caught.value.offset == 3


def test_strict_repair_names_the_byte_in_a_deeper_layer() -> None:
    data = damage(WIN, "abc é")  # one layer deep, repaired with two
    with pytest.raises(ChainError) as caught:
        repair_text(TWICE, data)
    assert caught.value.offset == 4
