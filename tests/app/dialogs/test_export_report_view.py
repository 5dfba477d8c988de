"""The loss table while rows stream in: new rows appended, changed ones
rewritten, the others left as they are."""

from __future__ import annotations

from mojiscope.app.dialogs.export_report_view import LossTable
from mojiscope.core.conversion.loss_report import LossRow


def row(kind: str, count: int, first: int) -> LossRow:
    return LossRow(kind, "invalid-byte", count, ((first, first + 1),), "?", f"{kind} at {first}")


def texts(table: LossTable) -> list[list[str]]:
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_streamed_rows_append_and_update_only_what_changed(qtbot):
    table = LossTable()
    qtbot.addWidget(table)
    table.show_rows((row("replacement", 1, 3), row("unencodable", 1, 9)), base=0)
    kept = table.item(0, 2)
    kept.setText("marked")  # a row shown again unchanged is not rewritten
    table.show_rows(
        (row("replacement", 1, 3), row("unencodable", 5, 9), row("dropped-escape", 1, 20)),
        base=0,
    )
    assert table.item(0, 2) is kept and kept.text() == "marked"
    assert [t[:3] for t in texts(table)[1:]] == [
        ["unencodable", "a byte (F8..FF) that never occurs in UTF-8", "5"],
        ["dropped-escape", "a byte (F8..FF) that never occurs in UTF-8", "1"],
    ]
    table.show_rows((row("replacement", 1, 3),), base=100)  # another base: every row anew
    assert texts(table) == [
        ["replacement", "a byte (F8..FF) that never occurs in UTF-8", "1", "0x67", "?"]
    ]
