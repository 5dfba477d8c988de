"""What each format makes of a whole source, in numbers and in words, and
which formats explain the bytes best.

:func:`summarize` indexes the source once per format (:mod:`mojiscope.core.index.file_index`:
streamed, bounded memory, on every core where that pays) and gives per format a
:class:`FormatSummary`: spans per kind and per reason, a verdict in words
("valid UTF-8", "valid WTF-8 with 3 lone surrogates", "not STF-7: 2,041
bytes above 7F", "XTF-8: 12 escapes, no collisions") and a rank.

Ranking (lowest :attr:`FormatSummary.score` first) weighs, in this order:
errors (spans of an error kind, per byte), how plausible a sample of the
decoded text is as text (letters, digits, punctuation and spacing against
controls, private-use characters, lone surrogates and U+FFFD; letters of a
few scripts against a scatter of many; UTF-8 read as a Latin code page,
"Ã©", counts against), a byte order mark or magic number, and for 16- and
32-bit formats without one, whether the bytes have the NUL pattern that
ASCII in those formats leaves. Ties keep the registry's order.
charset-normalizer's guess is reported beside ours and, when it names a
legacy code page, that code page is summarised too.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import pairwise

from mojiscope.core.codecs.format import Format
from mojiscope.core.codecs.registry import formats, get_format
from mojiscope.core.index.file_index import FileIndex, build_index
from mojiscope.core.index.scan import codec_of
from mojiscope.core.spans.event import ERROR_KINDS, KIND_CODES, REASON_CODES, Reason, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source
from mojiscope.core.words.describe import plural

SAMPLE_BYTES = 1 << 18
"""Bytes from the start of the source whose decoded text is judged for plausibility."""

_MOJIBAKE = re.compile(
    "[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192"
    "\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]"
)
_GOOD_CONTROLS = frozenset("\n\r\t\f")


@dataclass(frozen=True)
class FormatSummary:
    """One format's account of a whole source."""

    format_id: str
    bytes: int
    counts: dict[str, int]
    """Spans per kind, anomalies only (``text`` runs are not counted)."""
    reasons: dict[str, int]
    verdict: str
    errors: int
    plausibility: float
    mojibake: float
    score: float = 0.0
    rank: int = 0

    def as_json(self) -> dict[str, object]:
        """The CLI's JSON object: format, bytes, counts, reasons, verdict, rank."""
        return {
            "format": self.format_id,
            "bytes": self.bytes,
            "counts": self.counts,
            "reasons": self.reasons,
            "verdict": self.verdict,
            "rank": self.rank,
        }


@dataclass(frozen=True)
class Summary:
    """Every format's summary, best first, and what charset-normalizer thinks."""

    formats: list[FormatSummary]
    charset_normalizer: str | None
    words: str = field(default="")


def display_name(fmt: Format) -> str:
    """How a verdict names a format: ``UTF-8``, ``WTF-16LE``, ``Corrected UTF-8``, ``cp1252``."""
    fid = fmt.id
    if fid == "corrected-utf-8":
        return "Corrected UTF-8"
    if fid.split("-")[0] in ("utf", "wtf", "xtf", "stf", "cesu", "mutf"):
        return fid.upper()
    return fid


