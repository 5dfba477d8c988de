# ruff: noqa: RUF002, RUF003 - Cyrillic letters and their bytes are the subject
"""Python codecs for the ways of writing and reading that a chain may name
and CPython lacks, so that chains replay with ``bytes.decode`` like any other:

* ``mojiscope-cesu-8``: CESU-8, UTF-8 as Java and MySQL's old ``utf8`` write
  it, each surrogate of an astral character encoded on its own (😍 is
  ``ED A0 BD ED B8 8D``, not ``F0 9F 98 8D``); decoding also reads UTF-8's
  own 4-byte form, so a file mixing the two reads whole;
* ``mojiscope-mutf-8``: Java's modified UTF-8, CESU-8 with NUL as ``C0 80``;
* ``mojiscope-windows-1252-latin-1``: a reader that read some bytes as
  windows-1252 and others as latin-1 (a C1 control where windows-1252 has a
  sign), as text pasted together from two programs shows. Its encoding takes
  either character back to the byte; its decoding is windows-1252's;
* ``mojiscope-iso-2022-jp-no-escapes``: ISO-2022-JP whose escape bytes (1B)
  a program stripped as control characters, as mail and logs show it
  (``$B$3$s$K$A$O(B`` is ``こんにちは``): its decoding reads each shift
  to JIS X 0208 and back (``$B``, pairs of bytes 21-7E, then ``(B``) that
  decodes with its escapes put back, and every other byte as ASCII; its
  encoding is ISO-2022-JP's without the escape bytes;
* ``mojiscope-octal-escapes``, ``mojiscope-hex-escapes``,
  ``mojiscope-angle-escapes`` and ``mojiscope-quoted-printable``: bytes
  shown as escapes by a program that prints only ASCII (:data:`ESCAPES`:
  git quoting a file name, ``\\344\\270\\255``; Python's ``repr`` of
  bytes, ``\\xe4``; ``less``, ``<E4>``; mail shown undecoded, ``=E4``).
  A URL's ``%E4`` is not among them: a URL is written so on purpose, and
  reading its escapes would change correct text. Decoding writes each byte
  beyond ASCII as its escape and every ASCII byte as itself; encoding takes
  each such escape back to its byte, in the one spelling decoding writes
  (so that a repair damages back to its bytes), and every ASCII character to
  itself; any other character has no byte.

* ``mojiscope-json-no-backslash``: text JSON wrote with ``\\u`` escapes
  (every character beyond ASCII as ``\\u2019``, beyond U+FFFF as a pair of
  surrogates) whose backslashes a program stripped, as WordPress exports
  and database imports show it (``Rudolphu2019s``, ``u201cHi!u201d``): its
  decoding reads each ``u`` and four lower-case hex digits of U+0080 or
  more (a surrogate only in its pair) as that character, every other byte
  as ASCII; its encoding is the reverse (:data:`JSON_ESCAPE`).

* ``mojiscope-cyrillic-low-bytes``: Cyrillic text written as the low byte
  of each character's code (U+0400-U+045F as 00-5F), as PDF libraries
  writing with a standard font and JavaScript's ``charCodeAt(i) & 0xFF``
  write it (``владимир`` is ``2;048<8@``, ``Привет`` is ``\x1f@825B``):
  its decoding reads each run of such bytes that is a Cyrillic word
  (:func:`low_byte_runs`: ``а``-``п`` are ``0``-``?``, ``р``-``я``
  ``@``-``O``, capitals ``А``-``П`` control bytes) as Cyrillic, every
  other byte as ASCII; its encoding takes each Cyrillic character of
  U+0400-U+045F to its low byte and ASCII to itself.

A chain's words for them are ``cesu-8``, ``mutf-8``, ``windows-1252/latin-1``,
``iso-2022-jp/no-escapes``, ``json/no-backslash``, ``cyrillic/low-bytes`` and the escapes' names
(``octal-escapes``...);
``chain.python_codec`` maps them.
Importing this module registers them.
"""

