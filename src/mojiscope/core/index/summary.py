"""What each format makes of a whole source, in numbers and in words, and
which formats explain the bytes best.

:func:`summarize` indexes the source once per format (:mod:`mojiscope.core.index.file_index`:
streamed, bounded memory, on every core where that pays) and gives per format a
:class:`FormatSummary`: spans per kind and per reason, a verdict in words
("valid UTF-8", "valid WTF-8 with 3 lone surrogates", "not STF-7: 2,041
bytes above 7F", "XTF-8: 12 escapes, no collisions") and a rank.

Ranking (lowest :attr:`FormatSummary.score` first) weighs errors (spans of
an error kind: a fixed price for any, and more per byte), what the decoded
text of a sample costs in bits per byte under the text model
(:mod:`mojiscope.core.index.text_model`: the language that explains the
text best, so Japanese read as GB18030 costs far more than read as
Shift_JIS), UTF-8 read as a Latin code page ("Ã©", which counts against
the code page), a byte order mark, and for 16- and 32-bit formats without
one, whether the bytes have the NUL pattern that ASCII in those formats
leaves. Valid UTF-8 with bytes beyond ASCII gets a bonus (such bytes form
UTF-8 by chance seldom). A plain format ranks ahead of its superset when
it reads the bytes without error (:data:`SUPERSETS`: UTF-16LE ahead of
WTF-16LE, GBK ahead of GB18030); other ties keep the order formats were
given in.

Beyond the registered formats, the default set holds the legacy code pages
that read a sample best (:func:`legacy_candidates`, from
:data:`LEGACY_CANDIDATES`), the one charset-normalizer guesses (a small
bonus: its statistics break ties ours leave), and the one the file
declares (``<meta charset=...>``, ``<?xml ... encoding=...?>``, a coding
cookie: :func:`declared_charset`), which gets a bonus when it reads the
bytes without error.
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
from mojiscope.core.index.text_model import text_cost
from mojiscope.core.spans.event import ERROR_KINDS, KIND_CODES, REASON_CODES, Reason, SpanKind
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import Source
from mojiscope.core.words.describe import plural
from mojiscope.core.words.notices import Notice, notice_words

SAMPLE_BYTES = 1 << 18
"""Bytes from the start of the source whose decoded text is judged for plausibility."""
#: How much of the head the mojibake explainer reads for the summary.
EXPLAINED_BYTES = 1 << 15
#: Below this :func:`plausibility`, a reading does not read as text.
PLAUSIBLE_TEXT = 0.8

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
    bits: float = 0.0
    """What a sample's decoded text costs under the text model, in bits per byte."""
    language: str = ""
    """The language of the text model that explains the sample best (``""`` for plain ASCII)."""
    notices: dict[str, int] = field(default_factory=dict)
    """Notices per kind (:mod:`mojiscope.core.words.notices`): not errors."""

    def as_json(self) -> dict[str, object]:
        """The CLI's JSON object: format, bytes, counts, reasons, verdict, rank."""
        return {
            "format": self.format_id,
            "bytes": self.bytes,
            "counts": self.counts,
            "reasons": self.reasons,
            "verdict": self.verdict,
            "rank": self.rank,
            "notices": self.notices,
        }

    def found(self, kind: str) -> int:
        """How many of ``kind`` the format found: a span kind (``invalid``,
        ``surrogate``...), a notice kind (``bidi``, ``invisible``...), or
        ``error`` for every span of an error kind."""
        if kind == "error":
            return self.errors
        return self.counts.get(kind, 0) + self.notices.get(kind, 0)


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
    """Bytes per code unit: 2 for UTF-16 and WTF-16, 4 for UTF-32, else 1
    (``iso8859-16`` is a code page of single bytes)."""
    if not fmt.id.startswith(("utf-", "wtf-")):
        return 1
    return 4 if "32" in fmt.id else 2 if "16" in fmt.id else 1


