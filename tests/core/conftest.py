"""Shared ground for the core tests: the format registry as a parameter, a
set of tricky inputs per format, and the checks several test files share.

Any test that takes an argument named ``fmt`` runs once per format in
``mojiscope.core.formats()``, with the format's id as the test id, so a
format that joins the registry runs the whole contract without anyone
editing a test. The argument is parametrised directly (not a fixture), so
hypothesis tests may take it too.

Helpers reach the test modules as session fixtures (``contract``), because
test modules here are not a package and must not import each other.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from mojiscope.core import (
    ERROR_KINDS,
    Decoding,
    Format,
    Reason,
    Span,
    SpanKind,
    formats,
)

ALL_FORMATS: list[Format] = formats()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``fmt`` alone: one run per format. ``fmt`` with ``case``: one run per
    (format, tricky input), ids ``format:case name``."""
    names = metafunc.fixturenames
    if "fmt" in names and "case" in names:
        pairs = [(f, c) for f in ALL_FORMATS for c in tricky_inputs(f)]
        metafunc.parametrize(("fmt", "case"), pairs, ids=[f"{f.id}:{c.name}" for f, c in pairs])
    elif "fmt" in names:
        metafunc.parametrize("fmt", ALL_FORMATS, ids=[f.id for f in ALL_FORMATS])


# -- known core bugs ---------------------------------------------------------------

#: Tests that fail because the core is wrong (not the test), each with the bug
#: it shows; they run as ``xfail(strict=True)`` so that a fix turns them into
#: failures until the entry is deleted here. Keys are node ids relative to
#: tests/core.
KNOWN_CORE_BUGS: dict[str, str] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path, _, name = item.nodeid.rpartition("::")
        reason = KNOWN_CORE_BUGS.get(f"{path.rpartition('/')[2]}::{name}")
        if reason is not None:
            item.add_marker(pytest.mark.xfail(strict=True, reason=f"core bug: {reason}"))


# -- tricky inputs ----------------------------------------------------------------


@dataclass(frozen=True)
class TrickyCase:
    """One named input for the contract suite."""

    name: str
    data: bytes


def _hex(text: str) -> bytes:
    return bytes.fromhex(text)


#: Inputs every format gets: nothing, plain text, controls, and UTF-8 text
#: (the commonest bytes a format is asked to read that are not its own).
BASIC_INPUTS: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("ascii", b"Hello, world!"),
    ("nul and controls", b"\x00\x01\n\x7f"),
    ("utf-8 two three four byte", "h\u00e9\u20ac\U0001f600!".encode()),
]

#: UTF-8's ill-formed shapes (Unicode table 3-8 and its neighbours), for the
#: UTF-8 family and the formats that share its byte shapes.
UTF8_SHAPES: list[tuple[str, bytes]] = [
    ("stray continuation", _hex("80")),
    ("stray continuations run", _hex("80 BF 80 BF 41")),
    ("overlong C0 AF slash", _hex("C0 AF")),
    ("overlong E0 80 80", _hex("E0 80 80")),
    ("overlong F0 80 80 80", _hex("F0 80 80 80")),
    ("surrogate ED A0 80", _hex("ED A0 80")),
    ("out of range F4 90 80 80", _hex("F4 90 80 80")),
    ("out of range F5", _hex("F5 80 80 80")),
    ("invalid byte F8", _hex("F8 88 80 80 80")),
    ("invalid bytes FC FE FF", _hex("FC FE FF")),
    ("truncated by ascii", _hex("C3 41 E2 82 41 F0 9F 92 41")),
    ("truncated four-byte at end", _hex("41 F0 9F 92")),
    ("truncated by lead", _hex("E2 82 C3 A9 F0 9F E2 82 AC")),
    ("unicode table 3-8", _hex("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64")),
    ("genuine U+FFFD among errors", _hex("EF BF BD 80 EF BF BD FF EF BF BD")),
    ("utf-8 bom", _hex("EF BB BF 41")),
    ("utf-8 bom twice", _hex("EF BB BF EF BB BF")),
    ("utf-8 bom cut", _hex("EF BB")),
]

#: Surrogates written as 3-byte sequences (WTF-8's lone surrogates, a pair
#: written as two halves), which every UTF-8-like format must decide on.
SURROGATE_SEQUENCES: list[tuple[str, bytes]] = [
    ("wtf-8 lone lead", _hex("ED A0 BD")),
    ("wtf-8 surrogate pair bytes", _hex("ED A0 BD ED B2 A9")),
    ("wtf-8 lead space trail", _hex("ED A0 BD 20 ED B2 A9")),
    ("wtf-8 lead lead trail", _hex("ED A0 BD ED A0 BD ED B2 A9")),
    ("wtf-8 trail then lead", _hex("ED B2 A9 ED A0 BD")),
    ("wtf-8 lead then truncated trail", _hex("ED A0 BD ED B2")),
    # events located in the text must step over a U+FFFD the input itself held
    ("genuine replacement between surrogates", _hex("ED BB BF BD DF EF BF BD ED BB BF BD DF")),
]

