"""The live processes descended from this one, from Linux's /proc."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def process_table() -> dict[int, tuple[int, int, str]]:
    """Every live process's (parent, nice value, state) (Linux /proc)."""
    table: dict[int, tuple[int, int, str]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # ended meanwhile
        table[int(stat.parent.name)] = (int(fields[1]), int(fields[16]), fields[0])
    return table


def descendants(table: dict[int, tuple[int, int, str]] | None = None) -> list[int]:
    """The live processes descended from this one."""
    table = process_table() if table is None else table
    ours, found = {os.getpid()}, True
    while found:
        found = False
        for pid, (ppid, _, _) in table.items():
            if ppid in ours and pid not in ours:
                ours.add(pid)
                found = True
    return sorted(ours - {os.getpid()})


def descendant_niceness() -> list[int]:
    """The nice value of every live process descended from this one."""
    table = process_table()
    return [table[pid][1] for pid in descendants(table)]


def descendant_policies() -> list[int]:
    """The scheduling policy of every live process descended from this one."""
    policies = []
    for pid in descendants():
        with contextlib.suppress(OSError):  # ended meanwhile
            policies.append(os.sched_getscheduler(pid))
    return policies
