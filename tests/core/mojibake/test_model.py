# ruff: noqa: RUF001 - look-alike characters are the subject
"""The model's bounds hold: a text's score never exceeds
``text_score_bound`` (on random text mixing the scripts, signs and
mojibake the explainer meets), and what a repair's duplicated words add to
its price is never below ``origin_price_bound``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import features, model

#: ASCII, accented Latin, Latin-1 signs and capitals, C1, Greek, Cyrillic,
#: box drawing, CJK (with pairs Chinese words hold), Hangul, a combining mark, a casefold that grows
#: (ΐ, ß, ﬁ), U+FFFD, a lone surrogate, an emoji.
ALPHABET = (
    "aZ 09,.\n\tÃ©Â€â™šœžŸ¡¿ÀÉÑØÞßàéñøÿĀőŁż\x80\x9dαβΐ΄ПривЂїјЉ╔═╗║╚╝▒█▓"
    "日本語中文你好世界한국어\u0301ﬁ\ufffd\ud800😀Josйьüñ"
)
TEXTS = st.one_of(
    st.text(st.sampled_from(ALPHABET), max_size=120),
    st.text(max_size=60),
    st.lists(
        st.sampled_from(
            ["José", "Müller", "Josй", "Mьller", "JosÃ©", "Ã¼", "Ð¿Ñ", "kısıtlı", "Kýsýtlý", "être"]
        ),
        max_size=30,
    ).map(" ".join),
)


@settings(max_examples=400, deadline=None)
@given(text=TEXTS)
def test_a_texts_score_never_exceeds_its_bound(text: str) -> None:
    assert model.text_score(text) <= model.text_score_bound(text)


@settings(max_examples=200, deadline=None)
@given(text=TEXTS, origin=TEXTS)
def test_what_duplicated_words_add_is_never_below_its_bound(text: str, origin: str) -> None:
    assert model.origin_price(text, origin) >= model.origin_price_bound(text, origin)


def test_the_bound_is_tight_for_ascii_text_without_words_to_look_up() -> None:
    # Plain ASCII has no bounded feature: the bound is the score, but for the margin.
    text = "id,name,amount\n1,Smith,0.25\n"
    assert 0 <= model.text_score_bound(text) - model.text_score(text) < 1e-6


def test_chinese_whose_every_pair_is_a_word_stays_under_its_bound() -> None:
    # Each Han character begins at most one pair the words hold.
    for text in ("问题" * 40, "我们的国家发展问题已经现在怎么"):
        assert model.text_score(text) <= model.text_score_bound(text)


def test_a_frequent_word_weighs_at_least_what_a_rare_one_does() -> None:
    # Both count as listed; the fit holds the frequent word's extra at 0 or
    # above (tools/mojibake/train.py, NONNEGATIVE).
    assert model.weights()[features.WORD_INDEX["word-known"]] >= 0
    assert model.weights()[features.WORD_INDEX["word-listed"]] > 0
