"""Where the suite's data lives."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
"""The tests/ folder."""
DATA = TESTS / "data"
"""Test vectors and corpora (tests/data/README.md documents their schema)."""
ROOT = TESTS.parent
"""The repository's root."""