from __future__ import annotations

import codecs
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from mojiscope.core.codecs.legacy.whatwg import CODEC_NAME as WHATWG_1252

CESU8, MUTF8, MIXED_1252, JIS_NO_ESCAPES, JSON_NO_BACKSLASH, LOW_BYTES = (
    "mojiscope-cesu-8",
    "mojiscope-mutf-8",
    "mojiscope-windows-1252-latin-1",
    "mojiscope-iso-2022-jp-no-escapes",
    "mojiscope-json-no-backslash",
    "mojiscope-cyrillic-low-bytes",
)
_PAIR = re.compile(rb"\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]")
_PAIR_OR_NUL = re.compile(rb"\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]|\xc0\x80")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_HIGH_SURROGATE = re.compile(rb"\xed[\xa0-\xaf][\x80-\xbf]\Z")


def _joined(pair: bytes) -> str:
    if pair == b"\xc0\x80":
        return "\x00"
    units = pair.decode("utf-8", "surrogatepass")
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le")


def _decoder(pattern: re.Pattern[bytes], name: str) -> Callable[[bytes, str], tuple[str, int]]:
    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        data = bytes(data)
        pieces: list[str] = []
        pos = 0
        for match in [*pattern.finditer(data), None]:
            end = len(data) if match is None else match.start()
            try:
                pieces.append(data[pos:end].decode("utf-8", errors))
            except UnicodeDecodeError as exc:
                raise UnicodeDecodeError(
                    name, data, pos + exc.start, pos + exc.end, exc.reason
                ) from None
            if match is not None:
                pieces.append(_joined(match.group()))
                pos = match.end()
        return "".join(pieces), len(data)

    return decode


def _split_astral(match: re.Match[str]) -> str:
    """An astral character as its two UTF-16 surrogates."""
    code = ord(match.group()) - 0x10000
    return chr(0xD800 + (code >> 10)) + chr(0xDC00 + (code & 0x3FF))


def _encoder(nul: bool) -> Callable[[str, str], tuple[bytes, int]]:
    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        units = _ASTRAL.sub(_split_astral, text)
        data = units.encode("utf-8", "surrogatepass")
        if nul:
            data = data.replace(b"\x00", b"\xc0\x80")
        return data, len(text)

    return encode


def _held_back(data: bytes) -> int:
    """Where an incremental decoder must stop before the end of ``data``: before
    an unfinished sequence, and before a high surrogate whose pair may follow."""
    cut = len(data)
    for back in range(1, min(3, len(data)) + 1):
        lead = data[-back]
        if lead >= 0xC0:
            need = 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
            if back < need:
                cut = len(data) - back
            break
        if lead < 0x80:
            break
    if _HIGH_SURROGATE.search(data, 0, cut) and cut >= 3:
        cut -= 3
    return cut


def _codec_info(name: str, pattern: re.Pattern[bytes], nul: bool) -> codecs.CodecInfo:
    decode = _decoder(pattern, name)
    encode = _encoder(nul)

    class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
        def _buffer_decode(  # type: ignore[override]
            self, data: bytes, errors: str, final: bool
        ) -> tuple[str, int]:
            cut = len(data) if final else _held_back(data)
            return decode(data[:cut], errors)[0], cut

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def encode(self, text: str, final: bool = False) -> bytes:
            return encode(text, self.errors)[0]

    # Default arguments (errors="strict") are what CodecInfo's protocols add.
    return codecs.CodecInfo(
        encode,  # type: ignore[arg-type]
        decode,  # type: ignore[arg-type]
        name=name,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
    )


def _mixed_table() -> dict[int, int]:
    table = {byte: byte for byte in range(0x80, 0xA0)}  # latin-1's C1 controls
    for byte in range(0x80, 0x100):
        table[ord(bytes([byte]).decode(WHATWG_1252))] = byte
    return table


