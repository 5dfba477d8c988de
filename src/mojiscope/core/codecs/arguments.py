"""Checks of the arguments the public API takes, each raising an error that
names the parameter: a wrong value is a :class:`ValueError`, a wrong type a
:class:`TypeError`, whatever the bytes (issue 12, item 15)."""

from __future__ import annotations


def check_errors(errors: object) -> None:
    """Refuse an ``errors`` argument other than exactly ``"strict"`` or
    ``"replace"``: a near miss (``"Strict"``, ``"ignore"``) must not quietly
    mean replace. Raises :class:`TypeError` for a non-string and
    :class:`ValueError` for any other string, both naming the parameter."""
    if not isinstance(errors, str):
        raise TypeError(f"errors must be 'strict' or 'replace', not {type(errors).__name__}")
    if errors not in ("strict", "replace"):
        raise ValueError(f"errors must be 'strict' or 'replace', not {errors!r}")


def check_bytes(data: object, parameter: str = "data") -> None:
    """Raise :class:`TypeError` naming ``parameter`` unless ``data`` is
    bytes-like (``bytes``, ``bytearray`` or ``memoryview``)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(
            f"{parameter} must be bytes, bytearray or memoryview, not {type(data).__name__}"
        )


def check_text(text: object, parameter: str = "text") -> None:
    """Raise :class:`TypeError` naming ``parameter`` unless ``text`` is a ``str``."""
    if not isinstance(text, str):
        raise TypeError(f"{parameter} must be a str, not {type(text).__name__}")
