"""Format keys: ids, aliases and FORMAT/POLICY pseudo-ids."""

from __future__ import annotations

from mojiscope.app.formats import DEFAULT_KEYS, available_keys, resolve, resolve_all
from mojiscope.core import decode


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