_MIXED = _mixed_table()


def _encode_mixed(text: str, errors: str = "strict") -> tuple[bytes, int]:
    out = bytearray()
    for i, char in enumerate(text):
        code = ord(char)
        if code < 0x80:
            out.append(code)
        elif code in _MIXED:
            out.append(_MIXED[code])
        else:
            if errors == "strict":
                raise UnicodeEncodeError(MIXED_1252, text, i, i + 1, "no byte for it")
            handler = codecs.lookup_error(errors)
            replacement, _ = handler(
                UnicodeEncodeError(MIXED_1252, text, i, i + 1, "no byte for it")
            )
            out += replacement if isinstance(replacement, bytes) else replacement.encode()
    return bytes(out), len(text)


def _mixed_info() -> codecs.CodecInfo:
    whatwg = codecs.lookup(WHATWG_1252)

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def encode(self, text: str, final: bool = False) -> bytes:
            return _encode_mixed(text, self.errors)[0]

    return codecs.CodecInfo(
        _encode_mixed,
        whatwg.decode,
        name=MIXED_1252,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=whatwg.incrementaldecoder,
    )


#: A shift to JIS X 0208 and back to ASCII, its escapes gone (``$B`` and
#: ``(B``, what encoders write; ``$@``'s older table and ``(J``'s JIS-Roman,
#: which reads ``\\`` as ``¥``, would make two byte strings of one text).
JIS_SHIFT = re.compile(rb"\$B(?:[\x21-\x7e]{2})+?\(B")
#: The fewest bytes of a shift that tells text written so: two characters
#: (one, ``$Bab(B``, is as often a line of code).
TELLING_SHIFT = 8
#: What a shift is made of: it never spans any other byte (a space, a line
#: end), so a stream may be cut after one.
SHIFT_BYTES = bytes(range(0x21, 0x7F))
#: The longest run of :data:`SHIFT_BYTES` an incremental decoder holds back.
_LONGEST_HELD = 1 << 16


def _shift_text(shift: bytes) -> str | None:
    """A :data:`JIS_SHIFT` read with its escapes put back, if it reads."""
    try:
        return (b"\x1b" + shift[:-2] + b"\x1b" + shift[-2:]).decode("iso-2022-jp")
    except UnicodeDecodeError:
        return None


def jis_shifts(data: bytes) -> list[tuple[int, int, str]]:
    """Each :data:`JIS_SHIFT` in ``data`` that reads with its escapes put
    back: its byte span and its text."""
    found = []
    for match in JIS_SHIFT.finditer(data):
        text = _shift_text(match.group())
        if text is not None:
            found.append((match.start(), match.end(), text))
    return found


def telling_jis_shifts(data: bytes) -> list[tuple[int, int]]:
    """The spans of the :func:`jis_shifts` of two characters or more, which
    tell text written as ISO-2022-JP whose escapes were stripped."""
    return [(start, end) for start, end, _ in jis_shifts(data) if end - start >= TELLING_SHIFT]


def _ascii_with_spans(
    name: str, data: bytes, spans: list[tuple[int, int, str]], errors: str
) -> tuple[str, int]:
    """``data`` read as ASCII but for ``spans`` (start, end, the text each is
    read as), a byte beyond ASCII an error of codec ``name`` (text written
    as ASCII: ISO-2022-JP without its escapes, JSON without its backslashes)."""
    pieces: list[str] = []
    pos = 0
    for start, end, text in [*spans, (len(data), len(data), "")]:
        try:
            pieces.append(data[pos:start].decode("ascii", errors))
        except UnicodeDecodeError as exc:
            raise UnicodeDecodeError(
                name, data, pos + exc.start, pos + exc.end, "no ASCII byte"
            ) from None
        pieces.append(text)
        pos = end
    return "".join(pieces), len(data)


