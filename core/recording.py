"""Routing CPython's codec error callbacks to the decode that is running.

The fast decoders let CPython's C codecs do the work and learn about each
ill-formed sequence through an error handler. Error handlers are registered
globally, by name, but each decode needs its own recorder; so one handler is
registered per codec family and forwards each callback to the innermost
recorder of the *calling thread* (the GUI decodes in worker threads while
painting, and the GIL may switch threads inside a Python error handler).
"""

from __future__ import annotations

import codecs
import threading
from collections.abc import Callable

Handle = Callable[[UnicodeDecodeError], tuple[str, int]]


class RecordingHandler:
    """A registered error handler that forwards to per-thread recorders."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._local = threading.local()
        codecs.register_error(name, self._dispatch)

    def _dispatch(self, exc: UnicodeError) -> tuple[str, int]:
        stack: list[Handle] | None = getattr(self._local, "stack", None)
        if not isinstance(exc, UnicodeDecodeError) or not stack:
            raise exc
        return stack[-1](exc)

    def decode(self, data: bytes, codec: str, handle: Handle) -> str:
        """``str(data, codec)`` with every decode error passed to ``handle``,
        which returns the replacement and where to resume (PEP 293)."""
        stack: list[Handle] | None = getattr(self._local, "stack", None)
        if stack is None:
            stack = self._local.stack = []
        stack.append(handle)
        try:
            return str(data, codec, self.name)
        finally:
            stack.pop()
