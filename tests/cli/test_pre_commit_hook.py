"""The repository's .pre-commit-hooks.yaml, run by the real pre-commit on a
tiny git repository (``pre-commit try-repo``, which installs this checkout
into a virtualenv of its own as a user's pre-commit would)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def _try_repo(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    pre_commit = Path(sys.executable).with_name("pre-commit")
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return subprocess.run(
        [str(pre_commit), "try-repo", str(ROOT), "mojiscope-scan", "--all-files"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=1200,
        check=False,
    )


@pytest.mark.slow
def test_pre_commit_runs_the_hook_and_fails_on_mojibake(tmp_path: Path) -> None:
    assert shutil.which("git")
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "fine.txt").write_text("Grüße, café\n", encoding="utf-8")
    _git(repo, "add", ".")
    home = tmp_path / "pre-commit-home"
    clean = _try_repo(repo, home)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Passed" in clean.stdout
    (repo / "names.csv").write_bytes("1,Zoë Müller\n".encode().decode("cp1252").encode())
    _git(repo, "add", ".")
    baked = _try_repo(repo, home)
    assert baked.returncode == 1, baked.stdout + baked.stderr
    assert "Failed" in baked.stdout
    assert "names.csv" in baked.stdout and "utf-8 read as windows-1252" in baked.stdout