def _encode_jis(text: str, errors: str = "strict") -> tuple[bytes, int]:
    escape = text.find("\x1b")
    if escape >= 0:  # it would be lost with the escapes the encoding strips
        raise UnicodeEncodeError(JIS_NO_ESCAPES, text, escape, escape + 1, "an escape")
    return text.encode("iso-2022-jp", errors).replace(b"\x1b", b""), len(text)


@dataclass(frozen=True)
class WrittenAsAscii:
    """A way of writing text as ASCII (ISO-2022-JP without its escapes, JSON
    without its backslashes, Cyrillic as low bytes): where ASCII bytes hold
    its escapes or runs, each with the text it reads as (``spans``), and the
    bytes those are made of (``held``: a stream is cut only after another)."""

    spans: Callable[[bytes], list[tuple[int, int, str]]]
    held: bytes


def _ascii_written_info(
    name: str, encode: Callable[[str, str], tuple[bytes, int]], way: WrittenAsAscii
) -> codecs.CodecInfo:
    """The codec ``name`` of text written as ASCII ``way``: it decodes the
    bytes as ASCII but for ``way``'s spans, and an incremental decoder holds
    back a last run of its ``held`` bytes (up to :data:`_LONGEST_HELD`)."""
    held = way.held

    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        data = bytes(data)
        return _ascii_with_spans(name, data, way.spans(data), errors)

    class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
        def _buffer_decode(  # type: ignore[override]
            self, data: bytes, errors: str, final: bool
        ) -> tuple[str, int]:
            cut = len(data)
            if not final:  # up to the last byte no escape holds
                last = len(data.rstrip(held))
                cut = last if len(data) - last <= _LONGEST_HELD else len(data)
            return decode(data[:cut], errors)[0], cut

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def encode(self, text: str, final: bool = False) -> bytes:
            return encode(text, self.errors)[0]

    return codecs.CodecInfo(
        encode,  # type: ignore[arg-type]
        decode,  # type: ignore[arg-type]
        name=name,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
    )


@dataclass(frozen=True)
class Escapes:
    """One way of showing bytes beyond ASCII as ASCII: ``spelling`` formats
    a byte (80-FF), ``pattern`` finds the escapes that spelling writes (the
    byte's digits in its group 1, in ``base``)."""

    name: str
    spelling: str
    pattern: re.Pattern[str]
    base: int
    #: The characters an escape may hold: a stream is cut only between others.
    alphabet: str

    @property
    def codec(self) -> str:
        """The Python codec's name."""
        return f"mojiscope-{self.name}"

    @cached_property
    def table(self) -> dict[int, str]:
        """Each byte beyond ASCII, read as latin-1, -> its escape."""
        return {byte: self.spelling.format(byte) for byte in range(0x80, 0x100)}

    def runs(self, text: str) -> list[tuple[int, int]]:
        """The spans of ``text`` that are escapes, side by side ones joined."""
        runs: list[tuple[int, int]] = []
        for match in self.pattern.finditer(text):
            if runs and runs[-1][1] == match.start():
                runs[-1] = (runs[-1][0], match.end())
            else:
                runs.append(match.span())
        return runs

    def held_back(self, text: str) -> int:
        """How many characters at the end of ``text`` may begin an escape
        that the next characters finish (0: none)."""
        longest = len(self.table[0x80])
        for back in range(min(longest - 1, len(text)), 0, -1):
            if any(escape.startswith(text[-back:]) for escape in self.table.values()):
                return back
        return 0


#: The escapes, by their words in a chain.
ESCAPES = {
    e.name: e
    for e in (
        # git's quoted file names, C string literals, ``ls -b``: ``\344``.
        Escapes("octal-escapes", "\\{:03o}", re.compile(r"\\([23][0-7][0-7])"), 8, "\\01234567"),
        # Python's repr of bytes: ``\xe4``.
        Escapes(
            "hex-escapes",
            "\\x{:02x}",
            re.compile(r"\\x([89a-f][0-9a-f])"),
            16,
            "\\x0123456789abcdef",
        ),
        # less and other pagers: ``<E4>``.
        Escapes(
            "angle-escapes",
            "<{:02X}>",
            re.compile(r"<([89A-F][0-9A-F])>"),
            16,
            "<>0123456789ABCDEF",
        ),
        # Mail's quoted-printable shown undecoded: ``=C3=BC``.
        Escapes(
            "quoted-printable",
            "={:02X}",
            re.compile(r"=([89A-F][0-9A-F])"),
            16,
            "=0123456789ABCDEF",
        ),
    )
}