XTF8_ESCAPES: list[tuple[str, bytes]] = [
    ("xtf-8 collision high then e-acute", _hex("EE BF BF C3 A9")),
    ("xtf-8 collision then bad byte", _hex("41 EE BE 80 FF")),
    ("escapes forming utf-8", _hex("EE BF 83 EE BE A9")),
]

UTF16_UNITS: list[tuple[str, bytes]] = [
    ("utf-16le pair", _hex("3D D8 A9 DC")),
    ("utf-16le lone lead", _hex("41 00 3D D8 42 00")),
    ("utf-16le lead at end", _hex("41 00 3D D8")),
    ("utf-16be pair", _hex("D8 3D DC A9")),
    ("odd length", _hex("41 00 42")),
    ("odd length lead", _hex("3D D8 41")),
    # issue 33: a lead cut short by the end is one error in the strict forms
    ("lead cut short 00 D8 41", _hex("00 D8 41")),
    ("lead cut short D8 00 41", _hex("D8 00 41")),
    ("text then lead cut short", _hex("41 00 3D D8 41")),
    ("lone trail then odd byte", _hex("A9 DC 41")),
    ("lone trail then odd byte be", _hex("DC A9 41")),
    ("utf-16le bom", _hex("FF FE 41 00")),
    ("utf-16be bom", _hex("FE FF 00 41")),
]

STF7_CHUNKS: list[tuple[str, bytes]] = [
    ("stf-7 bom", b":/:~"),
    ("stf-7 chunks", b"${ !!!!!!!!; ,#_ !"),
    ("stf-7 pending at end", b"abc!!"),
    ("stf-7 lone finals and high bytes", b";~\x80%/\xff;"),
]

CUTF8_SEQUENCES: list[tuple[str, bytes]] = [
    ("corrected-utf-8 magic", _hex("EF B7 9D ED B2 AE 00 0A 41")),
    ("six byte lead", _hex("FC 80 80 80 80 80 FD BF BF BF BF BF")),
    ("reserved lead", _hex("FE 80 80 FF")),
    ("supplementary beside a beyond value", _hex("F0 8E 95 A0 78 78 78 78 78 F3 BF BF BF")),
]

CODE_PAGE_BYTES: list[tuple[str, bytes]] = [
    ("shift_jis half", _hex("82 A0 82")),
    ("gb18030 four byte", _hex("81 30 81 30 81 30")),
    ("cp1252 unmapped", _hex("81 8D 8F 90 9D")),
]

_UTF8_LIKE = UTF8_SHAPES + SURROGATE_SEQUENCES

#: The inputs that exercise each format, by format id, besides
#: :data:`BASIC_INPUTS`, random bytes and the format's own encodings, which
#: every format gets (:func:`tricky_inputs`). A format not listed here (one
#: added later) gets just those: they hold the contract for any codec, and a
#: format that deserves more adds its id here.
FORMAT_INPUTS: dict[str, list[tuple[str, bytes]]] = {
    "utf-8": _UTF8_LIKE,
    "utf-8b": _UTF8_LIKE,
    "wtf-8": _UTF8_LIKE,
    "xtf-8": _UTF8_LIKE + XTF8_ESCAPES,
    "cesu-8": _UTF8_LIKE,
    "mutf-8": _UTF8_LIKE,
    "corrected-utf-8": UTF8_SHAPES + CUTF8_SEQUENCES,
    "stf-7": STF7_CHUNKS,
    "wtf-16le": UTF16_UNITS,
    "wtf-16be": UTF16_UNITS,
    "utf-16le": UTF16_UNITS,
    "utf-16be": UTF16_UNITS,
    "utf-16": UTF16_UNITS,
    "cp1252": CODE_PAGE_BYTES,
    "windows-1252": CODE_PAGE_BYTES,
    "shift_jis": CODE_PAGE_BYTES,
    "gb18030": CODE_PAGE_BYTES,
}


def _random_inputs() -> list[tuple[str, bytes]]:
    rng = random.Random(20240601)
    out = []
    for n in (7, 31, 64):
        out.append((f"random {n} bytes", bytes(rng.randrange(256) for _ in range(n))))
    return out


