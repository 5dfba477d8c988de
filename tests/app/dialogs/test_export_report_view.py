"""The loss report in the export dialog's words: the table while rows stream
in (new rows appended, changed ones rewritten, the others left as they
are), and the sentence above it."""

from __future__ import annotations

from mojiscope.app.dialogs.export_report_view import LossTable, summary_line
from mojiscope.core.conversion.convert import plan_conversion
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


def test_the_summary_says_how_much_is_lost_or_that_the_text_survives_exactly():
    mixed = b"hi \xff\xfe " + "中€".encode() * 3  # 2 bad bytes, 3 characters cp1252 lacks
    assert summary_line(plan_conversion(mixed, "utf-8", "cp1252")) == "5 losses in 2 groups."
    one = plan_conversion(b"a\xff", "utf-8", "utf-16le")
    assert summary_line(one) == "1 loss in 1 group."
    clean = plan_conversion("héllo".encode(), "utf-8", "utf-16be")
    assert summary_line(clean) == "The text survives exactly."
    dropped = plan_conversion(b"\xef\xbb\xbfabc", "utf-8", "cp1252")
    assert summary_line(dropped) == "The text survives exactly (signature dropped)."
