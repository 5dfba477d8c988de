"""The judge: known chains fit whole lines, fields or runs; a chain that
would change text it would not make again does not fit; groups are
explained once and teach their chains."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import mojiscope.core.codecs.legacy.whatwg  # noqa: F401 - registers whatwg-windows-1252
from mojiscope.core.mojibake.chain import Chain, Misreading, try_repair
from mojiscope.core.mojibake.judge import Judge, Known, Unit
from mojiscope.core.mojibake.screen import screen
from mojiscope.core.mojibake.segment import SegmentKind
from mojiscope.core.mojibake.table import sniff_table

WIN = "whatwg-windows-1252"
ONCE = Chain((Misreading("utf-8", "windows-1252"),))
TWICE = Chain((Misreading("utf-8", "windows-1252"),) * 2)


def misread(text: str, times: int = 1) -> bytes:
    for _ in range(times):
        text = text.encode("utf-8").decode(WIN)
    return text.encode()


def unit(data: bytes, start: int = 100, row: int = 3) -> Unit:
    try:
        data.decode("utf-8")
        valid = True
    except UnicodeDecodeError:
        valid = False
    return Unit(start, data, row, valid)


def judge_knowing(*chains: Chain, table: bytes | None = None) -> Judge:
    judge = Judge(screen(), sniff_table(table) if table else None)
    judge.known = [Known(chain, 0.95) for chain in chains]
    return judge


def test_a_chain_fits_only_where_its_repair_is_exact_and_clean() -> None:
    judge = judge_knowing()
    assert judge.fits(ONCE, misread("Größe\n"))
    assert not judge.fits(ONCE, misread("Größe\n", 2))  # one layer left: still mojibake
    assert judge.fits(TWICE, misread("Größe\n", 2))
    assert not judge.fits(ONCE, "Größe\n".encode())  # correct text: the repair fails
    assert not judge.fits(ONCE, misread("café") + " déjà".encode())  # would spoil "déjà"


def test_whole_lines_then_fields_then_runs() -> None:
    judge = judge_knowing(ONCE, table=b"a;b\n1;2\n3;4\n")
    (whole,) = judge.decide(unit(misread("José;Málaga\n"))) or []
    assert (whole.kind, whole.chain, whole.start, whole.row) == (SegmentKind.MISREAD, ONCE, 100, 3)
    line = "Zoë;".encode() + misread("Málaga") + b"\n"
    fields = judge.decide(unit(line)) or []
    assert [(s.kind, s.column) for s in fields] == [
        (SegmentKind.FINE, -1),
        (SegmentKind.MISREAD, 1),
        (SegmentKind.FINE, -1),
    ]
    prose = judge_knowing(ONCE)
    runs = prose.decide(unit(b"Divis" + misread("\u00e3") + " Classificação\n".encode())) or []
    assert [s.kind for s in runs] == [SegmentKind.FINE, SegmentKind.MISREAD, SegmentKind.FINE]


def test_a_run_that_only_looks_misread_beside_correct_letters_is_not_repaired() -> None:
    # È then ” (C3 88 E2 80 9D) is windows-1252's reading of Ȕ (C8 94): in
    # correct Italian the model finds the line likelier as it is.
    judge = judge_knowing(ONCE)
    line = "8,Niccolò Pelà,“città è così affollata? È”,Attività più recenti.txt\n"
    assert judge.screen.runs(line.encode(), "windows-1252")  # the pattern is there
    assert judge.decide(unit(line.encode())) is None


ITALIAN = 'Niccolò Pelà,“città è così affollata? È”,Attività più recenti.txt,"46,16 €"\n'


def test_of_the_runs_of_a_line_only_those_that_read_likelier_repaired_are_repaired() -> None:
    judge = judge_knowing(ONCE)
    line = "32;Niccolò Pelà;“la città è così affollata? È”;".encode()
    line += misread("Attività più recenti.txt") + ";786,18 €\n".encode()
    segments = judge.decide(unit(line)) or []
    misread_runs = [
        line[s.start - 100 : s.end - 100] for s in segments if s.kind is SegmentKind.MISREAD
    ]
    assert misread_runs == [misread("à"), misread("ù")]  # not È” (Ȕ read as windows-1252)


def test_a_line_a_group_reads_piece_by_piece_is_repaired_only_where_it_reads_likelier() -> None:
    # The group's explanation is read piece by piece, and the pieces of the
    # lines misread in it make it undo È” in the correct lines beside them.
    latin = Chain((Misreading("utf-8", "latin-1"),))
    judge = judge_knowing(
        ONCE, latin, TWICE, Chain((Misreading("utf-8", "cp1250"),)), Chain((), "windows-1252")
    )
    fine = ("65871|8," + ITALIAN).encode()
    lines = [
        fine,
        ("66408|42," + ITALIAN).encode().decode("latin-1").encode(),
        fine,
        fine,
        b"78411|" + misread("49," + ITALIAN).replace(b"\xc2\x9d", b"?"),
        fine,
    ]
    units, at = [], 0
    for row, data in enumerate(lines):
        units.append(unit(data, at, row))
        at += len(data)
    decided = dict((u.row, segments) for u, segments in judge.take_all(units))
    for row in (0, 2, 3, 5):
        assert [s.kind for s in decided[row]] == [SegmentKind.FINE], row


def test_a_byte_lost_before_a_question_mark_is_guessed_with_the_known_chain() -> None:
    # windows-1252 (WHATWG) keeps 9D; the program that wrote "?" for it read
    # the same table as cp1252, which leaves 9D undefined.
    judge = judge_knowing(ONCE)
    lost = misread("“quoted”").replace(b"\xc2\x9d", b"?")
    (segment,) = judge.decide(unit(lost + b"\n")) or []
    assert (segment.kind, segment.chain) == (
        SegmentKind.LOSSY,
        Chain((Misreading("utf-8", "cp1252"),)),
    )
    (guess,) = segment.lost
    assert (guess.start, guess.end, guess.what, guess.guess) == (113, 119, "question mark", "”")
    assert lost[guess.start - 100 : guess.end - 100] == "â€?".encode()


def test_correct_text_with_a_question_mark_after_a_letter_is_not_guessed_at() -> None:
    judge = judge_knowing(ONCE)
    for text in ("Weiß?\n", "Das Maß? Ja.\n", "Ça va? Très bien.\n", "À?\n"):
        assert judge.decide(unit(text.encode())) is None, text


def test_bytes_that_are_no_utf8_read_as_a_legacy_code_page_only_where_they_are_no_utf8() -> None:
    judge = judge_knowing(Chain((), "windows-1252"))
    (whole,) = judge.decide(unit("Größe über\n".encode("cp1252"))) or []
    assert whole.kind is SegmentKind.LEGACY
    mixed = "déjà ".encode() + "été".encode("cp1252") + b"\n"
    parts = judge.decide(unit(mixed)) or []
    assert [s.kind for s in parts] == [
        SegmentKind.FINE,
        SegmentKind.LEGACY,
        SegmentKind.FINE,
        SegmentKind.LEGACY,
        SegmentKind.FINE,
    ]
    assert judge.decide(unit(b"\x00\x01\x02 binary\n"))[0].kind is SegmentKind.BINARY  # type: ignore[index]


def test_groups_are_explained_once_and_teach_their_chains() -> None:
    judge = Judge(screen())
    lines = [misread(f"{i};José Muñoz;Málaga\n") for i in range(20)]
    units = [unit(line, 1000 * i, i) for i, line in enumerate(lines)]
    decided = judge.take_all(units)
    assert len(decided) == 20
    assert all(segments[0].chain == ONCE for _, segments in decided)
    assert judge.explained == 1 and judge.known[0].chain == ONCE


def test_a_line_its_group_reads_otherwise_is_explained_alone() -> None:
    judge = Judge(screen())
    lines = [misread(f"{i};Größe über Straße\n") for i in range(7)]
    odd = "7;Größe über Straße\n".encode().decode("latin-1").encode()  # read as latin-1
    units = [unit(line, 100 * i, i) for i, line in enumerate([*lines, odd])]
    decided = {u.row: s for u, s in judge.take_all(units)}
    (alone,) = decided[7]
    assert alone.kind is SegmentKind.MISREAD
    assert try_repair(alone.chain, odd) == "7;Größe über Straße\n"  # read as latin-1 (or either)
    (first,) = decided[0]
    assert try_repair(first.chain, lines[0]) == "0;Größe über Straße\n"


_WORDS = ["café", "Größe", "Łódź", "naïve", "“quoted”", "Ελλάδα", "plain", "€ 5", "Ã©"]


def _lines() -> st.SearchStrategy[list[bytes]]:
    """Lines of words misread none, once or twice, some repeated."""
    line = st.lists(
        st.tuples(st.sampled_from(_WORDS), st.integers(0, 2)), min_size=1, max_size=4
    ).map(lambda ws: b" ".join(misread(w, n) for w, n in ws) + b"\n")
    return st.lists(line, min_size=1, max_size=12).flatmap(
        lambda ls: st.lists(st.sampled_from(ls), min_size=1, max_size=24)
    )


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(lines=_lines())
def test_kept_verdicts_are_the_verdicts_judged_afresh(lines: list[bytes]) -> None:
    """A verdict the judge keeps (a chain fitting some bytes, alone or
    among the units of a batch) is the one a judge that never saw those
    bytes gives."""
    warm = judge_knowing(ONCE, TWICE)
    for chain in (ONCE, TWICE):
        got = [warm.fits(chain, line) for line in lines]
        assert got == [judge_knowing().fits(chain, line) for line in lines]
        got = warm._fits_each(lines, chain)
        assert got == judge_knowing()._fits_each(lines, chain)
        assert [warm._fits_each([line], chain)[0] for line in lines] == [
            judge_knowing()._fits_each([line], chain)[0] for line in lines
        ]


def test_the_runs_of_one_word_are_weighed_together() -> None:
    # Příliš misread as a word among correct Czech ones: Å™Ã­ and Å¡ are two
    # runs of one word; repaired, the word reads likelier, while the first
    # run repaired alone (PříliÅ¡) reads worse than the word as it is.
    line = misread("Příliš") + " žluťoučký kůň úpěl.\n".encode()
    segments = judge_knowing(ONCE).decide(unit(line, start=0)) or []
    misread_spans = [(s.start, s.end) for s in segments if s.kind is SegmentKind.MISREAD]
    assert misread_spans == [(1, 10), (12, 16)]
    repaired = b"".join(
        (try_repair(s.chain, line[s.start : s.end]) or "").encode()
        if s.kind is SegmentKind.MISREAD
        else line[s.start : s.end]
        for s in segments
    )
    assert repaired.decode() == "Příliš žluťoučký kůň úpěl.\n"
