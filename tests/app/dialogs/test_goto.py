"""Go to's words (the target, or why the text is not an offset) wrap below the
field and are never clipped under the buttons: at 1024x700, in the light and
the dark theme, however long they are."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mojiscope.app.dialogs.goto import GotoDialog
from mojiscope.app.window.main_window import MainWindow
from mojiscope.app.window.theme import apply_theme

TEXTS = [
    "zz",  # the help, two lines at the dialog's narrowest
    "0x99999999999",  # outside the file, with its digits
    "end+5",
    " ".join(["word"] * 12),  # a paste of words: its message takes more lines
    "z" * 300,  # one long token, cut in the message
    "1234",  # a target
]


@pytest.fixture(params=["light", "dark"])
def theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The application in each theme (Fusion and its palette, as
    MOJISCOPE_THEME makes it), its own style and palette put back after."""
    style, palette = qapp.style().name(), QPalette(qapp.palette())
    assert apply_theme(qapp, request.param)
    yield request.param
    qapp.setStyle(style)
    qapp.setPalette(palette)


def words_fit(dialog: GotoDialog) -> bool:
    label, buttons = dialog.status_label, dialog.buttons
    return (
        label.height() >= label.heightForWidth(label.width())
        and label.geometry().bottom() < buttons.geometry().top()
        and label.geometry().right() <= dialog.width()
        and buttons.geometry().bottom() <= dialog.height()
    )


def test_the_words_wrap_whole_above_the_buttons(
    qtbot: QtBot, demo_window: MainWindow, theme: str
) -> None:
    demo_window.resize(1024, 700)
    dialog = GotoDialog(0, 1000, demo_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    buttons_at = dialog.buttons.geometry().top()
    for text in TEXTS:
        dialog.editor.setText(text)
        qtbot.waitUntil(lambda: words_fit(dialog), timeout=3000)
        assert dialog.status_label.text(), text
        assert dialog.height() <= 700, text
    dialog.editor.setText("zz")  # two lines: room kept from the start, nothing moved
    qtbot.waitUntil(lambda: words_fit(dialog), timeout=3000)
    lines = dialog.status_label.heightForWidth(dialog.status_label.width())
    assert lines <= dialog.status_label.fontMetrics().lineSpacing() * 2 + 2, theme
    dialog.reject()
    second = GotoDialog(0, 1000, demo_window)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    second.editor.setText("zz")
    qtbot.waitUntil(lambda: words_fit(second), timeout=3000)
    assert second.buttons.geometry().top() == buttons_at  # the usual words move nothing


def test_words_longer_than_the_room_kept_grow_the_dialog(
    qtbot: QtBot, demo_window: MainWindow
) -> None:
    """A large font on the label (a desktop's bigger text): the help takes
    more lines than the two kept for it, and the dialog grows to show them."""
    dialog = GotoDialog(0, 1000, demo_window)
    qtbot.addWidget(dialog)
    font = dialog.status_label.font()
    font.setPointSizeF(font.pointSizeF() * 2.5)
    dialog.status_label.setFont(font)
    dialog.show()
    qtbot.waitExposed(dialog)
    before = dialog.height()
    dialog.editor.setText("zz")
    qtbot.waitUntil(lambda: words_fit(dialog), timeout=3000)
    label = dialog.status_label
    assert label.heightForWidth(label.width()) > 2 * label.fontMetrics().lineSpacing()
    assert dialog.height() > before
