"""``mojiscope scan`` as a user and a CI job run it: a real subprocess over a
real tree, every output format, --fail-on, git's ignore rules, globs, and
Ctrl+C (a real SIGINT) leaving whole output behind."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
from helpers.sarif import SARIF_2_1_0

from mojiscope.audit import schema

AUDIT = jsonschema.Draft202012Validator(schema())
SARIF = jsonschema.Draft7Validator(SARIF_2_1_0, format_checker=jsonschema.FormatChecker())


def make_tree(root: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "README.txt").write_text("Plain words.\n", encoding="utf-8")
    (root / "src" / "names.csv").write_bytes(
        "id,name\n1,Zoë Müller\n2,François\n".encode().decode("cp1252").encode()
    )
    (root / "src" / "old.txt").write_bytes("Grüße aus Köln\n".encode("cp1252"))
    (root / "src" / "trojan.py").write_text(
        'ok = True\nif role != "user\u202e \u2066// admin\u2069\u2066":\n', encoding="utf-8"
    )
    (root / "logo.bin").write_bytes(bytes(range(256)))
    (root / "build").mkdir()
    (root / "build" / "out.txt").write_bytes(b"caf\xe9\n")
    return root


def git_repo(root: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / ".gitignore").write_text("build/\n")
    return root


def by_path(run_stdout: bytes) -> dict[str, dict[str, object]]:
    lines = [json.loads(x) for x in run_stdout.decode().splitlines()]
    for line in lines:
        AUDIT.validate(line)
    return {Path(str(x["path"])).name: x for x in lines}


def test_json_gives_one_object_per_file_with_its_verdict(mojiscope, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "tree")
    run = mojiscope("scan", tree, "--json")
    assert run.returncode == 0, run.stderr
    found = by_path(run.stdout)
    assert {k: v["verdict"] for k, v in found.items()} == {
        "README.txt": "clean",
        "names.csv": "mojibake",
        "old.txt": "legacy",
        "trojan.py": "notices",
        "logo.bin": "binary",
        "out.txt": "legacy",
    }
    assert found["names.csv"]["chain"] == ["utf-8 read as windows-1252"]
    assert found["names.csv"]["lossless"] is True
    assert found["old.txt"]["encoding"] == "windows-1252"
    notices = found["trojan.py"]["findings"]
    assert [f["class"] for f in notices] == ["bidi"]  # type: ignore[index]
    assert notices[0]["count"] == 4  # type: ignore[index]
    assert notices[0]["locations"][0] == {"offset": 26, "line": 2, "column": 17}  # type: ignore[index]
    assert "6 files" in run.stderr and "utf-8 read as windows-1252" in run.stderr


def test_a_git_work_tree_leaves_out_what_gitignore_does(mojiscope, tmp_path: Path) -> None:
    tree = git_repo(make_tree(tmp_path / "tree"))
    found = by_path(mojiscope("scan", tree, "--json").stdout)
    assert "out.txt" not in found and ".gitignore" in found
    everything = by_path(mojiscope("scan", tree, "--json", "--no-gitignore").stdout)
    assert "out.txt" in everything


def test_include_and_exclude_globs(mojiscope, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "tree")
    found = by_path(mojiscope("scan", tree, "--json", "--include", "*.txt").stdout)
    assert set(found) == {"README.txt", "old.txt", "out.txt"}
    found = by_path(
        mojiscope("scan", tree, "--json", "--exclude", "build", "--exclude", "*.bin").stdout
    )
    assert set(found) == {"README.txt", "names.csv", "old.txt", "trojan.py"}


def test_fail_on_sets_the_exit_code_for_ci(mojiscope, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "tree")
    assert mojiscope("scan", tree, "--fail-on", "mojibake").returncode == 1
    assert mojiscope("scan", tree, "--fail-on", "lossy,surrogates").returncode == 0
    assert mojiscope("scan", tree / "README.txt", "--fail-on", "mojibake,mixed").returncode == 0
    bad = mojiscope("scan", tree, "--fail-on", "ugly")
    assert bad.returncode == 2 and "unknown kind 'ugly'" in bad.stderr


def test_the_table_lists_files_with_findings_and_the_summary(mojiscope, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "tree")
    run = mojiscope("scan", tree)
    lines = run.stdout.decode().splitlines()
    rows = [line for line in lines if line.startswith(("mojibake", "legacy", "notices", "binary"))]
    assert len(rows) == 5
    assert any("names.csv:2:5" in row and "utf-8 read as windows-1252" in row for row in rows)
    assert not any("README.txt" in line for line in rows)
    assert any(line.startswith("6 files") for line in lines)
    assert "commonest chains:" in lines


def test_csv_has_a_header_and_a_row_per_file(mojiscope, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "tree")
    out = tmp_path / "scan.csv"
    assert mojiscope("scan", tree, "--csv", "-o", out).returncode == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == 6
    names = {Path(r["path"]).name: r for r in rows}
    assert names["names.csv"]["verdict"] == "mojibake"
    assert names["names.csv"]["first_line"] == "2"
    assert names["old.txt"]["findings"] == "legacy:3"


def test_sarif_meets_the_specification_and_points_at_lines(mojiscope, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "tree")
    os.chdir(tree)
    try:
        run = mojiscope("scan", "--sarif", ".")
    finally:
        os.chdir(tmp_path)
    assert run.returncode == 0, run.stderr
    log = json.loads(run.stdout)
    SARIF.validate(log)
    results = log["runs"][0]["results"]
    places = {
        (r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        for r in results
    }
    assert ("mojibake", "src/names.csv") in places
    assert ("legacy", "src/old.txt") in places
    assert ("notices", "src/trojan.py") in places
    trojan = [r for r in results if r["ruleId"] == "notices"]
    assert trojan[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    assert log["runs"][0]["invocations"] == [{"executionSuccessful": True}]


def _many_files(root: Path, count: int) -> Path:
    root.mkdir()
    body = "Grüße aus Zürich, naïve café.\n".encode() * 40
    for i in range(count):
        (root / f"f{i:05}.txt").write_bytes(body if i % 7 else body.decode().encode("cp1252"))
    return root


@pytest.mark.slow
@pytest.mark.parametrize("form", ["--json", "--sarif"])
def test_ctrl_c_stops_at_once_and_leaves_whole_output(
    mojiscope_argv: list[str], tmp_path: Path, form: str
) -> None:
    tree = _many_files(tmp_path / "many", 3000)
    out = tmp_path / "out"
    with out.open("wb") as sink:
        process = subprocess.Popen(
            [*mojiscope_argv, "scan", str(tree), form, "--jobs", "2"],
            stdout=sink,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 120
        while out.stat().st_size < 4000 and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, stderr = process.communicate(timeout=60)
        took = time.monotonic() - sent
    assert process.returncode == 130, stderr
    assert took < 5, f"{took:.1f} s to stop after Ctrl+C"
    assert b"Traceback" not in stderr
    assert b"interrupted:" in stderr
    text = out.read_text(encoding="utf-8")
    if form == "--json":
        lines = text.splitlines()
        assert 0 < len(lines) < 3000 and text.endswith("\n")
        for line in lines:
            AUDIT.validate(json.loads(line))
    else:
        log = json.loads(text)
        SARIF.validate(log)
        assert log["runs"][0]["invocations"] == [{"executionSuccessful": False}]
        assert 0 < len(log["runs"][0]["results"]) < 3000 // 7 + 1


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # gone meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _pool_workers(pid: int) -> list[int]:
    """The local pool's workers of the scan ``pid``: the children of its fork server."""
    for child in _children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"forkserver" in command:
            return _children(child)
    return []