SAMPLE_TEXT = "Gr\u00fc\u00dfe \u03a9\u03bc\u03ad\u03b3\u03b1 \u65e5\u672c\u8a9e \U0001f600 \ufffd!"


def tricky_inputs(fmt: Format) -> list[TrickyCase]:
    """The basic inputs, the inputs that exercise ``fmt``
    (:data:`FORMAT_INPUTS`), random bytes, and text in ``fmt``'s own
    encoding (with and without garbage around it)."""
    named = [*BASIC_INPUTS, *FORMAT_INPUTS.get(fmt.id, []), *_random_inputs()]
    try:
        own = fmt.encode(SAMPLE_TEXT, "replace")
        bom = fmt.encode("\ufeff", "replace")
    except Exception:
        own = bom = None  # the contract tests on encoding report it
    if own is not None and bom is not None:
        named += [
            ("sample text in the format", own),
            ("sample text then garbage", own + _hex("FF 80 C3")),
            ("garbage then sample text", _hex("BF ED A0") + own),
            ("sample text after a bom", bom + own),
        ]
    return [TrickyCase(name, data) for name, data in named]


# -- shared checks ----------------------------------------------------------------

KINDS = frozenset(SpanKind)
UNPAIRED = (Reason.UNPAIRED_LEAD, Reason.UNPAIRED_TRAIL)
REASONS = frozenset(Reason)


def assert_tiles(decoding: Decoding, byte_start: int, byte_end: int) -> None:
    """Spans tile bytes ``[byte_start, byte_end)`` and the text, in order,
    with no gaps or overlaps, and use only the enums' kinds and reasons.
    Every non-text span names a reason; a ``surrogate`` span names whether
    it is an unpaired lead or trail (WTF-8 may still leave it out)."""
    spans = list(decoding.spans)
    text_len = len(decoding.text)
    assert decoding.spans.byte_start == byte_start
    assert decoding.spans.byte_end == byte_end
    char_base = decoding.spans.char_start
    assert decoding.spans.char_end - char_base == text_len
    byte_pos, char_pos = byte_start, char_base
    for span in spans:
        assert span.kind in KINDS, span
        assert span.reason is None or span.reason in REASONS, span
        assert span.byte_start == byte_pos, f"gap or overlap in bytes before {span}"
        assert span.char_start == char_pos, f"gap or overlap in chars before {span}"
        assert span.byte_end > span.byte_start, f"empty byte range: {span}"
        assert span.char_end >= span.char_start, span
        if span.kind is SpanKind.TEXT:
            assert span.reason is None, span
        elif span.kind is SpanKind.SURROGATE:
            assert span.reason in (None, *UNPAIRED), span
        else:
            assert span.reason is not None, f"non-text span without a reason: {span}"
        if span.kind is SpanKind.BEYOND:
            assert span.value is not None, span
        byte_pos, char_pos = span.byte_end, span.char_end
    assert byte_pos == byte_end
    assert char_pos == char_base + text_len


def first_error_span(spans: Iterable[Span], fmt: Format | None = None) -> Span | None:
    """The first span strict decoding raises at: one of an error kind, or
    (given ``fmt``) one whose reason ``fmt`` refuses under strict."""
    refused = fmt.strict_refuses if fmt is not None else frozenset()
    return next((s for s in spans if s.kind in ERROR_KINDS or s.reason in refused), None)


def char_at_byte_boundary(decoding: Decoding, byte: int) -> int:
    """The character offset at which byte ``byte`` starts, where ``byte`` is
    a character boundary of ``decoding`` (or its end)."""
    if byte == decoding.byte_end:
        return decoding.spans.char_end
    span = decoding.span_at_byte(byte)
    offsets = decoding.char_byte_offsets(span)
    assert byte in offsets, f"byte {byte} is not a character boundary of {span}"
    return span.char_start + offsets.index(byte)


def feed(fmt: Format, chunks: list[bytes], errors: str = "replace") -> list[Decoding]:
    """Feed ``chunks`` to a fresh incremental decoder, then flush."""
    decoder = fmt.incremental_decoder(errors)  # type: ignore[arg-type]
    parts = [decoder.decode(chunk) for chunk in chunks]
    parts.append(decoder.decode(b"", final=True))
    return parts


@pytest.fixture(scope="session")
def contract() -> SimpleNamespace:
    """The shared checks, for the test modules."""
    return SimpleNamespace(
        tricky_inputs=tricky_inputs,
        assert_tiles=assert_tiles,
        first_error_span=first_error_span,
        char_at_byte_boundary=char_at_byte_boundary,
        feed=feed,
        sample_text=SAMPLE_TEXT,
    )
