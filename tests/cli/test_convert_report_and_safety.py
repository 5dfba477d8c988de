"""``mojiscope convert`` as a real process: --report, --json, --verify,
special files as outputs, errors naming the user's path, an input cut while
read, and signals during a write (issue 13; issue 12 items 12, 13, 17)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import threading
import time

import pytest

LOSSY = b"hi \xff\xfe " + "中".encode()  # bad bytes at 3 and 4, 中 at 6..9


def files_in(directory):
    return sorted(p.name for p in directory.iterdir())


@pytest.fixture
def lossy_file(tmp_path):
    path = tmp_path / "in" / "lossy.txt"
    path.parent.mkdir()
    path.write_bytes(LOSSY)
    return path


def convert_args(source, *more):
    return ("convert", source, "--from", "utf-8", "--to", "cp1252", *more)


# -- the report ----------------------------------------------------------------


def test_json_report_is_the_last_stderr_line_with_every_loss(mojiscope, lossy_file, tmp_path):
    out = tmp_path / "o.txt"
    run = mojiscope(*convert_args(lossy_file, "-o", out, "--errors", "replace", "--json"))
    assert run.returncode == 0 and out.read_bytes() == b"hi ?? ?"
    report = json.loads(run.stderr_lines[-1])
    assert report == {
        "losses": [
            {"kind": "replacement", "reason": "invalid-byte", "bytes": [3, 4], "becomes": "?"},
            {"kind": "replacement", "reason": "invalid-byte", "bytes": [4, 5], "becomes": "?"},
            {"kind": "unencodable", "reason": "unencodable", "bytes": [6, 9], "becomes": "?"},
        ],
        "counts": {"replacement": 2, "unencodable": 1},
        "read": 9,
        "written": 7,
    }


def test_a_json_record_says_what_a_loss_becomes_in_the_target(mojiscope):
    run = mojiscope(
        "convert",
        "--hex",
        "61 ff",
        "--from",
        "utf-8",
        "--to",
        "utf-16le",
        "--errors",
        "replace",
        "--json",
    )
    assert run.returncode == 0 and run.stdout == "a\ufffd".encode("utf-16-le")
    assert json.loads(run.stderr_lines[-1])["losses"] == [
        {
            "kind": "replacement",
            "reason": "invalid-byte",
            "bytes": [1, 2],
            "becomes": "FD FF (U+FFFD)",
        }
    ]


def test_strict_with_json_reports_every_loss_writes_nothing_and_exits_1(
    mojiscope, lossy_file, tmp_path
):
    run = mojiscope(*convert_args(lossy_file, "-o", tmp_path / "o.txt", "--json"))
    assert run.returncode == 1
    assert "nothing was written" in run.stderr_lines[0] and "byte offset 3" in run.stderr_lines[0]
    report = json.loads(run.stderr_lines[-1])
    assert (len(report["losses"]), report["written"]) == (3, 0)
    assert files_in(tmp_path) == ["in"]


def test_report_prints_every_loss_beyond_the_default_cap(mojiscope, tmp_path):
    run = mojiscope(
        "convert",
        "-",
        "--from",
        "utf-8",
        "--to",
        "latin-1",
        "--errors",
        "replace",
        "--report",
        stdin=b"\xff" * 25,
    )
    lines = run.stderr_lines
    assert sum("cannot decode FF" in line for line in lines) == 25
    assert "... and" not in run.stderr and lines[-1].startswith("mojiscope: totals: replacement 25")


def test_report_under_strict_says_what_replace_would_write(mojiscope, lossy_file):
    run = mojiscope(*convert_args(lossy_file, "--report"))
    assert run.returncode == 1 and run.stdout == b""
    assert "it would be written as 3F" in run.stderr and "; written as" not in run.stderr


def test_a_lossless_report_says_the_text_survives(mojiscope):
    run = mojiscope("convert", "--hex", "68 69", "--from", "utf-8", "--to", "utf-16le", "--report")
    assert run.stderr_lines == [
        "mojiscope: no loss: the text survives exactly; read 2 bytes, wrote 4 bytes"
    ]


def test_verify_confirms_a_written_file(mojiscope, lossy_file, tmp_path):
    out = tmp_path / "o.txt"
    run = mojiscope(*convert_args(lossy_file, "-o", out, "--errors", "replace", "--verify"))
    assert run.returncode == 0
    assert f"mojiscope: verified: {out} reads back as cp1252" in run.stderr
    assert run.stderr_lines[-1].startswith("mojiscope: totals:")


def test_verify_with_json_keeps_the_json_on_the_last_line(mojiscope, lossy_file, tmp_path):
    out = tmp_path / "o.txt"
    run = mojiscope(
        *convert_args(lossy_file, "-o", out, "--errors", "replace", "--verify", "--json")
    )
    assert run.returncode == 0
    assert run.stderr_lines[-2].startswith("mojiscope: verified:")
    assert json.loads(run.stderr_lines[-1])["written"] == 7


def test_verify_of_a_file_converted_onto_itself(mojiscope, tmp_path):
    path = tmp_path / "same.txt"
    path.write_bytes("ünï".encode("latin-1"))
    run = mojiscope("convert", path, "--from", "latin-1", "--to", "utf-8", "-o", path, "--verify")
    assert run.returncode == 0 and path.read_bytes() == "ünï".encode()
    assert "holds exactly the 5 bytes written (it replaced its source)" in run.stderr


def test_verify_needs_a_file_to_reread(mojiscope, lossy_file):
    run = mojiscope(*convert_args(lossy_file, "--errors", "replace", "--verify"))
    assert run.returncode == 2 and "--verify" in run.stderr and len(run.stderr_lines) == 1


# -- special files and errors naming the user's path (issue 12 items 12, 13) ---


def test_output_onto_dev_null_leaves_the_device_in_place(mojiscope, lossy_file):
    before = os.stat("/dev/null")
    run = mojiscope(*convert_args(lossy_file, "-o", "/dev/null", "--errors", "replace"))
    assert run.returncode == 0
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_output_onto_a_fifo_writes_into_it(mojiscope_argv, lossy_file, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    subprocess.run(
        [*mojiscope_argv, *convert_args(lossy_file, "-o", fifo, "--errors", "replace")],
        check=True,
        capture_output=True,
        timeout=60,
    )
    reader.join(30)
    assert received == [b"hi ?? ?"] and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert files_in(tmp_path) == ["in", "pipe"]


def test_output_to_dev_stdout_on_a_pipe(mojiscope, lossy_file):
    run = mojiscope(*convert_args(lossy_file, "-o", "/dev/stdout", "--errors", "replace"))
    assert (run.returncode, run.stdout) == (0, b"hi ?? ?")
    assert "pipe:" not in run.stderr


def test_a_missing_output_folder_names_the_users_path(mojiscope, lossy_file, tmp_path):
    target = tmp_path / "nowhere" / "o.txt"
    run = mojiscope(*convert_args(lossy_file, "-o", target, "--errors", "replace"))
    assert run.returncode == 2
    assert run.stderr_lines == [
        f"mojiscope: {target}: the folder {tmp_path / 'nowhere'} does not exist"
    ]


def test_a_full_disk_names_the_path(mojiscope, tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * (1 << 20))
    run = mojiscope("convert", big, "--from", "utf-8", "--to", "utf-16le", "-o", "/dev/full")
    assert run.returncode == 2
    assert run.stderr_lines == ["mojiscope: /dev/full: No space left on device"]


# -- an input cut while it is read (issue 12 item 17) ----------------------------


def _cut_while_reading(argv, source, size):
    """Start ``argv``, stop it once it has read part of ``source``, cut the
    file to where it got, and let it go on; return (process, cut offset)."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        position = _read_position(process.pid, source)
        if position and position < size // 2:
            process.send_signal(signal.SIGSTOP)
            position = _read_position(process.pid, source)
            cut = position + (1 << 20)
            os.truncate(source, cut)
            process.send_signal(signal.SIGCONT)
            return process, cut
        time.sleep(0.001)
    process.kill()
    pytest.fail("the converter never started reading")


