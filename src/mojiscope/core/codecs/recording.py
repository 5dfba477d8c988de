"""Routing CPython's codec error callbacks to the decode that is running.

The fast decoders let CPython's C codecs do the work and learn about each
ill-formed sequence through an error handler (PEP 293). Error handlers are
registered globally, by name, but each decode needs its own recorder, and
the GUI decodes in worker threads while it paints (the GIL may switch
threads inside a Python error handler). So each thread gets an error-handler
name of its own, and every decode registers its recorder under that name for
the length of one C call: the callback goes straight to the recorder, with
no dispatching layer in between (it runs once per ill-formed sequence).
"""

from __future__ import annotations

import codecs
import threading
from collections.abc import Callable
from typing import cast

Handle = Callable[[UnicodeDecodeError], tuple[str, int]]
_Registered = Callable[[UnicodeError], tuple[str | bytes, int]]


def _refuse(exc: UnicodeError) -> tuple[str, int]:
    raise exc


class RecordingHandler:
    """Error-handler names, one per thread, for one family of decoders."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._local = threading.local()

    def decode(self, data: bytes, codec: str, handle: Handle) -> str:
        """``str(data, codec)`` with every decode error passed to ``handle``,
        which returns the replacement and where to resume (PEP 293)."""
        local = self._local
        name: str | None = getattr(local, "name", None)
        if name is None:
            name = local.name = f"{self.prefix}-{threading.get_ident()}"
        outer: Handle | None = getattr(local, "current", None)  # a decode within a decode
        # Only decoders call it, so the error is always a UnicodeDecodeError.
        codecs.register_error(name, cast(_Registered, handle))
        local.current = handle
        try:
            return str(data, codec, name)
        finally:
            local.current = outer
            codecs.register_error(name, cast(_Registered, outer or _refuse))