def verdict(fmt: Format, size: int, kinds: dict[str, int], reasons: dict[str, int]) -> str:
    """The summary in words (see the module docstring for examples)."""
    name = display_name(fmt)
    if size == 0:
        return f"empty: valid {name}"
    errors = sum(kinds.get(k.value, 0) for k in ERROR_KINDS)
    escapes = kinds.get(SpanKind.ESCAPE.value, 0)
    collisions = kinds.get(SpanKind.COLLISION.value, 0)
    if escapes or (collisions and errors == collisions):
        return f"{name}: {plural(escapes, 'escape')}, " + (
            "no collisions" if not collisions else plural(collisions, "collision")
        )
    if errors:
        non_ascii = reasons.get(Reason.NON_ASCII.value, 0)
        if non_ascii and non_ascii * 2 >= errors:
            return f"not {name}: {plural(non_ascii, 'byte')} above 7F"
        top = sorted(
            ((n, r) for r, n in reasons.items() if r not in _NOT_ERROR_REASONS), reverse=True
        )[:3]
        detail = ", ".join(f"{n:,} {r}" for n, r in top)
        return f"not {name}: {plural(errors, 'invalid sequence')}" + (
            f" ({detail})" if detail else ""
        )
    extras = []
    if kinds.get(SpanKind.SURROGATE.value):
        extras.append(plural(kinds[SpanKind.SURROGATE.value], "lone surrogate"))
    if kinds.get(SpanKind.WARNING.value):
        extras.append(plural(kinds[SpanKind.WARNING.value], "warning"))
    if kinds.get(SpanKind.SIGNATURE.value):
        extras.append("a signature")
    return f"valid {name}" + (f" with {' and '.join(extras)}" if extras else "")


_NOT_ERROR_REASONS = frozenset(
    r.value for r in (Reason.BOM, Reason.MAGIC_NUMBER, Reason.NO_BOM, Reason.SWAPPED_BOM)
)


def named_counts(index: FileIndex) -> tuple[dict[str, int], dict[str, int]]:
    """An index's totals as (spans per kind, spans per reason), by name."""
    kinds: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for (kind, reason), number in index.totals().items():
        kinds[KIND_CODES[kind].value] += number
        reason_name = REASON_CODES[reason]
        if reason_name is not None:
            reasons[reason_name.value] += number
    return dict(kinds), dict(reasons)


_EAST_ASIAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "HALFWIDTH", "FULLWIDTH"})


def _script(char: str) -> str:
    """The first word of a character's name, East Asian scripts (written mixed
    in one word) taken as one."""
    name = unicodedata.name(char, "")
    script = name.split(" ", 1)[0] if name else "?"
    return "CJK" if script in _EAST_ASIAN else script


def plausibility(text: str) -> float:
    """How much ``text`` reads as text, 0..1: the share of characters that are
    letters, marks, digits, punctuation or spacing (symbols and lone
    surrogates count half), times how few scripts its non-ASCII letters come
    from, times the share of words that keep to one script and to a sane
    case pattern (a wrong code page gives ``ÏðèâåòÈ`` and ``hИllo``)."""
    if not text:
        return 1.0
    good = 0.0
    scripts: Counter[str] = Counter()
    for char, count in Counter(text).items():
        category = unicodedata.category(char)
        if category[0] in "LMNPZ" or char in _GOOD_CONTROLS:
            good += count
            if category[0] == "L" and char > "\x7f":
                scripts[_script(char)] += count
        elif (category[0] == "S" and char != "\ufffd") or category == "Cs":
            good += count / 2
    letters = sum(scripts.values())
    coherence = sum(n for _, n in scripts.most_common(3)) / letters if letters else 1.0
    return (good / len(text)) * (0.5 + 0.5 * coherence) * (1.0 - odd_word_share(text))


_WORD = re.compile(r"[^\W\d_]{2,}")


def odd_word_share(text: str, limit: int = 20000) -> float:
    """The share of words (letter runs, the first ``limit``) with non-ASCII
    letters that mix scripts, upper case after lower case, or are all
    accented Latin: what a wrong code page makes of real words."""
    odd = total = 0
    for match in _WORD.finditer(text[: limit * 8]):
        word = match.group()
        if word.isascii():
            continue
        total += 1
        words_scripts = {"LATIN" if c.isascii() else _script(c) for c in word}
        lower_then_upper = any(a.islower() and b.isupper() for a, b in pairwise(word))
        all_accented = (
            len(word) >= 3 and words_scripts == {"LATIN"} and not any(c.isascii() for c in word)
        )
        odd += len(words_scripts) > 1 or lower_then_upper or all_accented
        if total >= limit:
            break
    return odd / total if total else 0.0


