"""The verdict on bytes: each kind from bytes that have it, the large-file
path agreeing with the small one, and any bytes judged without an exception
into JSON that the shipped schema accepts and that reads back the same."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import jsonschema
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from mojiscope.audit import schema
from mojiscope.core.audit import judge
from mojiscope.core.audit.findings import Audit, Kind, audit_from_json
from mojiscope.core.audit.judge import SMALL_SOURCE, audit_bytes, audit_path, audit_source
from mojiscope.core.audit.sniff import sniff
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.index.file_index import build_index
from mojiscope.core.spans.event import ERROR_KINDS, SpanKind
from mojiscope.core.system.source import BytesSource, FileSource

VALIDATOR = jsonschema.Draft202012Validator(schema())
PROSE = "Grüße aus Zürich, naïve café, déjà vu. Ünïcödé everywhere.\n"


def _check(audit):  # type: ignore[no-untyped-def]
    VALIDATOR.validate(audit.as_json())
    assert audit_from_json(audit.as_json()) == audit
    return audit


@pytest.mark.parametrize(
    ("data", "kind", "encoding"),
    [
        (b"", Kind.CLEAN, "utf-8"),
        (b"plain ASCII\n", Kind.CLEAN, "utf-8"),
        (PROSE.encode(), Kind.CLEAN, "utf-8"),
        (PROSE.encode().decode("cp1252").encode(), Kind.MOJIBAKE, "utf-8"),
        (PROSE.encode("cp1252"), Kind.LEGACY, "windows-1252"),
        ("Привет, как дела? Всё хорошо.\n".encode("cp1251"), Kind.LEGACY, "cp1251"),
        (PROSE.encode() * 3 + "Köln\n".encode("cp1252"), Kind.MIXED, None),
        (b"a\xed\xa0\x80b\n", Kind.SURROGATES, "wtf-8"),
        ("lost \ufffd here\n".encode(), Kind.LOSSY, "utf-8"),
        ('if user == "admin\u202e":\n'.encode(), Kind.NOTICES, "utf-8"),
        ("zero\u200bwidth\n".encode(), Kind.NOTICES, "utf-8"),
        (bytes(range(256)), Kind.BINARY, None),
        ("\ufeffhello\n".encode("utf-16-le"), Kind.LEGACY, "utf-16le"),
        ("hello there\n".encode("utf-16-be"), Kind.LEGACY, "utf-16be"),
        # ASCII that stands for other text, as the explainer reads it back.
        (b"Chris Rudolphu2019s cry: u201cAvalanche!u201d\n", Kind.MOJIBAKE, "utf-8"),
        (b"Title: 2;048<8@ ?CB8=\n", Kind.MOJIBAKE, "utf-8"),
        (b'{"name": "Rudolph\\u2019s cry"}\n', Kind.CLEAN, "utf-8"),  # JSON as it should be
    ],
)
def test_each_kind_from_bytes_that_have_it(data: bytes, kind: Kind, encoding: str | None) -> None:
    audit = _check(audit_bytes(data))
    assert audit.verdict == kind, audit.reason
    assert audit.encoding == encoding
    assert audit.size == len(data)


def test_mojibake_carries_its_chain_ranges_and_a_lossless_repair() -> None:
    data = "café naïve\n".encode().decode("cp1252").encode()
    audit = _check(audit_bytes(data))
    assert audit.chain == ("utf-8 read as windows-1252",)
    assert [(s.action, s.codec) for s in audit.repair] == [
        ("decode", "utf-8"),
        ("encode", "windows-1252"),
        ("decode", "utf-8"),
    ]
    assert audit.lossless is True
    finding = audit.findings[0]
    assert finding.kind == Kind.MOJIBAKE
    assert [data[a:b] for a, b in finding.ranges] == [
        "é".encode().decode("cp1252").encode(),
        "ï".encode().decode("cp1252").encode(),
    ]
    assert finding.locations[0].offset == 3 and finding.locations[0].column == 4


def test_partial_damage_is_mixed_with_its_parts() -> None:
    # The damaged line is no copy of a correct one ("café" beside "cafÃ©" is
    # a near tie: a repeated word is itself a little evidence of a wrong repair).
    data = "café\n".encode() + "déjà vu\n".encode().decode("cp1252").encode() + "naïve\n".encode()
    audit = _check(audit_bytes(data))
    assert audit.verdict == Kind.MIXED
    assert [(p.start, p.end) for p in audit.parts] == [(6, 20)]
    assert audit.findings[0].locations[0].line == 2


def test_notices_say_where_and_which() -> None:
    data = 'x = 1\ns = "abc\u202edef"  # \u200b\n'.encode()
    audit = _check(audit_bytes(data))
    bidi, invisible = audit.findings
    assert (bidi.char_class, bidi.count) == ("bidi", 1)
    assert (bidi.locations[0].line, bidi.locations[0].column) == (2, 9)
    assert "RIGHT-TO-LEFT OVERRIDE" in bidi.detail
    assert invisible.char_class == "invisible" and "ZERO WIDTH SPACE" in invisible.detail


def test_text_is_judged_as_its_utf8_lone_surrogates_kept() -> None:
    assert audit_bytes("fine text").verdict == Kind.CLEAN
    assert audit_bytes("half \ud800 a pair").verdict == Kind.SURROGATES


def test_a_large_source_is_counted_whole_and_explained_from_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge, "WHOLE_BYTES", 4096)
    path = tmp_path / "big.txt"
    body = PROSE.encode() * 400
    path.write_bytes(body + b"late \xff byte\n")
    with FileSource(path) as source:
        audit = _check(audit_source(source, str(path)))
    assert audit.sampled
    assert audit.verdict == Kind.MIXED  # the index saw the byte past the sample
    assert audit.findings[0].locations[0].offset == len(body) + 5
    assert audit.findings[0].locations[0].line == 401


@given(st.binary(max_size=600))
def test_any_bytes_get_a_verdict_the_schema_accepts(data: bytes) -> None:
    audit = _check(audit_bytes(data))
    assert audit.verdict in Kind
    for finding in audit.findings:
        assert finding.count >= len(finding.locations)
        assert all(0 <= x.offset <= len(data) for x in finding.locations)


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\ufffd"), max_size=200))
@example("0\x00")
def test_valid_text_is_never_lossy_nor_invalid(text: str) -> None:
    """Never lossy or invalid; binary only for text with controls, and a
    legacy form only with a chain, or UTF-16/32 for text whose NULs fall in
    the pattern ASCII leaves there (``"0\\x00"`` is UTF-16LE "0" as well:
    the sniff's documented reading)."""
    audit = _check(audit_bytes(text.encode()))
    assert (
        audit.verdict not in (Kind.LOSSY, Kind.LEGACY, Kind.SURROGATES, Kind.BINARY)
        or (audit.verdict == Kind.BINARY and any(c < " " for c in text))
        or (audit.verdict == Kind.LEGACY and audit.chain)
        or (
            audit.verdict == Kind.LEGACY
            and audit.encoding in ("utf-16le", "utf-16be", "utf-32le", "utf-32be")
            and sniff(text.encode()).wide == audit.encoding
        )
    )


def test_a_path_that_is_not_a_regular_file_is_skipped_with_the_reason(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    assert (audit_path(str(fifo)).verdict, audit_path(str(fifo)).reason) == (
        Kind.SKIPPED,
        "a FIFO (named pipe)",
    )
    assert audit_path(str(link)).reason == "a symbolic link (not followed)"
    assert audit_path(str(link), follow_symlinks=True).reason == "a FIFO (named pipe)"
    assert audit_path(str(tmp_path)).reason == "a directory"
    gone = audit_path(str(tmp_path / "missing"))
    assert (gone.verdict, gone.reason) == (Kind.UNREADABLE, "vanished (no such file)")


def test_a_missing_file_the_judge_reads_is_not_the_file_vanishing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data file of the judge's own gone (a broken install): the file
    judged is still there, and the verdict says what is missing."""
    path = tmp_path / "menu.csv"
    path.write_bytes(PROSE.encode())
    missing = str(tmp_path / "model.json")

    def broken(*_args: object, **_kwargs: object) -> None:
        raise FileNotFoundError(2, "No such file or directory", missing)

    monkeypatch.setattr(judge, "audit_source", broken)
    audit = audit_path(str(path))
    assert (audit.verdict, audit.reason) == (
        Kind.UNREADABLE,
        f"could not be judged: No such file or directory: {missing}",
    )


def _judged_while_growing(path: Path) -> Audit:
    """``audit_path`` of ``path`` while another thread appends to it."""
    stop = threading.Event()

    def append() -> None:
        with path.open("ab") as out:
            while not stop.is_set():
                out.write(b"more\n")
                out.flush()
                time.sleep(0.0005)

    writer = threading.Thread(target=append)
    writer.start()
    try:
        return audit_path(str(path))
    finally:
        stop.set()
        writer.join()


def test_a_file_that_changes_while_it_is_read_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "growing.log"
    path.write_bytes(PROSE.encode() * 20_000)
    audit = _judged_while_growing(path)
    assert (audit.verdict, audit.reason) == (Kind.UNREADABLE, "changed while it was read")


def test_a_small_file_that_changes_while_it_is_read_is_unreadable(tmp_path: Path) -> None:
    # A small file is read whole, not mapped: a change is still its verdict.
    path = tmp_path / "small.csv"
    path.write_bytes("Caf\u00c3\u00a9 cr\u00c3\u00a8me, \u00c3\u00a0 la carte\n".encode() * 800)
    assert path.stat().st_size <= SMALL_SOURCE
    audit = _judged_while_growing(path)
    assert (audit.verdict, audit.reason) == (Kind.UNREADABLE, "changed while it was read")


def test_a_permission_error_is_the_files_verdict(tmp_path: Path) -> None:
    """Root reads anything: then the child runs without the capabilities
    that let root pass file permissions (util-linux's setpriv)."""
    path = tmp_path / "secret.txt"
    path.write_text("hidden\n")
    path.chmod(0)
    code = (
        "from mojiscope.core.audit.judge import audit_path;"
        f"a = audit_path({str(path)!r}); print(a.verdict.value, a.reason, sep='|')"
    )
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    out = subprocess.run(command, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "unreadable|permission denied"


def test_notices_and_lost_bytes_past_the_sample_are_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge, "WHOLE_BYTES", 4096)
    path = tmp_path / "big.txt"
    body = PROSE.encode() * 400
    path.write_bytes(body + "a \u202e and a \ufffd\n".encode())
    with FileSource(path) as source:
        audit = _check(audit_source(source, str(path)))
    kinds = {f.kind: f for f in audit.findings}
    assert kinds[Kind.NOTICES].locations[0].offset == len(body) + 2
    assert kinds[Kind.LOSSY].locations[0].offset == len(body) + 12
    assert audit.verdict == Kind.LOSSY


@given(st.lists(st.sampled_from([b"a", b"\xc3\xa9", "\ufffd".encode(), b"\n"]), max_size=300))
def test_lost_bytes_are_counted_across_chunks(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    old = judge.LOSSY_CHUNK
    judge.LOSSY_CHUNK = 7
    try:
        found = judge._lossy_findings(BytesSource(data))
    finally:
        judge.LOSSY_CHUNK = old
    count = data.count("\ufffd".encode())
    assert (found[0].count if found else 0) == count
    if found:
        starts = [i for i in range(len(data)) if data.startswith("\ufffd".encode(), i)]
        assert [x.offset for x in found[0].locations] == starts[:5]


_PIECES = [
    b"a",
    b"\n",
    b"\xc3\xa9",
    b"\xff",
    b"\xc3",
    b"\xe2\x80",
    b"\xed\xa0\x80",
    b"\xed\xb0\x80",
]


@given(
    st.lists(st.sampled_from(_PIECES), max_size=200),
    st.sampled_from(["utf-8", "wtf-8"]),
    st.sampled_from([ERROR_KINDS, frozenset({SpanKind.SURROGATE})]),
)
def test_a_small_sources_first_anomalies_are_those_the_index_finds(
    pieces: list[bytes], format_id: str, wanted: frozenset[SpanKind]
) -> None:
    source = BytesSource(b"".join(pieces))
    index = build_index(get_format(format_id), source, workers=1)
    found = judge._first_anomalies(index, source, wanted)
    old = judge.SMALL_SOURCE
    judge.SMALL_SOURCE = -1  # through the index, a window at a time
    try:
        walked = judge._first_anomalies(index, source, wanted)
    finally:
        judge.SMALL_SOURCE = old
    assert found == walked
