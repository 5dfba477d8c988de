"""Explaining bytes: the ranked readings, each with its chain, confidence,
the byte ranges its repair touches, what was lost and guessed, and what tells
it apart from the next reading.

"The bytes are fine as they are" (the empty chain) is always a candidate.
Each reading is scored by the fitted model (``model.py``); the raw
probabilities are a softmax of the scores, and the best reading's confidence
is that probability mapped through the calibration fitted on the validation
split (``model.calibrated``): of the answers given confidence 0.9 on data
the model never saw, about nine in ten or more were right (docs/MOJIBAKE.md
has the held-out table). The other readings share what is left, in
proportion to their raw probabilities.

Inputs longer than :data:`SAMPLE_BYTES` are explained from windows around
their non-ASCII bytes, spread over the whole input (``sample.py``):
``Explanation.sampled`` says so and ``Explanation.read`` names the source
ranges read, and the caller verifies the chosen chain over the whole input by
streaming it (:func:`mojiscope.core.mojibake.stream.verify_chain`) before
saying anything about all of it. :func:`explain_source` does the same for a
:class:`~mojiscope.core.system.source.Source` without reading it whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TypeVar

import numpy as np

from mojiscope.core.mojibake import features, model
from mojiscope.core.mojibake.ascii_readings import ascii_readings, low_bytes_left
from mojiscope.core.mojibake.chain import (
    IDENTITY,
    LOW_BYTES_WORD,
    Chain,
)
from mojiscope.core.mojibake.guess import CUT, LENIENT, SPACE
from mojiscope.core.mojibake.guessed import Lost, guessed_bytes
from mojiscope.core.mojibake.hypothesis import Hypothesis, guess_kinds, scored, settled
from mojiscope.core.mojibake.lenient import leniently_read
from mojiscope.core.mojibake.lost_letters import guess_letters, letters_lost
from mojiscope.core.mojibake.oddities import Oddity, made_oddities, oddities
from mojiscope.core.mojibake.parts import Part, per_part
from mojiscope.core.mojibake.pieces import legacy_pieces, piecewise
from mojiscope.core.mojibake.quoting import quoted_on_purpose, quotes, quoting_shift
from mojiscope.core.mojibake.readers import c1_stripped_shape, nothing_to_undo
from mojiscope.core.mojibake.sample import (
    WINDOW,
    WINDOWS,
    SampleMap,
    interesting_windows,
    read_sample,
)
from mojiscope.core.mojibake.search import (
    UNFITTED,
    same_text_better,
    search,
    stored_readings,
    western_origins,
)
from mojiscope.core.mojibake.second_readings import keep_spaces, variants
from mojiscope.core.mojibake.stand_ins import DRAWN_ANYWHERE, drawn_in_ascii
from mojiscope.core.mojibake.touched import touched, with_lost
from mojiscope.core.system.control import UNCONTROLLED, Control
from mojiscope.core.system.source import BytesSource, Source

SAMPLE_BYTES = WINDOW * WINDOWS


@dataclass(frozen=True)
class Explanation:
    """One reading of the bytes (see the module docstring)."""

    text: str
    chain: Chain
    confidence: float
    ranges: tuple[tuple[int, int], ...]
    parts: tuple[Part, ...] = ()
    lost: tuple[Lost, ...] = ()
    differs: str = ""
    sampled: bool = False
    #: The source ranges the explanation read, when it read a sample (else empty).
    read: tuple[tuple[int, int], ...] = ()
    #: For the bytes as they are: the byte ranges of letters lost before the
    #: bytes were written, which this reading keeps (``lost_letters.letters_lost``).
    letters_lost: tuple[tuple[int, int], ...] = ()
    #: For the bytes as they are: what damage leaves and no reading explains
    #: (``oddities.oddities``).
    oddities: tuple[Oddity, ...] = ()
    #: For the best repair (the first reading that changes the bytes): what
    #: leaves it unsure, in words ("" where nothing does); ranked first, such
    #: a repair claims :data:`UNSURE_CONFIDENCE` at most. For the text as it
    #: is, first and not sure: that the next reading repairs mojibake quoted
    #: on purpose. "" for every other reading.
    doubt: str = ""

    @property
    def unchanged(self) -> bool:
        """Whether this is "the bytes are fine as they are"."""
        return self.chain.is_identity and not self.parts

    @property
    def misread(self) -> bool:
        """Whether a chain undoes some of the bytes (the whole, or a part):
        not "fine as it is", nor the text as it is with lost letters guessed
        (``lost_letters``)."""
        return not self.chain.is_identity or any(not p.chain.is_identity for p in self.parts)

    @property
    def words(self) -> list[str]:
        """The chain in words, with the damage it repaired."""
        words = list(self.chain.words)
        if self.parts:
            words = [f"{word} (some parts)" for word in words]
        for what in dict.fromkeys(lost.what for lost in self.lost):
            words.append(f"repaired: {what}")
        return words


def _identity(data: bytes) -> Hypothesis:
    """The bytes as they are. Bytes that are no UTF-8 are shown with U+FFFD
    and scored as ``features.scored_text`` marks them (a byte that is no
    UTF-8 is not a U+FFFD the text holds), or as WTF-8 reads them where it
    can (a lone surrogate, as a Windows file name holds, is no damage). Only
    bytes that read so (UTF-8 or WTF-8) get the model's identity bonus:
    precision first is about not changing text that reads, not about
    keeping bytes that do not."""
    shown = data.decode("utf-8", "replace")
    scored_text = readable_text(data)
    unreadable = 0.0
    if scored_text is None:
        scored_text = features.scored_text(data)
        unreadable = model.identity_bonus()
    price = model.price(scored_text, IDENTITY) + unreadable
    return Hypothesis(shown, IDENTITY, (), price, scored_text=scored_text)


_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def readable_text(data: bytes) -> str | None:
    """``data`` as UTF-8 or WTF-8 reads it (a lone surrogate is WTF-8's; a
    pair of them written apart is CESU-8, not WTF-8), else ``None``."""
    try:
        text = data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return None
    return None if _SURROGATE_PAIR.search(text) else text


def _readings(
    data: bytes, bound: bool = False
) -> tuple[list[Hypothesis], dict[str, tuple[Part, ...]], float]:
    """Every reading, cheapest first; ``bound``: legacy origins and the code
    pages bytes that are not UTF-8 may be stored in may be left priced by a
    lower bound (``search.search``, ``search.stored_readings``, :func:`_ranked`);
    and what each repair of mojibake quoted on purpose was made
    dearer (:func:`~.quoting.quoting_shift`)."""
    readings, parts = _found(data, bound)
    origin = data.decode("utf-8", "replace")
    priced = [
        h
        if h.chain.is_identity and not h.parts
        else replace(h, price=h.price + _origin_price(h, origin))
        for h in readings
    ]
    shift = quoting_shift(priced, origin)
    if shift:
        priced = [replace(h, price=h.price + shift) if quotes(h, origin) else h for h in priced]
    return sorted(priced, key=lambda h: h.price), parts, shift


def _origin_price(hypothesis: Hypothesis, origin: str) -> float:
    if hypothesis.bound:
        return model.origin_price_bound(hypothesis.text, origin)
    return model.origin_price(hypothesis.text, origin)


def _found(
    data: bytes, bound: bool = False
) -> tuple[list[Hypothesis], dict[str, tuple[Part, ...]]]:
    parts: dict[str, tuple[Part, ...]] = {}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        readings = [_identity(data), *stored_readings(data, bound=bound)]
        _add_pieces(data, readings, parts)
        return sorted(readings, key=lambda h: h.price), parts
    if nothing_to_undo(text):
        readings = [
            scored(text, IDENTITY),
            *(ascii_readings(data) if data.isascii() else ()),
        ]
        _add_guessed(text, len(data), readings, parts)
        return readings, parts
    readings = search(scored(text, IDENTITY), bound=bound)
    if 0 in data:
        readings += stored_readings(data)
    readings += _guess_variants(readings)
    readings += _space_kept(readings)
    _add_cheaper(readings, western_origins(text))
    best = min(readings, key=lambda h: h.price)
    partial = per_part(text, readings[:8]) if _may_be_partial(best) else None
    if partial is not None and partial[0].text not in {h.text for h in readings}:
        readings.append(partial[0])
        parts[partial[0].text] = partial[1]
    _add_pieces(data, readings, parts)
    _add_guessed(text, len(data), readings, parts)
    return sorted(readings, key=lambda h: h.price), parts


def _add_cheaper(readings: list[Hypothesis], more: list[Hypothesis]) -> None:
    """``more`` into ``readings``; a text already there is one reading, named
    as the search names two chains that give one text
    (``search.same_text_better``: the shorter, then the commoner code
    pages, windows-1252 before cp1254) and priced as the cheaper of them
    (a price that is only a bound is settled first)."""
    where = {h.text: i for i, h in enumerate(readings)}
    for hypothesis in more:
        at = where.get(hypothesis.text)
        if at is None:
            where[hypothesis.text] = len(readings)
            readings.append(hypothesis)
            continue
        known = settled(readings[at])
        hypothesis = settled(hypothesis)
        named = hypothesis if same_text_better(hypothesis, known) else known
        readings[at] = replace(named, price=min(known.price, hypothesis.price))


def _add_guessed(
    text: str, size: int, readings: list[Hypothesis], parts: dict[str, tuple[Part, ...]]
) -> None:
    """The readings beside the search that keep the text as one part, as it
    is, with guesses: its lost letters guessed from the words
    (``lost_letters``), the characters a lenient UTF-8 decoder made read
    back (``lenient``), and in ASCII text, characters a program drew as
    boxes in ASCII (``stand_ins.drawn_in_ascii``)."""
    letters = guess_letters(text) if any(c in text for c in "\ufffd?◇◆") else None
    drawn = drawn_in_ascii(text, DRAWN_ANYWHERE) if text.isascii() else None
    for found in (letters, leniently_read(text), drawn):
        if found is None or found[0] in {h.text for h in readings}:
            continue
        read, guesses = found
        price = model.price(read, IDENTITY, guess_kinds(guesses), parts=1, pieces=True)
        readings.append(Hypothesis(read, IDENTITY, guesses, price, parts=1, pieces=True))
        parts[read] = (Part(0, size, IDENTITY),)


def _add_pieces(
    data: bytes, readings: list[Hypothesis], parts: dict[str, tuple[Part, ...]]
) -> None:
    known = {h.text for h in readings}
    for reading, its_parts in [*piecewise(data, known), *legacy_pieces(data, known)]:
        readings.append(reading)
        parts[reading.text] = its_parts


def _guess_variants(readings: list[Hypothesis]) -> list[Hypothesis]:
    """Second readings of the best one-layer reading with guessed bytes: one
    guess at a time switched to its first alternative, dearer by how much
    rarer that is, if it is (the model prices a guess by its kind alone,
    and the guess was ranked before its alternative with its rarity and
    its context both weighed: a commoner alternative gains nothing)."""
    guessed = [h for h in readings if h.guesses and len(h.chain.layers) == 1]
    if not guessed:
        return []
    best = min(guessed, key=lambda h: h.price)
    known = {h.text for h in readings}
    found = []
    for text, guesses, rarer in variants(best.text, best.guesses):
        if text not in known:
            variant = scored(text, best.chain, guesses)
            found.append(replace(variant, price=variant.price + max(rarer, 0.0)))
    return found


def _space_kept(readings: list[Hypothesis]) -> list[Hypothesis]:
    """For the best one-layer reading that took a space for a lost no-break
    space: the reading where the no-break space was lost and the space after
    it kept (``Ã perturber`` is ``à perturber``: HTML collapsed the two)."""
    spaced = [
        h for h in readings if len(h.chain.layers) == 1 and any(g.what == SPACE for g in h.guesses)
    ]
    if not spaced:
        return []
    best = min(spaced, key=lambda h: h.price)
    text, guesses = keep_spaces(best.text, best.guesses)
    if text == best.text:
        return []
    return [scored(text, best.chain, guesses)]


def _may_be_partial(best: Hypothesis) -> bool:
    """Whether per-line chains are worth trying: the whole text found no
    clean explanation (it is best as it is, needs guesses, or only a legacy
    origin explains it, which a partly damaged UTF-8 text often mimics)."""
    return (
        best.chain.is_identity
        or bool(best.guesses)
        or any(layer.written != "utf-8" for layer in best.chain.layers)
    )


#: The most a reading that leaves damage unexplained may claim (see
#: :func:`_unsure`): a repair may be right about its pieces, but what the
#: text was is not known, and a legacy text read as a code page that lost
#: bytes (Shift_JIS as windows-1252, its 81 bytes U+FFFD) makes pieces that
#: read as UTF-8 by chance; "fine as it is" is not fine where a letter was
#: lost, and not surely fine where the text holds what damage leaves
#: (``oddities``): about half of such answers were right on the
#: development sets.
UNSURE_CONFIDENCE = 0.5
#: The escapes (``extra_codecs.ESCAPES``) code writes bytes in on purpose,
#: whose repairs claim :data:`UNSURE_CONFIDENCE` at most (see :func:`_doubt`);
#: no code writes ``less``'s ``<E4>``.
WRITTEN_IN_CODE = frozenset({"octal-escapes", "hex-escapes"})
_FFFD = "\ufffd".encode()


def _unsure(reading: Hypothesis, data: bytes) -> bool:
    """Whether the bytes show damage the reading does not explain: the text
    as it is keeps the lost letters (``lost_letters.letters_lost``) and the
    oddities (``oddities.oddities``); for a repair, :func:`_doubt`."""
    if reading.chain.is_identity and not reading.parts:
        return bool(letters_lost(data)) or bool(oddities(data))
    return bool(_doubt(reading, data))


def _doubt(reading: Hypothesis, data: bytes) -> str:
    """Why a repair leaves damage unexplained, in words ("" where it does
    not): a repair of mojibake quoted on purpose
    (:func:`~.quoting.quoted_on_purpose`: ``the symbol displays as Â£`` most
    likely quotes the mojibake on purpose; on the development sets each
    such repair changed a correct text), a misreading training never draws
    (``search.UNFITTED``: its confidence was never measured; on the
    development sets windows-1252 read as cp1251 was wrong at 0.95 as often
    as right before look-alike letters were left out) or text read back
    from a lenient UTF-8 decoder (``lenient``: never measured either), a
    legacy origin of text shaped as UTF-8 read as latin-1 that lost its C1 controls
    (``readers.c1_stripped_shape``: the reading that lost them is one the
    search cannot make where a character lost two bytes, and another code
    page then reads the bytes as letters, ``ÐÐ¾Ð±ÑÑÐ¹`` as cp874's Thai),
    bytes shown as escapes that code writes too (:data:`WRITTEN_IN_CODE`:
    ``printf "\\xe2\\x9c\\x93"``, ``echo -e "\\303\\251"`` are correct as
    they are; git's quoted file names and Python's repr of bytes, which
    are not, look the same), Cyrillic read back from its low bytes that
    keeps digits or signs beside its words that may have been letters
    (``ascii_readings.low_bytes_left``: ``в`` is the digit ``2``), a repair
    that makes an oddity (``oddities.made_oddities``: on the
    development sets every such repair was wrong), or bytes that hold
    U+FFFD as a character (a reader lost bytes) where the repair leaves
    U+FFFD in its text that no guess of its own put there (a cut
    character's U+FFFD is a guess)."""
    origin = data.decode("utf-8", "replace")
    quoting = quoted_on_purpose(origin, reading.text)
    if quoting:
        return f"{quoting}, so it may quote this mojibake on purpose"
    if any(layer in UNFITTED for layer in reading.chain.layers):
        return (
            "the model was never fitted on this misreading, so how often it is right is not known"
        )
    if any(guess.what == LENIENT for guess in reading.guesses):
        return (
            "the model was never fitted on text a lenient UTF-8 decoder read, "
            "so how often this is right is not known"
        )
    if any(layer.read_as in WRITTEN_IN_CODE for layer in reading.chain.layers):
        return (
            "code and logs write bytes as these escapes on purpose as often as "
            "a program shows them so"
        )
    if reading.chain.stored_as == LOW_BYTES_WORD and low_bytes_left(reading.text):
        return (
            "digits and signs beside the words may be letters too (Cyrillic capitals "
            "\u0420 to \u042f are punctuation as low bytes, \u0432 and \u0438 the digits 2 and 8)"
        )
    if model.legacy_origin(reading.chain) and c1_stripped_shape(origin):
        return (
            "the text has the shape of UTF-8 read as latin-1 that lost its C1 controls, "
            "which a legacy code page may read as letters by chance"
        )
    if not reading.text.isascii():
        made = made_oddities(origin, reading.text)
        if made:
            shown = " ".join(dict.fromkeys(reading.text[at] for at in made[:3]))
            return f"the repair makes what damage leaves ({shown})"
    if _FFFD not in data:
        return ""
    cut = sum(1 for guess in reading.guesses if guess.what == CUT)
    if reading.text.count("\ufffd") > cut:
        return "a reader lost bytes here (U+FFFD) that the repair does not give back"
    return ""


def _confidences(
    readings: list[Hypothesis], data: bytes, tail: slice | None = None
) -> list[float] | None:
    """The best reading's calibrated confidence; the others share the rest in
    proportion to their raw probabilities (never above the best's). A reading
    that leaves damage unexplained (:func:`_unsure`) claims at most
    :data:`UNSURE_CONFIDENCE`.

    ``tail``: readings, dearer than all before them, in an order not known
    (some priced by a bound, see :func:`_ranked`); a bound reading gets
    nothing. The sum of the raw probabilities is then the one the scores
    give, whatever that order, when it is the same with every raw
    probability there at 0 and at twice the largest one there allows
    (float addition never decreases when a term grows, so any values
    between give that sum too). Else ``None``."""
    scores = np.array([-h.price for h in readings])
    raw = np.exp(scores - scores.max())
    if tail is None:
        raw /= raw.sum()
    else:
        among = np.zeros(len(raw), bool)
        among[tail] = True
        total = np.where(among, 0.0, raw).sum()
        if total != np.where(among, 2.0 * raw[tail].max(), raw).sum():
            return None
        raw = np.where([h.bound for h in readings], 0.0, raw)
        raw /= total
    best = int(np.argmax(raw))
    chosen = readings[best]
    unchanged = chosen.chain.is_identity and not chosen.parts
    top = model.calibrated(
        float(raw[best]),
        unchanged=unchanged,
        guessed=bool(chosen.guesses),
        legacy=model.legacy_origin(chosen.chain),
    )
    if unchanged and len(raw) > 1 and _quoted_repair(readings, raw, best, data):
        top = max(top, UNSURE_CONFIDENCE)
    if _unsure(chosen, data):
        top = min(top, UNSURE_CONFIDENCE)
    rest = 1.0 - float(raw[best])
    share = (1.0 - top) / rest if rest > 0 else 0.0
    return [top if i == best else min(top, float(p) * share) for i, p in enumerate(raw)]


def _quoted_repair(readings: list[Hypothesis], raw: model.F64, best: int, data: bytes) -> bool:
    """Whether the runner-up to the text as it is (``readings[best]``) is a
    repair of mojibake quoted on purpose: the text may be first
    by :func:`~.quoting.quoting_shift`, not by the model, whose calibration then
    says nothing of it."""
    runner_up = max((i for i in range(len(raw)) if i != best), key=lambda i: raw[i])
    return quotes(readings[runner_up], data.decode("utf-8", "replace"))


def _differs(a: str, b: str, chain_b: Chain) -> str:
    """Where reading ``a`` and reading ``b`` first part, in words."""
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    seen_a, seen_b = a[max(0, i - 8) : i + 8], b[max(0, i - 8) : i + 8]
    name = ", ".join(chain_b.words) or "the bytes as they are"
    return f"at character {i}: {seen_a!r} here, {seen_b!r} if {name}"


def candidates(data: bytes) -> tuple[list[Hypothesis], dict[str, tuple[Part, ...]]]:
    """Every reading the search found for ``data`` (no sampling), cheapest
    first, the unchanged one among them, and the parts of per-part readings:
    what the training script scores."""
    readings, parts, _ = _readings(bytes(data))
    if not any(h.chain.is_identity and h.text not in parts for h in readings):
        readings.append(_identity(bytes(data)))
    return readings, parts


def explain_watched(control: Control, data: bytes) -> list[Explanation]:
    """:func:`explain` after a look at ``control`` (the form
    :func:`~mojiscope.core.system.child_job.run_in_child` runs in a child process)."""
    control.check()
    return explain(data)


def explain(data: bytes, *, limit: int = 5) -> list[Explanation]:
    """The likeliest readings of ``data``, best first, at most ``limit`` (at
    least 2), the unchanged reading always among them (see the module docstring)."""
    data = bytes(data)
    if len(data) > SAMPLE_BYTES:
        return explain_source(BytesSource(data), limit=limit)
    return _explain_bytes(data, limit)


def explain_source(
    source: Source, *, limit: int = 5, control: Control = UNCONTROLLED
) -> list[Explanation]:
    """:func:`explain` over a source: whole when it is small, else from the
    windows :func:`~mojiscope.core.mojibake.sample.interesting_windows` picks,
    with every offset mapped back to the source."""
    windows = interesting_windows(source, control=control)
    if windows == ((0, len(source)),):
        return _explain_bytes(source.read(0, len(source)), limit)
    sample, mapping = read_sample(source, windows)
    return [_mapped(e, mapping, windows) for e in _explain_bytes(sample, limit)]


#: What :func:`_mapped` moves back to source offsets: dataclasses with a
#: ``start`` and an ``end``.
_Placed = TypeVar("_Placed", Part, Lost, Oddity)


def _mapped(
    explanation: Explanation, mapping: SampleMap, windows: tuple[tuple[int, int], ...]
) -> Explanation:
    def back(start: int, end: int) -> tuple[int, int]:
        return mapping.to_source(start), mapping.to_source(end)

    def moved(x: _Placed) -> _Placed:
        start, end = back(x.start, x.end)
        return replace(x, start=start, end=end)

    return replace(
        explanation,
        ranges=tuple(back(a, b) for a, b in explanation.ranges),
        parts=tuple(moved(p) for p in explanation.parts),
        letters_lost=tuple(back(a, b) for a, b in explanation.letters_lost),
        oddities=tuple(moved(x) for x in explanation.oddities),
        lost=tuple(moved(x) for x in explanation.lost),
        sampled=True,
        read=windows,
    )


#: The most readings shown for which legacy origins are first priced by a
#: bound (:func:`_ranked`): the bounds are loose (by about a hundred, in
#: price, on accented Latin text), so when more readings are shown nearly
#: every one ends up scored and the bounds would only add their cost.
BOUNDED_LIMIT = 2


def _ranked(
    data: bytes, limit: int
) -> tuple[list[Hypothesis], dict[str, tuple[Part, ...]], Hypothesis, list[float]]:
    """The readings cheapest first (the unchanged one among them, added
    last when the search has none), the parts of per-part readings, the
    unchanged reading, and the confidences: what scoring every reading
    gives, for every reading but those left bound.

    Legacy origins and stored code pages are first priced by a lower bound
    (``search.search``, ``search.stored_readings``) when at most
    :data:`BOUNDED_LIMIT` readings are shown. Readings come
    first, in their order, whatever the scores of those left bound, when
    all before the cheapest bound are scored and cheaper than it: the
    cheapest bound reading is scored until at least ``limit`` readings
    come so and :func:`_confidences` can prove what the others add. When
    two readings in front tie, their order would come from an order the
    bounds changed: every reading is then scored again from the start."""
    readings, parts, shift = _readings(data, bound=limit <= BOUNDED_LIMIT)
    was_bound = any(h.bound for h in readings)
    origin = data.decode("utf-8", "replace")
    identity = next((h for h in readings if h.chain.is_identity and h.text not in parts), None)
    added = [] if identity is not None else [_identity(data)]
    shown = max(1, limit - 1)
    while True:
        readings.sort(key=lambda h: h.price)
        front = next((i for i, h in enumerate(readings) if h.bound), len(readings))
        if front == len(readings):
            confidences = _confidences(readings + added, data)
            break
        told = sum(1 for h in readings[:front] if not (h.chain.is_identity and h.text not in parts))
        if told >= shown and front > 0 and readings[front].price > readings[front - 1].price:
            confidences = _confidences(readings + added, data, slice(front, len(readings)))
            if confidences is not None:
                break
        exact = settled(readings[front])
        quoting = shift if quotes(exact, origin) else 0.0
        price = exact.price + model.origin_price(exact.text, origin) + quoting
        readings[front] = replace(exact, price=price)
    prices = [h.price for h in readings[:front]]
    if was_bound and len(set(prices)) < len(prices):
        readings, parts, _ = _readings(data)
        identity = next((h for h in readings if h.chain.is_identity and h.text not in parts), None)
        added = [] if identity is not None else [_identity(data)]
        confidences = _confidences(readings + added, data)
    assert confidences is not None  # with no reading left bound
    readings += added
    chosen = identity if identity is not None else added[0]
    return readings, parts, chosen, confidences


def _explain_bytes(data: bytes, limit: int) -> list[Explanation]:
    readings, parts, identity, found = _ranked(data, limit)
    confidences = dict(zip(map(id, readings), found, strict=True))
    chosen = [h for h in readings if h is not identity][: max(1, limit - 1)]
    chosen = sorted([*chosen, identity], key=lambda h: h.price)
    stored = data.decode("utf-8", "replace")
    kept, odd = letters_lost(data), oddities(data)
    best_repair = next((h for h in chosen if h is not identity), None)
    explanations = []
    for i, hypothesis in enumerate(chosen):
        other = chosen[1] if i == 0 and len(chosen) > 1 else chosen[0]
        hyp_parts = parts.get(hypothesis.text, ())
        lost = guessed_bytes(stored, hypothesis.guesses, hypothesis.chain)
        explanations.append(
            Explanation(
                text=hypothesis.text,
                chain=hypothesis.chain,
                confidence=round(confidences[id(hypothesis)], 4),
                ranges=with_lost(touched(data, hypothesis, hyp_parts), lost),
                parts=hyp_parts,
                lost=lost,
                differs=_differs(hypothesis.text, other.text, other.chain)
                if other is not hypothesis
                else "",
                letters_lost=kept if hypothesis is identity else (),
                oddities=odd if hypothesis is identity else (),
                doubt=_doubt(hypothesis, data)
                if hypothesis is best_repair
                else _kept_doubt(stored, best_repair, confidences[id(hypothesis)])
                if i == 0
                else "",
            )
        )
    return explanations


def _kept_doubt(origin: str, repair: Hypothesis | None, confidence: float) -> str:
    """Why the text as it is, first at :data:`UNSURE_CONFIDENCE` or less,
    is not sure, where the next reading repairs mojibake quoted on purpose
    (:func:`~.quoting.quoted_on_purpose`), in words ("" elsewhere: its oddities and
    lost letters say it)."""
    if repair is None or confidence > UNSURE_CONFIDENCE:
        return ""
    reason = quoted_on_purpose(origin, repair.text)
    if not reason:
        return ""
    return (
        f"the next reading repairs mojibake here, but {reason}, "
        "so the mojibake is most likely quoted on purpose"
    )