def mojibake_share(text: str) -> float:
    """The share of non-ASCII characters that belong to UTF-8 read as a Latin code page."""
    non_ascii = sum(1 for c in text if c > "\x7f")
    if not non_ascii:
        return 0.0
    return min(2 * len(_MOJIBAKE.findall(text)) / non_ascii, 1.0)


def nul_pattern_fit(sample: bytes, unit: int, little_endian: bool) -> float:
    """How well the bytes fit ASCII in ``unit``-byte units: the share of units
    whose high bytes are all zero (0..1)."""
    n = len(sample) // unit
    if n == 0:
        return 0.0
    fits = 0
    for i in range(0, n * unit, unit):
        high = sample[i + 1 : i + unit] if little_endian else sample[i : i + unit - 1]
        fits += not any(high)
    return fits / n


def _is_utf8_like(fmt: Format) -> bool:
    return fmt.id in ("utf-8", "utf-8b", "wtf-8", "xtf-8", "cesu-8", "mutf-8")


def _unit_width(fmt: Format) -> int:
    return 4 if "32" in fmt.id else 2 if "16" in fmt.id else 1


def summarize_format(
    fmt: Format, source: Source, control: Control = UNCONTROLLED, *, workers: int | None = None
) -> FormatSummary:
    """Index ``source`` with ``fmt`` and judge it (rank 0: see :func:`rank`)."""
    index = build_index(fmt, source, control, workers=workers)
    kinds, reasons = named_counts(index)
    size = len(source)
    errors = sum(kinds.get(k.value, 0) for k in ERROR_KINDS)
    sample = fmt.decode_window(source, 0, min(size, SAMPLE_BYTES)).text if size else ""
    plausible = plausibility(sample[:SAMPLE_BYTES])
    bake = mojibake_share(sample[:SAMPLE_BYTES])
    score = _score(fmt, source, size, errors, kinds, plausible, bake)
    if errors == 0 and not kinds.get(SpanKind.ESCAPE.value) and _is_utf8_like(fmt):
        # Non-ASCII bytes that happen to form valid UTF-8 are rare: strong evidence.
        score -= 0.5 if any(c > "\x7f" for c in sample[:SAMPLE_BYTES]) else 0.0
    words = verdict(fmt, size, kinds, reasons)
    return FormatSummary(fmt.id, size, kinds, reasons, words, errors, plausible, bake, score)


def _score(
    fmt: Format,
    source: Source,
    size: int,
    errors: int,
    kinds: dict[str, int],
    plausible: float,
    bake: float,
) -> float:
    score = (2.0 if errors else 0.0) + min(errors * 50 / max(size, 1), 10.0)
    if not (errors == 0 and _is_utf8_like(fmt) and bake >= 0.3):
        # Valid UTF-8 that reads as "Ã©" is still UTF-8: the text in it was
        # damaged before it was written (the explainer's job), so mojibake
        # counts against a code page's reading only.
        score += (1.0 - plausible) * 3 + bake * 3
    if kinds.get(SpanKind.SIGNATURE.value):
        score -= 1.0
    elif (unit := _unit_width(fmt)) > 1:
        head = source.read(0, min(size, 1 << 16))
        little = "be" not in fmt.id
        score += 2.0 * (1.0 - min(nul_pattern_fit(head, unit, little) * 3, 1.0))
    return score


def rank(summaries: list[FormatSummary]) -> list[FormatSummary]:
    """Best first (lowest score; ties in the given order), ``rank`` from 1."""
    order = sorted(range(len(summaries)), key=lambda i: (round(summaries[i].score, 6), i))
    return [replace(summaries[i], rank=r + 1) for r, i in enumerate(order)]


def charset_normalizer_guess(source: Source) -> str | None:
    """charset-normalizer's best guess for a sample of the source (its codec
    name, ``utf_8``, ``cp1251``...), or None when it has none or is missing."""
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    best = from_bytes(source.read(0, min(len(source), SAMPLE_BYTES))).best()
    return str(best.encoding) if best is not None else None


def _is_unicode_guess(guess: str) -> bool:
    """ASCII or a Unicode form: our own formats judge those, not a code page."""
    return guess.lower().replace("-", "_").startswith(("ascii", "utf"))