#: The fewest escapes of one kind that tell bytes shown as escapes.
TELLING_ESCAPES = 2


def telling_escapes(text: str) -> list[Escapes]:
    """The kinds of :data:`ESCAPES` of which ``text`` (its first 64 KiB)
    holds :data:`TELLING_ESCAPES` or more, or one inside a word, between
    two ASCII letters (``Z\\374rich``: a letter of a code page)."""
    found = []
    for e in ESCAPES.values():
        matches = list(itertools.islice(e.pattern.finditer(text, 0, 1 << 16), TELLING_ESCAPES))
        if len(matches) >= TELLING_ESCAPES or any(_in_word(text, m) for m in matches):
            found.append(e)
    return found


def _in_word(text: str, match: re.Match[str]) -> bool:
    """Whether the escape ``match`` stands between two ASCII letters."""
    before, after = text[match.start() - 1 : match.start()], text[match.end() : match.end() + 1]
    return all(c.isascii() and c.isalpha() for c in (before, after))


def _escapes_codec(escapes: Escapes) -> codecs.CodecInfo:
    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        return bytes(data).decode("latin-1").translate(escapes.table), len(data)

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        out = bytearray()
        at = 0
        for match in [*escapes.pattern.finditer(text), None]:
            end = len(text) if match is None else match.start()
            out += _ascii(escapes.codec, text, at, end, errors)
            if match is not None:
                out.append(int(match.group(1), escapes.base))
                at = match.end()
        return bytes(out), len(text)

    class IncrementalDecoder(codecs.IncrementalDecoder):
        def decode(self, data: bytes, final: bool = False) -> str:  # type: ignore[override]
            return decode(data)[0]

    class IncrementalEncoder(codecs.BufferedIncrementalEncoder):
        def _buffer_encode(self, text: str, errors: str, final: bool) -> tuple[bytes, int]:
            cut = len(text) if final else len(text) - escapes.held_back(text)
            return encode(text[:cut], errors)[0], cut

    return codecs.CodecInfo(
        encode,
        decode,  # type: ignore[arg-type]
        name=escapes.codec,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
    )


def _ascii(
    codec: str, text: str, start: int, end: int, errors: str, why: str = "no byte is shown as this"
) -> bytes:
    """``text[start:end]`` as ASCII, a character beyond it handled by
    ``errors`` (an error naming its place in the whole ``text``, and ``why``)."""
    try:
        return text[start:end].encode("ascii")
    except UnicodeEncodeError as exc:
        out = bytearray(text[start : start + exc.start].encode("ascii"))
        at = start + exc.start
        while at < end:
            if text[at] < "\x80":
                out.append(ord(text[at]))
                at += 1
                continue
            error = UnicodeEncodeError(codec, text, at, at + 1, why)
            if errors == "strict":
                raise error from None
            replacement, resume = codecs.lookup_error(errors)(error)
            out += replacement if isinstance(replacement, bytes) else replacement.encode("ascii")
            at = max(resume, at + 1)
        return bytes(out)


