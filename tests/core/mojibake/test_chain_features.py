"""What the model sees of a chain: each writer, reader and stored codec a
feature of its own, every way of showing bytes as escapes one reader."""

from __future__ import annotations

from mojiscope.core.mojibake import Chain, Misreading
from mojiscope.core.mojibake.chain_features import CHAIN_FEATURES, chain_features


def _named(chain: Chain) -> dict[str, float]:
    return dict(zip(CHAIN_FEATURES, chain_features(chain), strict=True))


def test_a_legacy_writer_and_its_reader_are_features_of_their_own() -> None:
    named = _named(Chain((Misreading("cp1250", "cp437"),)))
    assert named["writer:cp1250"] == 1 and named["legacy-read-as:cp437"] == 1
    assert named["writer:shift_jis"] == 0 and named["read-as:cp437"] == 1
    on_disk = _named(Chain((), "cp1251"))
    assert on_disk["stored-as:cp1251"] == 1 and on_disk["stored:cyrillic"] == 1


def test_every_way_of_showing_bytes_as_escapes_is_one_reader() -> None:
    for shown in ("octal-escapes", "hex-escapes", "angle-escapes"):
        named = _named(Chain((Misreading("gbk", shown),)))
        assert named["read-as:escapes"] == 1 and named["legacy-read-as:escapes"] == 1
        assert named["writer:gbk"] == 1 and named["read-as:other"] == 0
