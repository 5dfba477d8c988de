"""WTF-8's lone surrogates (issue 12, items 6 and 7).

Item 6: a ``surrogate`` span names why it is one (an unpaired lead, an
unpaired trail), on both decoding paths, so that every non-``text`` span of
the UTF-8 family carries a reason as :class:`Reason` promises.

Item 7: ``ED A0 80`` repeated (well-formed WTF-8, every sequence a lone lead)
made :func:`safe_cut` step back over every lead sequence, so a window decoded
the whole source and a stream held everything back. Only the last lead can
still pair with what follows: the cut now steps back over that one alone.
"""

from __future__ import annotations

import pytest
from helpers.properties import property_settings
from hypothesis import example, given
from hypothesis import strategies as st

from mojiscope.core import Reason, SpanKind, decode, get_format
from mojiscope.core.codecs.utf8 import engine as utf8_family
from mojiscope.core.system.source import BytesSource

WTF8 = get_format("wtf-8")
LEAD = bytes.fromhex("ED A0 80")  # U+D800
TRAIL = bytes.fromhex("ED B0 80")  # U+DC00
PROPERTY = property_settings(150)
PIECES = [LEAD, TRAIL, bytes.fromhex("ED AF BF"), bytes.fromhex("ED BF BF"), b"A", b"\xed",
          b"\xed\xa0", b"\xff", b"\x80", "é".encode(), "😀".encode(), b"\xef\xbf\xbd"]  # fmt: skip
wtf8_bytes = st.lists(st.one_of(st.sampled_from(PIECES), st.binary(max_size=3)), max_size=40).map(
    b"".join
)


# -- item 6: reasons ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hex_bytes", "reasons"),
    [
        ("ED A0 80", ["unpaired-lead"]),
        ("ED B0 80", ["unpaired-trail"]),
        ("ED AF BF 41", ["unpaired-lead", None]),
        ("41 ED BF BF", [None, "unpaired-trail"]),
        ("ED B0 80 ED A0 80", ["unpaired-trail", "unpaired-lead"]),  # trail first: no pair
        ("ED A0 80 ED A0 80", ["unpaired-lead", "unpaired-lead"]),
        ("ED A0 80 ED B0 80", ["surrogate-pair", "surrogate-pair"]),
    ],
    ids=["lead", "trail", "last lead then text", "text then last trail", "trail then lead",
         "two leads", "a pair is not two lone surrogates"],
)  # fmt: skip
def test_surrogate_span_names_lead_or_trail(hex_bytes, reasons):
    spans = list(decode(bytes.fromhex(hex_bytes), "wtf-8").spans)
    assert [s.reason.value if s.reason else None for s in spans] == reasons


@pytest.mark.parametrize("path", sorted(utf8_family.PATHS))
def test_both_decoding_paths_give_the_reasons(path):
    data = LEAD + b"x" * 200 + TRAIL + b"y" * 200  # sparse enough for the sparse path
    _text, table = utf8_family.PATHS[path](WTF8.variant, data, True)  # type: ignore[attr-defined]
    reasons = {str(table[i].reason) for i in range(len(table)) if table[i].kind != "text"}
    assert reasons == {"unpaired-lead", "unpaired-trail"}


@pytest.mark.parametrize("format_id", ["utf-8", "utf-8b", "wtf-8", "xtf-8"])
@PROPERTY
@given(data=wtf8_bytes, dense=st.booleans())
def test_every_non_text_span_names_a_reason(format_id, data, dense):
    if dense:
        data = data * 200  # enough ill-formed input for the dense path
    for span in decode(data, format_id).spans:
        assert span.kind is SpanKind.TEXT or span.reason is not None, span


@PROPERTY
@given(wtf8_bytes)
def test_surrogate_reason_agrees_with_its_value(data):
    for span in decode(data, "wtf-8").spans:
        if span.kind is SpanKind.SURROGATE:
            assert span.value is not None
            lead = span.value < 0xDC00
            assert span.reason is (Reason.UNPAIRED_LEAD if lead else Reason.UNPAIRED_TRAIL)


# -- item 7: the cut steps back over one lead at most --------------------------------


@pytest.mark.parametrize("count", [1, 2, 1000])
def test_repeated_leads_cut_before_the_last_one(count):
    data = LEAD * count
    assert utf8_family.safe_cut(data, True, wtf=True) == len(data) - 3


def test_repeated_leads_with_an_incomplete_last_one_cut_before_the_last_whole_lead():
    data = LEAD * 100 + b"\xed"
    assert utf8_family.safe_cut(data, True, wtf=True) == len(data) - 4


@PROPERTY
@given(wtf8_bytes)
@example(LEAD * 50)
@example(LEAD * 50 + b"\xed\xb0")
def test_wtf8_cut_is_at_most_seven_bytes_back(data):
    # The longest hold-back: an unfinished 4-byte lead after a lead sequence.
    assert utf8_family.safe_cut(data, False, wtf=True) >= len(data) - 7


@PROPERTY
@given(head=wtf8_bytes, tail=wtf8_bytes)
@example(head=LEAD * 3, tail=TRAIL)
@example(head=LEAD * 3 + b"\xed\xb0", tail=b"\x80")
def test_wtf8_cut_is_safe_whatever_follows(head, tail):
    """The definition of a safe cut: the bytes before it decode alone as they
    do inside any longer stream."""
    cut = utf8_family.safe_cut(head, True, wtf=True)
    alone = list(decode(head[:cut], "wtf-8").spans)
    whole = [s for s in decode(head + tail, "wtf-8").spans if s.byte_start < cut]
    if alone and whole and alone[-1].kind is SpanKind.TEXT:
        # A text run may go on past the cut in the longer stream.
        whole[-1] = whole[-1]._replace(byte_end=cut, char_end=alone[-1].char_end)
    assert alone == whole


class CountingSource(BytesSource):
    """A source that counts the bytes read from it."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.bytes_read = 0

    def read(self, start: int, end: int) -> bytes:
        chunk = super().read(start, end)
        self.bytes_read += len(chunk)
        return chunk


def test_window_into_repeated_leads_reads_only_around_the_window():
    # decode_window(0, 65536) used to decode the whole file.
    source = CountingSource(LEAD * ((4 << 20) // 3))
    window = WTF8.decode_window(source, 0, 65536)
    assert 65536 <= window.byte_end <= 65536 + 8
    assert source.bytes_read <= 2 * 65536


def test_stream_of_repeated_leads_holds_back_at_most_one_lead():
    decoder = WTF8.incremental_decoder()
    fed = 0
    for _ in range(64):
        chunk = LEAD * 1000
        fed += len(chunk)
        part = decoder.decode(chunk)
        assert part.byte_end >= fed - 3
    assert decoder.decode(b"", final=True).byte_end == fed
