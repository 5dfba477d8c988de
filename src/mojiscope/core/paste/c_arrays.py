"""Read bytes from a C or C++ array initialiser that a user pasted.

Source code holds bytes as arrays: ``{ 0x43, 0x61 };``,
``unsigned char data[] = {...};``, ``static const uint8_t x[2] {67, 97};``,
``std::array<uint8_t, 2> a = {'C', 'a'};``, and what ``xxd -i`` prints::

    unsigned char hello_txt[] = {
      0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x0a
    };
    unsigned int hello_txt_len = 6;

:func:`parse_c_array` reads one such array and returns its bytes, or raises
:class:`~mojiscope.core.errors.HexParseError` naming the 1-based line and
column of the first thing it cannot read, what it found and what it expected.

Grammar
-------
``[DECLARATION] "{" [VALUE {"," VALUE} [","]] "}" [";"] [LENGTH]``, with
whitespace and ``//`` or ``/* */`` comments anywhere between tokens.

- DECLARATION: names, numbers and the punctuation of a C or C++ declaration
  (``[ ] * < > : ( ) & , =``); no quotes, no ``;``.
- VALUE: a C integer literal, which is read as C reads it: ``0x41`` hex,
  ``0b1000001`` binary, ``0101`` octal, ``65`` decimal (not hex, unlike a
  plain paste), with an optional ``u``/``l`` suffix and an optional minus
  sign (``-1`` is ``FF``, as in a ``signed char`` array); or a character
  literal ``'A'``, ``'\\n'``, ``'\\x41'``, ``'\\101'``. Every value must fit in
  a byte (-128..255).
- LENGTH: the length statement ``xxd -i`` prints after the array
  (``unsigned int NAME_len = 6;``): a declaration whose name holds ``len`` or
  ``size``, ``=``, a number, ``;``. The number must equal the array's byte
  count, so a truncated paste is an error rather than silently short data.

Text is a C array when its first ``{`` comes before any quote, after nothing
or a declaration that starts with a name (:func:`looks_like_c_array`; an
``xxd`` line showing ``{`` in its ASCII column starts with its offset and
stays a dump line); :func:`~mojiscope.core.paste.hex.parse_hex`
hands such text here, so every place that reads pasted hex reads arrays.

Speed: a body of ``0xHH`` values only (what ``xxd -i`` writes) is checked by
one regular expression and converted by :meth:`bytes.fromhex`; the token
loop runs for other bodies.
"""

from __future__ import annotations

import re

from mojiscope.core.errors import HexParseError

__all__ = ["SEPARATORS", "looks_like_c_array", "parse_c_array"]

SEPARATORS = {c: None for c in range(0x3001) if chr(c).isspace() or chr(c) in ",:;"}
"""A :meth:`str.translate` table deleting pasted hex's separators: ``,:;`` and
every character ``str.isspace`` (and so ``\\s``) calls whitespace, the last
being U+3000. (Deleting ``:;`` from an array body that passed the fast check
changes nothing: it holds none.)"""

_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<comment>//[^\n]*|/\*.*?\*/)"
    r"|(?P<number>-?(?:0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)(?:[uU]?[lL]{0,2}|[lL]{1,2}[uU])\b)"
    r"|(?P<char>'(?:[^'\\\n]|\\(?:[xX][0-9a-fA-F]{1,2}|[0-7]{1,3}|[^\n]))')"
    r"|(?P<word>[A-Za-z_]\w*)"
    r"|(?P<punct>[{};=,\[\]*<>:()&])",
    re.DOTALL,
)
_HH = r"0[xX][0-9a-fA-F]{2}\s*+"
_FAST_BODY = re.compile(rf"\s*+(?:{_HH}(?:,\s*+{_HH})*+,?\s*+)?")
_C_START = re.compile(r"[^{'\"]*\{")
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_DECLARATION = re.compile(r"\s*(?:[A-Za-z_][\w\s:<>,*&()\[\]=]*)?", re.ASCII)
_DUMP_OFFSET = re.compile(r"^\s*[0-9a-fA-F]{8,}[: ]", re.MULTILINE)
_CHAR_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11}
_LENGTH_NAME = re.compile(r"len|size", re.IGNORECASE)


def looks_like_c_array(text: str) -> bool:
    """True when ``text`` is an array, not hex: its first ``{`` comes before
    any quote, after nothing or what can only be a C declaration (it starts
    with a name, never with a dump's offset, so the ``{`` that an ``xxd``
    line shows in its ASCII column leaves the line a dump line)."""
    if "{" not in text:
        return False
    start = _C_START.match(text)
    if start is None:
        return False
    head = _COMMENTS.sub(" ", text[: start.end() - 1])
    return _DECLARATION.fullmatch(head) is not None and _DUMP_OFFSET.search(head) is None


