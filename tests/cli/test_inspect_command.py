"""``mojiscope inspect``, run as a real process."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from mojiscope.core import BytesSource, decode, get_format, join_decodings

# h é l l o ␠ € ␠ w FF r l d ␠ C0 AF
SAMPLE = b"h\xc3\xa9llo \xe2\x82\xac w\xffrld \xc0\xaf"


@pytest.fixture
def sample_file(tmp_path):
    path = tmp_path / "sample.bin"
    path.write_bytes(SAMPLE)
    return path


def check_tiling(records, byte_start, byte_end):
    assert records[0]["bytes"][0] == byte_start and records[0]["chars"][0] == 0
    for before, after in itertools.pairwise(records):
        assert before["bytes"][1] == after["bytes"][0]
        assert before["chars"][1] == after["chars"][0]
    assert records[-1]["bytes"][1] == byte_end
    for r in records:
        assert len(r["text"]) == r["chars"][1] - r["chars"][0]


def test_json_spans_tile_and_their_text_is_the_decoded_text(mojiscope, sample_file, cli_helpers):
    run = mojiscope("inspect", sample_file, "--format", "utf-8", "--json")
    assert run.returncode == 0
    records = run.json_lines()
    check_tiling(records, 0, len(SAMPLE))
    decoding = decode(SAMPLE, "utf-8")
    assert "".join(r["text"] for r in records) == decoding.text
    assert cli_helpers.merge_text_records(records) == cli_helpers.span_tuples(decoding.spans)
    overlong = next(r for r in records if r["reason"] == "overlong")
    assert overlong == {
        "kind": "invalid",
        "bytes": [17, 18],
        "chars": [14, 15],
        "reason": "overlong",
        "value": 0x2F,
        "text": "\ufffd",
    }


def test_json_objects_have_exactly_the_documented_keys(mojiscope, sample_file):
    records = mojiscope("inspect", sample_file, "-f", "utf-8", "--json").json_lines()
    assert all(list(r) == ["kind", "bytes", "chars", "reason", "value", "text"] for r in records)


def test_lone_surrogates_stay_valid_json(mojiscope):
    run = mojiscope("inspect", "--hex", "61 ed a0 80 62", "-f", "wtf-8", "--json")
    assert run.returncode == 0
    assert b"\\ud800" in run.stdout
    assert run.stdout.isascii()
    (_, surrogate, _) = run.json_lines()
    assert surrogate["kind"] == "surrogate" and surrogate["text"] == "\ud800"


def test_hex_input_and_stdin_input_agree_with_the_file(mojiscope, sample_file):
    from_file = mojiscope("inspect", sample_file, "-f", "utf-8", "--json").stdout
    from_hex = mojiscope("inspect", "--hex", SAMPLE.hex(" "), "-f", "utf-8", "--json").stdout
    from_stdin = mojiscope("inspect", "-", "-f", "utf-8", "--json", stdin=SAMPLE).stdout
    assert from_file == from_hex == from_stdin


def test_a_long_text_run_is_split_into_records_that_merge_back(mojiscope, tmp_path, cli_helpers):
    data = b"a" * (3 << 20) + b"\xff" + "é".encode() * 10
    path = tmp_path / "long.txt"
    path.write_bytes(data)
    records = mojiscope("inspect", path, "-f", "utf-8", "--json").json_lines()
    assert 2 < len(records) < 10
    check_tiling(records, 0, len(data))
    assert cli_helpers.merge_text_records(records) == cli_helpers.span_tuples(decode(data).spans)


def test_per_run_policy_keeps_a_run_whole_across_chunk_seams(mojiscope, tmp_path, cli_helpers):
    data = b"a" * ((1 << 18) - 2) + b"\xff" * 5 + b"z" + b"\x80\x80"
    path = tmp_path / "run.bin"
    path.write_bytes(data)
    records = mojiscope(
        "inspect", path, "-f", "utf-8", "--policy", "per-run", "--json"
    ).json_lines()
    expected = decode(data, "utf-8", policy="per-run")
    assert "".join(r["text"] for r in records) == expected.text
    assert cli_helpers.merge_text_records(records) == cli_helpers.span_tuples(expected.spans)


def test_per_byte_policy_writes_one_replacement_per_byte(mojiscope):
    run = mojiscope("inspect", "--hex", "e2 82 41", "-f", "utf-8", "--policy", "per-byte", "--json")
    assert [r["text"] for r in run.json_lines()] == ["\ufffd\ufffd", "A"]


def test_a_policy_the_format_lacks_is_a_usage_error(mojiscope, sample_file):
    run = mojiscope("inspect", sample_file, "-f", "xtf-8", "--policy", "per-run")
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1 and "per-run" in run.stderr


@pytest.mark.parametrize(
    ("offset", "length"),
    [(0, 4), (2, 5), (3, 20), (9, 0), (10, 3), (17, 1), (18, 100)],
    ids=["prefix", "inside é", "to the end", "empty", "invalid byte", "overlong lead", "last byte"],
)
def test_offset_and_length_give_the_spans_starting_in_the_range(
    mojiscope, sample_file, offset, length
):
    run = mojiscope(
        "inspect", sample_file, "-f", "utf-8", "--json", "--offset", offset, "--length", length
    )
    assert run.returncode == 0
    records = run.json_lines()
    fmt = get_format("utf-8")
    start = fmt.resync(BytesSource(SAMPLE), offset)
    whole = {(s.byte_start, s.byte_end): s for s in decode(SAMPLE, fmt).spans}
    if length == 0:
        assert records == []
        return
    check_tiling(records, start, records[-1]["bytes"][1])
    assert records[-1]["bytes"][1] >= min(offset + length, len(SAMPLE))
    assert all(r["bytes"][0] < offset + length for r in records)
    for r in records:
        b0, b1 = r["bytes"]
        if r["kind"] == "text":  # a run, perhaps cut at the range's end at a character boundary
            assert fmt.encode(r["text"]) == SAMPLE[b0:b1]
        else:
            assert (b0, b1) in whole
    assert ("inside a sequence" in run.stderr) == (start != offset)


def test_offset_on_stdin_agrees_with_the_file(mojiscope, tmp_path):
    data = ("x€" * 50_000).encode() + b"\xff" + "y€".encode() * 50_000
    path = tmp_path / "big.txt"
    path.write_bytes(data)
    args = ("-f", "utf-8", "--json", "--offset", 150_002, "--length", 1000)  # inside a €
    from_file = mojiscope("inspect", path, *args)
    from_stdin = mojiscope("inspect", "-", *args, stdin=data)
    assert from_file.stdout == from_stdin.stdout
    assert from_file.stderr == from_stdin.stderr.replace("<stdin>", str(path))
    assert from_file.json_lines()[0]["bytes"][0] == 150_001


def test_a_byte_order_mark_past_the_start_is_text_not_a_signature(mojiscope):
    records = mojiscope(
        "inspect", "--hex", "41 ef bb bf 41", "-f", "utf-8", "--json", "--offset", 1
    ).json_lines()
    assert [r["kind"] for r in records] == ["text"]
    assert records[0]["text"] == "\ufeffA"


def test_offset_past_the_end_is_a_usage_error(mojiscope, sample_file):
    run = mojiscope("inspect", sample_file, "-f", "utf-8", "--offset", 1000)
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1 and "past the end" in run.stderr


def test_strict_stops_at_the_first_error_with_its_offset(mojiscope, sample_file):
    run = mojiscope("inspect", sample_file, "-f", "utf-8", "--errors", "strict", "--json")
    assert run.returncode == 1
    assert len(run.stderr_lines) == 1
    assert "byte offset 12" in run.stderr and "invalid-byte" in run.stderr
    assert run.json_lines() == [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert run.json_lines()[-1]["bytes"] == [0, 12]


def test_strict_summary_fails_with_the_offset(mojiscope, sample_file):
    run = mojiscope("inspect", sample_file, "-f", "utf-8", "--errors", "strict")
    assert run.returncode == 1
    assert len(run.stderr_lines) == 1 and "byte offset 12" in run.stderr


def test_strict_passes_escapes_which_are_not_errors(mojiscope, sample_file):
    run = mojiscope("inspect", sample_file, "-f", "xtf-8", "--errors", "strict", "--json")
    assert run.returncode == 0
    assert [r["kind"] for r in run.json_lines()].count("escape") == 3


def test_summary_counts_and_lists_anomalies_in_words(mojiscope, sample_file):
    run = mojiscope("inspect", sample_file, "-f", "utf-8")
    assert run.returncode == 0
    out = run.stdout.decode("utf-8")
    assert f"{len(SAMPLE)} bytes" in out
    assert "utf-8" in out
    assert "invalid    overlong" in out and "invalid    invalid-byte" in out
    assert "0x0000000C (12)  FF" in out
    assert "0x00000011 (17)  C0" in out
    assert "it would have meant U+002F '/'" in out
    assert "a byte (F8..FF) that never occurs in UTF-8" in out


def test_summary_lines_up_the_bytes_of_anomalies_whose_offsets_differ_in_width(mojiscope):
    run = mojiscope("inspect", "--hex", "FF" + " 61" * 10 + " FE", "-f", "utf-8")
    assert run.returncode == 0
    anomalies = [line for line in run.stdout.decode().splitlines() if line.startswith("  0x")]
    assert [line.split()[:3] for line in anomalies] == [
        ["0x00000000", "(0)", "FF"],
        ["0x0000000B", "(11)", "FE"],
    ]
    offset_column = re.compile(r"  0x[0-9A-F]{8} \(\d+\) +")
    assert len({offset_column.match(line).end() for line in anomalies}) == 1


def test_summary_counts_a_run_across_chunks_once(mojiscope, tmp_path):
    data = b"a" * (1 << 20) + b"\xff"
    path = tmp_path / "a.txt"
    path.write_bytes(data)
    out = mojiscope("inspect", path, "-f", "utf-8").stdout.decode()
    assert "spans:      2" in out
    assert "into 1,048,577 characters" in out


def test_summary_of_an_empty_input(mojiscope):
    run = mojiscope("inspect", "-", "-f", "utf-16le", stdin=b"")
    assert run.returncode == 0
    assert "anomalies:  none" in run.stdout.decode()


def test_every_registered_format_inspects_random_bytes(mojiscope, tmp_path):
    import random

    from mojiscope.core import formats

    data = random.Random(7).randbytes(3000)
    path = tmp_path / "random.bin"
    path.write_bytes(data)
    for fmt in formats():
        run = mojiscope("inspect", path, "-f", fmt.id, "--json")
        assert run.returncode == 0, fmt.id
        records = run.json_lines()
        check_tiling(records, 0, len(data))
        decoder = fmt.incremental_decoder()
        streamed = join_decodings([decoder.decode(data), decoder.decode(b"", final=True)])
        assert "".join(r["text"] for r in records) == streamed.text, fmt.id
