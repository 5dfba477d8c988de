"""TextWindow.build makes its pieces from runs of characters, most of them
at once, and remembers each character's display within a window; what it
builds must equal asking :func:`display_of` character by character: the
same text, and the same pieces with the same bytes, kinds and stand-ins."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mojiscope.app.model.char_runs import CharRun
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve
from mojiscope.app.model.text_window import (
    CLOSE,
    MIN_RUN,
    OPEN,
    TextWindow,
    display_of,
    utf16_length,
)
from mojiscope.core import SpanKind

Piece = tuple[str, int, int, SpanKind, bool]
"""(shown text, first byte, end byte, kind, is a stand-in)."""


def pieces_cell_by_cell(cells: list[CharRun], data: bytes, start: int) -> list[Piece]:
    """The window's pieces from one :func:`display_of` call per cell, runs of
    identical stand-ins of one kind shown once with their count."""
    shown = [display_of(c, data[c.byte_start - start : c.byte_end - start]) for c in cells]
    out: list[Piece] = []
    i = 0
    while i < len(cells):
        text, name = shown[i]
        j = i + 1
        if name is not None:
            same = (name, cells[i].span.kind)
            while j < len(cells) and (shown[j][1], cells[j].span.kind) == same:
                j += 1
            if j - i >= MIN_RUN:
                text = f"{OPEN}{name}\u00d7{j - i}{CLOSE}"
            else:
                j = i + 1
        out.append((text, cells[i].byte_start, cells[j - 1].byte_end, cells[i].kind, bool(name)))
        i = j
    return out


def pieces_of(window: TextWindow) -> list[Piece]:
    stand_ins = set(window.stand_ins)
    units = window.text.encode("utf-16-le", "surrogatepass")  # Qt's positions count these
    return [
        (
            units[2 * window.piece_starts[k] : 2 * window.piece_starts[k + 1]].decode(
                "utf-16-le", "surrogatepass"
            ),
            window.piece_byte_starts[k],
            window.piece_byte_ends[k],
            window.piece_kinds[k],
            k in stand_ins,
        )
        for k in range(window.piece_count)
    ]


def built(document: Document, key: str) -> tuple[TextWindow, list[CharRun], bytes]:
    choice = resolve(key)
    cells = document.chars(choice, 0, document.size)
    data = document.read(cells[0].byte_start, cells[-1].byte_end)
    runs = document.runs(choice, 0, document.size)
    return TextWindow.build(runs, data, cells[0].byte_start), cells, data


def test_escaped_bytes_show_their_own_bytes_though_they_share_a_character() -> None:
    window, _, _ = built(Document.from_bytes(b"a\x80b\xffc\x80"), "xtf-8")
    assert window.text == "a\u203980\u203ab\u2039FF\u203ac\u203980\u203a"


@settings(max_examples=80, deadline=None)
@example(data=bytes.fromhex("EFB79DEDB2AE000A") + b"Hi\x00\x00\x00", key="corrected-utf-8")
@example(data=b"\xef\xbb\xbf\x00\x00\x00\x00\x01\x01a\x80\x80\x80", key="utf-8")
@example(data="\U0001f600a\u0301b\tc\n\u202e".encode(), key="utf-8")
@example(data=b"\xed\xa0\x80\xed\xb0\x80\xff\xfe", key="xtf-8")
@given(
    data=st.binary(min_size=1, max_size=300)
    | st.text(min_size=1, max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")),
    key=st.sampled_from(
        ["utf-8", "xtf-8", "utf-8/per-run", "utf-16le", "cp437", "gb18030", "corrected-utf-8"]
    ),
)
def test_built_pieces_equal_displaying_each_cell(data: bytes, key: str) -> None:
    document = Document.from_bytes(data)
    window, cells, shown_data = built(document, key)
    expected = pieces_cell_by_cell(cells, shown_data, cells[0].byte_start)
    assert window.text == "".join(piece[0] for piece in expected)
    assert window.piece_starts[-1] == utf16_length(window.text)
    assert pieces_of(window) == expected
