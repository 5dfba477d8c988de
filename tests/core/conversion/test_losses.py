"""A block's losses: whether there is one, told without locating them, is
exactly whether locating them finds one."""

from __future__ import annotations

from helpers.conversion import PAIRS, PIECES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core.conversion.engine import iter_conversion


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pieces=st.lists(st.sampled_from(PIECES), max_size=30),
    pair=st.sampled_from(PAIRS),
    chunk_size=st.integers(1, 9),
)
def test_any_loss_is_told_without_locating_and_agrees_with_locating(pieces, pair, chunk_size):
    data = b"".join(pieces)
    seen = []
    for block in iter_conversion(data, *pair, chunk_size=chunk_size):
        told = block.losses.any()  # before they are located
        assert told == (len(block.losses) > 0) == block.losses.any()  # and after
        seen.append(told)
    at_once = [loss for block in iter_conversion(data, *pair) for loss in block.losses]
    assert any(seen) == bool(at_once)
