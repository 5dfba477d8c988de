"""The loss report every conversion feeds (grouped rows, what each loss
becomes, meaning changes, a report that takes its losses from another),
verification of a written file, and an input changed under the reader."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core.conversion.convert import (
    ConversionLossError,
    convert,
    iter_losses,
    plan_conversion,
)
from mojiscope.core.conversion.engine import iter_conversion
from mojiscope.core.conversion.input import SourceChangedError
from mojiscope.core.conversion.loss_report import (
    SIGNATURE_ADDED,
    SIGNATURE_DROPPED,
    ConversionReport,
    becomes,
)
from mojiscope.core.conversion.verify import verify_output
from mojiscope.core.system.control import Cancelled, Control

MIXED = b"hi \xff\xfe " + "中€".encode() * 3  # 2 bad bytes at 3, 4; 中 at 6, 12, 18


def test_losses_are_grouped_by_kind_and_reason_with_first_offsets_and_what_they_become():
    report = plan_conversion(MIXED, "utf-8", "cp1252")
    rows = {(r.kind, r.reason): r for r in report.rows()}
    bad = rows[("replacement", "invalid-byte")]
    assert (bad.count, bad.first, bad.becomes) == (2, ((3, 4), (4, 5)), "?")
    han = rows[("unencodable", "unencodable")]
    assert (han.count, han.first) == (3, ((6, 9), (12, 15), (18, 21)))
    assert "U+4E2D" in han.message
    assert report.loss_count == 5 and len(report.rows()) == 2
    assert list(report.counts.items()) == [("replacement", 2), ("unencodable", 3)]


def test_a_replacement_into_utf16_becomes_the_replacement_character_in_words():
    assert becomes("utf-16le", b"\xfd\xff") == "FD FF (U+FFFD)"
    assert becomes("utf-8", b"\xef\xbf\xbd") == "EF BF BD (U+FFFD)"
    assert becomes("cp1252", b"?") == "?"
    assert becomes("xtf-8", b"") == "dropped"


def test_nothing_lost_says_the_text_survives_exactly():
    report = plan_conversion("héllo".encode(), "utf-8", "utf-16be")
    assert report.lossless and report.rows() == () and report.first_loss is None


def test_a_signature_added_or_dropped_is_a_row_that_does_not_refuse_strict():
    added = plan_conversion(b"abc", "utf-8", "utf-16le", signature=True)
    assert [(r.kind, r.refuses_strict, r.becomes) for r in added.rows()] == [
        (SIGNATURE_ADDED, False, "FF FE (U+FEFF)")
    ]
    dropped = plan_conversion(b"\xef\xbb\xbfabc", "utf-8", "cp1252")
    assert [(r.kind, r.first) for r in dropped.rows()] == [(SIGNATURE_DROPPED, ((0, 3),))]
    assert dropped.lossless
    carried = plan_conversion(b"\xef\xbb\xbfabc", "utf-8", "utf-16le")
    assert carried.rows() == ()


def test_meaning_changes_are_reported():
    # a C1 control that Corrected UTF-8 cannot carry
    c1 = plan_conversion("a\x85b".encode(), "utf-8", "corrected-utf-8")
    assert [(r.kind, r.first) for r in c1.rows()] == [("unencodable", ((1, 3),))]
    # a value above U+10FFFF
    beyond = plan_conversion(bytes.fromhex("f3bfbfbf"), "corrected-utf-8", "utf-8")
    assert [r.kind for r in beyond.rows()] == ["beyond-unicode"]
    # private-use characters that XTF-8 writes as escapes whose bytes re-form UTF-8
    reformed = plan_conversion("a\uefc3\uefa9".encode(), "utf-8", "xtf-8")
    assert [(r.kind, r.first) for r in reformed.rows()] == [("escapes-form-utf8", ((1, 7),))]
    assert "U+00E9" in reformed.rows()[0].message or "é" in reformed.rows()[0].message


def test_rows_stream_through_emit_before_the_end():
    seen: list[int] = []
    data = (b"x" * 100_000 + b"\xff") * 20
    plan_conversion(
        data, "utf-8", "utf-16le", control=Control(emit=lambda rows: seen.append(rows[0].count))
    )
    assert seen[0] < 20 and seen[-1] == 20


def test_cancel_stops_the_report():
    with pytest.raises(Cancelled):
        plan_conversion(
            b"x" * (1 << 20), "utf-8", "utf-16le", control=Control(cancelled=lambda: True)
        )


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300), st.sampled_from(["cp1252", "utf-16le", "xtf-8", "wtf-8", "ascii"]))
def test_row_counts_add_up_to_every_loss(data, target):
    """The rows count every loss iter_losses finds, kind by kind, and each
    row's first ranges are that kind's first losses in order."""
    report = plan_conversion(data, "utf-8b", target)
    losses = list(iter_losses(data, "utf-8b", target))
    counted = Counter()
    for row in report.rows():
        if row.refuses_strict:
            counted[row.kind] += row.count
            mine = [
                (x.source_start, x.source_end)
                for x in losses
                if x.kind.value == row.kind and (x.reason.value if x.reason else None) == row.reason
            ]
            assert list(row.first) == mine[: len(row.first)]
    assert counted == Counter(x.kind.value for x in losses)
    assert report.loss_count == len(losses)


def test_a_report_given_the_losses_of_another_counts_only_its_own_bytes():
    known = plan_conversion(MIXED, "utf-8", "cp1252", keep=3)
    again = ConversionReport("utf-8", "cp1252", losses_from=known)
    for block in iter_conversion(MIXED + b"tail", "utf-8", "cp1252"):
        again.add(block)
    assert (again.bytes_read, again.bytes_written) == (len(MIXED) + 4, known.bytes_written + 4)
    assert again.rows() == known.rows() and again.losses == known.losses
    assert (again.loss_count, again.counts) == (known.loss_count, known.counts)


# -- verification ------------------------------------------------------------


def test_verification_of_a_faithful_write(tmp_path):
    source = tmp_path / "in.txt"
    source.write_bytes(MIXED)
    out = tmp_path / "out.txt"
    convert(source, "utf-8", "utf-16le", out, "replace")
    result = verify_output(source, "utf-8", "utf-16le", out)
    assert result.ok and "verified" in result.message and str(out) in result.message


def test_verification_names_where_a_changed_output_differs(tmp_path):
    source = tmp_path / "in.txt"
    source.write_bytes("aé€xyz".encode())
    out = tmp_path / "out.txt"
    convert(source, "utf-8", "utf-16le", out)
    data = bytearray(out.read_bytes())
    data[8] = ord("Q")  # character 4, "y"
    out.write_bytes(bytes(data))
    result = verify_output(source, "utf-8", "utf-16le", out)
    assert (result.ok, result.byte_offset, result.char_offset) == (False, 8, 4)
    assert "U+0051" in result.message and "U+0079" in result.message


def test_verification_catches_a_cut_output(tmp_path):
    source = tmp_path / "in.txt"
    source.write_bytes(b"abcdef")
    out = tmp_path / "out.txt"
    convert(source, "utf-8", "utf-8", out)
    out.write_bytes(b"abc")
    result = verify_output(source, "utf-8", "utf-8", out)
    assert (result.ok, result.byte_offset) == (False, 3)
    assert "3 characters short" in result.message


# -- an input changed while it is read ---------------------------------------


def _cut_after_first_chunk(path, keep):
    """Blocks of converting ``path``, truncating the file to ``keep`` bytes
    once the first block has been read."""
    blocks = []
    for block in iter_conversion(path, "utf-8", "utf-16le", chunk_size=1000):
        if not blocks:
            with open(path, "r+b") as file:
                file.truncate(keep)
        blocks.append(block)
    return blocks


def test_an_input_cut_while_read_is_noticed_with_the_offset(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(b"x" * 5000)
    blocks = _cut_after_first_chunk(path, 2500)
    changed = blocks[-1].changed
    assert isinstance(changed, SourceChangedError)
    assert (changed.size_before, changed.size_after, changed.offset) == (5000, 2500, 2500)
    assert "byte offset 2,500" in str(changed)


def test_strict_convert_of_an_input_that_changed_fails_and_writes_nothing(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(b"x" * 5000)

    class Cutter:
        """A file that another program cuts short after the first read."""

        def __init__(self):
            self.file = open(path, "rb")  # noqa: SIM115 - closed by the test
            self.reads = 0

        def fileno(self):
            return self.file.fileno()

        def tell(self):
            return self.file.tell()

        def read(self, size):
            self.reads += 1
            if self.reads == 2:
                with open(path, "r+b") as file:
                    file.truncate(3000)
            return self.file.read(size)

    cutter = Cutter()
    out = tmp_path / "out.txt"
    with pytest.raises(SourceChangedError):
        convert(cutter, "utf-8", "utf-16le", out)
    cutter.file.close()
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["in.txt"]
    with pytest.raises(ConversionLossError):
        convert(b"\xff", "utf-8", "utf-16le", out)


def test_target_offsets_after_an_xtf8_escape_are_measured_by_xtf8():
    """XTF-8 writes U+EFC3 as the one byte C3 where UTF-8 takes three, so the
    replacement after it starts 2 bytes earlier than CPython's UTF-8 would say."""
    data = b"a long run of plain text. " * 9 + "\uefc3".encode() + b"\xa9\xdc"
    blocks = list(iter_conversion(data, "utf-8", "xtf-8"))
    whole = b"".join(block.data for block in blocks)
    first = blocks[0].losses[0]
    assert (first.source_start, first.target_start, first.target_end) == (237, 235, 238)
    assert whole[first.target_start : first.target_end] == first.target_bytes == b"\xef\xbf\xbd"


def test_a_digest_verification_catches_a_file_changed_after_the_write(tmp_path):
    from mojiscope.core.conversion.verify import DigestWriter, verify_digest

    out = tmp_path / "out.txt"
    with open(out, "wb") as file:
        written = DigestWriter(file)
        written.write(b"converted text")
    assert verify_digest(out, written).ok
    out.write_bytes(b"converted TEXT")
    result = verify_digest(out, written)
    assert not result.ok and "is not what was written (14 bytes)" in result.message
