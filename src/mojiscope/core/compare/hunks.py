"""Where two texts differ, line by line, in bounded memory, with the bytes.

Two :class:`~mojiscope.core.compare.text_stream.TextStream` s (each file
read in its own format, line ends made one) are walked side by side.
While they agree, they are compared a chunk at a time (:data:`CHUNK`
characters, at C speed): no line is looked at. Where they part, both go
back to the start of that line, read ahead at most :data:`LOOK_AHEAD`
characters (:data:`MAX_LINES` lines) and look for the nearest place where
:data:`CONFIRM` lines in a row agree again: the lines before it, on each
side, are one *place* (a :class:`Hunk`). Where no such place is in sight,
what was read ahead is one place, and the next place found without
agreeing in between is the same place. So memory is that of the look
ahead, whatever the size of the files or of the differences, and the work
is linear in the files (a place costs at most ``MAX_LINES`` lookups per
line read ahead).

A place gives, per side, the bytes of its lines, their first line number
and the first lines' text with the bytes each starts at, and its *focus*:
the part that differs once what both sides share at the start and the end
is left out, with its bytes (``é`` for ``e``, bytes ``C3 A9`` against
``65``). Only the first ``shown`` places are mapped to bytes; the others
are counted.

:func:`first_difference` compares any two streams of text and says where
they first part: the quick question a verdict asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mojiscope.core.compare.text_stream import TextStream

CHUNK = 1 << 16
"""Characters compared at once while the texts agree."""
LOOK_AHEAD = 1 << 18
"""Characters read ahead on each side to find where the texts agree again."""
MAX_LINES = 2000
"""Lines read ahead on each side, at most."""
CONFIRM = 3
"""Lines in a row that must agree for the texts to agree again."""
MAX_SAME = 64
"""Lines of the same text tried as a place to agree again, per line."""
SHOWN_LINES = 4
"""Lines of a place kept per side, with their bytes."""
SHOWN_CHARS = 200
"""Characters of a line or a focus kept."""


@dataclass(frozen=True)
class Line:
    """A line of a place: the byte it starts at and its text (at most
    :data:`SHOWN_CHARS` characters, without its line end)."""

    start: int
    text: str


@dataclass(frozen=True)
class HunkSide:
    """One file's part of a place: its lines are bytes ``[start, end)``,
    ``count`` lines from line ``line`` (1-based); the first lines
    (:data:`SHOWN_LINES`) with their text; and the focus, the bytes
    ``[focus_start, focus_end)`` that differ, with their text."""

    start: int
    end: int
    line: int
    count: int
    lines: tuple[Line, ...]
    focus_start: int
    focus_end: int
    focus: str

    def as_json(self) -> dict[str, object]:
        return {
            "bytes": [self.start, self.end],
            "line": self.line,
            "lines": self.count,
            "text": [line.text for line in self.lines],
            "focus": {"bytes": [self.focus_start, self.focus_end], "text": self.focus},
        }


@dataclass(frozen=True)
class Hunk:
    """A place where the texts differ: what each side has there."""

    a: HunkSide
    b: HunkSide

    def as_json(self) -> dict[str, object]:
        return {"a": self.a.as_json(), "b": self.b.as_json()}


def _mismatch(a: str, b: str, n: int) -> int:
    """The first index below ``n`` where ``a`` and ``b`` differ (they do):
    halving at C speed, then one by one over the last few."""
    lo, hi = 0, n
    while hi - lo > 32:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    while lo < hi and a[lo] == b[lo]:
        lo += 1
    return lo


def first_difference(
    read_a: Callable[[], str | None], read_b: Callable[[], str | None]
) -> int | None:
    """Where two streams of text (``read`` gives the next chunk, None at
    the end) first differ, in characters; None where they are the same."""
    buf_a = buf_b = ""
    done = 0
    end_a = end_b = False
    while True:
        while len(buf_a) < CHUNK and not end_a:
            more = read_a()
            end_a = more is None
            buf_a += more or ""
        while len(buf_b) < CHUNK and not end_b:
            more = read_b()
            end_b = more is None
            buf_b += more or ""
        n = min(len(buf_a), len(buf_b))
        if buf_a[:n] != buf_b[:n]:
            return done + _mismatch(buf_a, buf_b, n)
        if n == 0:
            return None if not buf_a and not buf_b else done
        buf_a, buf_b = buf_a[n:], buf_b[n:]
        done += n


class _Side:
    """One text being compared: what is read of it and not passed yet."""

    def __init__(self, stream: TextStream) -> None:
        self.stream = stream
        self.buf = ""
        self.start = 0
        """The stream offset of ``buf[0]``."""
        self.line = 1
        """The line number at ``buf[0]``."""
        self.ended = False

    def fill(self, size: int) -> None:
        while len(self.buf) < size and not self.ended:
            more = self.stream.read()
            if more is None:
                self.ended = True
            else:
                self.buf += more

    def drop(self, n: int) -> None:
        self.line += self.buf.count("\n", 0, n)
        self.buf = self.buf[n:]
        self.start += n
        self.stream.release(self.start)

    def lines(self) -> list[str]:
        """The whole lines read ahead (at most :data:`MAX_LINES`), each
        without its ``\\n``; the last one too at the end of the text."""
        found = self.buf.split("\n", MAX_LINES)
        if len(found) > MAX_LINES or not self.ended or not found[-1]:
            found.pop()
        return found


def _agree_again(lines_a: list[str], lines_b: list[str], ended: bool) -> tuple[int, int] | None:
    """The nearest ``(i, j)`` (least ``i + j``, not both 0) from which
    :data:`CONFIRM` lines agree (fewer where both texts end), or None."""
    where: dict[str, list[int]] = {}
    for j, line in enumerate(lines_b):
        found = where.setdefault(line, [])
        if len(found) < MAX_SAME:
            found.append(j)
    best: tuple[int, int] | None = None
    for i, line in enumerate(lines_a):
        if best is not None and i >= sum(best):
            break
        for j in where.get(line, ()):
            if best is not None and i + j >= sum(best):
                break
            if (i or j) and _confirmed(lines_a, lines_b, i, j, ended):
                best = (i, j)
                break
    return best


def _confirmed(lines_a: list[str], lines_b: list[str], i: int, j: int, ended: bool) -> bool:
    for k in range(1, CONFIRM):
        if i + k >= len(lines_a) or j + k >= len(lines_b):
            return ended and i + k >= len(lines_a) and j + k >= len(lines_b)
        if lines_a[i + k] != lines_b[j + k]:
            return False
    return True


class LineDiff:
    """The places where two texts differ (see the module docstring):
    iterate for the first :attr:`shown` as :class:`Hunk` s; :attr:`places`
    counts them all once the iteration has ended."""

    def __init__(self, a: TextStream, b: TextStream, shown: int = 3) -> None:
        self.a = _Side(a)
        self.b = _Side(b)
        self.shown = shown
        self.places = 0
        self._in_place = False
        """Whether the last lines taken were a place that has not ended."""
        self._open: tuple[_Open, _Open] | None = None
        """That place, while it is one of the first :attr:`shown`."""

    def __iter__(self) -> Iterator[Hunk]:
        a, b = self.a, self.b
        while True:
            a.fill(CHUNK)
            b.fill(CHUNK)
            n = min(len(a.buf), len(b.buf))
            if n and a.buf[:n] == b.buf[:n]:
                yield from self._close()
                cut = a.buf.rfind("\n", 0, n) + 1 or n
                a.drop(cut)
                b.drop(cut)
                continue
            if not a.buf and not b.buf:
                yield from self._close()
                return
            if n:
                line_start = a.buf.rfind("\n", 0, _mismatch(a.buf, b.buf, n)) + 1
                if line_start:
                    yield from self._close()
                    a.drop(line_start)
                    b.drop(line_start)
            self._differ()

    def _differ(self) -> None:
        """Both sides start on a line that differs: take the lines up to
        where they agree again (or all read ahead) as a place."""
        a, b = self.a, self.b
        a.fill(LOOK_AHEAD)
        b.fill(LOOK_AHEAD)
        lines_a, lines_b = a.lines(), b.lines()
        found = _agree_again(lines_a, lines_b, a.ended and b.ended)
        if found is not None:
            i, j = found
            self._take(_size(lines_a[:i]), _size(lines_b[:j]), i, j, ends=True)
        elif lines_a or lines_b:
            self._take(_size(lines_a), _size(lines_b), len(lines_a), len(lines_b), ends=False)
        else:  # a line longer than the look ahead on both sides
            self._take(LOOK_AHEAD, LOOK_AHEAD, 0, 0, ends=False)

    def _take(self, size_a: int, size_b: int, lines_a: int, lines_b: int, *, ends: bool) -> None:
        """Pass ``size_a`` and ``size_b`` characters (``lines_a`` and
        ``lines_b`` lines) as a place, or as the next part of the place
        open; ``ends`` when the texts agree right after them."""
        a, b = self.a, self.b
        size_a, size_b = min(size_a, len(a.buf)), min(size_b, len(b.buf))
        if not self._in_place:
            self.places += 1
            self._in_place = True
            if self.places <= self.shown:
                self._open = (_Open(a, size_a, lines_a), _Open(b, size_b, lines_b))
                self._focus(size_a, size_b, ends=ends)
        elif self._open is not None:
            self._open[0].extend(size_a, lines_a)
            self._open[1].extend(size_b, lines_b)
        a.drop(size_a)
        b.drop(size_b)
        if ends:
            self._in_place = False

    def _focus(self, size_a: int, size_b: int, *, ends: bool) -> None:
        """Set the open place's focus: its text on each side less what both
        start with and (when the place ``ends`` here) end with."""
        assert self._open is not None
        text_a, text_b = self.a.buf[:size_a], self.b.buf[:size_b]
        head = _common_prefix(text_a, text_b)
        tail = _common_suffix(text_a[head:], text_b[head:]) if ends else 0
        self._open[0].set_focus(head, size_a - tail)
        self._open[1].set_focus(head, size_b - tail)

    def _close(self) -> Iterator[Hunk]:
        """The place taken last has ended (the texts agree again)."""
        self._in_place = False
        if self._open is not None:
            side_a, side_b = self._open
            self._open = None
            yield Hunk(side_a.result(), side_b.result())


def _size(lines: list[str]) -> int:
    """Characters of ``lines`` with a line end each."""
    return sum(map(len, lines)) + len(lines)


def _common_prefix(x: str, y: str) -> int:
    """Characters ``x`` and ``y`` start with alike."""
    n = min(len(x), len(y))
    return n if x[:n] == y[:n] else _mismatch(x, y, n)


def _common_suffix(x: str, y: str) -> int:
    """Characters ``x`` and ``y`` end with alike (at most all of the shorter)."""
    n = min(len(x), len(y))
    if x[len(x) - n :] == y[len(y) - n :]:
        return n
    return _mismatch(x[::-1], y[::-1], n)


class _Open:
    """One side of a place being read: where it starts and ends, its first
    lines with their bytes, and its focus (see the module docstring)."""

    def __init__(self, side: _Side, size: int, lines: int) -> None:
        self.side = side
        self.start = side.stream.byte_at(side.start)
        self.line = side.line
        self.count = 0
        self.lines: list[Line] = []
        self.focus_start = self.focus_end = self.end = self.start
        self.focus = ""
        self.extend(size, lines)

    def set_focus(self, lo: int, hi: int) -> None:
        """The focus is characters ``[lo, hi)`` of the place (as read now)."""
        side = self.side
        self.focus_start = side.stream.byte_at(side.start + lo)
        self.focus_end = side.stream.byte_at(side.start + max(hi, lo))
        self.focus = side.buf[lo : max(hi, lo)][:SHOWN_CHARS]

    def extend(self, size: int, lines: int) -> None:
        side = self.side
        stream, text = side.stream, side.buf
        at = 0
        while len(self.lines) < SHOWN_LINES and at < size:
            stop = text.find("\n", at, size)
            stop = size if stop < 0 else stop
            self.lines.append(Line(stream.byte_at(side.start + at), text[at:stop][:SHOWN_CHARS]))
            at = stop + 1
        self.count += lines
        self.end = stream.byte_at(side.start + size)

    def result(self) -> HunkSide:
        return HunkSide(
            self.start,
            self.end,
            self.line,
            self.count,
            tuple(self.lines),
            self.focus_start,
            self.focus_end,
            self.focus,
        )
