"""Mixed files for the segment map, with the truth about every line.

A mixed file (issue 36) is what real mojibake mostly is: a CSV where some
rows went through Excel and others did not, a dump where some values were
encoded twice. :func:`mixed_file` makes one from a seed: lines (CSV records
with ``;`` or ``,``, or plain text) built from the mojibake corpus's source
texts (``tests/data/mojibake/sources.py``: sentences, names and file names
in many languages), each left fine or damaged with Python's own codecs
(never with the code under test):

``once``    UTF-8 read as a code page and saved as UTF-8 (windows-1252 mostly;
            latin-1, cp1250 for Central European text);
``twice``   that twice over (windows-1252);
``field``   one field of a record read as windows-1252, the others fine;
``legacy``  the line written in windows-1252, not UTF-8 (bytes on disk);
``lost``    read by a program with Python's strict cp1252 that wrote ``?``
            for the bytes it has no character for (``”`` became ``â€?``).

Seeds split the corpus: the segment map was developed on :data:`DEV_SEEDS`
only; :data:`HELDOUT_SEEDS` are for the figures reported
(``tests/bench/bench_segments.py``), never for choosing anything.
"""

from __future__ import annotations

import importlib.util
import random
from dataclasses import dataclass
from functools import cache
from types import ModuleType

import mojiscope.core.codecs.legacy.whatwg  # noqa: F401 - registers whatwg-windows-1252
from helpers.paths import DATA

#: The columns of a mixed CSV (its first line).
HEADER = ("id", "name", "text", "file", "amount")
DEV_SEEDS = range(0, 200)
HELDOUT_SEEDS = range(10_000, 10_200)
WIN = "whatwg-windows-1252"
#: How often each kind of line occurs (out of 100).
MIX = {"fine": 45, "once": 25, "twice": 12, "field": 12, "legacy": 3, "lost": 3}
_CENTRAL = ("pl", "cs", "hu", "ro", "hr", "sk")
_LANGUAGES = ("fr", "de", "es", "pt", "it", "sv", "da", "nl", "pl", "cs", "hu")


