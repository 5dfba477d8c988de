"""Reading one suspicious unit of a file (a line or a table record) into segments.

The segment map (``segments.py``) hands every unit the screen flagged, or
that is no UTF-8, to a :class:`Judge`. Asking the explainer about each one
would take hours for a large file, and the lines of one file are mostly
misread the same few ways, so the judge keeps the chains the explainer has
found so far (:class:`Known`, most recently useful first) and tries them
first, from the cheapest cut to the finest:

1. the whole unit (a line or record misread once, twice...);
2. in a table, each field that holds the pattern (one column went through
   Excel, the others did not);
3. each run of the chain's last reader's pattern inside the line (a word
   pasted from elsewhere), the rest of the line fine;
4. the whole unit with the bytes a chain of one misreading lost guessed
   (``Å?ukasz``: the program that read ``Ł`` as windows-1252 wrote ``?``
   for the 81 it leaves undefined), as the explainer guesses them, when the
   model prices the repair below the unit as it is: a lossy segment.

A chain *fits* bytes when its strict repair succeeds, the chain's damage of
the repair gives back exactly those bytes (it never changes text it would
not make again), the repair holds no pattern of any misreading (a line
read twice is not "repaired" by undoing one layer) and it makes no oddity
(``oddities.made_oddities``: German read back as cp1251 is ``hГ¤ngt``).
Bytes that are no UTF-8 are tried with the known legacy code pages, only
where they are no UTF-8 (with the non-ASCII bytes glued to them,
:func:`~.legacy_units.legacy_runs`): a line holding both valid UTF-8 letters and a stray
``E9`` keeps its UTF-8 as it is.

Units no known chain fits wait in a group (valid UTF-8 and not, apart);
a group of :data:`GROUP_UNITS` units or :data:`GROUP_BYTES` bytes is
explained at once (neighbouring lines share one explanation, and the
explainer sees them in context), its chains are learnt when the
explanation is confident enough (:data:`LEARN_CONFIDENCE`), and its units
are judged again; what still fits nothing takes the explanation's own
answer for its bytes (its parts, its guesses, or "fine as it is"), unless
that answer is unsure and does not fit the unit: it is then explained alone.
A unit holding NUL is binary unless a known UTF-16 reading fits it.

The confidence of a segment is the confidence of the explanation its chain
came from.

Whether a chain fits some bytes (whole, or as the one unit of a batch) is a
function of the chain and the bytes alone, so the judge keeps each verdict
(:class:`_Verdicts`): a file repeats its lines, fields and runs, and each is
tried once per chain. What depends on the other units (a batch's joined
repair, a group's explanation) is never kept.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace

from mojiscope.core.mojibake.chain import (
    IDENTITY,
    Chain,
    Misreading,
    damage,
    try_repair,
)
from mojiscope.core.mojibake.explain import Explanation, explain
from mojiscope.core.mojibake.guessed import guessed_bytes
from mojiscope.core.mojibake.hypothesis import scored
from mojiscope.core.mojibake.legacy_units import (
    binary,
    decodes_as,
    holds_utf8_apart,
    legacy_probe,
    legacy_runs,
)
from mojiscope.core.mojibake.oddities import made_oddities
from mojiscope.core.mojibake.plausibility import word_likelier, words_of_runs
from mojiscope.core.mojibake.screen import Screen, gaps
from mojiscope.core.mojibake.search import MAX_LAYERS, undo_first
from mojiscope.core.mojibake.segment import SCREENED, Segment, SegmentKind, tiled
from mojiscope.core.mojibake.table import TableShape, fields

#: A group waiting for the explainer is explained once it has this many units...
GROUP_UNITS = 8
#: ... or this many bytes.
GROUP_BYTES = 4096
#: Chains kept to try on the next units.
KNOWN_CHAINS = 12
#: An explanation less sure than this teaches no chain: its units keep its
#: answer, and the next units are explained on their own.
LEARN_CONFIDENCE = 0.6
#: Bytes of the texts whose verdicts :class:`_Verdicts` keeps before it forgets them all.
VERDICT_BYTES = 4 << 20

#: A reader whose program kept every byte, and the same table as a program
#: that lost the bytes it leaves undefined (``?`` or U+FFFD for them): a
#: unit with such holes tries the second where the first is known.
LOSING = {"windows-1252": "cp1252"}

_C1 = re.compile("[\x80-\x9f]")


@dataclass(frozen=True)
class Known:
    """A chain found by the explainer, and that explanation's confidence."""

    chain: Chain
    confidence: float


