"""The core Conversion: losses with offsets on both sides, streaming that
agrees with converting at once, signatures, and atomic writes."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest
from helpers.conversion import PAIRS, PIECES, UCS2, Ucs2Le, run, summary
from helpers.residency import cached_bytes, needs_fincore, write_clean
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mojiscope.core import FileSource, Format, decode, formats, get_format, join_decodings
from mojiscope.core.codecs.wide.byte_order import ByteOrderFollowing
from mojiscope.core.conversion.convert import (
    ConversionLossError,
    convert,
    convert_stream,
    iter_losses,
    plan_conversion,
)
from mojiscope.core.conversion.engine import ConversionError, iter_conversion
from mojiscope.core.conversion.losses import Loss, LossKind
from mojiscope.core.spans.event import ERROR_KINDS, Reason, SpanKind
from mojiscope.core.system import page_cache
from mojiscope.core.system.atomic_write import atomic_output

# (name, input, from, to, expected output,
#  expected losses as (kind, source range, target range, chars))
LOSS_CASES = [
    (
        "overlong slash becomes U+FFFD in utf-16le, stray continuation too",
        b"ab\xc0\xafcd",
        "utf-8",
        "utf-16le",
        "ab\ufffd\ufffdcd".encode("utf-16-le"),
        [
            (LossKind.REPLACEMENT, (2, 3), (4, 6), "\ufffd"),
            (LossKind.REPLACEMENT, (3, 4), (6, 8), "\ufffd"),
        ],
    ),
    (
        "cp1252 cannot encode a CJK character",
        "hi 中!".encode(),
        "utf-8",
        "cp1252",
        b"hi ?!",
        [(LossKind.UNENCODABLE, (3, 6), (3, 4), "中")],
    ),
    (
        "a replacement character that cp1252 cannot encode is reported once",
        b"a\xffb",
        "utf-8",
        "cp1252",
        b"a?b",
        [(LossKind.REPLACEMENT, (1, 2), (1, 2), "\ufffd")],
    ),
    (
        "utf-8b escape for FF cannot be written in utf-8",
        b"x\xffy",
        "utf-8b",
        "utf-8",
        b"x\xef\xbf\xbdy",
        [(LossKind.DROPPED_ESCAPE, (1, 2), (1, 4), "\udcff")],
    ),
    (
        "a truncated sequence kept by utf-8b as two escapes is one dropped escape",
        b"x\xe2\x82y",
        "utf-8b",
        "utf-8",
        b"x\xef\xbf\xbd\xef\xbf\xbdy",
        [(LossKind.DROPPED_ESCAPE, (1, 3), (1, 7), "\udce2\udc82")],
    ),
    (
        "xtf-8 escapes are carried into utf-8 as private-use characters",
        b"x\xffy",
        "xtf-8",
        "utf-8",
        "x\uefffy".encode(),
        [],
    ),
    (
        "utf-8b escapes are carried into wtf-8 as lone surrogates",
        b"x\xffy",
        "utf-8b",
        "wtf-8",
        "x\udcffy".encode("utf-8", "surrogatepass"),
        [],
    ),
    (
        "real U+EFC3 U+EFA9 written by xtf-8 re-form 'é'",
        "a\uefc3\uefa9b".encode(),
        "utf-8",
        "xtf-8",
        b"a\xc3\xa9b",
        [(LossKind.ESCAPES_FORM_UTF8, (1, 7), (1, 3), "\uefc3\uefa9")],
    ),
    (
        "wtf-8 lone surrogates U+DCC3 U+DCA9 written by utf-8b re-form 'é'",
        "a\udcc3\udca9b".encode("utf-8", "surrogatepass"),
        "wtf-8",
        "utf-8b",
        b"a\xc3\xa9b",
        [(LossKind.ESCAPES_FORM_UTF8, (1, 7), (1, 3), "\udcc3\udca9")],
    ),
    (
        "a wtf-8 lone surrogate cannot be encoded in utf-8",
        b"a\xed\xa0\x80b",
        "wtf-8",
        "utf-8",
        b"a\xef\xbf\xbdb",
        [(LossKind.UNENCODABLE, (1, 4), (1, 4), "\ud800")],
    ),
    (
        "a real escape-range character in xtf-8 input is a collision, replaced",
        b"a" + "\uef80".encode() + b"b",
        "xtf-8",
        "utf-8",
        b"a\xef\xbf\xbdb",
        [(LossKind.REPLACEMENT, (1, 4), (1, 4), "\ufffd")],
    ),
    (
        "unpaired lead and trail units joined by wtf-8 into one character",
        b"a\x00\x3d\xd8\xa9\xdcb\x00",
        UCS2,
        "wtf-8",
        b"a\xf0\x9f\x92\xa9b",
        [(LossKind.JOINED_SURROGATES, (2, 6), (1, 5), "\ud83d\udca9")],
    ),
    (
        "utf-8 to wtf-16le of well-formed text loses nothing",
        "né 💩".encode(),
        "utf-8",
        "wtf-16le",
        "né 💩".encode("utf-16-le"),
        [],
    ),
]


@pytest.mark.parametrize(
    ("data", "source", "target", "expected", "losses"),
    [case[1:] for case in LOSS_CASES],
    ids=[case[0] for case in LOSS_CASES],
)
def test_loss_cases(data, source, target, expected, losses):
    out, found = run(data, source, target)
    assert out == expected
    assert [
        (x.kind, (x.source_start, x.source_end), (x.target_start, x.target_end), x.chars)
        for x in found
    ] == losses
    for loss in found:
        assert loss.source_bytes == data[loss.source_start : loss.source_end]
        assert loss.target_bytes == out[loss.target_start : loss.target_end]


def test_replacement_loss_names_reason_value_and_offset():
    (loss, _) = iter_losses(b"ab\xc0\xafcd", "utf-8", "utf-8")
    assert loss.reason == Reason.OVERLONG
    assert loss.value == 0x2F
    assert "byte offset 2 (0x2)" in loss.message
    assert "overlong" in loss.message
    assert "U+002F '/'" in loss.message


def test_unencodable_message_names_the_character():
    (loss,) = iter_losses("hi 中!".encode(), "utf-8", "cp1252")
    assert "U+4E2D '中'" in loss.message
    assert "byte offset 3" in loss.message


def test_beyond_unicode_value_is_a_loss():
    fmt = get_format("corrected-utf-8")  # registered: an unknown id fails the test
    data = bytes([0xF7, 0xBF, 0xBF, 0xBF])  # the largest 4-byte value, above U+10FFFF
    assert decode(data, fmt).spans[0].kind == SpanKind.BEYOND
    (loss,) = iter_losses(data, fmt, "utf-8")
    assert loss.kind == LossKind.BEYOND_UNICODE
    assert loss.value is not None and loss.value > 0x10FFFF
    assert (loss.source_start, loss.source_end) == (0, 4)


def test_sparse_losses_inside_long_text_have_exact_target_offsets():
    data = b"x" * 1000 + b"\xff" + "é".encode() * 1000 + b"\xc0" + b"y" * 10
    _, losses = run(data, "utf-8", "utf-16le")
    assert [(x.target_start, x.target_end) for x in losses] == [(2000, 2002), (4002, 4004)]
    assert [(x.source_start, x.source_end) for x in losses] == [(1000, 1001), (3001, 3002)]


def test_dense_unencodable_characters_each_have_their_offsets():
    text = "中" * 5000 + "x" + "文" * 5000
    out, losses = run(text.encode(), "utf-8", "cp1252", chunk_size=4096)
    assert out == b"?" * 5000 + b"x" + b"?" * 5000
    assert len(losses) == 10000
    assert [(x.source_start, x.target_start) for x in losses[:2]] == [(0, 0), (3, 1)]
    assert (losses[5000].source_start, losses[5000].target_start) == (15001, 5001)


# -- streaming agrees with converting at once ----------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pieces=st.lists(st.sampled_from(PIECES), min_size=1, max_size=40),
    pair=st.sampled_from(PAIRS),
    chunk_size=st.integers(1, 9),
)
@example(pieces=[b"a", "\uefc3\uefa9".encode(), b"b"], pair=("utf-8", "xtf-8"), chunk_size=2)
@example(pieces=[b"a\x00\x3d\xd8\xa9\xdc"], pair=(UCS2, "wtf-8"), chunk_size=3)
def test_chunked_conversion_equals_conversion_at_once(pieces, pair, chunk_size):
    data = b"".join(pieces)
    whole_out, whole_losses = run(data, *pair, chunk_size=1 << 20)
    out, losses = run(data, *pair, chunk_size=chunk_size)
    assert out == whole_out
    assert summary(losses) == summary(whole_losses)


@settings(max_examples=150, deadline=None)
@given(pieces=st.lists(st.sampled_from(PIECES), max_size=40), pair=st.sampled_from(PAIRS))
def test_output_is_the_target_encoding_of_the_decoded_text(pieces, pair):
    data = b"\x20" + b"".join(pieces)  # no signature at offset 0
    source, target = (get_format(f) for f in pair)
    out, losses = run(data, source, target)
    assert out == target.encode(source.decode(data).text, "replace")
    check_losses_point_at_their_bytes(data, out, source, target, losses)


_FROM_SOURCE_SPANS = {LossKind.REPLACEMENT, LossKind.BEYOND_UNICODE, LossKind.DROPPED_ESCAPE}


def check_losses_point_at_their_bytes(
    data: bytes, out: bytes, source: Format, target: Format, losses: list[Loss]
) -> None:
    """Offsets agree with the bytes, and the bytes are what they should be:
    the target's own encoding of the characters concerned, and on the source
    side a whole span (losses read off spans) or the characters' encoding."""
    spans = {(s.byte_start, s.byte_end): s for s in source.decode(data).spans}
    for loss in losses:
        assert loss.source_bytes == data[loss.source_start : loss.source_end]
        assert loss.target_bytes == out[loss.target_start : loss.target_end]
        assert loss.target_bytes == target.encode(loss.chars, "replace")
        if loss.kind in _FROM_SOURCE_SPANS:
            assert spans[(loss.source_start, loss.source_end)].reason == loss.reason
        else:
            assert loss.source_bytes == source.encode(loss.chars, "replace")


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=200))
def test_same_format_conversion_loses_only_error_spans(fmt, data):
    out, losses = run(data, fmt, fmt)
    decoder = fmt.incremental_decoder()  # the conversion reads its input as a stream
    streamed = join_decodings([decoder.decode(data), decoder.decode(b"", final=True)])
    error_spans = [(s.byte_start, s.byte_end) for s in streamed.spans if s.kind in ERROR_KINDS]
    assert [(x.source_start, x.source_end) for x in losses] == error_spans
    assert {x.kind for x in losses} <= {LossKind.REPLACEMENT, LossKind.BEYOND_UNICODE}
    if not losses and isinstance(fmt, ByteOrderFollowing):
        # utf-16/utf-32 write little-endian: a big-endian input keeps its text
        # (and its mark), not its byte order (docs/FORMATS.md).
        assert fmt.decode(out).text == fmt.decode(data).text
    elif not losses:
        assert out == data


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300), pair=st.sampled_from(PAIRS))
def test_strict_fails_exactly_when_replace_reports_a_loss(data, pair, tmp_path_factory):
    directory = tmp_path_factory.mktemp("strict")
    report = plan_conversion(data, *pair)
    target = directory / "out"
    if report.lossless:
        convert(data, *pair, target)
        assert target.read_bytes() == b"".join(b.data for b in iter_conversion(data, *pair))
    else:
        with pytest.raises(ConversionLossError) as caught:
            convert(data, *pair, target)
        assert caught.value.loss == report.losses[0]
        assert not target.exists()
    assert [p.name for p in directory.iterdir()] == (["out"] if report.lossless else [])


