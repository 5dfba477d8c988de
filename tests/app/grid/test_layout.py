"""Row layout: each character across the cells of its bytes, continued across rows."""

from __future__ import annotations

from mojiscope.app.grid.layout import RowLayout, layout_rows, piece_cells, piece_width
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import resolve_all


def pieces(row: RowLayout, column: int, bpr: int = 8) -> list[tuple[int, int, str, bool, bool]]:
    """(first cell, end cell, text, begun on an earlier row, going on to a later one)."""
    return [
        (
            *piece_cells(p, row.start, bpr),
            p.text,
            p.byte_start < row.start,
            p.byte_end > row.start + bpr,
        )
        for p in row.columns[column]
    ]


def test_multibyte_characters_cover_their_cells_and_continue_on_the_next_row() -> None:
    data = b"abcdef" + "€".encode() + "éé".encode() + b"x"  # the euro sign spans bytes 6..8
    document = Document.from_bytes(data)
    rows = layout_rows(document, resolve_all(["utf-8", "cp1252"]), 0, 4, bytes_per_row=8)
    assert [r.start for r in rows] == [0, 8]
    assert pieces(rows[0], 0) == [(0, 6, "abcdef", False, False), (6, 8, "€", False, True)]
    assert pieces(rows[1], 0) == [
        (0, 1, "€", True, False),
        (1, 5, "éé", False, False),  # two 2-byte characters: one piece of width 2
        (5, 6, "x", False, False),
    ]
    assert piece_width(rows[1].columns[0][1]) == 2
    assert pieces(rows[1], 1) == [(0, 6, "¬Ã©Ã©x", False, False)]  # cp1252: one byte each


def test_character_boundaries_inside_a_piece() -> None:
    document = Document.from_bytes("ééé".encode())
    (row,) = layout_rows(document, resolve_all(["utf-8"]), 0, 1, bytes_per_row=16)
    piece = row.columns[0][0]
    assert piece.char_bytes(3) == (2, 4)
    assert piece.char_bytes(5) == (4, 6)


def test_rows_past_the_end_are_not_laid_out() -> None:
    document = Document.from_bytes(b"x" * 20)
    rows = layout_rows(document, resolve_all(["utf-8"]), 0, 10, bytes_per_row=16)
    assert [len(r.data) for r in rows] == [16, 4]


def test_a_page_of_zero_bytes_is_one_piece_per_row() -> None:
    document = Document.from_bytes(bytes(4096))
    rows = layout_rows(document, resolve_all(["utf-8", "cp1252"]), 10, 20, bytes_per_row=16)
    assert all(len(row.columns[c]) == 1 for row in rows for c in (0, 1))
    assert rows[0].columns[0][0].text == "\x00" * 16