@cache
def _sources() -> ModuleType:
    path = DATA / "mojibake" / "sources.py"
    spec = importlib.util.spec_from_file_location("mojibake_sources", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Line:
    """One line of a mixed file: its bytes ``[start, end)`` in the damaged
    file, what was done to it, its chain in words, the original line, and
    (``field``) which field was damaged."""

    start: int
    end: int
    kind: str
    chain: tuple[str, ...]
    original: bytes
    column: int = -1


@dataclass(frozen=True)
class MixedFile:
    data: bytes
    original: bytes
    lines: tuple[Line, ...]
    delimiter: str | None


def _misread(text: str, reader: str = WIN, times: int = 1) -> str:
    for _ in range(times):
        text = text.encode("utf-8").decode(reader)
    return text


def _reader_words(reader: str) -> str:
    return "windows-1252" if reader == WIN else reader


def _fields(rng: random.Random, number: int) -> list[str]:
    sources = _sources()
    languages = [lang for lang in sources.LANGUAGES if lang.code in _LANGUAGES]
    lang = rng.choice(languages)
    sentence = rng.choice(lang.sentences)
    words = sentence.split()
    start = rng.randrange(len(words))
    piece = " ".join(words[start : start + rng.randint(3, 8)])
    return [
        str(number),
        lang.name,
        piece,
        lang.file_name,
        f"{rng.randint(1, 999)},{rng.randint(0, 99):02d} €",
    ]


def _quoted(value: str, delimiter: str) -> str:
    if delimiter in value or '"' in value:
        return '"' + value.replace('"', '""') + '"'
    return value


def _with_lost_byte(text: str) -> str | None:
    """``text`` read by Python's strict cp1252 writing ``?`` for its holes,
    if it holds a byte that table lacks; else ``None``."""
    raw = text.encode("utf-8")
    if not any(b in raw for b in (0x81, 0x8D, 0x8F, 0x90, 0x9D)):
        return None
    return raw.decode("cp1252", "replace").replace("\ufffd", "?")


def _line(
    rng: random.Random, number: int, delimiter: str | None
) -> tuple[str, str, tuple[str, ...], str, int]:
    """``(kind, original, chain words, damaged, damaged column)``."""
    fields = _fields(rng, number)
    if rng.random() < 0.15:
        fields[2] = f"“{fields[2]}”"

    def join(values: list[str]) -> str:
        if delimiter is None:
            return " ".join(values[1:4])
        return delimiter.join(_quoted(v, delimiter) for v in values)

    original = join(fields) + "\n"
    kinds, weights = zip(*MIX.items(), strict=True)
    kind = rng.choices(kinds, weights)[0]
    central = any(c in original for c in "łśżźćęąńřěčšžůőű")
    if kind == "once":
        reader = (
            rng.choice(["cp1250", "iso-8859-2"])
            if central and rng.random() < 0.3
            else (rng.choice([WIN, WIN, WIN, "latin-1"]))
        )
        try:
            return (
                kind,
                original,
                (f"utf-8 read as {_reader_words(reader)}",),
                _misread(original, reader),
                -1,
            )
        except UnicodeDecodeError:
            kind = "twice"
    if kind == "twice":
        words = ("utf-8 read as windows-1252",) * 2
        return kind, original, words, _misread(original, WIN, 2), -1
    if kind == "field" and delimiter:
        choices = [i for i in range(1, 4) if not fields[i].isascii()]
        if choices:
            column = rng.choice(choices)
            damaged = list(fields)
            damaged[column] = _misread(fields[column])
            return kind, original, ("utf-8 read as windows-1252",), join(damaged) + "\n", column
    if kind == "legacy":
        try:
            original.encode("cp1252")
            return kind, original, ("written as windows-1252",), original, -1
        except UnicodeEncodeError:
            pass
    if kind == "lost":
        damaged = _with_lost_byte(original)
        if damaged is not None:
            return kind, original, ("utf-8 read as windows-1252",), damaged, -1
        damaged = _with_lost_byte(original.replace(fields[2], f"“{fields[2]}”", 1))
        if damaged is not None:
            original = original.replace(fields[2], f"“{fields[2]}”", 1)
            return kind, original, ("utf-8 read as windows-1252",), damaged, -1
    return "fine", original, (), original, -1


def mixed_file(seed: int, lines: int = 60, *, table: bool = True) -> MixedFile:
    """A mixed file of ``lines`` lines (see the module docstring); the same
    file for the same arguments on every run."""
    rng = random.Random(seed)
    delimiter = rng.choice([";", ","]) if table else None
    made: list[Line] = []
    pieces: list[bytes] = []
    originals: list[bytes] = []
    position = 0
    if delimiter is not None:
        header = delimiter.join(HEADER).encode() + b"\n"
        made.append(Line(0, len(header), "fine", (), header))
        pieces.append(header)
        originals.append(header)
        position = len(header)
    for number in range(lines - len(made)):
        kind, original, chain, damaged, column = _line(rng, number, delimiter)
        raw = damaged.encode("cp1252") if kind == "legacy" else damaged.encode("utf-8")
        made.append(Line(position, position + len(raw), kind, chain, original.encode(), column))
        pieces.append(raw)
        originals.append(original.encode())
        position += len(raw)
    return MixedFile(b"".join(pieces), b"".join(originals), tuple(made), delimiter)


#: The kind of segment each kind of line should get.
EXPECTED_KIND = {
    "fine": "fine",
    "once": "misread",
    "twice": "misread",
    "field": "misread",
    "legacy": "legacy",
    "lost": "lossy",
}


@dataclass
class Score:
    """How a segment map and its repair did on mixed files, line by line."""

    lines: int = 0
    repaired_right: int = 0
    labelled_right: int = 0
    by_kind: dict[str, list[int]] | None = None  # kind -> [lines, repaired right, labelled right]

    def add(self, other: Score) -> None:
        self.lines += other.lines
        self.repaired_right += other.repaired_right
        self.labelled_right += other.labelled_right
        mine = self.by_kind if self.by_kind is not None else {}
        for kind, counts in (other.by_kind or {}).items():
            row = mine.setdefault(kind, [0, 0, 0])
            for i, n in enumerate(counts):
                row[i] += n
        self.by_kind = mine


def score(mixed: MixedFile, repaired: bytes, segments: list[tuple[int, int, str]]) -> Score:
    """Lines repaired right (the repaired file's line equals the original)
    and labelled right (the segments over the line are of the kind its
    damage calls for: all fine for a fine line, else at least one of that
    kind and none of another damaged kind). ``segments``: (start, end, kind)."""
    got = repaired.splitlines(keepends=True)
    result = Score(by_kind={})
    assert result.by_kind is not None
    index = 0
    for i, line in enumerate(mixed.lines):
        while index < len(segments) and segments[index][1] <= line.start:
            index += 1
        kinds = set()
        k = index
        while k < len(segments) and segments[k][0] < line.end:
            kinds.add(segments[k][2])
            k += 1
        damaged = kinds - {"fine"}
        expected = EXPECTED_KIND[line.kind]
        labelled = (
            damaged == set()
            if expected == "fine"
            else damaged == {expected} or (expected == "lossy" and damaged == {"misread"} and False)
        )
        right = i < len(got) and got[i] == line.original
        result.lines += 1
        result.repaired_right += right
        result.labelled_right += labelled
        row = result.by_kind.setdefault(line.kind, [0, 0, 0])
        row[0] += 1
        row[1] += right
        row[2] += labelled
    return result