# -- signatures ---------------------------------------------------------------------


def test_signature_bytes_of_unicode_forms_and_code_pages():
    assert get_format("utf-8").signature_bytes == b"\xef\xbb\xbf"
    assert get_format("utf-16le").signature_bytes == b"\xff\xfe"
    assert get_format("wtf-16be").signature_bytes == b"\xfe\xff"
    assert get_format("cp1252").signature_bytes is None


def test_a_format_that_declares_its_signature_is_believed():
    class Declared(Ucs2Le):
        id = "test-declared"

        @property
        def signature_bytes(self) -> bytes:
            return b"MAGIC"

    class DeclaresNone(Ucs2Le):
        id = "test-declares-none"

        @property
        def signature_bytes(self) -> None:
            return None

    assert Declared().signature_bytes == b"MAGIC"
    assert DeclaresNone().signature_bytes is None


@pytest.mark.parametrize("fmt_id", ["stf-7", "corrected-utf-8"])
def test_new_formats_signatures_are_looked_up_at_run_time(fmt_id):
    fmt = get_format(fmt_id)  # registered: an unknown id fails the test
    expected = {
        "stf-7": b"\x3a\x2f\x3a\x7e",
        "corrected-utf-8": b"\xef\xb7\x9d\xed\xb2\xae\x00\x0a",
    }
    assert fmt.signature_bytes == expected[fmt_id]
    out, losses = run(b"hi", "utf-8", fmt, signature=True)
    assert out.startswith(expected[fmt_id]) and not losses