TEXT_WEIGHT = 0.5
"""Score per bit per byte of the sample's text cost (see :mod:`text_model`)."""
UTF8_BONUS = 0.5
"""What valid UTF-8 with bytes beyond ASCII takes off its score."""
GUESS_BONUS = 0.0
"""What charset-normalizer's guess takes off its code page's score."""
DECLARED_BONUS = 0.5
"""What a charset the file declares takes off its score, if it reads without error."""


def summarize_format(
    fmt: Format, source: Source, control: Control = UNCONTROLLED, *, workers: int | None = None
) -> FormatSummary:
    """Index ``source`` with ``fmt`` and judge it (rank 0: see :func:`rank`)."""
    index = build_index(fmt, source, control, workers=workers)
    kinds, reasons = named_counts(index)
    size = len(source)
    errors = sum(kinds.get(k.value, 0) for k in ERROR_KINDS)
    sample_end = min(size, SAMPLE_BYTES)
    sample = fmt.decode_window(source, 0, sample_end).text if size else ""
    plausible = plausibility(sample[:SAMPLE_BYTES])
    bake = mojibake_share(sample[:SAMPLE_BYTES])
    bits, language = text_cost(sample)
    per_byte = bits / max(sample_end, 1)
    if errors == 0 and _is_utf8_like(fmt) and (bake >= 0.3 or plausible < PLAUSIBLE_TEXT):
        # Text that reads as UTF-8 and looks misread (UTF-8 read as a code
        # page, or legacy text read as one: Russian read as windows-1252 is
        # no text at all to the plausibility): the explainer's verdict, on
        # its own sample of the head, says how sure that is.
        from mojiscope.core.mojibake.hint import mojibake_confidence

        bake = mojibake_confidence(source.read(0, min(size, EXPLAINED_BYTES)))
    score = _score(fmt, source, size, errors, kinds, per_byte, bake)
    if errors == 0 and not kinds.get(SpanKind.ESCAPE.value) and _is_utf8_like(fmt):
        # Non-ASCII bytes that happen to form valid UTF-8 are rare: strong evidence.
        score -= UTF8_BONUS if any(c > "\x7f" for c in sample[:SAMPLE_BYTES]) else 0.0
    words = verdict(fmt, size, kinds, reasons)
    return FormatSummary(
        fmt.id,
        size,
        kinds,
        reasons,
        words,
        errors,
        plausible,
        bake,
        score,
        0,
        per_byte,
        language,
        index.notice_totals(),
    )


def _score(
    fmt: Format,
    source: Source,
    size: int,
    errors: int,
    kinds: dict[str, int],
    bits_per_byte: float,
    bake: float,
) -> float:
    score = (2.0 if errors else 0.0) + min(errors * 50 / max(size, 1), 10.0)
    if not (errors == 0 and _is_utf8_like(fmt) and bake >= 0.3):
        # Valid UTF-8 that reads as "Ã©" is still UTF-8: the text in it was
        # damaged before it was written (the explainer's job), so the text
        # counts against a code page's reading only.
        score += bits_per_byte * TEXT_WEIGHT + bake * 3
    if kinds.get(SpanKind.SIGNATURE.value):
        score -= 1.0
    elif (unit := _unit_width(fmt)) > 1:
        head = source.read(0, min(size, 1 << 16))
        little = "be" not in fmt.id
        score += 2.0 * (1.0 - min(nul_pattern_fit(head, unit, little) * 3, 1.0))
    return score


#: Plain formats and the supersets that read the same bytes the same way
#: where the plain one reads them without error.
SUPERSETS: tuple[tuple[str, str], ...] = (
    ("utf-16le", "wtf-16le"),
    ("utf-16be", "wtf-16be"),
    ("gb2312", "gbk"),
    ("gb2312", "gb18030"),
    ("gbk", "gb18030"),
    ("shift_jis", "cp932"),
    ("euc_kr", "cp949"),
    ("big5", "cp950"),
    ("tis-620", "cp874"),
    ("cp1252", "windows-1252"),
)


