"""``mojiscope convert``, run as a real process, and the same conversion
through the export job and the library."""

from __future__ import annotations

import json

import pytest
from helpers.conversion import PAIRS, PIECES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mojiscope.core import get_format
from mojiscope.core.conversion.convert import ConversionLossError, convert, plan_conversion
from mojiscope.core.conversion.jobs import ExportInput, export_in_child, report_in_child
from mojiscope.core.conversion.loss_report import loss_becomes
from mojiscope.core.conversion.losses import describe_loss
from mojiscope.core.system.control import Control

LOSSY = b"hi " + "中".encode() + b" \xff"  # 中 at 3..6, a bad byte at 7


def files_in(directory):
    return sorted(p.name for p in directory.iterdir())


@pytest.fixture
def lossy_file(tmp_path):
    path = tmp_path / "in" / "lossy.txt"
    path.parent.mkdir()
    path.write_bytes(LOSSY)
    return path


def test_strict_failure_writes_no_file_and_leaves_no_temporary(mojiscope, lossy_file, tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    run = mojiscope(
        "convert", lossy_file, "--from", "utf-8", "--to", "cp1252", "-o", out_dir / "o.txt"
    )
    assert run.returncode == 1
    assert len(run.stderr_lines) == 1
    assert "byte offset 3" in run.stderr and "U+4E2D" in run.stderr
    # It says what replace would have written, not that anything was.
    assert "it would be written as 3F" in run.stderr and "nothing was written" in run.stderr
    assert "; written as" not in run.stderr
    assert files_in(out_dir) == []


def test_strict_failure_on_stdout_writes_nothing(mojiscope, lossy_file):
    run = mojiscope("convert", lossy_file, "--from", "utf-8", "--to", "utf-16le")
    assert run.returncode == 1
    assert run.stdout == b""
    assert "byte offset 7" in run.stderr and "invalid-byte" in run.stderr


def test_strict_success_on_stdout(mojiscope):
    run = mojiscope("convert", "--hex", "68 c3 a9", "--from", "utf-8", "--to", "utf-16be")
    assert (run.returncode, run.stdout, run.stderr) == (0, "hé".encode("utf-16-be"), "")


def test_strict_failure_keeps_an_existing_output(mojiscope, lossy_file, tmp_path):
    target = tmp_path / "keep.txt"
    target.write_bytes(b"precious")
    run = mojiscope("convert", lossy_file, "--from", "utf-8", "--to", "cp1252", "-o", target)
    assert run.returncode == 1
    assert target.read_bytes() == b"precious"
    assert files_in(tmp_path) == ["in", "keep.txt"]


def test_replace_writes_and_reports_each_loss_with_totals(mojiscope, lossy_file, tmp_path):
    target = tmp_path / "o.txt"
    run = mojiscope(
        "convert",
        lossy_file,
        "--from",
        "utf-8",
        "--to",
        "cp1252",
        "-o",
        target,
        "--errors",
        "replace",
    )
    assert run.returncode == 0
    assert target.read_bytes() == b"hi ? ?"
    lines = run.stderr_lines
    assert lines[0] == "mojiscope: 2 losses converting utf-8 to cp1252:"
    assert "byte offset 3" in lines[1] and "U+4E2D '中'" in lines[1]
    assert "byte offset 7" in lines[2] and "invalid-byte" in lines[2]
    assert (
        lines[3] == "mojiscope: totals: replacement 1, unencodable 1; read 8 bytes, wrote 6 bytes"
    )


def test_many_losses_are_capped_with_a_count_of_the_rest(mojiscope):
    run = mojiscope(
        "convert",
        "-",
        "--from",
        "utf-8",
        "--to",
        "latin-1",
        "--errors",
        "replace",
        stdin=b"\xff" * 25,
    )
    assert run.stdout == b"?" * 25
    assert len(run.stderr_lines) == 1 + 20 + 1 + 1
    assert run.stderr_lines[-2] == "  ... and 5 more"
    assert "replacement 25" in run.stderr_lines[-1]


def test_lossless_conversion_is_silent(mojiscope, tmp_path):
    target = tmp_path / "o.txt"
    run = mojiscope(
        "convert", "-", "--from", "utf-8", "--to", "utf-16le", "-o", target, stdin="né".encode()
    )
    assert (run.returncode, run.stderr) == (0, "")
    assert target.read_bytes() == "né".encode("utf-16-le")
    assert files_in(tmp_path) == ["o.txt"]


def test_signature_option_writes_the_target_signature(mojiscope):
    run = mojiscope(
        "convert", "--hex", "68 69", "--from", "utf-8", "--to", "utf-16le", "--signature"
    )
    assert run.stdout == b"\xff\xfeh\x00i\x00"


def test_a_source_bom_becomes_the_target_bom(mojiscope):
    run = mojiscope("convert", "--hex", "ef bb bf 68", "--from", "utf-8", "--to", "utf-16be")
    assert run.stdout == b"\xfe\xff\x00h"


def test_signature_for_a_code_page_is_a_usage_error(mojiscope):
    run = mojiscope("convert", "--hex", "68", "--from", "utf-8", "--to", "cp1252", "--signature")
    assert run.returncode == 2 and len(run.stderr_lines) == 1 and "signature" in run.stderr


def test_converting_a_file_onto_itself(mojiscope, tmp_path):
    path = tmp_path / "same.txt"
    path.write_bytes("ünï".encode("latin-1"))
    run = mojiscope("convert", path, "--from", "latin-1", "--to", "utf-8", "-o", path)
    assert run.returncode == 0
    assert path.read_bytes() == "ünï".encode()
    assert files_in(tmp_path) == ["same.txt"]


def test_stdin_input_and_dash_output(mojiscope):
    run = mojiscope("convert", "-", "--from", "cp1252", "--to", "utf-8", "-o", "-", stdin=b"\x80")
    assert run.stdout == "€".encode()


@pytest.mark.parametrize(
    ("where", "message"),
    [("missing/dir/o.txt", "missing/dir does not exist"), (".", "Is a directory")],
    ids=["output in a missing directory", "output is a directory"],
)
def test_an_unwritable_output_is_a_usage_error(mojiscope, tmp_path, where, message):
    run = mojiscope(
        "convert", "--hex", "41", "--from", "utf-8", "--to", "utf-8", "-o", tmp_path / where
    )
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1 and message in run.stderr


def test_unknown_target_format_exits_2_with_one_line(mojiscope):
    run = mojiscope("convert", "--hex", "41", "--from", "utf-8", "--to", "no-such-format")
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1 and "no-such-format" in run.stderr


def test_escapes_forming_utf8_refuse_a_strict_conversion(mojiscope):
    data = "a\uefc3\uefa9".encode()
    run = mojiscope("convert", "-", "--from", "utf-8", "--to", "xtf-8", stdin=data)
    assert run.returncode == 1
    assert "escapes" in run.stderr and "byte offset 1" in run.stderr


# -- one conversion, three ways in -------------------------------------------------

#: The helpers' format pairs the command line can name (not the test-only UCS-2).
NAMED_PAIRS = [pair for pair in PAIRS if all(isinstance(f, str) for f in pair)]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    pieces=st.lists(st.sampled_from(PIECES), max_size=12),
    pair=st.sampled_from(NAMED_PAIRS),
    errors=st.sampled_from(["strict", "replace"]),
    signature=st.booleans(),
)
def test_the_command_the_export_job_and_the_library_write_and_report_the_same(
    mojiscope, tmp_path_factory, pieces, pair, errors, signature
):
    """The same input and choices through ``mojiscope convert --json``, the
    export dialog's write job (with and without the report it is handed) and
    :func:`convert` give the same bytes and the same losses, or the same
    refusal."""
    source, target = pair
    signature = signature and get_format(target).signature_bytes is not None
    folder = tmp_path_factory.mktemp("three-ways")
    path = folder / "in.bin"
    path.write_bytes(b" " + b"".join(pieces))
    given_input = ExportInput(str(path), 0, path.stat().st_size, whole=True)
    choices = (source, target, errors, signature)

    planned = plan_conversion(path, source, target, signature)
    expected = [
        {
            "kind": loss.kind.value,
            "reason": loss.reason.value if loss.reason else None,
            "bytes": [loss.source_start, loss.source_end],
            "becomes": loss_becomes(loss),
        }
        for loss in planned.losses
    ]
    refused = errors == "strict" and not planned.lossless

    argv = ["convert", path, "--from", source, "--to", target, "--errors", errors, "--json"]
    run = mojiscope(*argv, "-o", folder / "cli.out", *(["--signature"] if signature else []))
    told = json.loads(run.stderr_lines[-1])
    assert told["losses"] == expected and told["read"] == planned.bytes_read
    known = report_in_child(Control(), given_input, source, target, signature)
    assert known.report.losses == planned.losses
    if refused:
        first = describe_loss(planned.losses[0], strict=True)
        assert run.returncode == 1 and first in run.stderr_lines[0]
        for handed in (None, known):
            with pytest.raises(ConversionLossError) as caught:
                export_in_child(Control(), given_input, *choices, str(folder / "job.out"), handed)
            assert caught.value.loss == planned.losses[0]
        with pytest.raises(ConversionLossError) as caught:
            convert(path, source, target, folder / "lib.out", errors, signature)
        assert caught.value.loss == planned.losses[0]
        assert files_in(folder) == ["in.bin"]
        return
    assert run.returncode == 0 and told["written"] == planned.bytes_written
    written = (folder / "cli.out").read_bytes()
    for handed in (None, known):
        outcome = export_in_child(Control(), given_input, *choices, str(folder / "job.out"), handed)
        assert (folder / "job.out").read_bytes() == written and outcome.verification.ok
        assert outcome.report.losses == planned.losses
        assert outcome.report.bytes_written == len(written)
    report = convert(path, source, target, folder / "lib.out", errors, signature)
    assert (folder / "lib.out").read_bytes() == written
    assert report.losses == planned.losses and report.counts == planned.counts
