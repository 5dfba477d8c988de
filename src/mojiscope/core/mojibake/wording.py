"""What the explainer found, in words for people: one name per code page,
the steps a chain took on the bytes, and where two readings part.

The Mojibake panel and the command line say a chain with these, so that a
reading reads the same everywhere:

* :func:`codec_name`: one name per code page. The explainer tells Python's
  strict ``cp1252`` from the WHATWG ``windows-1252`` browsers use (they
  differ in five bytes, which matters for lost bytes), but it is one code
  page, and people know it as windows-1252; so are ``cp1250``..``cp1258``
  ``windows-1250``..``windows-1258``.
* :func:`damage_steps`: the chain replayed on one character of the repaired
  text, forwards, with the bytes at each step: ``é → C3 A9 → read as
  windows-1252: Ã© → saved as UTF-8: C3 83 C2 A9`` (for a reading in
  parts, on a part it repaired: :func:`repaired_part`).
* :func:`difference`: where two readings' texts first part, as characters
  with their names, not Python escapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mojiscope.core.mojibake.chain import Chain, damage, python_codec, try_repair
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.parts import Part
from mojiscope.core.words.describe import describe_char, hex_bytes, shown_text

_WINDOWS = re.compile(r"cp(125[0-8])\Z")


def codec_name(word: str) -> str:
    """The one name of a chain's codec for people (see the module)."""
    found = _WINDOWS.match(word)
    return f"windows-{found[1]}" if found else word


def chain_words(chain: Chain) -> list[str]:
    """``chain.words`` with one name per code page."""
    return people_words(chain.words)


def people_words(words: Iterable[str]) -> list[str]:
    """Words of a chain (``Chain.words``, ``Explanation.words``) with one
    name per code page."""
    return [_named(step) for step in words]


def _named(step: str) -> str:
    return re.sub(r"\bcp125[0-8]\b", lambda m: codec_name(m[0]), step)


def _changed_char(chain: Chain, text: str) -> str | None:
    """The first character of ``text`` the chain's damage changes."""
    for char in text:
        if char.isascii():
            continue
        try:
            if damage(chain, char) != char.encode("utf-8"):
                return char
        except UnicodeError:
            continue
    return None


def damage_steps(chain: Chain, text: str) -> str:
    """How ``chain`` made its bytes from one character of the repaired
    ``text`` (the first it changes): the character, its bytes as written,
    then per misreading the characters read and their bytes as saved. Empty
    when the chain changes no character of ``text``."""
    char = _changed_char(chain, text)
    if char is None:
        return ""
    steps = [char]
    current: str = char
    if chain.layers:
        steps.append(hex_bytes(char.encode(python_codec(chain.layers[0].written)), limit=24))
    for i, layer in enumerate(chain.layers):
        raw = current.encode(python_codec(layer.written))
        current = raw.decode(python_codec(layer.read_as))
        steps.append(f"read as {codec_name(layer.read_as)}: {shown_text(current)}")
        writer = chain.layers[i + 1].written if i + 1 < len(chain.layers) else chain.stored_as
        saved = current.encode(python_codec(writer))
        steps.append(f"saved as {_codec_label(writer)}: {hex_bytes(saved, limit=24)}")
    if not chain.layers:
        stored = current.encode(python_codec(chain.stored_as))
        steps.append(f"written as {_codec_label(chain.stored_as)}: {hex_bytes(stored, limit=24)}")
    return " → ".join(steps)


def repaired_part(text: str, parts: Iterable[Part], lost: Iterable[Lost], data: bytes) -> str:
    """The text :func:`damage_steps` tells a reading's story on: for a
    reading in parts (of ``data``), the repair of the first part a
    misreading undid, or the guess standing in it where its bytes lost one
    (``José;Paris;Voilà Ã  bientôt``: the story is told on ``à``, not on
    the ``é`` of a name kept as it was); else the reading's ``text``."""
    guesses = list(lost)
    for part in parts:
        if not part.chain.layers:
            continue
        repaired = try_repair(part.chain, data[part.start : part.end])
        if repaired is not None:
            return repaired
        inside = [x.guess for x in guesses if part.start <= x.start < part.end]
        if inside:
            return inside[0]
    return text


def _codec_label(word: str) -> str:
    return "UTF-8" if word == "utf-8" else codec_name(word)


def difference(here: str, there: str, there_words: list[str]) -> str:
    """Where ``here`` (one reading's text) and ``there`` (another's, read as
    ``there_words`` say) first differ, as characters with their names."""
    at = next(
        (i for i, (a, b) in enumerate(zip(here, there, strict=False)) if a != b),
        min(len(here), len(there)),
    )
    how = "; ".join(there_words) or "the bytes as they are"
    mine = describe_char(here[at], named=True) if at < len(here) else "the end of the text"
    theirs = describe_char(there[at], named=True) if at < len(there) else "the end of the text"
    return f"At character {at + 1:,}: {mine} here; {theirs} if {how}."


def chain_steps(chain: Chain) -> str:
    """The chain as numbered steps, oldest first, for people (one name per code page)."""
    if chain.is_identity:
        return "The bytes are fine as they are: UTF-8, nothing to undo."
    steps = []
    for i, layer in enumerate(chain.layers):
        if i == 0:
            steps.append(f"the text was written as {codec_name(layer.written)}")
        steps.append(f"read as {codec_name(layer.read_as)}")
        if i + 1 < len(chain.layers):
            steps.append(f"saved as {codec_name(chain.layers[i + 1].written)}")
    how = "saved as" if chain.layers else "written as"
    steps.append(f"{how} {codec_name(chain.stored_as)}")
    return "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