def test_source_bom_becomes_target_bom():
    out, losses = run(b"\xef\xbb\xbfhi", "utf-8", "utf-16le")
    assert out == b"\xff\xfeh\x00i\x00"
    assert losses == []


def test_same_format_keeps_the_signature_byte_for_byte():
    assert run(b"\xff\xfeh\x00", "utf-16le", "utf-16le")[0] == b"\xff\xfeh\x00"


def test_signature_option_writes_one_signature_only():
    assert run(b"hi", "utf-8", "utf-8", signature=True)[0] == b"\xef\xbb\xbfhi"
    assert run(b"\xef\xbb\xbfhi", "utf-8", "utf-8", signature=True)[0] == b"\xef\xbb\xbfhi"
    assert run(b"", "utf-8", "utf-16be", signature=True)[0] == b"\xfe\xff"


def test_source_bom_dropped_for_a_target_without_signature():
    out, losses = run(b"\xef\xbb\xbfcaf\xc3\xa9", "utf-8", "cp1252")
    assert out == b"caf\xe9"
    assert losses == []


def test_signature_option_for_a_target_without_one_is_an_error():
    with pytest.raises(ConversionError):
        run(b"hi", "utf-8", "cp1252", signature=True)


def test_mid_text_byte_order_mark_is_ordinary_text():
    out, losses = run(b"a\xef\xbb\xbf", "utf-8", "cp1252")
    assert out == b"a?"
    assert [x.kind for x in losses] == [LossKind.UNENCODABLE]


