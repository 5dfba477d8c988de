"""How the conversion engine reads and cuts: larger reads after a chunk of
text, blocks of at most ``BLOCK_SPANS`` source spans however dense a chunk
is, and the same output and losses whatever the cutting."""

from __future__ import annotations

import random

import pytest
from helpers.conversion import PAIRS, PIECES, run, summary
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core.conversion import engine as conversion_engine
from mojiscope.core.conversion.engine import iter_conversion


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pieces=st.lists(st.sampled_from(PIECES), min_size=1, max_size=60),
    pair=st.sampled_from(PAIRS),
    block_spans=st.integers(1, 6),
    chunk_size=st.sampled_from([3, 64, None]),
)
def test_blocks_capped_at_a_few_spans_join_to_the_conversion_at_once(
    pieces, pair, block_spans, chunk_size
):
    data = b"".join(pieces)
    whole_out, whole_losses = run(data, *pair, chunk_size=1 << 20)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(conversion_engine, "BLOCK_SPANS", block_spans)
        out, losses = run(data, *pair, chunk_size=chunk_size)
    assert out == whole_out
    assert summary(losses) == summary(whole_losses)


class _Reads:
    """A binary stream over ``data`` that records the size of each read."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at, self.sizes = data, 0, []

    def read(self, size: int = -1) -> bytes:
        self.sizes.append(size)
        piece = self.data[self.at : self.at + size]
        self.at += len(piece)
        return piece


def _random_bytes(size: int) -> bytes:
    return random.Random(13).randbytes(size)


def test_text_is_read_in_large_chunks_and_random_bytes_in_small_ones():
    text = ("Καλημέρα κόσμε, hello world. " * 40_000).encode()[: 3 << 20]
    data = text + _random_bytes(1 << 20) + text[: 2 << 20]
    stream = _Reads(data)
    blocks = list(iter_conversion(stream, "utf-8", "utf-16le"))
    small, large = conversion_engine.CHUNK_SIZE, conversion_engine.SPARSE_CHUNK_SIZE
    assert stream.sizes[:3] == [small, large, large]
    dense_at = stream.sizes.index(small, 1)  # the first read after the random bytes began
    assert sum(stream.sizes[:dense_at]) >= len(text)
    assert large in stream.sizes[dense_at:]  # back to large reads in the text after them
    fixed = list(iter_conversion(data, "utf-8", "utf-16le", chunk_size=small))
    assert b"".join(b.data for b in blocks) == b"".join(b.data for b in fixed)
    assert summary([x for b in blocks for x in b.losses]) == summary(
        [x for b in fixed for x in b.losses]
    )


def test_a_dense_chunk_is_checked_in_blocks_of_at_most_block_spans(monkeypatch):
    monkeypatch.setattr(conversion_engine, "BLOCK_SPANS", 1000)
    data = _random_bytes(1 << 20)
    blocks = list(iter_conversion(data, "utf-8", "utf-16le", chunk_size=len(data)))
    assert len(blocks) > 100
    assert max(len(b.losses) for b in blocks) <= 1000  # each loss is a span of its own
    assert blocks[-1].source_end == len(data)