def parse_c_array(text: str, *, limit: int) -> bytes:
    """The bytes of the one array in ``text`` (see the module docstring);
    more than ``limit`` bytes is an error, placed at the value that passes it."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _ArrayReader(text, limit).read()


class _ArrayReader:
    def __init__(self, text: str, limit: int) -> None:
        self.text = text
        self.limit = limit
        self.pos = 0

    def place(self, at: int) -> tuple[int, int]:
        """The 1-based (line, column) of position ``at`` (counted only for an error)."""
        line = self.text.count("\n", 0, at) + 1
        return line, at - (self.text.rfind("\n", 0, at) + 1) + 1

    def error(self, message: str, at: int) -> HexParseError:
        return HexParseError(message, *self.place(at))

    def next_token(self) -> re.Match[str] | None:
        """The next token that is not space or a comment; None at the end."""
        while self.pos < len(self.text):
            match = _TOKEN.match(self.text, self.pos)
            if match is None:
                raise self.error(self._unreadable(self.pos), self.pos)
            self.pos = match.end()
            if match.lastgroup not in ("space", "comment"):
                return match
        return None

    def _unreadable(self, at: int) -> str:
        if self.text.startswith("/*", at):
            return "found '/*' with no '*/' after it, expected the comment to end"
        if self.text[at] == "'":
            return "found a character literal that does not close, expected one character"
        return f"found {_show(self.text[at])}, expected C code"

    def read(self) -> bytes:
        opening = self._declaration()
        data = self._body(opening)
        self._after(data)
        return data

    def _declaration(self) -> int:
        while (token := self.next_token()) is not None:
            if token[0] == "{":
                return token.start()
            if token.lastgroup == "char" or token[0] in "};":
                raise self.error(
                    f"found {_show(token[0])}, expected a declaration and then '{{'",
                    token.start(),
                )
        raise self.error("found the end of the text, expected '{'", len(self.text))

    def _body(self, opening: int) -> bytes:
        close = self.text.find("}", self.pos)
        if close >= 0 and _FAST_BODY.fullmatch(self.text, self.pos, close):
            digits = self.text[self.pos : close].translate(SEPARATORS)
            data = bytes.fromhex(digits.replace("0x", "").replace("0X", ""))
            if len(data) <= self.limit:
                self.pos = close + 1
                return data
        out = bytearray()
        expect_value = True
        while (token := self.next_token()) is not None:
            if token[0] == "}":
                return bytes(out)
            if expect_value and token.lastgroup in ("number", "char"):
                out.append(self._value(token))
                if len(out) > self.limit:
                    raise self.error(
                        f"found byte {len(out)}, which makes the data longer than the "
                        f"limit of {self.limit} bytes",
                        token.start(),
                    )
                expect_value = False
            elif not expect_value and token[0] == ",":
                expect_value = True
            else:
                wanted = "a byte value or '}'" if expect_value else "',' or '}'"
                raise self.error(f"found {_show(token[0])}, expected {wanted}", token.start())
        line, column = self.place(opening)
        raise self.error(
            f"found the end of the text, expected '}}' to close the array opened at "
            f"line {line}, column {column}",
            len(self.text),
        )

    def _value(self, token: re.Match[str]) -> int:
        literal = token[0]
        value = _char_value(literal) if token.lastgroup == "char" else _int_value(literal)
        if value is None and token.lastgroup == "number":
            raise self.error(
                f"found {literal}, expected octal digits 0..7 after its leading 0 "
                "(C reads a number that starts with 0 as octal)",
                token.start(),
            )
        if value is None or not -128 <= value <= 255:
            shown = literal if value is None else f"{literal} ({value})"
            raise self.error(
                f"found {shown}, expected a byte value (-128..255)",
                token.start(),
            )
        return value & 0xFF

    def _after(self, data: bytes) -> None:
        """An optional ';', then at most one length statement, then nothing."""
        token = self.next_token()
        if token is not None and token[0] == ";":
            token = self.next_token()
        if token is None:
            return
        start = token.start()
        words: list[str] = []
        while token is not None and token[0] != "=":
            if token.lastgroup not in ("word", "punct", "number") or token[0] in "{};,":
                break
            words.append(token[0])
            token = self.next_token()
        number = self.next_token() if token is not None and token[0] == "=" else None
        end = self.next_token() if number is not None else None
        named = bool(words) and _LENGTH_NAME.search(words[-1]) is not None
        if not (named and number is not None and number.lastgroup == "number"):
            raise self.error(
                "found more after the array, expected the end of the text or a length "
                "line such as 'unsigned int data_len = 6;'",
                start,
            )
        if end is None or end[0] != ";" or self.next_token() is not None:
            raise self.error("found more after the length, expected ';' and the end", number.end())
        length = _int_value(number[0])
        if length != len(data):
            raise self.error(
                f"found length {number[0]}, expected {len(data)}: the array holds "
                f"{len(data)} byte{'s' if len(data) != 1 else ''} (is part of it missing?)",
                number.start(),
            )


def _int_value(literal: str) -> int | None:
    """A C integer literal's value, or None for an octal literal with 8 or 9."""
    sign = -1 if literal.startswith("-") else 1
    digits = literal.lstrip("-").rstrip("uUlL")
    if digits[:2] in ("0x", "0X"):
        return sign * int(digits[2:], 16)
    if digits[:2] in ("0b", "0B"):
        return sign * int(digits[2:], 2)
    if len(digits) > 1 and digits.startswith("0"):
        return sign * int(digits, 8) if set(digits) <= set("01234567") else None
    return sign * int(digits)


def _char_value(literal: str) -> int | None:
    """A C character literal's value (ASCII or an escape), or None if not one byte."""
    body = literal[1:-1]
    if not body.startswith("\\"):
        return ord(body) if body.isascii() else None
    code = body[1:]
    if code[0] in "xX":
        return int(code[1:], 16)
    if code[0] in "01234567":
        return int(code, 8)
    if code in _CHAR_ESCAPES:
        return _CHAR_ESCAPES[code]
    return ord(code) if code in "\\'\"?" else None


def _show(found: str) -> str:
    if len(found) == 1 and not found.isprintable():
        return f"U+{ord(found):04X}"
    return '"\'"' if found == "'" else f"'{found}'"