SUPERSET_MARGIN = 2e-6
"""What a superset scores more than its plain format: enough to stay apart
once :func:`rank` rounds scores to six decimals (less could round to a tie,
which the order formats were given in would then break)."""


def _canonical(fid: str) -> str:
    try:
        return get_format(fid).id
    except (LookupError, ValueError):
        return fid


def _plain_first(summaries: list[FormatSummary]) -> list[FormatSummary]:
    """Each superset scored just above its plain format where the plain one
    reads the bytes without error and did not score worse."""
    by_id = {s.format_id: i for i, s in enumerate(summaries)}
    out = list(summaries)
    for _ in range(2):  # gb2312 < gbk < gb18030: twice settles a chain of three
        for plain, superset in SUPERSETS:
            i = by_id.get(_canonical(plain))
            j = by_id.get(_canonical(superset))
            if i is None or j is None or out[i].errors:
                continue
            if out[i].score <= out[j].score + 1e-6 or _reads_alike(out[i], out[j]):
                out[j] = replace(out[j], score=max(out[j].score, out[i].score + SUPERSET_MARGIN))
    return out


def _reads_alike(plain: FormatSummary, superset: FormatSummary) -> bool:
    """Both error-free with the same text cost: the same reading, as far as
    the ranking can tell."""
    return superset.errors == 0 and abs(plain.bits - superset.bits) < 1e-9


def rank(summaries: list[FormatSummary]) -> list[FormatSummary]:
    """Best first (lowest score; a plain format ahead of its superset, see
    :data:`SUPERSETS`; other ties in the given order), ``rank`` from 1."""
    summaries = _plain_first(summaries)
    order = sorted(range(len(summaries)), key=lambda i: (round(summaries[i].score, 6), i))
    return [replace(summaries[i], rank=r + 1) for r, i in enumerate(order)]


#: Legacy code pages the default summary considers, plain before superset and
#: the more common first (ties between code pages that read a sample alike go
#: to the earlier).
LEGACY_CANDIDATES: tuple[str, ...] = (
    "cp1252",
    "latin-1",
    "iso8859-15",
    "cp1250",
    "iso8859-2",
    "cp1251",
    "koi8-r",
    "koi8-u",
    "cp866",
    "iso8859-5",
    "mac-cyrillic",
    "cp855",
    "cp1253",
    "iso8859-7",
    "cp1254",
    "iso8859-9",
    "cp1255",
    "iso8859-8",
    "cp1256",
    "iso8859-6",
    "cp1257",
    "iso8859-13",
    "iso8859-4",
    "iso8859-3",
    "iso8859-10",
    "iso8859-14",
    "iso8859-16",
    "cp1258",
    "tis-620",
    "cp874",
    "mac-roman",
    "cp437",
    "cp850",
    "shift_jis",
    "cp932",
    "euc_jp",
    "gb2312",
    "gbk",
    "gb18030",
    "big5",
    "cp950",
    "big5hkscs",
    "euc_kr",
    "cp949",
)
CANDIDATE_SAMPLE = 1 << 16
"""Bytes from the start that choose the legacy candidates."""
CANDIDATES = 3
"""Legacy code pages (distinct readings of the sample) the default summary adds."""


def legacy_candidates(head: bytes, limit: int = CANDIDATES) -> list[str]:
    """The code pages of :data:`LEGACY_CANDIDATES` whose readings of
    ``head`` cost the least (each replacement character as much as an
    error), one per distinct reading, best first: at most ``limit``.
    Nothing for bytes that are all ASCII."""
    if head.isascii():
        return []
    head = head[: head.rfind(b"\n") + 1 or len(head)]  # a whole last line where there is one
    scored: list[tuple[float, int, str]] = []
    seen: set[str] = set()
    for order, name in enumerate(LEGACY_CANDIDATES):
        text = head.decode(_python_codec(name), "replace")
        if text in seen:
            continue
        seen.add(text)
        bits, _ = text_cost(text)
        errors = text.count("\ufffd")
        scored.append(
            (bits / len(head) * TEXT_WEIGHT + min(errors * 50 / len(head), 10.0), order, name)
        )
    return [name for _, _, name in sorted(scored)[:limit]]


