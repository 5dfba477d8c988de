# ruff: noqa: RUF003 - Cyrillic letters and their bytes are the subject
"""Readings of ASCII text that holds other text written in escapes.

The search undoes code pages, which pass ASCII through: text holding no
character beyond ASCII is, to it, fine as it is. Some ASCII is other text
written in escapes, and is read back here, a reading each:

* ISO-2022-JP whose escape bytes were stripped (``$B$3$s(B``);
* JSON whose ``\\u`` escapes lost their backslashes (``Rudolphu2019s``);
* Cyrillic written as its characters' low bytes (``2;048<8@`` is
  ``владимир``), as PDF libraries and JavaScript code write it;
* bytes shown as escapes by a program that prints only ASCII (git's
  ``\\344\\270\\255``, Python's ``\\xe4``, less's ``<E4>``), read as UTF-8
  or a legacy code page.

The codecs are ``extra_codecs``'; the model prices each reading like any
other (:func:`ascii_readings`).
"""

from __future__ import annotations

import re

from mojiscope.core.mojibake.chain import (
    JIS_WORD,
    JSON_WORD,
    LOW_BYTES_WORD,
    Chain,
    Misreading,
    python_codec,
)
from mojiscope.core.mojibake.extra_codecs import (
    LOW_BYTE_CAPITALS,
    json_escapes,
    low_byte_runs,
    telling_escapes,
    telling_jis_shifts,
    telling_json,
)
from mojiscope.core.mojibake.features import in_prose
from mojiscope.core.mojibake.hypothesis import Hypothesis, scored
from mojiscope.core.mojibake.lexicon import known_bigrams, known_words
from mojiscope.core.mojibake.search import LEGACY_STORED, is_utf8, shows_text


def ascii_readings(data: bytes) -> list[Hypothesis]:
    """Every reading of ASCII ``data`` as text written in escapes."""
    text = data.decode("ascii")
    return [
        *jis_without_escapes(data),
        *json_without_backslashes(data),
        *cyrillic_low_bytes(data),
        *escaped_readings(text),
    ]


#: How much of an ASCII chunk tells whether it holds JSON escapes or
#: Cyrillic as low bytes (:func:`written_as_ascii`).
TELLING_BYTES = 1 << 14


def written_as_ascii(data: bytes) -> list[tuple[int, int]]:
    """Where ASCII ``data``, a chunk of a large file, holds other text
    written as ASCII that a reading here gives back, in order: ISO-2022-JP
    shifts without their escapes, and, where its first
    :data:`TELLING_BYTES` tell so (as :func:`json_without_backslashes` and
    :func:`telling_low_bytes` ask), JSON escapes without their backslashes
    and runs of Cyrillic as low bytes. Bytes shown as escapes are left out:
    code writes them on purpose, and their repairs are never sure."""
    spans = list(telling_jis_shifts(data))
    head = data[:TELLING_BYTES]
    if telling_json(head) and all(in_prose(c) for *_, c in json_escapes(head)):
        spans += [(start, end) for start, end, _ in json_escapes(data)]
    if telling_low_bytes(head):
        spans += telling_low_byte_runs(data)
    return sorted(spans)


def jis_without_escapes(data: bytes) -> list[Hypothesis]:
    """ASCII bytes holding ISO-2022-JP shifts whose escape bytes were
    stripped (``extra_codecs.JIS_SHIFT``: ``$B$3$s$K$A$O(B``), one of two
    characters or more among them, read with them put back."""
    if not telling_jis_shifts(data):
        return []
    text = data.decode(python_codec(JIS_WORD))
    return [scored(text, Chain((), JIS_WORD))]


def escaped_readings(text: str) -> list[Hypothesis]:
    """ASCII text holding bytes shown as escapes
    (``extra_codecs.telling_escapes``): those bytes read as UTF-8 or, where
    they are no UTF-8, as each code page bytes on disk are tried as
    (:data:`LEGACY_STORED`) that reads them whole (git's
    ``\\344\\270\\255`` is UTF-8's ``中``, its ``caf\\351`` windows-1252's
    ``café``, less's ``<D6><D0>`` GBK's ``中``)."""
    found: dict[str, Hypothesis] = {}
    for escapes in telling_escapes(text):
        try:
            raw = text.encode(escapes.codec)
        except UnicodeEncodeError:
            continue
        writers = ("utf-8",) if is_utf8(raw) else LEGACY_STORED
        for writer in writers:
            try:
                read = raw.decode(python_codec(writer))
            except UnicodeDecodeError:
                continue
            if read not in found and read != text and shows_text(read):
                found[read] = scored(read, Chain((Misreading(writer, escapes.name),)))
    return list(found.values())


