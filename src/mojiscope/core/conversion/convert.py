"""Conversion: decode bytes with one format, encode the text with another, and
say what is lost, with byte offsets on both sides, before anything is written.

Every conversion is one call, :func:`run_conversion`: the command line's
``convert``, the export dialog's loss report and its write, and this module's
:func:`convert`, :func:`convert_stream` and :func:`plan_conversion` all run it.

How it runs
-----------
Input is read in chunks (a :class:`~mojiscope.core.system.source.Source`, bytes, a
path or a binary file object) and decoded with the source format's
incremental decoder in ``replace`` mode, so every span is seen; each decoded
block of text is encoded with the target's ``encode_spans``. Memory is
bounded by the chunk size whatever the input size: nothing holds the whole
text, the whole output or one object per span. The engine,
:func:`~mojiscope.core.conversion.engine.iter_conversion`, yields
:class:`~mojiscope.core.conversion.engine.ConvertedBlock` s in order: output
bytes plus the block's :class:`~mojiscope.core.conversion.losses.LossBatch`
(losses kept as arrays, located when first asked for; a
:class:`~mojiscope.core.conversion.losses.Loss` object is built only when one
is looked at).

Encoding a block on its own must give the bytes that encoding the whole text
at once would give. Only a few characters make a target's output depend on
their neighbours: surrogates (WTF-8 and WTF-16 join a lead directly followed
by a trail) and U+EF80..U+EFFF (XTF-8 and UTF-8b escapes, whose bytes may
re-form UTF-8 together). A block therefore never ends inside a run of those
characters: the run is carried into the next block (up to
:data:`~mojiscope.core.conversion.engine.CONTEXT_LIMIT` characters; a longer
run is cut, never between a lead and a trail surrogate, and an
``escapes-form-utf8`` run crossing that cut is reported as two runs).

What counts as a loss (:class:`~mojiscope.core.conversion.losses.LossKind`)
-----------------------------------------
``replacement``
    a source span of kind ``invalid``, ``collision`` or ``reserved`` (bytes the
    source format cannot decode) became U+FFFD; ``reason`` is the span's.
``beyond-unicode``
    a Corrected UTF-8 ``beyond`` span: its ``value`` has no Unicode character.
``dropped-escape``
    a source ``escape`` span (UTF-8b surrogates, XTF-8 private-use escapes)
    whose characters the target cannot write, so the bytes they kept are gone.
    Escape characters that the target *can* write (XTF-8 escapes into UTF-8 as
    private-use characters, UTF-8b escapes into WTF-8 as lone surrogates) are
    not a loss: decoding the output with the target and encoding the text with
    the source format gives the original bytes back, which is what those
    escapes are for.
``unencodable``
    a character of well-formed source text that the target cannot represent
    (``chars`` names it). Characters that already stand for a loss above (a
    U+FFFD from a replacement) are not reported twice.
``joined-surrogates``
    the target (WTF-8, WTF-16) wrote a lead surrogate directly followed by a
    trail surrogate as one supplementary character, so it reads back as one
    character, not two surrogates.
``escapes-form-utf8``
    the target (XTF-8, UTF-8b) wrote escape characters whose bytes, side by
    side, form well-formed UTF-8, so they read back as that text, not as
    escapes.
``guess``
    a source span of kind ``invalid`` with the reason ``guessed``: a mojibake
    repair plan guessed a character whose byte the misreading lost (its
    text is the guess, and the loss's ``alternatives`` what else it could
    be). Replace writes the guess; strict refuses it like any loss.

Under ``errors="strict"`` every kind refuses the conversion: strict means the
output decodes back to exactly the decoded source text, or nothing is written.

Converting to the *same* format loses exactly the source's error spans (each
a ``replacement``): everything else, escapes and lone surrogates included,
encodes back to its own bytes, so a source without error spans converts to
itself byte for byte. (A legacy code page that maps two byte sequences to one
character would re-encode to the other sequence; the built-in ones do not.)

Signatures
----------
A signature is a property of an encoding, not part of the text: the source's
``signature`` span (a BOM, the Corrected UTF-8 magic number) is not encoded
as text. Instead the output begins with the *target's* signature
(:attr:`Format.signature_bytes`) when the source had one and the target has one; a
BOM therefore carries over as the target's BOM (UTF-8 EF BB BF to UTF-16LE
FF FE, which is also the target's encoding of U+FEFF), converting to the same
format keeps the signature byte for byte, and converting to a code page with
no signature drops it (not a loss: it carried no text). With
``signature=True`` the output begins with the target's signature whether or
not the source had one, never twice; a target without a signature is then an
error (:class:`~mojiscope.core.conversion.engine.ConversionError`).

Writing
-------
:func:`convert` writes through :func:`~mojiscope.core.system.atomic_write.atomic_output`:
a temporary file beside the destination, fsynced, then renamed over it. A
strict loss or any exception removes the temporary file, so no partial
output file ever exists (an existing destination is left untouched).
:func:`convert_stream` writes to an open binary stream instead (no
atomicity: callers spool to a temporary file first when they must not emit a
partial result). :func:`plan_conversion` writes nothing and returns the
report a conversion would produce.

An input file whose size changes while it is read (cut short by another
program, say) fails a strict conversion with
:class:`~mojiscope.core.conversion.input.SourceChangedError` naming the
offset where reading ended; under replace the output is written and the
report's ``changed`` says so.

The engine that turns chunks into blocks lives in
:mod:`mojiscope.core.conversion.engine`; the report every run feeds in
:mod:`mojiscope.core.conversion.loss_report`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import BinaryIO

from mojiscope.core.codecs.format import Errors, Format
from mojiscope.core.conversion.engine import iter_conversion
from mojiscope.core.conversion.input import Input, SourceChangedError
from mojiscope.core.conversion.loss_report import KEEP_LOSSES, ConversionReport
from mojiscope.core.conversion.losses import Loss, describe_loss
from mojiscope.core.errors import MojiscopeError
from mojiscope.core.system.atomic_write import atomic_output
from mojiscope.core.system.control import UNCONTROLLED, Control

__all__ = [
    "EMIT_INTERVAL",
    "ConversionLossError",
    "convert",
    "convert_stream",
    "iter_losses",
    "plan_conversion",
    "run_conversion",
]

#: Seconds between two emits of the report's rows while only their counts
#: grow (a new row goes at once): a dialog follows without being flooded.
EMIT_INTERVAL = 0.1


class ConversionLossError(MojiscopeError, UnicodeError):
    """A strict conversion met a loss; ``loss`` says where and why."""

    def __init__(self, loss: Loss) -> None:
        self.loss = loss
        super().__init__(describe_loss(loss, strict=True))

    def __reduce__(self) -> tuple[type[ConversionLossError], tuple[Loss]]:
        """Pickled with its own argument (it crosses from a child process)."""
        return (type(self), (self.loss,))


def iter_losses(
    source: Input, from_format: str | Format, to_format: str | Format, *, signature: bool = False
) -> Iterator[Loss]:
    """Every loss converting ``source`` would incur, in source order."""
    for block in iter_conversion(source, from_format, to_format, signature=signature):
        yield from block.losses


def run_conversion(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    *,
    errors: Errors = "strict",
    signature: bool = False,
    write: Callable[[bytes], object] | None = None,
    report: ConversionReport | None = None,
    each_loss: Callable[[Loss], object] | None = None,
    report_all: bool = False,
    control: Control = UNCONTROLLED,
) -> ConversionReport:
    """Convert ``source`` once, block by block, in bounded memory: the one
    conversion run every caller goes through.

    Each block (:func:`~mojiscope.core.conversion.engine.iter_conversion`)
    goes into ``report`` (a new :class:`ConversionReport` if ``None``), its
    losses, in order, to ``each_loss`` (for a caller that tells every one:
    the report keeps only the first ones), and its bytes to ``write``.
    ``control.step`` gets the bytes read after each chunk and may cancel;
    ``control.emit`` gets the report's rows when a row appears, at most every
    :data:`EMIT_INTERVAL` seconds while counts grow, and once at the end.

    Under ``errors="strict"`` the first loss refuses the conversion
    (:class:`ConversionLossError`, naming it), and so does an input that
    changed while it was read (:class:`~mojiscope.core.conversion.input.SourceChangedError`):
    raised at once, only the blocks before it written; or, with
    ``report_all``, once the whole input has gone into the report (writing
    nothing more), so that the report holds every loss. Under ``"replace"``
    every loss is written as the target's replacement, and a changed input
    is only the report's ``changed``. Returns the report.
    """
    if errors not in ("strict", "replace"):
        raise ValueError(f"errors must be 'strict' or 'replace', not {errors!r}")
    if report is None:
        report = ConversionReport(from_format, to_format)
    strict = errors == "strict"
    refusal: ConversionLossError | SourceChangedError | None = None
    last_emit = 0.0
    blocks = iter_conversion(source, from_format, to_format, signature=signature, control=control)
    for block in blocks:
        new_row = report.add(block)
        lossy = block.losses.any()  # free once the report has located them
        if lossy and each_loss is not None:
            for loss in block.losses:
                each_loss(loss)
        if new_row or lossy:
            now = time.monotonic()
            if new_row or now - last_emit > EMIT_INTERVAL:
                control.emit(report.rows())
                last_emit = now
        if strict and refusal is None:
            if lossy:
                refusal = ConversionLossError(block.losses[0])
            elif block.changed is not None:
                refusal = block.changed
        if refusal is not None:
            if not report_all:
                raise refusal
        elif write is not None:
            write(block.data)
    if refusal is not None:
        raise refusal
    if report.rows():
        control.emit(report.rows())
    return report


def plan_conversion(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    signature: bool = False,
    *,
    keep: int = KEEP_LOSSES,
    control: Control = UNCONTROLLED,
) -> ConversionReport:
    """The report converting ``source`` would give, writing nothing (for a
    dialog that shows the losses before the user decides); its rows go
    through ``control.emit`` as they change."""
    report = ConversionReport(from_format, to_format, keep)
    return run_conversion(
        source,
        from_format,
        to_format,
        errors="replace",
        signature=signature,
        report=report,
        control=control,
    )


def convert_stream(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    out: BinaryIO,
    errors: Errors = "strict",
    signature: bool = False,
    *,
    keep: int = KEEP_LOSSES,
    control: Control = UNCONTROLLED,
) -> ConversionReport:
    """Convert into an open binary stream as the blocks come. Under
    ``strict``, raise :class:`ConversionLossError` at the first loss, having
    written only the blocks before it: use :func:`convert` for a file."""
    return run_conversion(
        source,
        from_format,
        to_format,
        errors=errors,
        signature=signature,
        write=out.write,
        report=ConversionReport(from_format, to_format, keep),
        control=control,
    )


def convert(
    source: Input,
    from_format: str | Format,
    to_format: str | Format,
    out_path: str | os.PathLike[str],
    errors: Errors = "strict",
    signature: bool = False,
    *,
    keep: int = KEEP_LOSSES,
    control: Control = UNCONTROLLED,
) -> ConversionReport:
    """Convert ``source`` into the file ``out_path``, atomically: the file
    appears whole when the conversion is done, or not at all. Under
    ``strict`` (the default) the first loss raises
    :class:`ConversionLossError` and nothing is written; under ``replace``
    losses are written as the target's replacement and reported. A
    :class:`~mojiscope.core.system.control.Cancelled` from ``control`` leaves
    nothing either."""
    with atomic_output(out_path) as out:
        return convert_stream(
            source, from_format, to_format, out, errors, signature, keep=keep, control=control
        )