#: A JSON escape whose backslash was lost: a character of U+0080 or more
#: that is no surrogate, or a pair of surrogates (group 1, or 2 and 3). One
#: after a backslash kept it: it is JSON as it should be (``\\u2019``).
JSON_ESCAPE = re.compile(
    rb"(?<!\\)u(00[89a-f][0-9a-f]|0[1-9a-f][0-9a-f]{2}|[1-9a-c][0-9a-f]{3}|d[0-7][0-9a-f]{2}|[ef][0-9a-f]{3})"
    rb"|(?<!\\)u(d[89ab][0-9a-f]{2})u(d[c-f][0-9a-f]{2})"
)
#: What a JSON escape and the backslash that keeps one intact are made of:
#: a stream may be cut after any other byte.
JSON_BYTES = b"\\u0123456789abcdef"


def json_escapes(data: bytes) -> list[tuple[int, int, str]]:
    """Each :data:`JSON_ESCAPE` in ``data``: its byte span and its character."""
    found = []
    for match in JSON_ESCAPE.finditer(data):
        if match.group(1) is not None:
            char = chr(int(match.group(1), 16))
        else:
            high, low = int(match.group(2), 16), int(match.group(3), 16)
            char = chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        found.append((match.start(), match.end(), char))
    return found


def telling_json(data: bytes) -> bool:
    """Whether ASCII ``data`` (its first 64 KiB) holds a JSON escape (names
    and numbers hold such shapes too, ``menu2019``: the model weighs the
    reading like any other)."""
    return JSON_ESCAPE.search(data, 0, 1 << 16) is not None


def _json_escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"u{code:04x}"
    code -= 0x10000
    return f"u{0xD800 + (code >> 10):04x}u{0xDC00 + (code & 0x3FF):04x}"


def _encode_json(text: str, errors: str = "strict") -> tuple[bytes, int]:
    out = bytearray()
    for i, char in enumerate(text):
        if char < "\x80":
            out.append(ord(char))
        elif "\ud800" <= char <= "\udfff":
            error = UnicodeEncodeError(JSON_NO_BACKSLASH, text, i, i + 1, "a lone surrogate")
            if errors == "strict":
                raise error
            replacement, _ = codecs.lookup_error(errors)(error)
            out += replacement if isinstance(replacement, bytes) else replacement.encode("ascii")
        elif out.endswith(b"\\"):  # its escape would read as one JSON kept
            error = UnicodeEncodeError(JSON_NO_BACKSLASH, text, i, i + 1, "a backslash before it")
            if errors == "strict":
                raise error
            replacement, _ = codecs.lookup_error(errors)(error)
            out += replacement if isinstance(replacement, bytes) else replacement.encode("ascii")
        else:
            out += _json_escape(char).encode("ascii")
    return bytes(out), len(text)


#: A run of bytes that may be Cyrillic cut to its low bytes: capitals
#: ``А``-``П`` (10-1F) and ``Ѐ``-``Џ`` (01-0F but tab, line feed and
#: carriage return), lower-case letters ``а``-``я`` (30-4F) and, inside,
#: ``ѐ``-``џ`` (50-5F: ``ё``, ``і``, ``ј``...); of the capitals ``Р``-``Я``
#: (20-2F, the space and punctuation), only ``С``, ``У``, ``Ф``, ``Х``,
#: ``Ц``, ``Ъ`` and ``Ы`` (``!#$%&*+``) right before such bytes, where
#: punctuation seldom stands (quotes, brackets, dashes and stops do).
#: The control bytes that are capitals ``Ѐ``-``П`` as low bytes, as a
#: regular expression's range.
LOW_BYTE_CAPITALS = rb"\x01-\x08\x0b\x0c\x0e-\x1f"
LOW_BYTE_RUN = re.compile(
    rb"([!#-&*+]?)(["
    + LOW_BYTE_CAPITALS
    + rb"0-_]*["
    + LOW_BYTE_CAPITALS
    + rb"0-O]["
    + LOW_BYTE_CAPITALS
    + rb"0-_]*)"
)
#: What a run of :data:`LOW_BYTE_RUN` and the spaces around a word of one
#: letter are made of: a stream may be cut after any other byte.
LOW_BYTES_HELD = bytes(
    [*range(0x01, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x30, 0x60), *b"!#$%&*+ "]
)
#: A lower-case letter as a byte that no number writes: what a word of one
#: letter may be read as (``с``, ``к``, ``я``, ``і``; ``в`` and ``и``
#: are the digits ``2`` and ``8``, and are left so).
_LONE = frozenset(range(0x3A, 0x60))
#: A low byte -> its Cyrillic character (U+0400 + the byte), and back.
_AS_CYRILLIC = {b: 0x400 + b for b in range(0x60)}
_AS_LOW_BYTE = {0x400 + b: b for b in range(0x60)}
#: A letter no number or time holds: ``л``-``я`` (``;`` to ``O``) or a
#: capital; not a digit, ``:`` (``к``), nor ``ѐ``-``џ`` alone (``_``, ``^``).
_LETTER_BEYOND_NUMBERS = re.compile(rb"[;-O" + LOW_BYTE_CAPITALS + rb"]")