def json_without_backslashes(data: bytes) -> list[Hypothesis]:
    """ASCII bytes holding JSON's ``\\u`` escapes whose backslashes were
    stripped (``extra_codecs.telling_json``: ``Rudolphu2019s``), read
    with them put back, where each is what prose is made of
    (``features.in_prose``; a build's ``4u2f1a`` is a Kangxi radical)."""
    if not telling_json(data) or not all(in_prose(c) for *_, c in json_escapes(data)):
        return []
    return [scored(data.decode(python_codec(JSON_WORD)), Chain((), JSON_WORD))]


def cyrillic_low_bytes(data: bytes) -> list[Hypothesis]:
    """ASCII bytes holding Cyrillic written as its characters' low bytes
    (:func:`telling_low_bytes`), read back."""
    if not telling_low_bytes(data):
        return []
    return [scored(data.decode(python_codec(LOW_BYTES_WORD)), Chain((), LOW_BYTES_WORD))]


def telling_low_bytes(data: bytes) -> bool:
    """Whether ASCII ``data`` holds a run of Cyrillic as its low bytes that
    tells it is (:func:`telling_low_byte_runs`)."""
    return bool(telling_low_byte_runs(data, first=True))


def telling_low_byte_runs(data: bytes, *, first: bool = False) -> list[tuple[int, int]]:
    """The runs of Cyrillic as its low bytes in ASCII ``data``
    (``extra_codecs.low_byte_runs``) that tell it is, as byte spans (only
    the first, with ``first``): a word of three letters or more the lexicon
    knows (``2;048<8@``, ``владимир``; ``AB`` is ``ст``, an abbreviation),
    or of five or more, a vowel among every four, whose every pair of
    neighbours, its ends among them, words the lexicon knows hold
    (``>=B5=B``, ``онтент``): codes and numbers make runs without vowels
    (``3F2A``, ``гцвс``) or short ones (``=200``, ``нваа``)."""
    if not _CANDIDATE.search(data):
        return []
    words, pairs = known_words(), known_bigrams()
    found = []
    for start, end, text in low_byte_runs(data):
        word = text.lower()
        marked = f"^{word}$"
        if (len(word) >= 3 and word in words) or (
            len(word) >= 5
            and 4 * sum(c in _VOWELS for c in word) >= len(word)
            and all(marked[i : i + 2] in pairs for i in range(len(word) + 1))
        ):
            found.append((start, end))
            if first:
                break
    return found


#: Three bytes in a row that Cyrillic as low bytes may be, one a letter no
#: number writes: what any run :func:`telling_low_bytes` takes holds (a
#: search in C, before the runs are read one by one).
_CANDIDATE = re.compile(
    rb"(?=[" + LOW_BYTE_CAPITALS + rb"0-O]{0,2}[" + LOW_BYTE_CAPITALS + rb";-O])"
    rb"[" + LOW_BYTE_CAPITALS + rb"0-O]{3}"
)
#: The Cyrillic vowels, as :func:`telling_low_bytes` counts them.
_VOWELS = frozenset("аеёєиіїоуыэюя")


#: In Cyrillic read back from its low bytes, what may have been otherwise:
#: a control character (a capital ``А``-``П`` standing alone), a digit,
#: sign or Latin letter glued to a word (``(пример``: ``Шпример``?;
#: ``дам?``: ``дамп``?), a word of digits and signs beside one (``в`` is
#: ``2``, ``из-за`` is ``87-70``), a space
#: that begins a line or a sentence before one (``Р``), a ``к`` that ends
#: a word (``:``, as ``Общо:`` writes it), and a word of letters that are
#: all ASCII capitals as low bytes (``WAL`` is ``їсь``).
_CYRILLIC = "\u0400-\u045f"
_AS_LETTER = "!-_"
_LEFT_AMBIGUOUS = re.compile(
    f"[{LOW_BYTE_CAPITALS.decode()}]|[{_CYRILLIC}][#-&*+/0-_a-z]|[{_AS_LETTER}a-z][{_CYRILLIC}]"
    "|(?<!\\w)[\u0440-\u044f\u0450-\u045f]+(?!\\w)"
    f"|(?<=[{_CYRILLIC}] )[{_AS_LETTER}]{{1,8}}(?!\\S)"
    f"|(?<!\\S)[{_AS_LETTER}]{{1,8}}(?= [{_CYRILLIC}])"
    f"|^ (?=[{_CYRILLIC}])|[.!?]  (?=[{_CYRILLIC}])|\u043a(?!\\w)",
    re.MULTILINE,
)


def low_bytes_left(text: str) -> bool:
    """Whether ``text``, Cyrillic read back from its low bytes, holds ASCII
    that may have been a letter too (:data:`_LEFT_AMBIGUOUS`): which it was,
    nothing in the bytes says."""
    return _LEFT_AMBIGUOUS.search(text) is not None