def _read_position(pid, source):
    fd_dir = f"/proc/{pid}/fd"
    try:
        for fd in os.listdir(fd_dir):
            if os.readlink(f"{fd_dir}/{fd}") == str(source):
                with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                    return int(info.readline().split()[1])
    except OSError:
        return None
    return None


@pytest.mark.parametrize("errors", ["strict", "replace"])
def test_an_input_cut_while_converting_is_noticed(mojiscope_argv, tmp_path, errors):
    source = tmp_path / "big.txt"
    size = 96 << 20
    source.write_bytes(b"x" * size)
    out = tmp_path / "o.txt"
    argv = [
        *mojiscope_argv,
        "convert",
        str(source),
        "--from",
        "utf-8",
        "--to",
        "utf-16le",
        "-o",
        str(out),
        "--errors",
        errors,
    ]
    process, cut = _cut_while_reading(argv, source, size)
    stderr = process.communicate(timeout=300)[1].decode()
    assert "Traceback" not in stderr
    assert f"changed while it was read: it had {size:,} bytes, has {cut:,} now" in stderr
    assert f"reading ended at byte offset {cut:,}" in stderr
    if errors == "strict":
        assert process.returncode == 1 and files_in(tmp_path) == ["big.txt"]
    else:
        assert process.returncode == 0 and "warning" in stderr
        assert out.stat().st_size == 2 * cut


