"""A command line's peak memory, measured in a child process that reports
its own peak resident set size (VmHWM) as it exits."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: Runs the real command line (``mojiscope.cli.main``) and, at exit, prints
#: the peak resident set of this process's own address space (VmHWM). Not
#: ``ru_maxrss``: Linux carries the high-water mark of the process *before*
#: exec into it, and a child forked from a large pytest starts that large.
_REPORT_OWN_PEAK = """
import atexit, sys
def report():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.stderr.write("peak-kb " + line.split()[1] + "\\n")
atexit.register(report)
from mojiscope.cli.main import main
sys.argv = ["mojiscope", *sys.argv[1:]]
sys.exit(main())
"""


def peak_rss_mb(args: list[str], returncode: int = 0) -> float:
    """Run the command line with ``args``, stdout discarded, expecting
    ``returncode``; its peak RSS in MB."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs /proc/self/status (Linux) to read a process's own peak memory")
    result = subprocess.run(
        [sys.executable, "-c", _REPORT_OWN_PEAK, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    assert result.returncode == returncode, result.stderr
    peak_kb = [line for line in result.stderr.splitlines() if line.startswith("peak-kb ")]
    assert peak_kb, result.stderr
    return int(peak_kb[-1].split()[1]) / 1024
