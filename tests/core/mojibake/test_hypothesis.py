"""A reading and its price: a bound is never above the model's price,
settling prices it as the model does, and a scored reading stays as it is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.mojibake import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.hypothesis import bounded, scored, settled

WIN = Chain((Misreading("utf-8", "windows-1252"),))


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=40), chain=st.sampled_from([IDENTITY, WIN, Chain((), "cp1251")]))
def test_a_bound_is_below_the_price_and_settling_gives_the_price(text: str, chain: Chain) -> None:
    bound, exact = bounded(text, chain), scored(text, chain)
    assert bound.bound and not exact.bound
    # A price is minus a score, and the bound's score is never below the model's.
    assert bound.price <= exact.price + 1e-9
    again = settled(bound)
    assert (again.price, again.bound, again.text, again.chain) == (exact.price, False, text, chain)
    assert settled(exact) is exact