def low_byte_runs(data: bytes) -> list[tuple[int, int, str]]:
    """Each run of :data:`LOW_BYTE_RUN` in ``data`` that is a Cyrillic word
    (two bytes or more after a capital, one of them no digit or ``:``, a
    question mark after it left as one), and each byte of one standing
    alone between two such words that no number writes (``с`` as ``A``;
    not ``в`` as ``2``): its byte span and its Cyrillic text. Numbers and times
    (``2024``, ``12:30``, ``+1``) are not; words of ASCII capitals
    (``HELLO``, ``H2O``) are, and are read back only where another is a
    word (``ascii_readings.cyrillic_low_bytes``)."""
    words = []
    for match in LOW_BYTE_RUN.finditer(data):
        end = len(match.group().rstrip(b"?"))
        if len(match.group(2).rstrip(b"?")) >= 2 and _LETTER_BEYOND_NUMBERS.search(
            match.group(2), 0, end - len(match.group(1))
        ):
            words.append((match.start(), match.start() + end))
    lone = [
        (a[1] + 1, b[0] - 1)
        for a, b in itertools.pairwise(words)
        if b[0] - a[1] == 3 and data[a[1]] == data[b[0] - 1] == 0x20 and data[a[1] + 1] in _LONE
    ]
    return [
        (start, end, data[start:end].decode("ascii").translate(_AS_CYRILLIC))
        for start, end in sorted(words + lone)
    ]


def _encode_low_bytes(text: str, errors: str = "strict") -> tuple[bytes, int]:
    # One character for one: the places of what has no byte stay the text's.
    low = text.translate(_AS_LOW_BYTE)
    return _ascii(LOW_BYTES, low, 0, len(low), errors, "neither ASCII nor U+0400-U+045F"), len(text)


#: Each way of writing text as ASCII, by its codec's name.
WRITTEN_AS_ASCII = {
    JIS_NO_ESCAPES: WrittenAsAscii(jis_shifts, SHIFT_BYTES),
    JSON_NO_BACKSLASH: WrittenAsAscii(json_escapes, JSON_BYTES),
    LOW_BYTES: WrittenAsAscii(low_byte_runs, LOW_BYTES_HELD),
}
_ENCODERS = {
    JIS_NO_ESCAPES: _encode_jis,
    JSON_NO_BACKSLASH: _encode_json,
    LOW_BYTES: _encode_low_bytes,
}
_INFOS = {
    CESU8: _codec_info(CESU8, _PAIR, nul=False),
    MUTF8: _codec_info(MUTF8, _PAIR_OR_NUL, nul=True),
    MIXED_1252: _mixed_info(),
    **{
        name: _ascii_written_info(name, _ENCODERS[name], way)
        for name, way in WRITTEN_AS_ASCII.items()
    },
    **{e.codec: _escapes_codec(e) for e in ESCAPES.values()},
}


def _search(name: str) -> codecs.CodecInfo | None:
    return _INFOS.get(name.replace("_", "-"))


codecs.register(_search)
