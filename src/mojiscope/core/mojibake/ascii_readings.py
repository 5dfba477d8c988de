"""Readings of ASCII text that holds other text written in escapes.

The search undoes code pages, which pass ASCII through: text holding no
character beyond ASCII is, to it, fine as it is. Some ASCII is other text
written in escapes, and is read back here, a reading each:

* ISO-2022-JP whose escape bytes were stripped (``$B$3$s(B``);
* JSON whose ``\\u`` escapes lost their backslashes (``Rudolphu2019s``);
* bytes shown as escapes by a program that prints only ASCII (git's
  ``\\344\\270\\255``, Python's ``\\xe4``, less's ``<E4>``), read as UTF-8
  or a legacy code page.

The codecs are ``extra_codecs``'; the model prices each reading like any
other (:func:`ascii_readings`).
"""

from __future__ import annotations

from mojiscope.core.mojibake.chain import JIS_WORD, JSON_WORD, Chain, Misreading, python_codec
from mojiscope.core.mojibake.extra_codecs import (
    json_escapes,
    telling_escapes,
    telling_jis_shifts,
    telling_json,
)
from mojiscope.core.mojibake.features import in_prose
from mojiscope.core.mojibake.search import (
    LEGACY_STORED,
    Hypothesis,
    is_utf8,
    scored,
    shows_text,
)


def ascii_readings(data: bytes) -> list[Hypothesis]:
    """Every reading of ASCII ``data`` as text written in escapes."""
    text = data.decode("ascii")
    return [*jis_without_escapes(data), *json_without_backslashes(data), *escaped_readings(text)]


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