# -- writing ------------------------------------------------------------------------


def test_convert_writes_the_file_and_reports(tmp_path):
    target = tmp_path / "out.txt"
    report = convert(b"a\xffb", "utf-8", "utf-16le", target, errors="replace")
    assert target.read_bytes() == "a\ufffdb".encode("utf-16-le")
    assert report.loss_count == 1 and report.counts == {LossKind.REPLACEMENT: 1}
    assert (report.bytes_read, report.bytes_written) == (3, 6)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_strict_loss_leaves_no_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(ConversionLossError) as caught:
        convert(b"fine" * 100_000 + b"\xff", "utf-8", "utf-16le", target)
    assert caught.value.loss.source_start == 400_000
    assert list(tmp_path.iterdir()) == []
    # Nothing was written, so the message says what replace would write.
    assert str(caught.value).endswith("with errors=replace it would be written as FD FF (U+FFFD)")
    assert caught.value.loss.message.endswith("; written as FD FF (U+FFFD)")


def test_strict_loss_leaves_an_existing_file_untouched(tmp_path):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")
    with pytest.raises(ConversionLossError):
        convert(b"\xff", "utf-8", "utf-8", target)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


class FailingReader(io.RawIOBase):
    """Gives some bytes, then fails like a disk error."""

    def __init__(self) -> None:
        self.calls = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        self.calls += 1
        if self.calls > 2:
            raise OSError(5, "Input/output error")
        return b"x" * max(size, 1)


def test_a_read_error_midway_leaves_no_file(tmp_path):
    with pytest.raises(OSError, match="Input/output"):
        convert(FailingReader(), "utf-8", "utf-8", tmp_path / "out")
    assert list(tmp_path.iterdir()) == []


def test_replacing_a_file_keeps_its_permissions(tmp_path):
    target = tmp_path / "out"
    target.write_bytes(b"old")
    target.chmod(0o640)
    convert(b"new", "utf-8", "utf-8", target)
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_writing_through_a_symlink_replaces_its_target(tmp_path):
    real = tmp_path / "real"
    real.write_bytes(b"old")
    link = tmp_path / "link"
    link.symlink_to(real)
    convert(b"new", "utf-8", "utf-8", link)
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_atomic_output_to_a_directory_fails_before_writing(tmp_path):
    with pytest.raises(IsADirectoryError), atomic_output(tmp_path):
        pytest.fail("the block must not run")
    assert list(tmp_path.iterdir()) == []


