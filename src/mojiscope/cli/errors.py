"""Exit codes and the one error type the command line raises itself.

Every command ends with one of these codes, and a failure always prints one
line on stderr, never a traceback (``main`` catches at the top):

* 0 — done;
* 1 — a decode or encode error, or a conversion loss, under ``--errors strict``;
  what ``--fail-on`` gates on was found; ``diff``: the files differ;
* 2 — bad usage, an unknown format, an unreadable or unwritable file (a
  closed standard output too), bad hex;
* 130 — interrupted (Ctrl-C, SIGINT), as a shell reports 128 + SIGINT;
* 141 — the reader of standard output went away (a broken pipe: 128 +
  SIGPIPE); nothing is printed, as for any Unix filter.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_STRICT = 1
EXIT_USAGE = 2
#: What a shell reports for a process killed by SIGPIPE (``mojiscope ... | head``).
EXIT_BROKEN_PIPE = 141
#: What a shell reports for a process stopped by Ctrl-C (SIGINT).
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """The command line was well-formed for argparse but cannot be carried out
    (a replacement policy the format lacks, an offset past the end...)."""