def _python_codec(name: str) -> str:
    codec = codec_of(get_format(name))
    return codec if codec is not None else name


_DECLARATION = re.compile(
    rb"""(?:<meta[^>]{0,200}?charset\s*=\s*["']?|<\?xml[^>]{0,200}?encoding\s*=\s*["']"""
    rb"""|-\*-[^\n]{0,40}?coding[:=]\s*|\bcoding[:=]\s*)([A-Za-z0-9_.:-]{2,40})""",
    re.IGNORECASE,
)


def declared_charset(head: bytes) -> Format | None:
    """The format a file names for itself in its first bytes: an HTML
    ``<meta charset=...>`` or ``content="...; charset=..."``, an XML
    declaration's ``encoding``, an Emacs or Python coding cookie. None when
    there is none or Mojiscope has no such format."""
    match = _DECLARATION.search(head[:4096])
    if match is None:
        return None
    try:
        return get_format(match.group(1).decode("ascii"))
    except (LookupError, ValueError):
        return None


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


def default_formats(guess: str | None, head: bytes = b"") -> list[Format]:
    """Every registered format, then the legacy code pages that read ``head``
    (the first bytes) best, the one it declares and the guessed one, each
    if new (see the module docstring)."""
    chosen = formats()
    extras: list[str] = legacy_candidates(head[:CANDIDATE_SAMPLE]) if head else []
    declared = declared_charset(head) if head else None
    if declared is not None:
        extras.append(declared.id)
    if guess and not _is_unicode_guess(guess):
        extras.append(guess)
    for name in extras:
        try:
            extra = get_format(name)
        except (LookupError, ValueError):
            continue
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
    head = source.read(0, min(len(source), SAMPLE_BYTES))
    chosen = chosen if chosen is not None else default_formats(guess, head)
    declared = declared_charset(head)
    results = []
    for i, fmt in enumerate(chosen):
        part = control.offset(i * len(source))
        results.append(summarize_format(fmt, source, part, workers=workers))
    results = [_with_bonuses(r, guess, declared) for r in results]
    ranked = rank(results)
    return Summary(ranked, guess, suggestion_words(ranked, guess))


def _same_format(name: str | Format | None, format_id: str) -> bool:
    if name is None:
        return False
    try:
        return get_format(name) == get_format(format_id)
    except (LookupError, ValueError):
        return False


def _with_bonuses(
    result: FormatSummary, guess: str | None, declared: Format | None
) -> FormatSummary:
    """A small bonus for the legacy code page charset-normalizer names (its
    statistics of a language's letters break ties ours leave), and one for
    the charset the file declares, if it reads the bytes without error."""
    score = result.score
    if guess and not _is_unicode_guess(guess) and _same_format(guess, result.format_id):
        score -= GUESS_BONUS
    if result.errors == 0 and _same_format(declared, result.format_id):
        score -= DECLARED_BONUS
    return replace(result, score=score) if score != result.score else result


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
    elif best.plausibility < PLAUSIBLE_TEXT:
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
    parts.extend(notice_words(Notice(name), count) for name, count in sorted(best.notices.items()))
    if guess:
        parts.append(f"charset-normalizer guesses {guess}")
    return "; ".join(parts)


#: What ``inspect --summary --fail-on`` takes: every kind of span but ``text``,
#: every kind of notice, and ``error`` for any span of an error kind.
GATE_KINDS: tuple[str, ...] = (
    "error",
    *(k.value for k in SpanKind if k != SpanKind.TEXT),
    *(n.value for n in Notice),
)
