"""The source bytes a reading touches: beyond ASCII for a code page, the
escapes or runs text written as ASCII reads back, and every guess's bytes."""

from __future__ import annotations

from mojiscope.core.mojibake import Chain, Misreading
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.hypothesis import scored
from mojiscope.core.mojibake.touched import touched, with_lost


def test_a_misreading_touches_the_bytes_beyond_ascii_it_reads() -> None:
    data = "Le café crème".encode().decode("cp1252").encode()
    reading = scored("Le café crème", Chain((Misreading("utf-8", "windows-1252"),)))
    assert touched(data, reading, ()) == ((6, 10), (13, 17))


def test_cyrillic_as_low_bytes_touches_the_runs_it_reads_back() -> None:
    data = b"Title: 2;048<8@ ?CB8= 2024"
    reading = scored("Title: владимир путин 2024", Chain((), "cyrillic/low-bytes"))
    assert touched(data, reading, ()) == ((7, 15), (16, 21))


def test_the_text_as_it_is_touches_nothing_and_guesses_widen_and_merge() -> None:
    assert touched(b"caf\xc3\xa9", scored("café", Chain(())), ()) == ()
    lost = (Lost(3, 6, "dropped", "é", ()), Lost(10, 12, "dropped", "ü", ()))
    assert with_lost(((0, 4), (8, 10)), lost) == ((0, 6), (8, 12))
