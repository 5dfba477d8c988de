"""The engines give the same audits in the same order: this process, a
local pool, and Dask on a real LocalCluster (processes, two workers)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from mojiscope.core.audit import engines
from mojiscope.core.audit.engines import judge_tree_watched, run_dask, run_here, run_local
from mojiscope.core.audit.findings import Kind
from mojiscope.core.audit.tree import WalkOptions, walk
from mojiscope.core.system.control import Cancelled, Control

TEXTS = [
    "Grüße aus Zürich\n".encode(),
    "Grüße aus Zürich\n".encode().decode("cp1252").encode(),
    "Grüße aus Zürich\n".encode("cp1252"),
    b"plain\n",
    "x\u202ey\n".encode(),
]


def tree(root: Path, count: int = 150) -> Path:
    root.mkdir()
    for i in range(count):
        (root / f"f{i:04}.txt").write_bytes(TEXTS[i % len(TEXTS)] * (1 + i % 3))
    (root / "loop").symlink_to(root)
    return root


def test_a_pool_gives_what_this_process_gives_in_the_same_order(tmp_path: Path) -> None:
    root = tree(tmp_path / "t")
    here = list(run_here(walk([str(root)]), False))
    pooled = list(run_local(walk([str(root)]), False, jobs=2))
    assert pooled == here
    assert len(here) == 151
    assert {a.verdict for a in here} == {
        Kind.CLEAN,
        Kind.MOJIBAKE,
        Kind.LEGACY,
        Kind.NOTICES,
        Kind.SKIPPED,
    }


def test_a_stop_ends_the_pool_at_once(tmp_path: Path) -> None:
    root = tree(tmp_path / "t", 400)
    seen = []
    with pytest.raises(Cancelled):
        for audit in run_local(walk([str(root)]), False, jobs=2, stop=lambda: len(seen) >= 40):
            seen.append(audit)
    assert 40 <= len(seen) < 400
    assert multiprocessing.active_children() == []  # every worker has exited


@pytest.mark.slow
def test_dask_on_a_local_cluster_gives_what_local_gives(tmp_path: Path) -> None:
    root = tree(tmp_path / "t", 200)
    local = list(run_local(walk([str(root)]), False, jobs=2))
    on_dask = list(run_dask(walk([str(root)]), False, workers=2))
    assert on_dask == local


def test_the_windows_job_emits_batches_and_counts_files(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(engines, "BATCH", 16)
    root = tree(tmp_path / "t", 40)
    batches: list[object] = []
    done = judge_tree_watched(Control(emit=batches.append), [str(root)], WalkOptions())
    assert done == 41
    assert all(isinstance(b, list) and len(b) <= 16 for b in batches)
    flat = [a for b in batches for a in b]  # type: ignore[attr-defined]
    assert flat == list(run_here(walk([str(root)]), False))