@pytest.mark.slow
def test_a_worker_killed_mid_scan_stops_it_with_one_line_and_whole_output(
    mojiscope_argv: list[str], tmp_path: Path
) -> None:
    tree = _many_files(tmp_path / "many", 3000)
    out = tmp_path / "out"
    with out.open("wb") as sink:
        process = subprocess.Popen(
            [*mojiscope_argv, "scan", str(tree), "--json", "--jobs", "2"],
            stdout=sink,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while not workers and time.monotonic() < deadline:
            if out.stat().st_size >= 4000:
                workers = _pool_workers(process.pid)
            time.sleep(0.05)
        assert workers, "no pool worker found"
        os.kill(workers[0], signal.SIGKILL)
        _, stderr = process.communicate(timeout=60)
    assert process.returncode == 2, stderr
    assert b"Traceback" not in stderr
    assert b"a worker process died" in stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) < 3000
    for line in lines:
        AUDIT.validate(json.loads(line))


def test_the_same_file_gets_the_same_verdict_as_the_library(mojiscope, tmp_path: Path) -> None:
    from mojiscope.audit import audit_file, audit_from_json

    tree = make_tree(tmp_path / "tree")
    for line in mojiscope("scan", tree, "--json").stdout.decode().splitlines():
        record = json.loads(line)
        assert audit_from_json(record) == audit_file(record["path"])


def test_usage_errors_are_one_line(mojiscope: Callable[..., object], tmp_path: Path) -> None:
    run = mojiscope("scan", tmp_path, "-o", tmp_path / "x")
    assert run.returncode == 2 and "-o OUT goes with" in run.stderr  # type: ignore[attr-defined]