@dataclass(frozen=True)
class Unit:
    """A suspicious line or record: its absolute ``start``, bytes, row, and
    whether its bytes are UTF-8."""

    start: int
    data: bytes
    row: int
    valid: bool

    @property
    def end(self) -> int:
        return self.start + len(self.data)


Decided = tuple[Unit, list[Segment]]


class _Verdicts:
    """Answers of a pure function of a chain and some bytes, kept (the same
    line, field or run of a file is judged once), by chain and then by
    bytes (a batch looks up many lines for one chain: a chain's hash is
    worked out in Python); forgotten all at once past
    :data:`VERDICT_BYTES` of keys, so memory stays bounded."""

    def __init__(self) -> None:
        self._kept: dict[Chain, dict[bytes, bool]] = {}
        self._bytes = 0

    def get(self, chain: Chain, data: bytes) -> bool | None:
        return self.of(chain).get(data)

    def of(self, chain: Chain) -> dict[bytes, bool]:
        """The verdicts kept for ``chain``, by bytes (to look many up)."""
        return self._kept.get(chain) or {}

    def put(self, chain: Chain, data: bytes, verdict: bool) -> bool:
        if self._bytes + len(data) > VERDICT_BYTES:
            self._kept.clear()
            self._bytes = 0
        self._kept.setdefault(chain, {})[data] = verdict
        self._bytes += len(data)
        return verdict


