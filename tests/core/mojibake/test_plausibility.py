"""How unlikely a text is, a character alone, and whether repairing some
runs of bytes makes their word likelier."""

from __future__ import annotations

from mojiscope.core.mojibake.plausibility import cost, word_likelier, words_of_runs


def test_mojibake_costs_more_than_its_repair() -> None:
    assert cost("Größe") < cost("GrÃ¶ÃŸe")


def test_a_word_a_repair_makes_mojibake_of_is_not_likelier() -> None:
    data = "Ångström".encode()
    runs = [(0, 2), (7, 9)]  # the bytes of Å and of ö
    assert not word_likelier(data, runs, ["Ã…", "Ã¶"])
    assert not word_likelier(data, runs[1:], ["Ã¶"])


def test_runs_of_one_word_are_grouped() -> None:
    data = "PÅ™Ã\xadliÅ¡ žluťoučký".encode()
    runs = [(1, 10), (12, 16), (17, 19)]  # two runs of Příliš, then ž
    assert words_of_runs(data, runs) == [[0, 1], [2]]


def test_a_word_is_likelier_with_all_its_runs_repaired() -> None:
    data = "Ã…ngstrÃ¶m".encode()
    runs = [(0, 5), (10, 14)]
    assert word_likelier(data, runs, ["Å", "ö"])
    assert not word_likelier(data, runs, ["Å", None])  # a run no repair reads
