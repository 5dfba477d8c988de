"""The ``mojiscope`` command as a whole: ``formats``, exit codes, one-line
errors, routing to the GUI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from argparse import Namespace

import pytest

from mojiscope.cli.main import COMMANDS, main
from mojiscope.core import formats


def test_formats_lists_every_format_with_aliases_and_description(mojiscope):
    run = mojiscope("formats")
    assert run.returncode == 0
    out = run.stdout.decode("utf-8")
    for fmt in formats():
        line = next(line for line in out.splitlines() if line.startswith(fmt.id + " "))
        assert fmt.description in line
        assert all(alias in line for alias in fmt.aliases)


def test_formats_json_is_one_array_of_records(mojiscope):
    records = json.loads(mojiscope("formats", "--json").stdout)
    assert [r["id"] for r in records] == [f.id for f in formats()]
    utf8 = records[0]
    assert utf8["aliases"] == ["utf8", "u8"]
    assert utf8["policies"] == ["maximal-subpart", "per-byte", "per-run"]
    assert utf8["signature"] == "EF BB BF"
    assert next(r for r in records if r["id"] == "cp1252")["signature"] is None


def test_python_dash_m_runs_the_same_command():
    completed = subprocess.run(
        [sys.executable, "-m", "mojiscope", "formats", "--json"], capture_output=True, check=True
    )
    assert [r["id"] for r in json.loads(completed.stdout)] == [f.id for f in formats()]


def test_version(mojiscope):
    run = mojiscope("--version")
    assert run.returncode == 0 and run.stdout.decode().startswith("mojiscope ")


@pytest.mark.parametrize(
    "args",
    [
        ("inspect", "--hex", "41", "--format", "utf-9"),
        ("inspect", "--hex", "41", "--format", "utf-8", "--offset", "-3"),
        ("inspect", "--hex", "41"),
        ("inspect", "x.bin", "--hex", "41", "-f", "utf-8"),
        ("convert", "--hex", "41", "--from", "utf-8"),
        ("convert", "--hex", "41", "--from", "utf-8", "--to", "utf-8", "--errors", "ignore"),
        ("inpsect", "--hex", "41"),
    ],
    ids=[
        "unknown format",
        "negative offset",
        "missing --format",
        "FILE and --hex both",
        "missing --to",
        "unknown --errors",
        "misspelt command",
    ],
)
def test_bad_usage_exits_2_without_traceback(mojiscope, args):
    run = mojiscope(*args)
    assert run.returncode == 2
    assert run.stderr.strip()


def test_unknown_format_is_one_line(mojiscope):
    run = mojiscope("inspect", "--hex", "41", "--format", "utf-9")
    assert run.stderr_lines == [run.stderr_lines[0]] and "utf-9" in run.stderr


def test_misspelt_command_suggests_the_right_one(mojiscope):
    run = mojiscope("inpsect", "--hex", "41")
    assert run.stderr_lines == [
        f"mojiscope: 'inpsect' is neither a command ({', '.join(COMMANDS)}) "
        "nor a file; did you mean inspect?"
    ]
    assert COMMANDS[:5] == ("formats", "inspect", "convert", "gui", "mojibake")


@pytest.mark.parametrize("command", ["inspect", "convert"])
def test_unreadable_file_exits_2_with_one_line(mojiscope, tmp_path, command):
    options = ("-f", "utf-8") if command == "inspect" else ("--from", "utf-8", "--to", "utf-16le")
    for path, message in [(tmp_path / "missing.bin", "No such file"), (tmp_path, "Is a directory")]:
        run = mojiscope(command, path, *options)
        assert run.returncode == 2
        assert len(run.stderr_lines) == 1 and message in run.stderr


@pytest.mark.parametrize("command", ["inspect", "convert"])
def test_bad_hex_exits_2_naming_line_and_column(mojiscope, command):
    options = ("-f", "utf-8") if command == "inspect" else ("--from", "utf-8", "--to", "utf-16le")
    run = mojiscope(command, "--hex", "41 42\n43 4G", *options)
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1
    assert "line 2, column 5" in run.stderr


def test_a_closed_pipe_ends_quietly(tmp_path, mojiscope_argv):
    path = tmp_path / "big.bin"
    path.write_bytes(b"\xff" * 2_000_000)
    process = subprocess.Popen(
        [*mojiscope_argv, "inspect", str(path), "-f", "utf-8", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    with process.stderr:
        stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141
    assert stderr == ""


# -- the GUI path -----------------------------------------------------------------


def without_display() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        env.pop(name, None)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the display check is for Linux")
@pytest.mark.parametrize("args", [(), ("gui",), ("{file}",)], ids=["no arguments", "gui", "FILE"])
def test_gui_without_a_display_says_why_and_exits_2(mojiscope, tmp_path, args):
    path = tmp_path / "a.txt"
    path.write_bytes(b"a")
    run = mojiscope(*(a.format(file=path) for a in args), env=without_display())
    assert run.returncode == 2
    assert run.stderr_lines == [
        "mojiscope: the GUI is not available: no display (DISPLAY and WAYLAND_DISPLAY are unset); "
        "--screenshot works without one"
    ]


def test_gui_with_a_missing_file_fails_before_qt(mojiscope, tmp_path):
    run = mojiscope("gui", tmp_path / "nope.bin", env=without_display())
    assert run.returncode == 2 and "No such file" in run.stderr


@pytest.fixture
def fake_app(monkeypatch):
    """A stand-in for mojiscope.app.main that records what it was given."""
    calls: list[Namespace] = []
    module = types.ModuleType("mojiscope.app.main")
    module.run_gui = lambda args: calls.append(args) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mojiscope.app.main", module)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    return calls


def test_a_bare_file_argument_goes_to_the_gui_with_its_options(fake_app, tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc")
    code = main(
        [str(path), "--select", "0x1:3", "--formats", "UTF8,cp1252", "--screenshot", "s.png"]
    )
    assert code == 0
    (args,) = fake_app
    assert (args.file, args.select, args.formats, args.screenshot) == (
        str(path),
        "0x1:3",
        ["utf-8", "cp1252"],
        "s.png",
    )
    assert args.demo is False


def test_several_files_as_a_desktop_entry_passes_them(fake_app, tmp_path):
    paths = [tmp_path / name for name in ("a.txt", "b.txt", "c.txt")]
    for path in paths:
        path.write_bytes(b"abc")
    assert main([str(p) for p in paths]) == 0
    (args,) = fake_app
    assert args.file == str(paths[0])
    assert args.more_files == [str(paths[1]), str(paths[2])]
    assert args.demo is False


def test_one_file_opens_no_more_windows(fake_app, tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc")
    assert main(["gui", str(path)]) == 0
    assert fake_app[0].file == str(path) and fake_app[0].more_files == []


def test_a_missing_file_among_several_fails_before_qt(mojiscope, tmp_path):
    good = tmp_path / "a.txt"
    good.write_bytes(b"abc")
    run = mojiscope("gui", good, tmp_path / "nope.bin", env=without_display())
    assert run.returncode == 2
    assert "No such file" in run.stderr and "nope.bin" in run.stderr


def test_a_screenshot_of_several_files_is_refused(fake_app, tmp_path, capsys):
    paths = [tmp_path / name for name in ("a.txt", "b.txt")]
    for path in paths:
        path.write_bytes(b"abc")
    assert main([*(str(p) for p in paths), "--screenshot", "s.png"]) == 2
    assert capsys.readouterr().err == ("mojiscope: --screenshot pictures one window; got 2 files\n")
    assert not fake_app


def test_no_arguments_open_the_demo(fake_app):
    assert main([]) == 0
    (args,) = fake_app
    assert args.file is None and args.demo is True and args.formats is None


def test_gui_options_without_a_file_also_go_to_the_gui(fake_app):
    assert main(["--screenshot", "s.png"]) == 0
    assert fake_app[0].screenshot == "s.png" and fake_app[0].demo


def test_a_missing_gui_module_is_reported_not_raised(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "mojiscope.app.main", None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert main(["gui"]) == 2
    assert capsys.readouterr().err.startswith("mojiscope: the GUI is not available: ")


@pytest.mark.parametrize("selection", ["5", "a:b", "7:3", "-1:4"])
def test_bad_selection_is_a_usage_error(fake_app, selection, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["gui", "--select", selection])
    assert exited.value.code == 2 and not fake_app


@pytest.mark.gui
def test_screenshot_of_a_file_through_the_real_gui(mojiscope, tmp_path):
    source = tmp_path / "a.txt"
    source.write_bytes(b"caf\xc3\xa9 \xff")
    shot = tmp_path / "shot.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run = mojiscope(
        source, "--screenshot", shot, "--select", "3:5", "--formats", "utf-8,cp1252", env=env
    )
    assert run.returncode == 0, run.stderr
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_a_headless_screenshot_prints_nothing_from_qt(mojiscope, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "shot.png"
    run = mojiscope("gui", "--screenshot", str(out), "--select", "0xA2:0xA4")
    assert run.returncode == 0
    assert run.stderr == ""
    assert run.stdout == b""
    assert out.stat().st_size > 0


def test_a_headless_screenshot_of_scripts_no_font_here_shapes_prints_nothing_either(
    mojiscope,  # type: ignore[no-untyped-def]
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    # Syriac and Thaana (as random bytes decode to) made Qt's font database
    # print a dozen "OpenType support missing for ..." lines per screenshot.
    source = tmp_path / "scripts.txt"
    source.write_text("Syriac: ܫܠܡܐ\nThaana: ދިވެހި\n", encoding="utf-8")
    out = tmp_path / "shot.png"
    run = mojiscope("gui", str(source), "--screenshot", str(out))
    assert run.returncode == 0
    assert run.stderr == ""
    assert out.stat().st_size > 0
