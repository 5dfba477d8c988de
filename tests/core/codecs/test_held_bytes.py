"""The bytes a streamed decode holds: amortised appends, and a long token's
middle let go (issue 12, item 9: FE + 64 MiB of 80 through `inspect` took 20 s
and 167 MB, because every chunk copied everything held)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.codecs import held_bytes
from mojiscope.core.codecs.held_bytes import HeldBytes


def test_a_run_past_the_limit_keeps_its_two_edges_and_the_length() -> None:
    held = HeldBytes(100)
    data = bytes(range(256)) * ((held_bytes.LIMIT + 3 * held_bytes.EDGE) // 256)
    for i in range(0, len(data), 65536):
        held.append(data[i : i + 65536])
        held.trim()
    assert len(held) == len(data)
    taken = held.take(len(data))
    assert taken.start == 100 and taken.length == len(data)
    assert len(taken.data) <= held_bytes.LIMIT + 65536  # never the whole run
    assert taken.slice(100, 110) == data[:10]
    assert taken.slice(100 + len(data) - 10, 100 + len(data)) == data[-10:]
    across = taken.slice(100, 100 + len(data))
    assert across.startswith(data[: held_bytes.EDGE]) and across.endswith(data[-held_bytes.EDGE :])


@given(st.lists(st.binary(max_size=40), max_size=30), st.data())
def test_without_a_hole_take_gives_back_exactly_what_was_appended(
    chunks: list[bytes], data: st.DataObject
) -> None:
    held = HeldBytes(7)
    whole = b""
    position = 7
    for chunk in chunks:
        held.append(chunk)
        whole += chunk
        length = data.draw(st.integers(0, len(held)))
        taken = held.take(length)
        assert (
            taken.slice(position, position + length) == whole[position - 7 : position - 7 + length]
        )
        position += length
    assert len(held) == len(whole) - (position - 7)
