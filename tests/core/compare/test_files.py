"""Two files compared with their encodings in mind: one test per verdict,
and a property: a text and its re-encoding are the same text."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mojiscope.core import BytesSource
from mojiscope.core.compare.files import VerdictKind, byte_runs, compare_files

TEXT = "".join(f"Ligne {i} : le café est très chaud, n'est-ce pas ?\n" for i in range(400))


def compared(a: bytes, b: bytes, **options: object):  # type: ignore[no-untyped-def]
    return compare_files(BytesSource(a), BytesSource(b), names=("a", "b"), **options)  # type: ignore[arg-type]


def test_identical_bytes() -> None:
    result = compared(TEXT.encode(), TEXT.encode())
    assert result.kind == VerdictKind.IDENTICAL
    assert result.words == f"identical: the same {len(TEXT.encode()):,} bytes"
    assert result.places == 0 and not result.hunks


def test_only_a_byte_order_mark() -> None:
    result = compared(b"\xef\xbb\xbf" + TEXT.encode(), TEXT.encode())
    assert result.kind == VerdictKind.BOM
    assert result.a.signature == "UTF-8" and result.b.signature is None
    assert result.words == (
        "differ only by a byte order mark: a starts with the UTF-8 one (EF BB BF), b has none"
    )


def test_the_same_text_in_another_encoding_names_both() -> None:
    result = compared(TEXT.encode(), b"\xff\xfe" + TEXT.encode("utf-16-le"))
    assert result.kind == VerdictKind.ENCODING
    assert (result.a.format_id, result.b.format_id) in {("utf-8", "utf-16le"), ("utf-8", "utf-16")}
    assert result.b.signature == "UTF-16LE"
    assert result.words.startswith("the same text in another encoding: a is UTF-8, b UTF-16")
    assert result.words.endswith("with a byte order mark")


def test_a_legacy_code_page_is_read_as_the_other_file_agrees() -> None:
    result = compared(TEXT.encode(), TEXT.encode("cp1252"))
    assert result.kind == VerdictKind.ENCODING
    assert result.b.format_id is not None
    assert TEXT.encode("cp1252").decode(result.b.format_id.replace("-", "_")) == TEXT


def test_only_line_ends() -> None:
    result = compared(TEXT.encode(), TEXT.replace("\n", "\r\n").encode())
    assert result.kind == VerdictKind.LINE_ENDINGS
    assert (result.a.line_ends, result.b.line_ends) == ("LF", "CRLF")
    assert result.words == "differ only in line ends: a LF, b CRLF"


def test_line_ends_and_encoding_both_said() -> None:
    b = b"\xfe\xff" + TEXT.replace("\n", "\r\n").encode("utf-16-be")
    result = compared(TEXT.encode(), b)
    assert result.kind == VerdictKind.LINE_ENDINGS
    assert "and in encoding: a is UTF-8, b UTF-16" in result.words


def test_b_is_a_misread_with_the_chain() -> None:
    damaged = TEXT.encode().decode("cp1252").encode()
    result = compared(TEXT.encode(), damaged)
    assert result.kind == VerdictKind.MISREAD
    assert result.misread == "b"
    assert result.chain == ("utf-8 read as windows-1252",)
    assert result.words == "b is a misread: utf-8 read as windows-1252"


def test_a_is_b_misread_the_other_way_round() -> None:
    damaged = TEXT.encode().decode("cp1252").encode()
    result = compared(damaged, TEXT.encode())
    assert result.kind == VerdictKind.MISREAD
    assert result.misread == "a"
    assert result.words == "a is b misread: utf-8 read as windows-1252"


def test_the_text_differs_at_places_with_their_bytes() -> None:
    edited = TEXT.replace("Ligne 7 ", "Ligne sept ").replace("Ligne 300 ", "Ligne trois cents ")
    edited += "Une ligne de plus\n"
    result = compared(TEXT.encode(), edited.encode(), shown=2)
    assert result.kind == VerdictKind.TEXT
    assert result.places == 3 and len(result.hunks) == 2 and result.more == 1
    first = result.hunks[0]
    assert (first.a.line, first.b.line, first.a.count, first.b.count) == (8, 8, 1, 1)
    assert (first.a.focus, first.b.focus) == ("7", "sept")
    start = TEXT.encode().index(b"Ligne 7 ")
    assert first.a.start == first.b.start == start
    assert (first.a.focus_start, first.a.focus_end) == (start + 6, start + 7)
    assert (first.b.focus_start, first.b.focus_end) == (start + 6, start + 10)
    assert first.a.lines[0].text == "Ligne 7 : le café est très chaud, n'est-ce pas ?"


def test_places_are_found_in_another_encoding_with_its_bytes() -> None:
    edited = TEXT.replace("Ligne 5 ", "Ligne cinq ")
    b = edited.encode("utf-16-le")
    result = compared(TEXT.encode(), b"\xff\xfe" + b)
    assert result.kind == VerdictKind.TEXT
    hunk = result.hunks[0]
    at = 2 + b.index("Ligne cinq".encode("utf-16-le"))
    assert (hunk.b.start, hunk.b.focus_start, hunk.b.focus_end) == (at, at + 12, at + 20)
    assert "a is UTF-8, b UTF-16" in result.notes[0]


def test_binary_files_get_a_byte_verdict() -> None:
    data = random.Random(3).randbytes(20_000)
    other = bytearray(data)
    other[100:102] = b"xy"
    other[5000] ^= 1
    result = compared(data, bytes(other) + b"tail")
    assert result.kind == VerdictKind.BINARY
    assert result.words == "binary files differ: 7 bytes at 3 places; a has 20,000, b 20,004"
    runs = [(r.start, r.end) for r in result.byte_runs]
    assert runs == [(100, 102), (5000, 5001), (20_000, 20_004)]
    assert result.byte_runs[0].b == b"xy" and result.byte_runs[2].a == b""


def test_byte_runs_join_a_run_across_chunks_and_the_tail() -> None:
    size = (1 << 20) + 10
    a = bytearray(size)
    b = bytearray(size)
    b[(1 << 20) - 3 : (1 << 20) + 3] = b"\x01" * 6
    b[-1] = 1
    differing, places, runs = byte_runs(BytesSource(bytes(a)), BytesSource(bytes(b) + b"zz"))
    assert differing == 9 and places == 2
    assert [(r.start, r.end) for r in runs] == [
        ((1 << 20) - 3, (1 << 20) + 3),
        (size - 1, size + 2),
    ]


WORDS = ["café", "thé", "über", "Ärger", "façade", "naïve", "déjà", "crème", "Œuvre", "und", "the"]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from([*WORDS, "жизнь", "日本語", "😀", "\n"]), min_size=1, max_size=12),
    st.sampled_from(["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]),
)
def test_a_text_and_its_reencoding_are_the_same_text(words: list[str], codec: str) -> None:
    text = " ".join(words)
    mark = "\ufeff".encode(codec)
    result = compared(text.encode(), mark + text.encode(codec))
    assert result.kind == VerdictKind.ENCODING, result.words
    assert result.a.format_id == "utf-8"
    assert result.words.startswith("the same text in another encoding: a is UTF-8, b UTF-")


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=3, max_size=30))
def test_a_text_and_its_legacy_reencoding_are_the_same_text(words: list[str]) -> None:
    text = " ".join(words) + "\n"
    assume(not text.isascii())  # else the bytes are the same
    result = compared(text.encode(), text.encode("cp1252"))
    assert result.kind == VerdictKind.ENCODING, result.words