def default_formats(guess: str | None) -> list[Format]:
    """Every registered format, plus the guessed legacy code page if new."""
    chosen = formats()
    if guess and not _is_unicode_guess(guess):
        try:
            extra = get_format(guess)
        except (LookupError, ValueError):
            return chosen
        if all(extra is not fmt and extra != fmt for fmt in chosen):
            chosen.append(extra)
    return chosen


def summarize(
    source: Source,
    chosen: list[Format] | None = None,
    control: Control = UNCONTROLLED,
    *,
    workers: int | None = None,
) -> Summary:
    """Summaries of ``source`` under ``chosen`` (default: :func:`default_formats`),
    ranked best first, with charset-normalizer's guess and a sentence for
    the window. Progress counts bytes over all formats. charset-normalizer
    is asked only when its guess can matter: for the default formats, or
    when a legacy code page is among those chosen (a second of its
    statistics on binary data, for nothing, otherwise)."""
    wanted = chosen is None or any(codec_of(fmt) is not None for fmt in chosen)
    guess = charset_normalizer_guess(source) if len(source) and wanted else None
    chosen = chosen if chosen is not None else default_formats(guess)
    results = []
    for i, fmt in enumerate(chosen):
        part = control.offset(i * len(source))
        results.append(summarize_format(fmt, source, part, workers=workers))
    if guess and not _is_unicode_guess(guess):
        results = [_agreeing_with(guess, r) for r in results]
    ranked = rank(results)
    return Summary(ranked, guess, suggestion_words(ranked, guess))


def _agreeing_with(guess: str, result: FormatSummary) -> FormatSummary:
    """A small bonus for the legacy code page charset-normalizer names (its
    statistics of a language's letters break ties ours leave)."""
    try:
        same = get_format(guess) == get_format(result.format_id)
    except (LookupError, ValueError):
        same = False
    return replace(result, score=result.score - 0.3) if same else result


def summarize_file(control: Control, path: str, workers: int | None = 1) -> Summary:
    """:func:`summarize` of the file at ``path``, opened here: the form
    :func:`~mojiscope.core.system.child_job.run_in_child` runs in a child process
    (on one core by default: a child stopped mid-way would leave a pool's
    workers behind, as :func:`~mojiscope.core.index.file_index.index_file` says)."""
    from mojiscope.core.system.source import FileSource

    with FileSource(path) as source:
        return summarize(source, control=control, workers=workers)


def suggestion_words(ranked: list[FormatSummary], guess: str | None = None) -> str:
    """``looks like UTF-8; also valid WTF-8 and XTF-8; as cp1252 it reads as mojibake``."""
    if not ranked:
        return ""
    best = ranked[0]
    best_name = display_name(get_format(best.format_id))
    if best.mojibake >= 0.3:
        parts = [f"looks like {best_name} holding mojibake (the Mojibake explainer can repair it)"]
    elif best.plausibility < 0.8:
        parts = [f"looks like binary data; least bad: {best_name} ({best.verdict})"]
    else:
        parts = [f"looks like {best_name}" + (f" ({best.verdict})" if best.errors else "")]
    also = [
        display_name(get_format(s.format_id))
        for s in ranked[1:]
        if s.errors == 0
        and not s.counts.get(SpanKind.ESCAPE.value)
        and s.score <= best.score + 0.6
        and s.mojibake < 0.2
    ][:4]
    if also:
        joined = also[0] if len(also) == 1 else ", ".join(also[:-1]) + " and " + also[-1]
        parts.append(f"also valid {joined}")
    baked = [
        s.format_id
        for s in ranked[1:]
        if s.mojibake >= 0.3 and not (s.errors == 0 and _is_utf8_like(get_format(s.format_id)))
    ][:2]
    parts.extend(f"as {fid} it reads as mojibake" for fid in baked)
    if guess:
        parts.append(f"charset-normalizer guesses {guess}")
    return "; ".join(parts)
