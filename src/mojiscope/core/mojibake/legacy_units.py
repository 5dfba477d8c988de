"""The bytes of a unit (a line or record the segment map judges) that are
no UTF-8: where they stand, whether a legacy code page reads them, whether
the unit is binary, and what the explainer is shown of it.

* :func:`legacy_runs`: the runs that are no UTF-8, widened over the
  non-ASCII bytes glued to them (cp1251 ``Пё``, ``CF B8``, is UTF-8 ``ϸ``
  and belongs to its word);
* :func:`holds_utf8_apart`: whether valid UTF-8 letters stand apart from
  those runs (a line holding them and a stray ``E9`` keeps its UTF-8);
* :func:`decodes_as`: whether a legacy code page reads bytes as readable
  text and writes them back the same;
* :func:`binary`: whether the unit is mostly controls;
* :func:`legacy_probe`: the unit without its UTF-8 letters apart from the
  runs, which would make it UTF-8 with holes to the explainer.
"""

from __future__ import annotations

import re

from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.screen import gaps, invalid_runs

#: A unit with more than this share of control bytes (and more than 8) is binary.
BINARY_SHARE = 0.1

_CONTROLS = re.compile(b"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_TEXT_CONTROLS = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufffd]")
_VALID_NON_ASCII = re.compile(
    b"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)


def legacy_runs(data: bytes) -> list[tuple[int, int]]:
    """``screen.invalid_runs`` widened over the non-ASCII bytes next to them:
    legacy bytes that happen to read as UTF-8 (cp1251 ``Пё``, ``CF B8``, is
    UTF-8 ``ϸ``) belong to the word they are glued to; valid UTF-8 apart from
    them, across an ASCII byte, stays UTF-8."""
    runs: list[tuple[int, int]] = []
    for a, b in invalid_runs(data):
        while a > 0 and data[a - 1] >= 0x80:
            a -= 1
        while b < len(data) and data[b] >= 0x80:
            b += 1
        if runs and runs[-1][1] >= a:
            runs[-1] = (runs[-1][0], max(runs[-1][1], b))
        else:
            runs.append((a, b))
    return runs


def holds_utf8_apart(data: bytes, runs: list[tuple[int, int]]) -> bool:
    """Whether a valid UTF-8 sequence stands in ``data`` outside ``runs``
    (its :func:`legacy_runs`)."""
    return any(_VALID_NON_ASCII.search(data, a, b) for a, b in gaps(runs, len(data)))


def decodes_as(codec: str, data: bytes) -> bool:
    """Whether ``data`` reads in the legacy ``codec`` as readable text (no
    control but TAB and line ends, no C1 control, no U+FFFD) and back."""
    name = python_codec(codec)
    try:
        text = data.decode(name)
        return _TEXT_CONTROLS.search(text) is None and text.encode(name) == data
    except UnicodeError:
        return False


def binary(data: bytes) -> bool:
    """Whether more than :data:`BINARY_SHARE` of ``data`` (and more than 8
    bytes) are controls that are no TAB, line end or form feed."""
    controls = len(_CONTROLS.findall(data))
    return controls > BINARY_SHARE * len(data) and controls > 8


def legacy_probe(data: bytes) -> bytes:
    """What the explainer is shown of a unit that is no UTF-8: without its
    valid UTF-8 letters apart from the legacy runs (:func:`legacy_runs`),
    which would make it UTF-8 with holes."""
    out, at = [], 0
    for a, b in legacy_runs(data):
        out += [_VALID_NON_ASCII.sub(b"", data[at:a]), data[a:b]]
        at = b
    out.append(_VALID_NON_ASCII.sub(b"", data[at:]))
    return b"".join(out)
