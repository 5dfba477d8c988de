"""``mojiscope diff A B``: a verdict per kind of difference on the real
command line, its JSON, its exit codes, ``--textconv``, and git using it as
a difftool and a textconv driver on a real repository."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers.memory import peak_rss_mb

TEXT = "".join(f"Ligne {i} : le café est très chaud, n'est-ce pas ?\n" for i in range(200))


def pair(tmp_path: Path, a: bytes, b: bytes) -> tuple[Path, Path]:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(a)
    second.write_bytes(b)
    return first, second


def test_identical_bytes_exit_0(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    a, b = pair(tmp_path, TEXT.encode(), TEXT.encode())
    run = mojiscope("diff", a, b)
    assert run.returncode == 0, run.stderr
    assert run.stdout.decode() == f"identical: the same {len(TEXT.encode()):,} bytes\n"


def test_only_a_bom(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    a, b = pair(tmp_path, b"\xef\xbb\xbf" + TEXT.encode(), TEXT.encode())
    run = mojiscope("diff", a, b)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.decode().splitlines()
    assert lines[2] == (
        f"differ only by a byte order mark: {a} starts with the UTF-8 one (EF BB BF), {b} has none"
    )


def test_the_same_text_in_another_encoding(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    a, b = pair(tmp_path, TEXT.encode(), b"\xff\xfe" + TEXT.encode("utf-16-le"))
    run = mojiscope("diff", a, b)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.decode().splitlines()
    assert lines[0] == f"{a}: UTF-8, {len(TEXT.encode()):,} bytes, line ends LF"
    assert lines[1].startswith(f"{b}: UTF-16")
    assert lines[2].startswith(f"the same text in another encoding: {a} is UTF-8, {b} UTF-16")


def test_only_line_ends(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    a, b = pair(tmp_path, TEXT.encode(), TEXT.replace("\n", "\r\n").encode())
    run = mojiscope("diff", a, b, "--json")
    assert run.returncode == 1, run.stderr
    (record,) = run.json_lines()
    assert record["verdict"] == "line-endings"
    assert record["words"] == f"differ only in line ends: {a} LF, {b} CRLF"
    assert record["a"]["line_ends"] == "LF" and record["b"]["line_ends"] == "CRLF"  # type: ignore[index]


def test_b_is_a_misread_with_its_chain(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    a, b = pair(tmp_path, TEXT.encode(), TEXT.encode().decode("cp1252").encode())
    run = mojiscope("diff", a, b, "--json")
    (record,) = run.json_lines()
    assert record["verdict"] == "misread" and record["misread"] == "b"
    assert record["chain"] == ["utf-8 read as windows-1252"]
    text = mojiscope("diff", a, b).stdout.decode().splitlines()
    assert text[2] == f"{b} is {a} misread: utf-8 read as windows-1252"


def test_the_text_differs_at_places_aligned_to_the_bytes(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    edited = TEXT.replace("Ligne 7 ", "Ligne sept ")
    for n in range(20, 200, 20):
        edited = edited.replace(f"Ligne {n} ", f"Ligne {n}! ")
    a, b = pair(tmp_path, TEXT.encode(), edited.encode("utf-16-le"))
    run = mojiscope("diff", a, b)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.decode().splitlines()
    start_a = TEXT.encode().index(b"Ligne 7 ")
    start_b = edited.encode("utf-16-le").index("Ligne sept".encode("utf-16-le"))
    assert lines[2] == "the text differs at 10 places"
    end_a = start_a + len("Ligne 7 : le café est très chaud, n'est-ce pas ?\n".encode())
    end_b = start_b + len("Ligne sept : le café est très chaud, n'est-ce pas ?\n") * 2
    assert lines[4] == f"@@ {a} line 8, bytes 0x{start_a:X}..0x{end_a:X}; " + (
        f"{b} line 8, bytes 0x{start_b:X}..0x{end_b:X}"
    )
    assert lines[5] == f"- 0x{start_a:08X}  Ligne 7 : le café est très chaud, n'est-ce pas ?"
    assert lines[6] == f"+ 0x{start_b:08X}  Ligne sept : le café est très chaud, n'est-ce pas ?"
    assert lines[7] == (
        f"  {a} 0x{start_a + 6:08X}..0x{start_a + 7:08X} '7' (37)  "
        f"{b} 0x{start_b + 12:08X}..0x{start_b + 20:08X} 'sept' (73 00 65 00 70 00 74 00)"
    )
    assert lines[-1] == "... and 7 more places"
    record = mojiscope("diff", a, b, "--json").json_lines()[0]
    assert record["places"] == 10 and record["more"] == 7 and len(record["hunks"]) == 3  # type: ignore[arg-type]


def test_binary_files_get_a_byte_verdict(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = random.Random(2).randbytes(4096)
    a, b = pair(tmp_path, data, data[:10] + b"\x00\x01" + data[12:])
    run = mojiscope("diff", a, b)
    lines = run.stdout.decode().splitlines()
    assert run.returncode == 1
    assert lines[2] == "binary files differ: 2 bytes at 1 place"
    assert lines[3] == "@@ bytes 0xA..0xC (10..12)"
    assert lines[4] == f"- {data[10:12].hex(' ').upper()}"
    assert lines[5] == "+ 00 01"


def test_a_format_can_be_given_and_a_missing_file_is_one_line(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    a, b = pair(tmp_path, "Grüße\n".encode("cp1252"), "Grüße\n".encode("latin-1"))
    assert (
        mojiscope("diff", a, b, "-f", "cp1252", "--json").json_lines()[0]["verdict"] == "identical"
    )
    run = mojiscope("diff", a, tmp_path / "missing.txt")
    assert run.returncode == 2 and len(run.stderr_lines) == 1
    assert "missing.txt" in run.stderr
    assert mojiscope("diff", a).returncode == 2


def test_textconv_prints_the_text_in_utf8(mojiscope, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "excel.txt"
    path.write_bytes(b"\xff\xfe" + "Grüße\r\nbye\r\n".encode("utf-16-le"))
    run = mojiscope("diff", "--textconv", path)
    assert run.returncode == 0, run.stderr
    assert run.stdout == "Grüße\r\nbye\r\n".encode()


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(repo.parent),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, env=env, timeout=300, check=True
    )
    return done.stdout.decode("utf-8")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_uses_it_as_textconv_and_difftool(mojiscope_argv: list[str], tmp_path: Path) -> None:
    """The configuration docs/COMPARE.md gives, on a real repository: git
    diff shows UTF-16 lines as text, git difftool gives the verdict."""
    command = " ".join(f"'{part}'" for part in mojiscope_argv)
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "diff.mojiscope.textconv", f"{command} diff --textconv")
    git(repo, "config", "difftool.mojiscope.cmd", f'{command} diff "$LOCAL" "$REMOTE"')
    (repo / ".gitattributes").write_text("*.txt diff=mojiscope\n")
    sheet = repo / "sheet.txt"
    sheet.write_bytes(b"\xff\xfe" + "name\tprix\r\ncafé\t2\r\n".encode("utf-16-le"))
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "first")
    sheet.write_bytes(b"\xff\xfe" + "name\tprix\r\nthé\t3\r\n".encode("utf-16-le"))
    assert "Binary files a/sheet.txt and b/sheet.txt differ" in git(repo, "diff", "--no-textconv")
    shown = git(repo, "diff")
    assert "-café\t2\r\n" in shown and "+thé\t3\r\n" in shown
    assert " name\tprix\r\n" in shown and "Binary files" not in shown
    sheet.write_bytes("name\tprix\ncafé\t2\n".encode())  # saved again by a script
    told = git(repo, "difftool", "--no-prompt", "--tool=mojiscope", "sheet.txt")
    assert "differ only in line ends" in told
    assert "and in encoding" in told and "UTF-16LE with a byte order mark" in told


@pytest.mark.slow
def test_diff_streams_in_bounded_memory(tmp_path: Path) -> None:
    """Two files of 64 MB whose texts differ every few lines, and two of 8
    MB: the peak hardly moves (neither file is ever held whole)."""
    line = "Ligne : le café est très chaud, n'est-ce pas ?\n"
    peaks = {}
    for megabytes in (8, 64):
        a, b = tmp_path / f"a{megabytes}.txt", tmp_path / f"b{megabytes}.txt"
        block = (line * 20_000).encode()
        edited = block.replace(b"Ligne : le", b"Ligne : la", 50)
        with a.open("wb") as out_a, b.open("wb") as out_b:
            for _ in range(megabytes * (1 << 20) // len(block)):
                out_a.write(block)
                out_b.write(edited)
        peaks[megabytes] = peak_rss_mb(["diff", str(a), str(b)], returncode=1)
    assert peaks[64] < 150, peaks
    assert peaks[64] - peaks[8] < 24, peaks
