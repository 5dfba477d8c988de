# ruff: noqa: RUF001 - mojibake is made of look-alike characters
"""Mojibake quoted on purpose: which lines say so, and how far behind the
text as it is their repairs go."""

from __future__ import annotations

from mojiscope.core.mojibake import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.hypothesis import Hypothesis
from mojiscope.core.mojibake.quoting import QUOTING_MARGIN, quoted_on_purpose, quoting_shift

WIN = Chain((Misreading("utf-8", "windows-1252"),))


def test_a_changed_line_that_says_how_text_shows_or_quotes_it_alone_is_named() -> None:
    assert quoted_on_purpose("it displays as Â£", "it displays as £") == (
        "a line it changes says how some text shows"
    )
    assert quoted_on_purpose('Strange use of "â€”" here', 'Strange use of "—" here') == (
        "a line it changes holds it alone in quotation marks"
    )
    assert quoted_on_purpose("Replace all ‚Äô with '", "Replace all ’ with '") == (
        "a line it changes says how some text shows"
    )
    # Mojibake outside the quotation marks, or nothing but the quotation: no quoting.
    assert quoted_on_purpose('The cafÃ© serves "crÃ¨me"', 'The café serves "crème"') == ""
    assert quoted_on_purpose('"crÃ¨me"', '"crème"') == ""


def test_only_the_lines_a_repair_changes_are_asked() -> None:
    origin = "Use the new button instead of the menu.\nCafÃ© opens at nine."
    repaired = "Use the new button instead of the menu.\nCafé opens at nine."
    assert quoted_on_purpose(origin, repaired) == ""


def test_the_shift_puts_the_cheapest_quoting_repair_a_margin_behind_the_text_as_it_is() -> None:
    origin = "it displays as Â£"
    unchanged = Hypothesis(origin, IDENTITY, price=5.0)
    cheap = Hypothesis("it displays as £", WIN, price=2.0)
    dearer = Hypothesis("it displays as Â£ ", WIN, price=3.0)
    shift = quoting_shift([unchanged, cheap, dearer], origin)
    assert shift == 5.0 + QUOTING_MARGIN - 2.0
    # Already behind it: no shift.
    assert quoting_shift([unchanged, Hypothesis("it displays as £", WIN, price=9.0)], origin) == 0
