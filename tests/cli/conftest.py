"""Helpers for the command-line tests, which run the real ``mojiscope``
executable (the console script beside the interpreter, or ``python -m
mojiscope`` where it is not installed) in a subprocess.

Every run checks the promise that no failure ever shows a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

EXECUTABLE = Path(sys.executable).with_name("mojiscope")


def mojiscope_command() -> list[str]:
    return [str(EXECUTABLE)] if EXECUTABLE.exists() else [sys.executable, "-m", "mojiscope"]


@dataclass(frozen=True)
class Run:
    """A finished ``mojiscope`` process."""

    returncode: int
    stdout: bytes
    stderr: str

    @property
    def stderr_lines(self) -> list[str]:
        return self.stderr.splitlines()

    def json_lines(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.stdout.decode("ascii").splitlines()]


def run_mojiscope(
    *args: object,
    stdin: bytes = b"",
    env: Mapping[str, str] | None = None,
    timeout: float = 300,
) -> Run:
    """Run ``mojiscope ARGS...`` and return what it did; fail on a traceback."""
    completed = subprocess.run(
        [*mojiscope_command(), *(str(a) for a in args)],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        env=dict(os.environ if env is None else env),
        check=False,
    )
    stderr = completed.stderr.decode("utf-8")
    assert "Traceback" not in stderr, stderr
    return Run(completed.returncode, completed.stdout, stderr)


@pytest.fixture
def mojiscope() -> Callable[..., Run]:
    return run_mojiscope


@pytest.fixture
def mojiscope_argv() -> list[str]:
    """The command line that starts mojiscope, for tests that start it themselves."""
    return mojiscope_command()


def merge_text_records(records: list[dict[str, object]]) -> list[tuple[object, ...]]:
    """JSON span records as span tuples, adjacent ``text`` records joined
    (a long run is written as several records)."""
    merged: list[list[object]] = []
    for r in records:
        b0, b1 = r["bytes"]  # type: ignore[misc]
        c0, c1 = r["chars"]  # type: ignore[misc]
        if merged and r["kind"] == "text" and merged[-1][0] == "text":
            merged[-1][2], merged[-1][4] = b1, c1
        else:
            merged.append([r["kind"], b0, b1, c0, c1, r["reason"], r["value"]])
    return [tuple(m) for m in merged]


def span_tuples(spans: object) -> list[tuple[object, ...]]:
    return [
        (
            s.kind.value,
            s.byte_start,
            s.byte_end,
            s.char_start,
            s.char_end,
            s.reason.value if s.reason else None,
            s.value,
        )
        for s in spans  # type: ignore[attr-defined]
    ]


@pytest.fixture
def cli_helpers():
    from types import SimpleNamespace

    return SimpleNamespace(merge_text_records=merge_text_records, span_tuples=span_tuples)
