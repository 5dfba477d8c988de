"""Exit codes and the one error type the command line raises itself.

Every command ends with one of three codes, and a failure always prints one
line on stderr, never a traceback (``main`` catches at the top):

* 0 — done;
* 1 — a decode or encode error, or a conversion loss, under ``--errors strict``;
* 2 — bad usage, an unknown format, an unreadable or unwritable file, bad hex.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_STRICT = 1
EXIT_USAGE = 2
#: What a shell reports for a process killed by SIGPIPE (``mojiscope ... | head``).
EXIT_BROKEN_PIPE = 141


class UsageError(Exception):
    """The command line was well-formed for argparse but cannot be carried out
    (a replacement policy the format lacks, an offset past the end...)."""
