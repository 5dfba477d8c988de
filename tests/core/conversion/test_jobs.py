"""The export's operations as a child process runs them: the same report and
the same bytes as in-process, errors that cross the process boundary whole,
a cancel that leaves nothing, or, after the rename, a written file; and what
the write computes once (the losses of the report it is handed, the check
against the bytes it wrote)."""

from __future__ import annotations

import io
import os
import pickle
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mojiscope.core.conversion import losses as losses_module
from mojiscope.core.conversion.convert import (
    ConversionLossError,
    convert_stream,
    plan_conversion,
)
from mojiscope.core.conversion.input import SourceChangedError
from mojiscope.core.conversion.jobs import (
    ExportError,
    ExportInput,
    export_in_child,
    file_identity,
    report_in_child,
)
from mojiscope.core.system.child_job import run_in_child
from mojiscope.core.system.control import Cancelled, Control

LOSSY = b"hi \xff " + "\u4e2d".encode() + b" end \xed\xa0\x80 tail"


def whole(path: Path) -> ExportInput:
    return ExportInput(str(path), 0, path.stat().st_size, whole=True)


def test_the_report_from_a_child_is_the_report_in_process_and_its_rows_arrive_first(tmp_path):
    path = tmp_path / "lossy.txt"
    path.write_bytes(LOSSY * 1000)
    emitted: list[object] = []
    result = run_in_child(
        report_in_child, (whole(path), "wtf-8", "cp1252", False), Control(emit=emitted.append)
    )
    here = plan_conversion(path, "wtf-8", "cp1252")
    report = result.report
    assert report.rows() == here.rows() and report.loss_count == here.loss_count
    assert report.losses == here.losses and report.counts == here.counts
    assert emitted and emitted[-1] == here.rows()
    assert result.identity == file_identity(str(path)) and result.holds_for(whole(path))


def test_a_range_of_a_file_and_bytes_without_a_file_read_the_same(tmp_path):
    path = tmp_path / "lossy.txt"
    path.write_bytes(b"xxxx" + LOSSY + b"yyyy")
    ranged = ExportInput(str(path), 4, 4 + len(LOSSY), whole=False)
    in_memory = ExportInput(None, 0, len(LOSSY), whole=False, data=LOSSY)
    for given in (ranged, in_memory):
        rows = report_in_child(Control(), given, "wtf-8", "utf-16le", False).report.rows()
        assert rows == plan_conversion(LOSSY, "wtf-8", "utf-16le").rows()


def test_an_export_from_a_child_writes_what_convert_writes_and_verifies(tmp_path):
    path, out = tmp_path / "lossy.txt", tmp_path / "out.txt"
    path.write_bytes(LOSSY)
    outcome = run_in_child(
        export_in_child,
        (whole(path), "wtf-8", "utf-16le", "replace", True, str(out)),
        Control(),
    )
    with open(tmp_path / "theirs.txt", "wb") as theirs:
        convert_stream(LOSSY, "wtf-8", "utf-16le", theirs, "replace", True)
    assert out.read_bytes() == (tmp_path / "theirs.txt").read_bytes()
    assert outcome.verification.ok and outcome.report.loss_count == 2


def test_a_strict_loss_comes_back_from_the_child_as_itself(tmp_path):
    path, out = tmp_path / "lossy.txt", tmp_path / "out.txt"
    path.write_bytes(LOSSY)
    with pytest.raises(ConversionLossError) as raised:
        run_in_child(
            export_in_child,
            (whole(path), "utf-8", "utf-16le", "strict", False, str(out)),
            Control(),
        )
    assert raised.value.loss.source_start == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lossy.txt"]


def test_a_missing_folder_is_one_sentence_naming_the_path(tmp_path):
    path, out = tmp_path / "lossy.txt", tmp_path / "nowhere" / "out.txt"
    path.write_bytes(LOSSY)
    with pytest.raises(ExportError, match=f"^Cannot write {out}: the folder .* does not exist"):
        run_in_child(
            export_in_child,
            (whole(path), "utf-8", "utf-16le", "replace", False, str(out)),
            Control(),
        )


def test_a_cancel_at_the_last_moment_before_the_rename_leaves_nothing(tmp_path):
    path, out = tmp_path / "text.txt", tmp_path / "out.txt"
    path.write_bytes(b"abc" * 100_000)
    read = [0]

    def cancelled() -> bool:  # every byte converted: only the rename is left
        return read[0] >= path.stat().st_size

    control = Control(progress=lambda done: read.__setitem__(0, done), cancelled=cancelled)
    with pytest.raises(Cancelled):
        export_in_child(control, whole(path), "utf-8", "utf-16le", "replace", False, str(out))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["text.txt"]


def test_a_cancel_after_the_rename_leaves_the_written_file_with_a_new_identity(tmp_path):
    path, out = tmp_path / "text.txt", tmp_path / "out.txt"
    path.write_bytes("abcdéfgh".encode() * (2 << 20))  # 18 MiB: verifying takes a while
    out.write_bytes(b"old")
    before = file_identity(str(out))
    stop = threading.Event()
    control = Control(
        cancelled=stop.is_set, progress=lambda _done: out.stat().st_size > 3 and stop.set()
    )
    given = (whole(path), "utf-8", "utf-16le", "replace", False, str(out))
    with pytest.raises(Cancelled):
        run_in_child(export_in_child, given, control)
    after = file_identity(str(out))
    assert after is not None and after != before and after[2] == out.stat().st_size
    assert out.read_bytes() == path.read_bytes().decode().encode("utf-16-le")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt", "text.txt"]


