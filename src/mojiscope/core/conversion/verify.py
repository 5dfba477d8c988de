"""Reading a written conversion back and checking it is the text meant.

:func:`verify_output` rereads the output file with the target format and
compares the text with the text the conversion meant to write: the decoded
source after the chosen policy, which is the converted bytes as the target
reads them (``mojiscope convert --verify`` and the export dialog's Verify).
Both sides stream through incremental decoders in bounded memory, so this
works for any size. It catches what the write cannot see: the output
changed or cut by another program after it was written, a source file that
changed in between (the conversion is run again from the source), a device
that dropped bytes. A difference is reported at the first character that
differs, with the byte offset in the written file where it starts.

:func:`verify_digest` checks a file against the SHA-256 of the bytes a
:class:`DigestWriter` passed on while it was written: no conversion, so it
is the check right after a write that still knows its bytes (the export's),
and the only one for an output that replaced its own source.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from mojiscope.core.codecs.decoding import Decoding
from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import get_format
from mojiscope.core.conversion.engine import iter_conversion
from mojiscope.core.conversion.input import CHUNK_SIZE, Input, iter_chunks
from mojiscope.core.spans.event import SpanKind as K
from mojiscope.core.system.control import UNCONTROLLED, Control


@dataclass(frozen=True)
class Verification:
    """The outcome: ``ok``, a one-line ``message`` naming the output path,
    and where the first difference starts (``byte_offset`` in the written
    file, ``char_offset`` in its text), or ``None`` when verified."""

    ok: bool
    message: str
    byte_offset: int | None = None
    char_offset: int | None = None


def _meant_text(
    source: Input, source_format: Format, target_format: Format, signature: bool
) -> Iterator[str]:
    decoder = target_format.incremental_decoder("replace")
    for block in iter_conversion(source, source_format, target_format, signature=signature):
        if block.changed is not None:
            raise block.changed
        yield decoder.decode(block.data).text
    yield decoder.decode(b"", final=True).text


def _written_text(
    path: str | os.PathLike[str], target_format: Format, control: Control
) -> Iterator[Decoding]:
    decoder = target_format.incremental_decoder("replace")
    done = 0
    for chunk in iter_chunks(path, CHUNK_SIZE):
        done += len(chunk)
        yield decoder.decode(chunk)
        control.step(done)
    yield decoder.decode(b"", final=True)


def _byte_of_char(decoding: Decoding, char: int) -> int:
    """The byte offset where absolute character ``char`` of ``decoding`` starts."""
    spans = decoding.spans
    if not len(spans) or char >= spans.char_end:
        return spans.byte_end
    span = spans[spans.index_at_char(char)]
    if span.kind != K.TEXT or char == span.char_start:
        return span.byte_start
    base = spans.char_start
    inside = decoding.text[span.char_start - base : char - base]
    return span.byte_start + sum(decoding.format.char_byte_lengths(inside))


def _show(text: str) -> str:
    return " ".join(f"U+{ord(c):04X}" for c in text[:4]) or "the end of the file"


def verify_output(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    out_path: str | os.PathLike[str],
    *,
    signature: bool = False,
    control: Control = UNCONTROLLED,
) -> Verification:
    """Compare ``out_path`` read back as ``to_format`` with the text that
    converting ``source`` means; ``control.step`` counts bytes of the output."""
    source_format, target_format = get_format(from_format), get_format(to_format)
    name = os.fspath(out_path)
    meant = _meant_text(source, source_format, target_format, signature)
    pending, position = "", 0  # meant characters not compared yet; offset of pending[0]
    written_bytes = 0
    for decoding in _written_text(out_path, target_format, control):
        got = decoding.text
        written_bytes = decoding.spans.byte_end
        while len(pending) < len(got):
            more = next(meant, None)
            if more is None:
                break
            pending += more
        if got != pending[: len(got)]:
            i = next(
                (k for k, (a, b) in enumerate(zip(got, pending, strict=False)) if a != b),
                min(len(got), len(pending)),
            )
            char = position + i
            byte = _byte_of_char(decoding, char)
            return Verification(
                False,
                f"{name} differs from the text meant at byte offset {byte:,} (character "
                f"{char:,}): it reads {_show(got[i:])} where {_show(pending[i:])} was meant",
                byte,
                char,
            )
        pending, position = pending[len(got) :], position + len(got)
    rest = pending + "".join(meant)
    if rest:
        return Verification(
            False,
            f"{name} ends at byte offset {written_bytes:,} (character {position:,}), "
            f"{len(rest):,} characters short of the text meant",
            written_bytes,
            position,
        )
    return Verification(
        True,
        f"verified: {name} reads back as {target_format.id} to exactly the text meant "
        f"({position:,} characters)",
    )


class DigestWriter:
    """Passes writes on to ``out`` and keeps the SHA-256 of everything written,
    for :func:`verify_digest`."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.digest = hashlib.sha256()
        self.size = 0

    def write(self, data: bytes) -> int:
        self.digest.update(data)
        self.size += len(data)
        return self.out.write(data)


def verify_digest(
    out_path: str | os.PathLike[str],
    written: DigestWriter,
    *,
    replaced_source: bool = True,
    control: Control = UNCONTROLLED,
) -> Verification:
    """Reread the file and compare it with the SHA-256 of the bytes written:
    the same bytes read back as the same text, so this verifies without
    converting again. It is the only check for an output that replaced its
    own source (the bytes that would give the text meant are gone); after
    any other write, a difference is worth converting again for, with
    :func:`verify_output`, to say where the text differs.
    ``control.step`` counts bytes of the output."""
    name = os.fspath(out_path)
    digest, size = hashlib.sha256(), 0
    for chunk in iter_chunks(out_path, CHUNK_SIZE):
        digest.update(chunk)
        size += len(chunk)
        control.step(size)
    why = " (it replaced its source)" if replaced_source else ""
    if size != written.size or digest.digest() != written.digest.digest():
        where = (
            " (it replaced its own source, so no byte offset can be named)"
            if replaced_source
            else ""
        )
        return Verification(
            False,
            f"{name} is not what was written ({written.size:,} bytes): it has {size:,} bytes "
            f"and other content{where}",
        )
    return Verification(True, f"verified: {name} holds exactly the {size:,} bytes written{why}")


__all__ = ["DigestWriter", "Verification", "verify_digest", "verify_output"]
