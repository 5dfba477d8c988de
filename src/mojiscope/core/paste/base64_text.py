"""Read bytes from base64 text that a user pasted.

Base64 cannot be told from hex by looking (``deadbeef`` is both), so it is
an explicit choice (the Paste Hex dialog's "Base64" form). :func:`parse_base64`
reads the standard alphabet (``+/``) or the URL-safe one (``-_``), not both
mixed; whitespace and line breaks anywhere (MIME wraps at 76 columns, PEM at
64); ``=`` padding at the end, or none; and a ``data:...;base64,`` prefix.
Errors are :class:`~mojiscope.core.errors.HexParseError` naming the 1-based
line and column of the first character it cannot read, what it found and
what it expected.
"""

from __future__ import annotations

import base64
import binascii
import re

from mojiscope.core.errors import HexParseError

__all__ = ["parse_base64"]

_DATA_URI = re.compile(r"\s*data:[^,\s]*;base64,", re.IGNORECASE)
_WHITESPACE = {c: None for c in range(0x3001) if chr(c).isspace()}
"""A :meth:`str.translate` table deleting what ``str.isspace`` (and ``\\s``) calls
whitespace; U+3000 is the last such character."""
_STANDARD = frozenset("+/")
_URL_SAFE = frozenset("-_")
_LETTERS = re.compile(r"[A-Za-z0-9]")
_CLEAN = (re.compile(r"[A-Za-z0-9+/\s]*+=*+\s*+"), re.compile(r"[A-Za-z0-9\-_\s]*+=*+\s*+"))
"""Texts that need no character-by-character check (one alphabet, padding last)."""


def parse_base64(text: str, *, limit: int) -> bytes:
    """The bytes ``text`` spells in base64; more than ``limit`` is an error.

    Raises :class:`HexParseError` at the first character outside the
    alphabet, at a second alphabet's character, at anything after the
    padding, and at the last character when the length cannot end a whole
    byte (one character left over)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    prefix = _DATA_URI.match(text)
    start = prefix.end() if prefix else 0
    _check_characters(text, start)
    letters = text[start:].translate(_WHITESPACE)
    data_letters = letters.rstrip("=")
    if len(data_letters) % 4 == 1:
        raise _error(
            text,
            _last_of(text, data_letters[-1]),
            f"found {len(data_letters)} base64 character{'s' if len(data_letters) != 1 else ''}, "
            "expected a whole number of "
            "bytes (one character is left over: is one missing or extra?)",
        )
    padding = len(letters) - len(data_letters)
    if padding and (len(data_letters) + padding) % 4:
        raise _error(
            text,
            _last_of(text, "="),
            f"found {padding} '=', expected padding to a multiple of 4 characters",
        )
    if len(data_letters) * 3 // 4 > limit:
        raise _error(
            text,
            start,
            f"found {len(data_letters) * 3 // 4} bytes, expected at most the limit of "
            f"{limit} bytes",
        )
    alphabet = b"-_" if "-" in data_letters or "_" in data_letters else b"+/"
    filled = data_letters + "=" * (-len(data_letters) % 4)
    try:
        return base64.b64decode(filled, altchars=alphabet, validate=True)
    except binascii.Error as error:  # pragma: no cover - the checks above rule it out
        raise _error(text, start, f"found text base64 cannot read ({error})") from None


def _check_characters(text: str, start: int) -> None:
    """Every character is in one alphabet, whitespace, or trailing ``=``."""
    if any(clean.fullmatch(text, start) for clean in _CLEAN):
        return
    alphabet: frozenset[str] | None = None
    padded_at = -1
    for at in range(start, len(text)):
        char = text[at]
        if char.isspace():
            continue
        if char == "=":
            padded_at = at if padded_at < 0 else padded_at
            continue
        if padded_at >= 0:
            raise _error(text, at, f"found {_show(char)} after the '=' padding, expected the end")
        if _LETTERS.match(char):
            continue
        family = _STANDARD if char in _STANDARD else _URL_SAFE if char in _URL_SAFE else None
        if family is None:
            raise _error(
                text,
                at,
                f"found {_show(char)}, expected a base64 character (A-Z a-z 0-9 and + / "
                "or - _, = at the end)",
            )
        if alphabet is not None and family is not alphabet:
            raise _error(
                text,
                at,
                f"found {_show(char)}, expected the same alphabet as before "
                f"('{'+/' if alphabet is _STANDARD else '-_'}'): the text mixes standard "
                "and URL-safe base64",
            )
        alphabet = family


def _last_of(text: str, char: str) -> int:
    return text.rfind(char)


def _error(text: str, at: int, message: str) -> HexParseError:
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return HexParseError(message, line, column)


def _show(char: str) -> str:
    return f"'{char}'" if char.isprintable() else f"U+{ord(char):04X}"
