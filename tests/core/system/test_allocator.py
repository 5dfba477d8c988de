"""keep_freed_memory: glibc's thresholds raised, in a real child process."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

from mojiscope.core.system.allocator import keep_freed_memory


@pytest.mark.skipif(
    platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's; elsewhere nothing is set"
)
def test_glibc_takes_the_thresholds() -> None:
    assert keep_freed_memory()


def test_a_process_that_keeps_freed_memory_runs_and_frees_as_before() -> None:
    """The same allocations and results with the settings as without."""
    code = (
        "from mojiscope.core.system.allocator import keep_freed_memory;"
        "import numpy as np;"
        "print(keep_freed_memory(), sum(int(np.ones(1 << 18).sum()) for _ in range(50)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split()[1] == str(50 * (1 << 18))