# -- signals during a write (issue 12 item 13) -----------------------------------


def _start_and_wait_for_temporary(argv, out_dir):
    """Start a conversion fed slowly on stdin; return it once its temporary
    output file exists (so a signal lands in the middle of the write)."""
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    process.stdin.write(b"abc" * 100_000)
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while not any(name.endswith(".tmp") for name in os.listdir(out_dir)):
        assert time.monotonic() < deadline, "no temporary file appeared"
        time.sleep(0.01)
    return process


@pytest.mark.parametrize(
    ("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)], ids=["SIGTERM", "SIGINT"]
)
def test_a_signal_during_a_write_leaves_no_output_and_no_temporary(
    mojiscope_argv, tmp_path, signum, code
):
    out = tmp_path / "o.txt"
    argv = [*mojiscope_argv, "convert", "-", "--from", "utf-8", "--to", "utf-16le", "-o", str(out)]
    process = _start_and_wait_for_temporary(argv, tmp_path)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == code and b"Traceback" not in stderr
    assert files_in(tmp_path) == []


def test_sigkill_never_leaves_a_partial_file_under_the_targets_name(mojiscope_argv, tmp_path):
    out = tmp_path / "o.txt"
    out.write_bytes(b"the old content")
    argv = [*mojiscope_argv, "convert", "-", "--from", "utf-8", "--to", "utf-16le", "-o", str(out)]
    process = _start_and_wait_for_temporary(argv, tmp_path)
    process.kill()
    process.communicate(timeout=60)
    assert out.read_bytes() == b"the old content"
    leftovers = [name for name in files_in(tmp_path) if name != "o.txt"]
    assert all(name.startswith(".o.txt.") and name.endswith(".tmp") for name in leftovers)


# -- the progress bar ---------------------------------------------------------------


def _stderr_of(argv, *, terminal):
    """Run ``argv`` with stderr on a pseudo-terminal (or a pipe); return it."""
    if not terminal:
        return subprocess.run(argv, capture_output=True, timeout=300, check=True).stderr
    import pty

    parent, child = pty.openpty()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=child)
    os.close(child)
    received = b""
    while True:
        try:
            piece = os.read(parent, 1 << 16)
        except OSError:  # the child closed the terminal
            break
        if not piece:
            break
        received += piece
    process.wait(300)
    os.close(parent)
    assert process.returncode == 0
    return received


@pytest.mark.parametrize("terminal", [True, False], ids=["stderr a terminal", "stderr a pipe"])
def test_a_progress_bar_only_on_a_terminal_for_a_large_input(mojiscope_argv, tmp_path, terminal):
    # Large enough that the conversion outlasts the bar's first redraw
    # (0.1 s) on a fast machine: 160 MiB of NULs, sparse (costs no disk to make).
    big = tmp_path / "big.txt"
    with big.open("wb") as f:
        f.truncate(160 << 20)
    argv = [
        *mojiscope_argv,
        "convert",
        str(big),
        "--from",
        "utf-8",
        "--to",
        "utf-16le",
        "-o",
        str(tmp_path / "o.txt"),
    ]
    stderr = _stderr_of(argv, terminal=terminal)
    if terminal:
        assert b"\rmojiscope: converting" in stderr and b"%" in stderr
        assert stderr.endswith(b"\r\x1b[K")  # the bar is wiped at the end
    else:
        assert stderr == b""
    assert (tmp_path / "o.txt").stat().st_size == 2 * big.stat().st_size


def test_no_progress_bar_for_a_small_input_even_on_a_terminal(mojiscope_argv, lossy_file):
    argv = [
        *mojiscope_argv,
        "convert",
        str(lossy_file),
        "--from",
        "utf-8",
        "--to",
        "utf-16le",
        "--errors",
        "replace",
        "-o",
        os.devnull,
    ]
    stderr = _stderr_of(argv, terminal=True)
    assert b"\rmojiscope: converting" not in stderr and b"2 losses" in stderr
