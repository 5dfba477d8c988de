"""How much of a file is in memory: this process's mappings of it (Linux
smaps), and the system's page cache (util-linux ``fincore``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SMAPS = Path("/proc/self/smaps")

needs_smaps = pytest.mark.skipif(
    not SMAPS.exists(), reason="reads the mapping's residency from Linux smaps"
)


def resident_bytes(path: Path) -> int:
    """Bytes of this process's mappings of ``path`` now in memory."""
    total, inside = 0, False
    for line in SMAPS.read_text().splitlines():
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            inside = line.rstrip().endswith(str(path))
        elif inside and line.startswith("Rss:"):
            total += int(line.split()[1]) * 1024
    return total


needs_fincore = pytest.mark.skipif(
    not shutil.which("fincore"), reason="needs util-linux fincore to see the page cache"
)


def cached_bytes(path: Path) -> int:
    """Bytes of ``path`` in the page cache."""
    done = subprocess.run(
        ["fincore", "--bytes", "--noheadings", "--output", "RES", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.strip())


def write_clean(path: Path, data: bytes) -> None:
    """Write ``data`` and wait until it is on disk: only clean pages can be dropped."""
    with path.open("wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