def test_converting_a_file_onto_itself_reads_the_old_content(tmp_path):
    path = tmp_path / "both"
    path.write_bytes("hé".encode())
    convert(path, "utf-8", "utf-16le", path)
    assert path.read_bytes() == "hé".encode("utf-16-le")


def test_convert_stream_writes_blocks_as_they_come():
    out = io.BytesIO()
    report = convert_stream(b"abc" * 200_000, "latin-1", "utf-8", out)
    assert out.getvalue() == b"abc" * 200_000
    assert report.lossless and report.bytes_written == 600_000


def test_plan_writes_nothing_and_counts_what_convert_would_write(tmp_path):
    data = "x中\xff".encode() * 3000 + b"\xff"
    report = plan_conversion(data, "utf-8", "cp1252", keep=5)
    assert report.counts == {LossKind.UNENCODABLE: 3000, LossKind.REPLACEMENT: 1}
    assert len(report.losses) == 5
    assert report.bytes_written == len("x?\xff".encode("cp1252")) * 3000 + 1
    assert list(tmp_path.iterdir()) == []


def test_inputs_as_path_source_and_stream_agree(tmp_path):
    from mojiscope.core import BytesSource

    data = "ünï\xff".encode("latin-1") * 1000
    path = tmp_path / "in"
    path.write_bytes(data)
    outs = {
        name: run(source, "latin-1", "utf-16be")[0]
        for name, source in [
            ("bytes", data),
            ("path", path),
            ("str path", os.fspath(path)),
            ("source", BytesSource(data)),
            ("stream", io.BytesIO(data)),
        ]
    }
    assert len(set(outs.values())) == 1


def test_all_registered_formats_convert_to_utf_8_without_crashing():
    sample = bytes(range(256)) * 2
    for fmt in formats():
        out, losses = run(sample, fmt, "utf-8")
        assert out.decode("utf-8")  # the output is well-formed UTF-8
        assert all(isinstance(x.message, str) for x in losses)


def test_unknown_errors_mode_is_rejected():
    with pytest.raises(ValueError, match="errors"):
        convert_stream(b"x", "utf-8", "utf-8", io.BytesIO(), errors="ignore")  # type: ignore[arg-type]


def test_loss_path_tmp_names_are_hidden_beside_the_target(tmp_path):
    from mojiscope.core.system.atomic_write import temporary_path_for

    name = temporary_path_for(Path(tmp_path / "out.txt"))
    assert name.parent == tmp_path and name.name.startswith(".out.txt.") and name.suffix == ".tmp"


def test_a_capped_run_of_context_characters_is_cut_between_pairs_only(monkeypatch):
    import mojiscope.core.conversion.engine as engine

    monkeypatch.setattr(engine, "CONTEXT_LIMIT", 3)
    pairs = b"\x3d\xd8\xa9\xdc" * 50
    whole_out, whole_losses = run(pairs, UCS2, "wtf-8", chunk_size=1 << 20)
    out, losses = run(pairs, UCS2, "wtf-8", chunk_size=7)
    assert out == whole_out == "💩".encode() * 50
    assert summary(losses) == summary(whole_losses)
    escapes = b"\xff" * 100
    assert (
        run(escapes, "utf-8b", "wtf-8", chunk_size=5)[0]
        == "\udcff".encode("utf-8", "surrogatepass") * 100
    )


@needs_fincore
def test_converting_a_large_file_does_not_keep_it_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A pass over a multi-gigabyte file kept all of it cached: it crowded
    # out everything else, and on this project's VM taking fresh pages made
    # the window's wake-ups wait. A file above RELEASE_MIN, not cached, is let
    # go of chunk by chunk; one cached stays cached.
    source = tmp_path / "large.txt"
    text = "caf\u00e9 na\u00efve r\u00e9sum\u00e9\n" * 300_000
    write_clean(source, text.encode())
    monkeypatch.setattr(page_cache, "RELEASE_MIN", source.stat().st_size)
    assert convert(source, "utf-8", "utf-16le", tmp_path / "out.txt").losses == []
    assert cached_bytes(source) >= source.stat().st_size  # it was cached: it stays (whole pages)
    with FileSource(source) as mapped:
        mapped.release(0, len(mapped))
    assert cached_bytes(source) == 0
    assert convert(source, "utf-8", "utf-16le", tmp_path / "again.txt").losses == []
    assert (tmp_path / "again.txt").read_bytes() == text.encode("utf-16le")
    assert cached_bytes(source) <= 1 << 20  # at most the last chunk's pages
