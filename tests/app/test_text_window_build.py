"""TextWindow.build remembers each character's display within a window; the
text it builds must equal asking :func:`display_of` cell by cell."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.app.formats import resolve
from mojiscope.app.model.cells import Cell
from mojiscope.app.model.document import Document
from mojiscope.app.model.text_window import CLOSE, MIN_RUN, OPEN, TextWindow, display_of


def text_cell_by_cell(cells: list[Cell], data: bytes, start: int) -> str:
    """The window's text from one :func:`display_of` call per cell, runs of
    identical stand-ins of one kind shown once with their count."""
    shown = [display_of(c, data[c.byte_start - start : c.byte_end - start]) for c in cells]
    out: list[str] = []
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
        out.append(text)
        i = j
    return "".join(out)


def built(document: Document, key: str) -> tuple[TextWindow, list[Cell], bytes]:
    cells = document.cells(resolve(key), 0, document.size)
    data = document.read(cells[0].byte_start, cells[-1].byte_end)
    return TextWindow.build(cells, data, cells[0].byte_start), cells, data


def test_escaped_bytes_show_their_own_bytes_though_they_share_a_character() -> None:
    window, _, _ = built(Document.from_bytes(b"a\x80b\xffc\x80"), "xtf-8")
    assert window.text == "a\u203980\u203ab\u2039FF\u203ac\u203980\u203a"


@settings(max_examples=80, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=300)
    | st.text(min_size=1, max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")),
    key=st.sampled_from(["utf-8", "xtf-8", "utf-8/per-run", "utf-16le", "cp437", "gb18030"]),
)
def test_built_text_equals_displaying_each_cell(data: bytes, key: str) -> None:
    document = Document.from_bytes(data)
    window, cells, shown_data = built(document, key)
    assert window.text == text_cell_by_cell(cells, shown_data, cells[0].byte_start)