class Judge:
    """Decides units into segments, learning chains as it goes (see the module)."""

    def __init__(self, screen: Screen, table: TableShape | None = None) -> None:
        self.screen = screen
        self.table = table
        self.known: list[Known] = []
        self._pending: dict[bool, list[Unit]] = {True: [], False: []}
        #: How many times the explainer was asked (for tests and the benchmark).
        self.explained = 0
        #: Grows each time a chain is learnt.
        self.learnt = 0
        # fits(chain, data), and _fits_each of one unit: functions of their
        # arguments alone (the screen never changes), so kept.
        self._fits = _Verdicts()
        self._fits_alone = _Verdicts()

    def learn_whole(self, data: bytes) -> Explanation:
        """Learn the chains of the explanation of ``data``, a whole source
        the explainer reads at once, and give it: its units then try first
        what the explainer shows for the whole (a Thai table read as cp437
        field by field is one misreading, whatever each field alone looks
        like)."""
        best = self._explain(data)
        self._learn(best, data)
        return best

    # -- the units -------------------------------------------------------------------

    def take_all(self, units: list[Unit]) -> list[Decided]:
        """Decide ``units`` (in file order), then every unit still waiting.
        The known chains are tried on all the valid units at once (one
        repair of their joined bytes, split where it fails), and again
        each time the explainer teaches a new one."""
        decided: list[Decided] = []
        rest = list(units)
        while rest:
            fitted, rest = self._fit_batch(rest)
            decided += fitted
            learnt = self.learnt
            while rest and self.learnt == learnt:
                decided += self.take(rest.pop(0))
        return decided + self.flush()

    def _fit_batch(self, units: list[Unit]) -> tuple[list[Decided], list[Unit]]:
        """The valid units a known chain fits whole, decided; and the rest."""
        decided: list[Decided] = []
        rest = [u for u in units if u.valid and b"\x00" not in u.data]
        others = [u for u in units if not (u.valid and b"\x00" not in u.data)]
        for known in list(self.known):
            if not rest or not known.chain.layers:
                continue
            fit = self._fits_all([u.data for u in rest], known.chain)
            for unit, ok in zip(rest, fit, strict=True):
                if ok:
                    size = len(unit.data)
                    decided.append(
                        (unit, [self._segment(unit, 0, size, SegmentKind.MISREAD, known)])
                    )
            rest = [u for u, ok in zip(rest, fit, strict=True) if not ok]
        left = sorted(rest + others, key=lambda u: u.start)
        return decided, left

    def _fits_all(self, datas: list[bytes], chain: Chain) -> list[bool]:
        """:meth:`_fits_each` of ``datas``, but for those whose verdict alone is
        kept, which take it (a file's repeated lines)."""
        kept = self._fits_alone.of(chain)
        verdicts = [kept.get(data) for data in datas]
        unknown = [i for i, verdict in enumerate(verdicts) if verdict is None]
        if unknown:
            found = self._fits_each([datas[i] for i in unknown], chain)
            for i, verdict in zip(unknown, found, strict=True):
                verdicts[i] = verdict
        return [bool(verdict) for verdict in verdicts]

    def _fits_each(self, datas: list[bytes], chain: Chain) -> list[bool]:
        """Whether ``chain`` fits each of ``datas`` (whole lines or pieces cut
        after an ASCII byte): their joined bytes are repaired at once, and
        halved where the repair fails; a repair that succeeds is screened
        once, and only the lines that still hold a pattern, or where the
        repair made an oddity (``oddities.made_oddities``), are refused.
        The verdict on a single unit depends on it alone, and is kept."""
        if len(datas) == 1:
            kept = self._fits_alone.get(chain, datas[0])
            if kept is not None:
                return [kept]
            return [self._fits_alone.put(chain, datas[0], self._fits_joined(datas, chain)[0])]
        return self._fits_joined(datas, chain)

    def _fits_joined(self, datas: list[bytes], chain: Chain) -> list[bool]:
        joined = b"".join(datas)
        text = try_repair(chain, joined)
        exact = False
        if text is not None:
            try:
                exact = damage(chain, text) == joined
            except UnicodeError:
                exact = False
        if not exact or text is None or _C1.search(text) is not None:
            if len(datas) == 1:
                return [False]
            middle = len(datas) // 2
            return self._fits_each(datas[:middle], chain) + self._fits_each(datas[middle:], chain)
        repaired = text.encode("utf-8", "surrogatepass")
        dirty = self.screen.suspicious(repaired) if not repaired.isascii() else []
        made = [] if text.isascii() else made_oddities(joined.decode("utf-8", "replace"), text)
        if made:  # the lines where the repair made an oddity, as byte offsets
            dirty = sorted(
                {*dirty, *(len(text[:at].encode("utf-8", "surrogatepass")) for at in made)}
            )
        if not dirty:
            return [True] * len(datas)
        # Each unit's lines are its own: map the dirty lines back by counting line ends.
        ends = []
        count = 0
        for data in datas:
            count += data.count(b"\n")
            ends.append(count)
        bad = set()
        seen, lines = 0, 0
        for position in dirty:
            lines += repaired.count(b"\n", seen, position)
            seen = position
            bad.add(bisect.bisect_right(ends, lines))
        return [i not in bad for i in range(len(datas))]

    def take(self, unit: Unit) -> list[Decided]:
        """Decide ``unit`` now if a known chain reads it; else let it wait
        for its group, and return the units of a group explained now."""
        decided = self.decide(unit)
        if decided is not None:
            return [(unit, decided)]
        pending = self._pending[unit.valid]
        pending.append(unit)
        if len(pending) >= GROUP_UNITS or sum(len(u.data) for u in pending) >= GROUP_BYTES:
            return self._explain_group(unit.valid)
        return []

    def flush(self) -> list[Decided]:
        """Explain and decide every unit still waiting."""
        return self._explain_group(True) + self._explain_group(False)

    def decide(self, unit: Unit) -> list[Segment] | None:
        """The unit's segments from the known chains, or ``None``."""
        if b"\x00" in unit.data:  # binary, unless a known UTF-16 reading fits it
            wide = self._wide(unit)
            if wide is not None:
                kind = SegmentKind.MISREAD if wide.chain.layers else SegmentKind.LEGACY
                return [self._segment(unit, 0, len(unit.data), kind, wide)]
            return [self._segment(unit, 0, len(unit.data), SegmentKind.BINARY)]
        if not unit.valid:
            return self._decide_invalid(unit)
        whole = self._fitting(unit.data)
        if whole is not None:
            return [self._segment(unit, 0, len(unit.data), SegmentKind.MISREAD, whole)]
        if self.table is not None:
            by_field = self._by_field(unit)
            if by_field is not None:
                return by_field
        by_run = self._by_run(unit)
        if by_run is not None:
            return by_run
        return self._with_holes(unit)

    def _segment(
        self,
        unit: Unit,
        start: int,
        end: int,
        kind: SegmentKind,
        known: Known | None = None,
        column: int = -1,
        confidence: float | None = None,
    ) -> Segment:
        chain = known.chain if known is not None else IDENTITY
        if confidence is None:
            confidence = known.confidence if known is not None else 1.0
        return Segment(
            unit.start + start, unit.start + end, kind, chain, confidence, unit.row, column
        )

    # -- known chains ----------------------------------------------------------------

    def fits(self, chain: Chain, data: bytes) -> bool:
        """Whether ``chain`` fits ``data`` (see the module docstring)."""
        kept = self._fits.get(chain, data)
        if kept is not None:
            return kept
        return self._fits.put(chain, data, self._fits_now(chain, data))

    def _fits_now(self, chain: Chain, data: bytes) -> bool:
        text = try_repair(chain, data)
        if text is None:
            return False
        try:
            if damage(chain, text) != data:
                return False
        except UnicodeError:
            return False
        if _C1.search(text) is not None:
            return False
        if made_oddities(data.decode("utf-8", "replace"), text):
            return False
        return not self.screen.holds_mojibake(text.encode("utf-8", "surrogatepass"))

    def _wide(self, unit: Unit) -> Known | None:
        """A known chain from text written as UTF-16 that reads ``unit``
        (whose NUL bytes would else make it binary): misread, it fits the
        unit; on disk, the unit decodes in it."""
        for known in self.known:
            chain = known.chain
            if not chain.wide:
                continue
            if chain.layers and unit.valid and self.fits(chain, unit.data):
                return known
            if not chain.layers and decodes_as(chain.stored_as, unit.data):
                return known
        return None

    def _fitting(self, data: bytes) -> Known | None:
        for i, known in enumerate(self.known):
            if known.chain.layers and self.fits(known.chain, data):
                if i:  # most recently useful first
                    self.known.insert(0, self.known.pop(i))
                return known
        return None

    def _by_field(self, unit: Unit) -> list[Segment] | None:
        assert self.table is not None
        data = unit.data
        found: list[Segment] = []
        for column, (a, b) in enumerate(fields(data, self.table.delimiter)):
            value = data[a:b]
            if value.isascii() or not self.screen.holds_mojibake(value):
                continue
            known = self._fitting(value)
            if known is None:
                return None
            found.append(self._segment(unit, a, b, SegmentKind.MISREAD, known, column))
        return tiled(found, unit.start, unit.end, SCREENED, unit.row) if found else None

    def _by_run(self, unit: Unit) -> list[Segment] | None:
        data = unit.data
        for known in list(self.known):
            if not known.chain.layers:
                continue
            reader = known.chain.layers[-1].read_as
            runs = self.screen.runs(data, reader)
            if not runs or not all(self.fits(known.chain, data[a:b]) for a, b in runs):
                continue
            rest = b"".join(data[a:b] for a, b in gaps(runs, len(data)))
            if self.screen.holds_mojibake(rest) or self.screen.partial(data, reader):
                continue
            helping = self._helping(known.chain, data, runs)
            if not helping:
                continue
            found = [self._segment(unit, a, b, SegmentKind.MISREAD, known) for a, b in helping]
            return tiled(found, unit.start, unit.end, SCREENED, unit.row)
        return None

    def _helping(
        self, chain: Chain, data: bytes, runs: list[tuple[int, int]]
    ) -> list[tuple[int, int]]:
        """The runs of ``data`` (a valid unit) worth repairing with
        ``chain``: the runs of each word (the letters and non-ASCII bytes
        around them) that the model finds likelier text with all of them
        repaired than as it is (``PÅ™Ã\xadliÅ¡`` is two runs of one word,
        and half repaired it reads worse than either). A run that only
        looks misread (``È”`` in Italian is windows-1252's reading of
        ``Ȕ``) stays as it is."""
        repairs = [try_repair(chain, data[a:b]) for a, b in runs]
        if any(r is None for r in repairs):
            return []
        helping: list[tuple[int, int]] = []
        for group in words_of_runs(data, runs):
            if word_likelier(data, [runs[i] for i in group], [repairs[i] for i in group]):
                helping += [runs[i] for i in group]
        return helping

    def _with_holes(self, unit: Unit) -> list[Segment] | None:
        """A known chain of one misreading that reads ``unit`` once the bytes
        its reader lost are guessed (``?``, U+FFFD or a dropped byte where a
        character's byte was: :func:`~.search.undo_first`), into text that
        is clean (as :meth:`fits` asks) and that the model prices below the
        unit as it is: a lossy segment with its guesses."""
        text = unit.data.decode("utf-8")
        tried = set()
        for known in self.known:
            layers = known.chain.layers
            if len(layers) != 1 or layers[0].written != "utf-8":
                continue
            reader = LOSING.get(layers[0].read_as, layers[0].read_as)
            if reader in tried:
                continue
            tried.add(reader)
            chain = Chain((Misreading("utf-8", reader),), known.chain.stored_as)
            undone = undo_first(text, reader)
            if undone is None or not undone[1]:
                continue
            repaired, guesses = undone
            if _C1.search(repaired) is not None or made_oddities(text, repaired):
                continue
            if self.screen.holds_mojibake(repaired.encode("utf-8", "surrogatepass")):
                continue
            if scored(repaired, chain, guesses).price >= scored(text, IDENTITY).price:
                continue
            lost = tuple(
                replace(x, start=x.start + unit.start, end=x.end + unit.start)
                for x in guessed_bytes(text, guesses, chain)
            )
            segment = self._segment(
                unit, 0, len(unit.data), SegmentKind.LOSSY, Known(chain, known.confidence)
            )
            return [replace(segment, lost=lost)]
        return None

    def _decide_invalid(self, unit: Unit) -> list[Segment] | None:
        data = unit.data
        if binary(data):
            return [self._segment(unit, 0, len(data), SegmentKind.BINARY)]
        runs = legacy_runs(data)
        legacy = [k for k in self.known if not k.chain.layers]
        if not holds_utf8_apart(data, runs):
            for each in legacy:
                if decodes_as(each.chain.stored_as, data):
                    return [self._segment(unit, 0, len(data), SegmentKind.LEGACY, each)]
            return None
        found = []
        for a, b in runs:
            known = next((k for k in legacy if decodes_as(k.chain.stored_as, data[a:b])), None)
            if known is None:
                return None
            found.append(self._segment(unit, a, b, SegmentKind.LEGACY, known))
        return tiled(found, unit.start, unit.end, SCREENED, unit.row)

    # -- asking the explainer --------------------------------------------------------

    def _explain_group(self, valid: bool) -> list[Decided]:
        units = self._pending[valid]
        if not units:
            return []
        self._pending[valid] = []
        probes = [u.data if valid else legacy_probe(u.data) for u in units]
        joined = b"".join(probes)
        best = self._explain(joined)
        self._learn(best, joined if valid else None)
        decided: list[Decided] = []
        offset = 0
        for unit, probe in zip(units, probes, strict=True):
            segments = self.decide(unit)
            if segments is None and valid:
                segments = self._answer(unit, best, offset)
                if self._left_misread(unit, segments) or not self._improves(unit, segments):
                    segments = self._alone(unit)
            elif segments is None:
                segments = self._alone(unit)
            decided.append((unit, segments))
            offset += len(probe)
        return decided

    def _explain(self, data: bytes) -> Explanation:
        self.explained += 1
        return explain(data, limit=2)[0]

    def _learn(self, best: Explanation, data: bytes | None = None) -> None:
        """Keep ``best``'s chains (its parts', deepened where a part was
        read more than once, when ``data``, the bytes explained, is given)."""
        if best.confidence < LEARN_CONFIDENCE or best.unchanged:
            return
        if best.parts:
            chains = [
                self.deepened(p.chain, data[p.start : p.end]) if data is not None else p.chain
                for p in best.parts
            ]
        else:
            chains = [best.chain]
        for chain in chains:
            if chain.is_identity:
                continue
            if not any(k.chain == chain for k in self.known):
                self.learnt += 1
            self.known = [k for k in self.known if k.chain != chain]
            self.known.insert(0, Known(chain, best.confidence))
        del self.known[KNOWN_CHAINS:]

    def deepened(self, chain: Chain, data: bytes) -> Chain:
        """``chain``, or the same misreading undone once or twice more when
        that is what fits ``data`` (a word read twice, which the explainer's
        piece-by-piece reading names with one layer)."""
        if not chain.layers or self.fits(chain, data):
            return chain
        deeper = chain
        for _ in range(MAX_LAYERS - len(chain.layers)):
            deeper = deeper.undo_one(chain.layers[0])
            if self.fits(deeper, data):
                return deeper
        return chain

    def answer(self, unit: Unit, best: Explanation) -> list[Segment]:
        """``best``, the explanation of the whole source ``unit`` lies in
        (from its first byte), read for the unit's bytes."""
        return self._answer(unit, best, unit.start)

    def _answer(
        self, unit: Unit, best: Explanation, offset: int, alone: bool = False
    ) -> list[Segment]:
        """The group's explanation, read for the unit's bytes (at ``offset``
        in it); where it does not fit them, the unit explained on its own,
        or, when ``best`` is that (``alone``), the unit as it is."""
        size = len(unit.data)
        if best.unchanged:
            return [self._as_it_is(unit, best.confidence)]
        # The guesses that stand in the unit, moved to its place in the file.
        lost = tuple(
            replace(x, start=x.start - offset + unit.start, end=x.end - offset + unit.start)
            for x in best.lost
            if offset <= x.start < offset + size
        )
        if best.parts and best.misread:
            found = []
            for part in best.parts:
                a, b = max(part.start - offset, 0), min(part.end - offset, size)
                if a >= b or part.chain.is_identity:
                    continue
                known = Known(part.chain, best.confidence)
                guessed = tuple(x for x in lost if a <= x.start - unit.start < b)
                if guessed:  # a piece whose lost bytes the explanation guessed
                    segment = self._segment(unit, a, b, SegmentKind.LOSSY, known)
                    found.append(replace(segment, lost=guessed))
                    continue
                kind = SegmentKind.MISREAD if part.chain.layers else SegmentKind.LEGACY
                known = Known(self.deepened(part.chain, unit.data[a:b]), best.confidence)
                found.append(self._segment(unit, a, b, kind, known))
            return tiled(found, unit.start, unit.end, best.confidence, unit.row)
        if lost:
            segment = self._segment(
                unit, 0, size, SegmentKind.LOSSY, Known(best.chain, best.confidence)
            )
            return [replace(segment, lost=lost)]
        if not best.misread:  # letters guessed elsewhere in the group (lost_letters)
            return [self._as_it_is(unit, best.confidence)]
        fits = self.fits(best.chain, unit.data)
        if fits or (
            best.confidence >= LEARN_CONFIDENCE and try_repair(best.chain, unit.data) is not None
        ):
            kind = SegmentKind.MISREAD if best.chain.layers else SegmentKind.LEGACY
            return [self._segment(unit, 0, size, kind, Known(best.chain, best.confidence))]
        if alone:
            return [self._as_it_is(unit, best.confidence)]
        return self._alone(unit)  # the group's reading is unsure, or not this line's

    def _left_misread(self, unit: Unit, segments: list[Segment]) -> bool:
        """Whether the group's answer leaves a pattern, or one cut short by a
        lost byte, in bytes it keeps (the group was read one way, this line
        another)."""
        kept = [
            unit.data[s.start - unit.start : s.end - unit.start]
            for s in segments
            if s.kind is SegmentKind.FINE
        ]
        return any(self.screen.holds_mojibake(b) or self.screen.partial(b) for b in kept)

    def _improves(self, unit: Unit, segments: list[Segment]) -> bool:
        """Whether the model prices ``unit`` (valid) with its misread
        segments repaired below the unit as it is: a group's explanation
        read piece by piece may undo a run of one line that only looks
        misread, which the line alone would keep. Guesses and legacy bytes
        are taken as the group read them."""
        if any(s.kind in (SegmentKind.LOSSY, SegmentKind.LEGACY) for s in segments):
            return True
        misread = [s for s in segments if s.kind is SegmentKind.MISREAD]
        if not misread:
            return True
        data, base = unit.data, unit.start
        pieces, at = [], 0
        for segment in misread:
            a, b = segment.start - base, segment.end - base
            repaired = try_repair(segment.chain, data[a:b])
            if repaired is None:
                return True  # not this judge's to weigh
            pieces += [data[at:a].decode("utf-8"), repaired]
            at = b
        pieces.append(data[at:].decode("utf-8"))
        chain = misread[0].chain
        return scored("".join(pieces), chain).price < scored(data.decode("utf-8"), IDENTITY).price

    def _alone(self, unit: Unit) -> list[Segment]:
        """A unit the group's explanation did not cover: explained on its own;
        what still fits no chain is kept as it is."""
        best = self._explain(unit.data)
        if unit.valid:
            segments = self._answer_alone(unit, best)
            if segments is not None:
                return segments
            return [self._as_it_is(unit, best.confidence)]
        if (
            not best.chain.layers
            and not best.chain.is_identity
            and decodes_as(best.chain.stored_as, unit.data)
        ):
            self._learn(best)
            return [
                self._segment(
                    unit, 0, len(unit.data), SegmentKind.LEGACY, Known(best.chain, best.confidence)
                )
            ]
        return [
            self._segment(unit, 0, len(unit.data), SegmentKind.LOSSY, confidence=best.confidence)
        ]

    def _answer_alone(self, unit: Unit, best: Explanation) -> list[Segment] | None:
        if best.unchanged:
            return [self._as_it_is(unit, best.confidence)]
        if best.parts or best.lost:
            return self._answer(unit, best, 0, alone=True)
        if try_repair(best.chain, unit.data) is not None:
            kind = SegmentKind.MISREAD if best.chain.layers else SegmentKind.LEGACY
            return [
                self._segment(unit, 0, len(unit.data), kind, Known(best.chain, best.confidence))
            ]
        return None

    def _as_it_is(self, unit: Unit, confidence: float) -> Segment:
        """Kept as it is: fine, or lossy when it holds U+FFFD already."""
        kind = SegmentKind.LOSSY if b"\xef\xbf\xbd" in unit.data else SegmentKind.FINE
        return self._segment(unit, 0, len(unit.data), kind, confidence=confidence)


__all__ = ["GROUP_BYTES", "GROUP_UNITS", "Judge", "Known", "Unit"]
