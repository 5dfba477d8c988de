"""Decoding in several threads at once (the GUI decodes in workers while it
paints): each decode must see only its own error events."""

from __future__ import annotations

import sys
import threading

import pytest

from mojiscope.core import decode

# Inputs that take the error-handler path: a few errors per block, in bytes
# that differ between the threads so that a stray event shows.
INPUTS = {
    "utf-8": [b"abc\xffdef" * 300, b"\xc0\xafxyz" * 300],
    "wtf-8": [b"a\xed\xa0\x80b" * 300, b"\xe2\x82 q" * 300],
    "utf-16le": [b"a\x00\x00\xd8" * 300, b"\x00\xdcb\x00" * 300],
    "shift_jis": [b"a\x81 b" * 300, b"\x86\x88c" * 300],
}


@pytest.mark.parametrize("format_id", list(INPUTS))
def test_concurrent_decodes_keep_their_own_events(format_id: str) -> None:
    expected = [decode(data, format_id) for data in INPUTS[format_id]]
    failures: list[str] = []

    def work(index: int) -> None:
        data = INPUTS[format_id][index]
        for _ in range(40):
            got = decode(data, format_id)
            if got.text != expected[index].text or list(got.spans) != list(expected[index].spans):
                failures.append(f"thread {index} got another decode's events")
                return

    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(i,)) for i in (0, 1, 0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(previous)
    assert not failures, failures