def test_the_errors_a_child_raises_cross_as_themselves():
    changed = pickle.loads(pickle.dumps(SourceChangedError("f.txt", 10, 4, 4)))
    assert (changed.offset, changed.size_before, changed.size_after) == (4, 10, 4)
    with pytest.raises(ConversionLossError) as raised:
        convert_stream(b"a\xff", "utf-8", "utf-16le", io.BytesIO())
    crossed = pickle.loads(pickle.dumps(raised.value))
    assert crossed.loss == raised.value.loss and str(crossed) == str(raised.value)


SLOW_EXPORT = """
import sys, time
from mojiscope.core.system.control import Control
from mojiscope.core.conversion.jobs import ExportInput, export_in_child

def step(done):
    print("writing", flush=True)
    time.sleep(0.05)

path, out = sys.argv[1:3]
given = ExportInput(path, 0, 1 << 24, whole=True)
export_in_child(Control(progress=step), given, "utf-8", "utf-16le", "replace", False, out)
"""


def test_sigterm_during_the_write_removes_the_temporary_file(tmp_path):
    # What a child still writing gets when the caller gives up on it.
    path, out = tmp_path / "text.txt", tmp_path / "out.txt"
    path.write_bytes(b"abcdefgh" * (1 << 21))  # 16 MiB: many steps of 50 ms
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW_EXPORT, str(path), str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "writing\n"
    assert any(p.name.startswith(".out.txt.") for p in tmp_path.iterdir())  # mid-write
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=30)
    assert child.returncode != 0 and "Terminated" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["text.txt"]


# -- computing once ------------------------------------------------------------------


def test_a_write_handed_the_report_of_its_choices_locates_no_loss_again(tmp_path, monkeypatch):
    path, out = tmp_path / "lossy.txt", tmp_path / "out.txt"
    path.write_bytes(LOSSY * 1000)
    known = report_in_child(Control(), whole(path), "wtf-8", "utf-16le", False)
    located = []
    find = losses_module.find_losses
    monkeypatch.setattr(losses_module, "find_losses", lambda b: located.append(1) or find(b))
    outcome = export_in_child(
        Control(), whole(path), "wtf-8", "utf-16le", "replace", False, str(out), known
    )
    assert located == [] and outcome.verification.ok
    assert outcome.report.rows() == known.report.rows()
    assert outcome.report.loss_count == known.report.loss_count == 2000
    assert outcome.report.bytes_written == out.stat().st_size
    with open(tmp_path / "theirs.txt", "wb") as theirs:
        convert_stream(LOSSY * 1000, "wtf-8", "utf-16le", theirs, "replace")
    assert out.read_bytes() == (tmp_path / "theirs.txt").read_bytes()


def test_a_report_of_a_file_changed_since_is_not_taken_for_it(tmp_path):
    path, out = tmp_path / "text.txt", tmp_path / "out.txt"
    path.write_bytes(b"clean text")
    known = report_in_child(Control(), whole(path), "utf-8", "cp1252", False)
    assert known.report.lossless
    path.write_bytes(b"now \xff lossy")
    assert not known.holds_for(whole(path))
    outcome = export_in_child(
        Control(), whole(path), "utf-8", "cp1252", "replace", False, str(out), known
    )
    assert [(x.source_start, x.source_end) for x in outcome.report.losses] == [(4, 5)]
    with pytest.raises(ConversionLossError):
        export_in_child(Control(), whole(path), "utf-8", "cp1252", "strict", False, str(out), known)


def test_strict_refuses_a_loss_even_where_a_report_it_was_handed_saw_none(tmp_path):
    # The same file (device, inode, size, time) with other bytes: the report
    # holds, as far as anyone can tell, and still strict writes no loss.
    path, out = tmp_path / "text.txt", tmp_path / "out.txt"
    path.write_bytes(b"clean text")
    known = report_in_child(Control(), whole(path), "utf-8", "cp1252", False)
    times = path.stat()
    with open(path, "r+b") as file:
        file.write(b"\xff")
    os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert known.holds_for(whole(path))
    with pytest.raises(ConversionLossError) as raised:
        export_in_child(Control(), whole(path), "utf-8", "cp1252", "strict", False, str(out), known)
    assert raised.value.loss.source_start == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["text.txt"]


def test_the_check_after_a_write_compares_bytes_and_converts_again_only_to_say_where(tmp_path):
    path, out = tmp_path / "text.txt", tmp_path / "out.txt"
    path.write_bytes("abcdé".encode() * 200_000)  # 1.2 MB: the output is reread in chunks
    size = path.stat().st_size
    changed = []

    def meddle(done: int) -> None:  # another program writes into the output as it is reread
        if done > size and not changed:
            with open(out, "r+b") as file:
                file.seek(1_000_000)
                file.write(b"Q\x00")
            changed.append(done)

    outcome = export_in_child(
        Control(progress=meddle), whole(path), "utf-8", "utf-16le", "replace", False, str(out)
    )
    verdict = outcome.verification
    assert (
        changed
        and not verdict.ok
        and (verdict.byte_offset, verdict.char_offset)
        == (
            1_000_000,
            500_000,
        )
    )
    assert "U+0051" in verdict.message
    clean = export_in_child(Control(), whole(path), "utf-8", "utf-16le", "replace", False, str(out))
    assert clean.verification.ok
    assert (
        clean.verification.message == f"verified: {out} holds exactly the 2,000,000 bytes written"
    )
