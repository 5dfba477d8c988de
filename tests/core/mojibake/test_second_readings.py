"""The readings one guess away from a reading whose lost bytes were guessed
(core/mojibake/second_readings.py)."""

from __future__ import annotations

from mojiscope.core.mojibake.guess import LOST_NBSP, SPACE, Guess
from mojiscope.core.mojibake.letters import rarity
from mojiscope.core.mojibake.second_readings import keep_spaces, variants


def test_a_variant_switches_one_guess_and_says_how_much_rarer_it_is() -> None:
    guess = Guess(6, 8, "dropped", "”", ("❀", "⁀"), at_char=6)
    ((text, guesses, rarer),) = variants("“hello” said", (guess,))
    assert text == "“hello❀ said"
    assert guesses[0].char == "❀" and guesses[0].alternatives == ("”", "⁀")
    assert rarer == rarity("❀") - rarity("”") > 0


def test_a_space_taken_for_a_lost_no_break_space_is_kept_before_a_letter() -> None:
    guess = Guess(0, 3, SPACE, "à", ("í",), at_char=0)
    text, (kept,) = keep_spaces("àperturber", (guess,))
    assert text == "à perturber"
    assert kept.what == LOST_NBSP and kept.end == 2
    # Before a space the no-break space became, nothing is added.
    assert keep_spaces("à la", (guess,))[0] == "à la"
