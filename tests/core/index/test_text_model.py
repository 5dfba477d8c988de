"""The text model's counting: pairs of symbols counted at C speed, as the
definition says (each pair of neighbours where either is not plain, once)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.index.text_model import symbols, text_cost, unusual_pairs

PLAIN = frozenset("aA0 ")


def pairs_one_by_one(seen: str) -> Counter[str]:
    """The definition, neighbour by neighbour."""
    return Counter(
        seen[i : i + 2]
        for i in range(len(seen) - 1)
        if seen[i] not in PLAIN or seen[i + 1] not in PLAIN
    )


@given(st.text(alphabet=st.sampled_from("aA0 éжÿ日\n\t-"), max_size=60))
def test_unusual_pairs_count_each_pair_with_an_unusual_symbol_once(text: str) -> None:
    seen = symbols(text)
    assert unusual_pairs(seen) == pairs_one_by_one(seen)


def test_japanese_costs_less_read_right_than_read_as_chinese() -> None:
    data = "日本語のテキストです。これはテストです。".encode("shift_jis") * 20
    right = text_cost(data.decode("shift_jis"))[0]
    wrong = text_cost(data.decode("gb18030", "replace"))[0]
    assert right < wrong
