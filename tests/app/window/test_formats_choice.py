"""Format keys (ids, aliases and FORMAT/POLICY pseudo-ids) and Formats >
Choose adding any Python codec by name."""

from __future__ import annotations

from PySide6.QtCore import Qt

from mojiscope.app.dialogs.format_list_model import KEY_ROLE
from mojiscope.app.dialogs.formats_dialog import FormatsDialog
from mojiscope.app.model.document import Document
from mojiscope.app.model.formats import (
    DEFAULT_KEYS,
    available_keys,
    describe_key,
    python_codec_names,
    resolve,
    resolve_all,
)
from mojiscope.app.window import settings
from mojiscope.app.window.main_window import MainWindow
from mojiscope.core import Decoding, Format, decode


def test_plain_id_resolves_to_the_format_with_default_policy() -> None:
    choice = resolve("utf-8")
    assert choice is not None
    assert choice.format.id == "utf-8"
    assert choice.policy == "maximal-subpart"
    assert choice.label == "utf-8"


def test_policy_pseudo_id_renders_like_core_policy() -> None:
    data = b"a\xf0\x9f\x92 \xc0\xaf\x80b"
    for policy in ("per-byte", "per-run"):
        choice = resolve(f"utf-8/{policy}")
        assert choice is not None
        assert choice.policy == policy
        window = choice.decode_window(data, 0, len(data))
        assert window.text == decode(data, "utf-8", policy=policy).text


def test_a_window_an_index_decoded_exactly_gets_the_columns_policy_once() -> None:
    data = b"a\xf0\x9f\x92 \xc0\xaf\x80b"
    asked: list[tuple[str, int, int]] = []

    def exact(fmt: Format, start: int, end: int) -> Decoding:  # as a whole-file index would
        asked.append((fmt.id, start, end))
        return decode(data, fmt)

    for policy in ("per-byte", "per-run"):
        choice = resolve(f"utf-8/{policy}")
        assert choice is not None
        window = choice.decode_window(data, 0, len(data), exact)
        assert window.text == decode(data, "utf-8", policy=policy).text
        not_known = choice.decode_window(data, 0, len(data), lambda *_: None)
        assert not_known.text == window.text
    assert asked == [("utf-8", 0, len(data))] * 2


def test_unknown_ids_and_policies_resolve_to_none() -> None:
    assert resolve("no-such-format") is None
    assert resolve("utf-8/no-such-policy") is None
    assert resolve("cp1252/per-byte") is None  # cp1252 has only maximal-subpart


def test_resolve_all_skips_unknown_and_duplicates_keeping_order() -> None:
    keys = [c.key for c in resolve_all(["cp1252", "nope", "utf-8", "cp1252"])]
    assert keys == ["cp1252", "utf-8"]


def test_defaults_skip_formats_core_does_not_know_yet() -> None:
    shown = [c.key for c in resolve_all(DEFAULT_KEYS)]
    assert shown[0] == "utf-8"
    assert all(resolve(k) is not None for k in shown)


def test_chooser_offers_each_utf8_policy_right_after_utf8() -> None:
    keys = available_keys()
    at = keys.index("utf-8")
    assert keys[at + 1 : at + 3] == ["utf-8/per-byte", "utf-8/per-run"]


# -- Formats > Choose: adding any codec by name (issue 17) ---------------------------


def test_codec_names_offer_python_codecs_and_registered_formats() -> None:
    names = python_codec_names()
    assert {"cp850", "koi8_u", "mac_roman", "utf-32", "mutf-8"} <= set(names)
    assert names == sorted(names, key=str.lower)


def test_describe_key_names_the_format_or_why_not() -> None:
    choice, words = describe_key("cp850")
    assert choice is not None and choice.format.id == "cp850"
    assert words.startswith("cp850: ")
    refused, why = describe_key("iso2022_jp")
    assert refused is None and "not a format Mojiscope can show" in why


def test_typing_a_codec_describes_it_and_add_appends_it_checked(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = FormatsDialog(available_keys(), ["utf-8"])
    qtbot.addWidget(dialog)
    assert not dialog.add_button.isEnabled()
    qtbot.keyClicks(dialog.add_field, "cp850")
    assert dialog.add_button.isEnabled()
    assert dialog.add_description.text().startswith("cp850: ")
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.chosen_keys() == ["utf-8", "cp850"]
    current = dialog.list_view.currentIndex()
    assert dialog.model.data(current, KEY_ROLE) == "cp850"
    assert dialog.add_field.text() == ""


def test_enter_in_the_name_field_adds_without_closing_the_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = FormatsDialog(available_keys(), ["utf-8"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.add_field.setFocus()
    qtbot.keyClicks(dialog.add_field, "koi8_u")
    qtbot.keyClick(dialog.add_field, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.result() == 0
    assert dialog.chosen_keys() == ["utf-8", "koi8_u"]


def test_a_refused_name_cannot_be_added(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = FormatsDialog(available_keys(), ["utf-8"])
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.add_field, "utf_7")
    assert not dialog.add_button.isEnabled()
    assert "not a format Mojiscope can show" in dialog.add_description.text()
    dialog.add_typed()
    assert dialog.chosen_keys() == ["utf-8"]


def test_adding_a_listed_format_checks_it_in_place(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = FormatsDialog(available_keys(), ["utf-8"])
    qtbot.addWidget(dialog)
    rows = dialog.model.rowCount()
    qtbot.keyClicks(dialog.add_field, "cesu-8")
    dialog.add_typed()
    assert dialog.model.rowCount() == rows
    assert set(dialog.chosen_keys()) == {"utf-8", "cesu-8"}


def test_an_added_codec_is_shown_and_remembered(window, answer_dialog) -> None:  # type: ignore[no-untyped-def]
    def fill(dialog: FormatsDialog) -> bool:
        dialog.add_field.setText("mac_roman")
        dialog.add_typed()
        return True

    answer_dialog(fill)
    window.open_document(Document.from_bytes(b"caf\x8e", "added codec"))
    window.choose_formats()
    assert window.shown.keys[-1] == "mac_roman"
    assert settings.shown_formats() == window.shown.keys
    again = MainWindow()
    assert again.shown.keys[-1] == "mac_roman"
    again.close()
