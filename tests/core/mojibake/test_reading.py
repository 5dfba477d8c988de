"""A chain's repair read as a format (core/mojibake/reading.py): the registry
resolves ``repair:<chain words>``; decoding is the repair with exact ``text``
spans and ``invalid`` spans where the chain cannot undo the bytes; encoding
is the damage; streams split anywhere decode as a whole decode does; and a
conversion from the reading reports the losses of a lossy repair."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from helpers.properties import property_settings
from hypothesis import assume, given
from hypothesis import strategies as st

from mojiscope.core import DecodeError, SpanKind, UnknownFormatError, get_format
from mojiscope.core.codecs.format import join_decodings
from mojiscope.core.conversion.convert import convert_stream, plan_conversion
from mojiscope.core.mojibake import Chain, Misreading, damage
from mojiscope.core.mojibake.reading import FORCED_CUT, ChainReading, reading_name
from mojiscope.core.spans.event import Reason

PROPERTY = property_settings(40)

CP1252 = Chain((Misreading("utf-8", "windows-1252"),))
LOSSLESS_CHAINS = [
    CP1252,
    Chain((Misreading("utf-8", "cp1251"),)),
    Chain((Misreading("utf-8", "latin-1"), Misreading("utf-8", "windows-1252"))),
    Chain((Misreading("shift_jis", "windows-1252"),)),
    Chain((), "cp1251"),
    Chain((Misreading("utf-8", "gbk"),)),
    Chain((Misreading("utf-8", "shift_jis"),)),
    Chain((), "iso-2022-jp/no-escapes"),
    Chain((Misreading("utf-8", "octal-escapes"),)),
    Chain((Misreading("gbk", "angle-escapes"),)),
    Chain((), "json/no-backslash"),
    Chain((), "cyrillic/low-bytes"),
]
#: Text every chain above can damage (the oldest codec can write it).
TEXTS = {
    CP1252: "Café — naïve “quotes” ✓ 😀",
    LOSSLESS_CHAINS[1]: "Привет, Zoë ✓",
    LOSSLESS_CHAINS[2]: "Ärger über Öl ✓",
    LOSSLESS_CHAINS[3]: "日本語のテキスト、ｶﾀｶﾅ abc",
    LOSSLESS_CHAINS[4]: "Привет, мир",
    LOSSLESS_CHAINS[5]: "hello 你好, café",
    LOSSLESS_CHAINS[6]: "café ソフト",
    LOSSLESS_CHAINS[7]: "いつもお世話に (B) 株式会社",
    LOSSLESS_CHAINS[8]: "docs/中文 café.md\n",
    LOSSLESS_CHAINS[9]: "命名空间修改 <C> abc",
    LOSSLESS_CHAINS[10]: "Rudolph\u2019s \u201ccry\u201d 😍 café\n",
    LOSSLESS_CHAINS[11]: "Привет, мир! Сохранить дела\n",
}


def reading(chain: Chain) -> ChainReading:
    fmt = get_format(reading_name(chain))
    assert isinstance(fmt, ChainReading)
    return fmt


def test_cafe_read_through_utf8_read_as_windows_1252_is_cafe() -> None:
    fmt = get_format("repair:utf-8 read as windows-1252")
    decoding = fmt.decode(b"Caf\xc3\x83\xc2\xa9")
    assert decoding.text == "Café"
    assert [s.kind for s in decoding.spans] == [SpanKind.TEXT]
    assert fmt.encode("Café") == b"Caf\xc3\x83\xc2\xa9"
    assert fmt.description == "repaired: utf-8 read as windows-1252"


def test_names_resolve_case_and_separators_alike() -> None:
    two = "repair:UTF-8 read as Latin-1, then utf-8 read as windows_1252"
    assert get_format(two).id == "repair:utf-8 read as latin-1; utf-8 read as windows-1252"
    assert get_format("repair:written as cp1251").decode("Мир".encode("cp1251")).text == "Мир"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("repair:utf-16le read as latin-1", "cannot be read in pieces"),
        ("repair:utf-8 read as nosuchcodec", "no codec is called"),
        ("repair:read windows-1252", "step 1"),
        ("repair:", "names no misreading"),
        ("repair:utf-8 read as utf-8", "only code pages can be undone as readers"),
        ("repair:utf\x00 read as cp1252", "no codec is called"),
        ("repair:utf-8 read as \udcff", "no codec is called"),
        ("repair:utf-8 read as cp1252; saved as utf-7", "stateful"),
    ],
    ids=[
        "utf-16 chain",
        "unknown codec",
        "not a step",
        "empty chain",
        "utf-8 as a reader",
        "a NUL in a codec name",
        "a lone surrogate as a codec name",
        "stored as a stateful codec",
    ],
)
def test_names_that_cannot_be_read_are_refused_in_one_line(name: str, says: str) -> None:
    with pytest.raises(UnknownFormatError, match=says) as raised:
        get_format(name)
    assert "\n" not in str(raised.value)


CODEC_WORDS = st.one_of(
    st.sampled_from(["utf-8", "cp1252", "windows-1252", "shift_jis", "utf-16", "hz", "rot13"]),
    st.text(min_size=1, max_size=8).filter(lambda w: not any(c.isspace() for c in w)),
)
STEPS = st.one_of(
    st.builds("{} read as {}".format, CODEC_WORDS, CODEC_WORDS),
    st.builds("saved as {}".format, CODEC_WORDS),
    st.text(max_size=12),
)


@PROPERTY
@given(body=st.lists(STEPS, max_size=3).map("; ".join))
def test_any_repair_name_is_a_reading_or_one_unknown_format_error(body: str) -> None:
    try:
        fmt = get_format("repair:" + body)
    except UnknownFormatError as error:
        assert "\n" not in str(error)
    else:
        assert isinstance(fmt, ChainReading)


@pytest.mark.parametrize("chain", LOSSLESS_CHAINS, ids=lambda c: "; ".join(c.words))
def test_damaged_text_reads_back_whole_and_split_at_every_index(
    chain: Chain, contract: SimpleNamespace
) -> None:
    fmt, text = reading(chain), TEXTS[chain]
    data = damage(chain, text)
    whole = fmt.decode(data, "strict")
    assert whole.text == text
    assert fmt.encode(text) == data
    for cut in range(len(data) + 1):
        parts = contract.feed(fmt, [data[:cut], data[cut:]], "strict")
        joined = join_decodings(parts)
        assert joined.text == text, cut
        assert list(joined.spans) == list(whole.spans), cut


@PROPERTY
@given(text=st.text(alphabet=st.characters(codec="utf-8"), max_size=40), data=st.data())
def test_any_text_survives_a_lossless_chain_split_anywhere(
    text: str, data: st.DataObject, contract: SimpleNamespace
) -> None:
    chain = data.draw(st.sampled_from(LOSSLESS_CHAINS[:3]))
    fmt = reading(chain)
    try:
        damaged = damage(chain, text)
    except UnicodeError:  # cp1251 leaves 98 undefined: no such damage exists
        assume(False)
        raise
    cuts = sorted(data.draw(st.lists(st.integers(0, len(damaged)), max_size=4)))
    chunks = [damaged[a:b] for a, b in zip([0, *cuts], [*cuts, len(damaged)], strict=True)]
    joined = join_decodings(contract.feed(fmt, chunks, "strict"))
    assert joined.text == text
    contract.assert_tiles(joined, 0, len(damaged))


@PROPERTY
@given(raw=st.binary(max_size=40), data=st.data())
def test_any_bytes_tile_keep_the_text_invariant_and_stream_as_a_whole(
    raw: bytes, data: st.DataObject, contract: SimpleNamespace
) -> None:
    fmt = reading(data.draw(st.sampled_from(LOSSLESS_CHAINS)))
    whole = fmt.decode(raw)
    contract.assert_tiles(whole, 0, len(raw))
    for span in whole.spans:
        if span.kind is SpanKind.TEXT:
            chars = whole.text[span.char_start : span.char_end]
            assert fmt.encode(chars) == raw[span.byte_start : span.byte_end], span
    cut = data.draw(st.integers(0, len(raw)))
    joined = join_decodings(contract.feed(fmt, [raw[:cut], raw[cut:]]))
    assert joined.text == whole.text
    assert list(joined.spans) == list(whole.spans)


def test_bytes_the_chain_cannot_have_made_are_invalid_with_their_reason() -> None:
    # "Ã©" repairs; a lone "Ã" (C3 83) is a cut UTF-8 lead; "€" (E2 82 AC)
    # was never misread (windows-1252 80 is no UTF-8); A9 alone is no UTF-8 at all.
    data = b"Caf\xc3\x83\xc2\xa9 \xc3\x83 x \xe2\x82\xac \xa9!"
    decoding = get_format(reading_name(CP1252)).decode(data)
    assert decoding.text == "Café \ufffd x \ufffd \ufffd!"
    bad = [
        (s.byte_start, s.byte_end, s.reason) for s in decoding.spans if s.kind is not SpanKind.TEXT
    ]
    assert bad == [
        (8, 10, Reason.NOT_FROM_CHAIN),
        (13, 16, Reason.NOT_FROM_CHAIN),
        (17, 18, Reason.STRAY_CONTINUATION),
    ]
    with pytest.raises(DecodeError, match=r"C3 83 at byte offset 8 .*not-from-chain"):
        get_format(reading_name(CP1252)).decode(data, "strict")


def test_a_lossy_repair_reports_every_loss_and_converts_the_rest() -> None:
    data = b"Caf\xc3\x83\xc2\xa9 \xc3\x83 x \xe2\x82\xac"
    report = plan_conversion(data, reading_name(CP1252), "utf-8")
    assert report.loss_count == 2
    (row,) = report.rows()
    assert row.reason == "not-from-chain"
    assert row.first == ((8, 10), (13, 16))
    out = io.BytesIO()
    convert_stream(data, reading_name(CP1252), "utf-8", out, "replace")  # type: ignore[arg-type]
    assert out.getvalue().decode("utf-8") == "Café \ufffd x \ufffd"


def test_a_lossless_repair_converts_to_exactly_the_repaired_utf8() -> None:
    text = "Ça coûte 5 € — “déjà vu”\n" * 50
    report = plan_conversion(damage(CP1252, text), reading_name(CP1252), "utf-8")
    assert report.lossless
    out = io.BytesIO()
    convert_stream(damage(CP1252, text), reading_name(CP1252), "utf-8", out, "strict")  # type: ignore[arg-type]
    assert out.getvalue() == text.encode("utf-8")


def test_a_run_without_ascii_longer_than_the_forced_cut_streams_in_bounded_pieces(
    contract: SimpleNamespace,
) -> None:
    # No ASCII byte for 4 x FORCED_CUT bytes: the decoder must still cut
    # (bounded memory); where it guessed, the repair may say not-from-chain,
    # but every byte is accounted for and most of the text comes through.
    fmt = reading(CP1252)
    data = damage(CP1252, "é" * FORCED_CUT)
    decoder = fmt.incremental_decoder()
    first = decoder.decode(data)
    assert first.spans.byte_end > 0, "nothing was decided: the whole input is held"
    joined = join_decodings([first, decoder.decode(b"", final=True)])
    contract.assert_tiles(joined, 0, len(data))
    assert joined.text.count("é") >= FORCED_CUT - 8
