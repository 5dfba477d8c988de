"""What the explainer found, in words: one name per code page, the steps a
chain took on the bytes, and where two readings part (issue 36, item 7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core.mojibake import explain
from mojiscope.core.mojibake.chain import IDENTITY, Chain, Misreading
from mojiscope.core.mojibake.wording import (
    chain_steps,
    chain_words,
    codec_name,
    damage_steps,
    difference,
    repaired_part,
)

ONCE = Chain((Misreading("utf-8", "cp1252"),), "utf-8")
TWICE = Chain((Misreading("utf-8", "cp1252"), Misreading("utf-8", "cp1252")), "utf-8")


def test_one_name_per_code_page() -> None:
    assert codec_name("cp1252") == "windows-1252"
    assert codec_name("cp1250") == "windows-1250"
    assert codec_name("cp437") == "cp437"  # a DOS page keeps its one name
    assert codec_name("windows-1252") == "windows-1252"
    assert all("cp1252" not in words for words in chain_words(TWICE))


def test_the_steps_on_the_bytes_of_a_chain_read_once() -> None:
    assert damage_steps(ONCE, "Le café") == (
        "é → C3 A9 → read as windows-1252: Ã© → saved as UTF-8: C3 83 C2 A9"
    )


def test_the_steps_of_a_chain_read_twice_show_each_reading() -> None:
    steps = damage_steps(TWICE, "é")
    assert steps.startswith("é → C3 A9 → read as windows-1252: Ã© → saved as UTF-8: C3 83 C2 A9")
    assert steps.endswith("saved as UTF-8: C3 83 C6 92 C3 82 C2 A9")


def test_text_the_chain_leaves_alone_has_no_steps() -> None:
    assert damage_steps(ONCE, "plain ASCII") == ""
    assert damage_steps(IDENTITY, "café") == ""


def test_a_difference_is_characters_with_their_names() -> None:
    said = difference("café", "cafÃ©", ["the bytes as they are"])
    assert said == (
        "At character 4: U+00E9 'é' LATIN SMALL LETTER E WITH ACUTE here; "
        "U+00C3 'Ã' LATIN CAPITAL LETTER A WITH TILDE if the bytes as they are."
    )
    assert "\\x" not in said and "\\u" not in said


@given(st.text(alphabet="éèàçôüßñ€”", min_size=1, max_size=8))
def test_the_last_step_is_the_bytes_the_chain_made(text: str) -> None:
    # The steps replay the chain: their last bytes are what it makes of the character.
    steps = damage_steps(ONCE, text)
    char = steps.split(" → ")[0]
    damaged = char.encode("utf-8").decode("cp1252", "replace").encode("utf-8")
    if "\ufffd" not in damaged.decode("utf-8"):
        assert steps.endswith(" ".join(f"{b:02X}" for b in damaged))


def test_a_chain_as_numbered_steps_names_each_code_page_once() -> None:
    strict = Chain((Misreading("utf-8", "cp1252"),))
    assert "windows-1252" in chain_steps(strict) and "cp1252" not in chain_steps(strict)
    assert chain_steps(IDENTITY).startswith("The bytes are fine")
    two = Chain((Misreading("utf-8", "windows-1252"), Misreading("utf-8", "latin-1")))
    assert chain_steps(two).splitlines() == [
        "1. the text was written as utf-8",
        "2. read as windows-1252",
        "3. saved as utf-8",
        "4. read as latin-1",
        "5. saved as utf-8",
    ]


def test_a_reading_in_parts_tells_its_story_on_a_part_it_repaired() -> None:
    # José is kept as it is; the story is told on the part of Größe that was
    # misread (öß), not on the é of the name.
    data = "José: ".encode() + "Größe".encode().decode("cp1252").encode()
    best = explain(data)[0]
    assert best.parts
    story = repaired_part(best.text, best.parts, best.lost, data)
    assert story == "öß"
    assert damage_steps(best.chain, story).startswith("ö → C3 B6")
    # A part whose bytes lost one is told on its guess.
    data = "Voilà Ã  bientôt".encode()
    best = explain(data)[0]
    assert repaired_part(best.text, best.parts, best.lost, data) == "à"
    # A reading of the whole text is told on the text.
    assert repaired_part("café", (), (), b"") == "café"
