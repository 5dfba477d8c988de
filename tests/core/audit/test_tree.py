"""Walking a tree: sorted, .git left out, globs, symbolic links not followed
unless asked, and a loop reported once instead of walked for ever."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from mojiscope.core.audit.tree import WalkOptions, walk


def names(root: Path, options: WalkOptions = WalkOptions()) -> list[tuple[str, str]]:  # noqa: B008
    return [(os.path.relpath(e.path, root), e.skip) for e in walk([str(root)], options)]


def test_a_plain_folder_is_walked_sorted_without_git_folders(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_text("z")
    (tmp_path / "a.txt").write_text("a")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("x")
    assert names(tmp_path, WalkOptions(gitignore=False)) == [("a.txt", ""), ("b/z.txt", "")]


def test_globs_keep_and_leave_out(tmp_path: Path) -> None:
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "x.py").write_text("x")
    (tmp_path / "a.py").write_text("a")
    (tmp_path / "b.txt").write_text("b")
    assert names(tmp_path, WalkOptions(include=("*.py",))) == [("a.py", ""), ("vendor/x.py", "")]
    assert names(tmp_path, WalkOptions(exclude=("vendor", "*.txt"))) == [("a.py", "")]


def test_links_are_yielded_not_followed_and_a_loop_is_caught(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "f.txt").write_text("f")
    (tmp_path / "d" / "up").symlink_to(tmp_path)
    assert names(tmp_path) == [("d/f.txt", ""), ("d/up", "")]
    followed = names(tmp_path, WalkOptions(follow_symlinks=True))
    assert followed == [
        ("d/f.txt", ""),
        ("d/up", "a folder already scanned (a symbolic link loop or a second link)"),
    ]


def test_in_a_work_tree_git_decides_what_is_ignored(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("*.log\nbuild/\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".gitignore").write_text("secret.txt\n")
    for path in ("keep.txt", "x.log", "build/out.txt", "sub/secret.txt", "sub/ok.txt"):
        (tmp_path / path).parent.mkdir(exist_ok=True)
        (tmp_path / path).write_text("x")
    found = {name for name, _ in names(tmp_path)}
    assert found == {".gitignore", "keep.txt", "sub/.gitignore", "sub/ok.txt"}
    assert {n for n, _ in names(tmp_path, WalkOptions(gitignore=False))} >= {
        "x.log",
        "build/out.txt",
    }
