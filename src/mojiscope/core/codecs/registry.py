"""Finding formats by id or alias, and the public one-call API.

The registry holds the built-in formats; any other name that Python's
``codecs`` knows (``cp1252``, ``shift_jis``, ...) becomes a legacy format on
first use. Names are matched case-insensitively, with ``_`` and ``-`` alike.
A name ``repair:<chain words>`` (``repair:utf-8 read as windows-1252``) is a
mojibake repair read as a format (:mod:`mojiscope.core.mojibake.reading`);
``repair:plan:PATH`` is a repair plan saved at PATH, each segment read
through its own chain (:mod:`mojiscope.core.mojibake.plan_reading`).
"""

from __future__ import annotations

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Errors, Format, Policy
from mojiscope.core.errors import UnknownFormatError

_BY_NAME: dict[str, Format] = {}
_ORDER: list[Format] = []


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def register(fmt: Format) -> Format:
    """Add a format; its id and aliases must be new."""
    for name in (fmt.id, *fmt.aliases):
        key = _key(name)
        if key in _BY_NAME and name != fmt.id and _BY_NAME[key] is not fmt:
            continue  # an alias another format already answers to
        if key in _BY_NAME:
            raise ValueError(f"format name {name!r} is taken by {_BY_NAME[key].id}")
        _BY_NAME[key] = fmt
    _ORDER.append(fmt)
    return fmt


def get_format(name: str | Format) -> Format:
    """The format with that id or alias, or a legacy code page Python knows.

    Raises :class:`UnknownFormatError` for any string that names no format
    Mojiscope offers (naming the choices, or saying why a codec Python knows
    is refused), whatever its characters; :class:`TypeError` when ``name``
    is neither a string nor a :class:`Format`."""
    if isinstance(name, Format):
        return name
    if not isinstance(name, str):
        raise TypeError(f"format must be a str or a Format, not {type(name).__name__}")
    _ensure_builtins()
    key = _key(name)
    if key in _BY_NAME:
        return _BY_NAME[key]
    if key.startswith("repair:plan:"):  # a mojibake repair plan, segment by segment
        from mojiscope.core.mojibake.plan_reading import plan_reading_for_name

        return plan_reading_for_name(name.strip())
    if key.startswith("repair:"):  # a mojibake repair read as a format
        from mojiscope.core.mojibake.reading import reading_for_name

        return reading_for_name(name.strip())
    from mojiscope.core.codecs.legacy.codepage import LegacyFormat, legacy_codec_name

    try:
        codec_name = legacy_codec_name(name)
    except UnknownFormatError:
        raise
    except LookupError:
        raise UnknownFormatError(
            f"unknown format {name!r}; known: {', '.join(f.id for f in _ORDER)}, "
            "or any Python codec name such as cp1252"
        ) from None
    if _key(codec_name) in _BY_NAME:
        return _BY_NAME[_key(codec_name)]
    try:
        fmt = LegacyFormat(codec_name)
    except (UnicodeError, ValueError, TypeError, LookupError) as exc:
        raise UnknownFormatError(
            f"{name!r}: Python's {codec_name} codec cannot decode bytes ({exc})"
        ) from None
    _BY_NAME[key] = fmt
    _BY_NAME[_key(codec_name)] = fmt
    return fmt


def formats() -> list[Format]:
    """The registered formats in registry order (built-ins first).

    >>> [f.id for f in formats()][:4]
    ['utf-8', 'utf-8b', 'wtf-8', 'xtf-8']
    """
    _ensure_builtins()
    return list(_ORDER)


def decode(
    data: bytes | bytearray | memoryview,
    format: str | Format = "utf-8",
    errors: Errors = "replace",
    policy: Policy = "maximal-subpart",
) -> Decoding:
    """Decode ``data`` with a format; see :meth:`Format.decode`.

    >>> d = decode(b"caf\\xc3\\xa9 \\xc0\\xaf", "utf-8")
    >>> d.text
    'café ��'
    >>> [(str(s.kind), s.byte_start, s.byte_end, str(s.reason)) for s in d.spans][1:]
    [('invalid', 6, 7, 'overlong'), ('invalid', 7, 8, 'stray-continuation')]
    """
    return get_format(format).decode(data, errors, policy)


def encode(text: str, format: str | Format = "utf-8", errors: Errors = "strict") -> bytes:
    """Encode ``text`` with a format; see :meth:`Format.encode`.

    >>> encode("\\uefc3\\uefa9", "xtf-8")
    b'\\xc3\\xa9'
    """
    return get_format(format).encode(text, errors)


_loaded = False


def _ensure_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from mojiscope.core.codecs import builtin as builtin_formats

    for fmt in builtin_formats.BUILTINS:
        register(fmt)
