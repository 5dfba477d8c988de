# ruff: noqa: RUF002, RUF003 - quotation marks and look-alike letters are the subject
"""Bytes the misreading program lost, and the best guess at each.

When UTF-8 is read as a code page that leaves some bytes undefined (cp1252:
81 8D 8F 90 9D), the reading program drops those bytes, writes ``?`` or
U+FFFD for them; read as latin-1, bytes 80-9F are C1 controls, which
programs strip as control characters (``Józefosław`` shows as
``JÃ³zefosÅaw``); some also turn the no-break space A0 into a plain space
("Ã la carte"); a program that strips accents writes ``Ã`` and ``Â`` as
``A`` (``LegaA¯a`` for ``Legaïa``), and one that draws boxes in ASCII
writes cp437's ``├`` as ``+`` (``ge+»ntegreerd`` for ``geïntegreerd``),
its ``╝`` too (``Schl++ssel``);
a page shows a soft hyphen (AD, read
as windows-1252) as nothing, so a copy of it loses the byte (``PolÃtica``
for ``Política``); a file may be cut inside a character.
Undoing the misreading
then gives UTF-8 with holes: a lead byte one of whose continuation bytes
is missing (the last, or one inside the character: Japanese kana lose the
81 of E3 81 xx), or both, or replaced by ``?``, U+FFFD's stand-in or a
space, or by a straight quote where the reading made a curly one of it and
a program straightened it (``ESPAÃ'OL`` for ``ESPAÑOL``); a reader of two
bytes a time may lose a lead byte to U+FFFD.

:func:`decode_with_holes` decodes such bytes, filling each hole with the
likeliest byte (the candidates are the bytes the reader may have lost, or
A0 for a space) and recording a :class:`~.guess.Guess` with the
alternatives. The likeliest is the one whose character is cheapest in its
context and, better, already occurs elsewhere in the text (a Polish text
with ``ł`` fills ``Ł``, a text with ``“`` closes with ``”``), a capital
inside a word in lower case costing more; then the words the fills make
choose among them (:mod:`.word_fills`). A guess is never certain: the
explainer prices each one.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import replace
from functools import cache, lru_cache

from mojiscope.core.codecs.legacy.whatwg import CODEC_NAME as WHATWG_1252
from mojiscope.core.mojibake.guess import (
    CUT,
    DRAWN,
    DROPPED,
    FFFD_STAND_IN,
    FOLDED,
    QUESTION_MARK,
    REPLACEMENT,
    SPACE,
    STRAIGHTENED,
    Guess,
)
from mojiscope.core.mojibake.letters import (
    by_frequency,
    frequency_rank,
    neighbours_price,
    rarity,
)
from mojiscope.core.mojibake.lexicon import (
    common_han,
    common_hangul,
    han_rank,
    hangul_rank,
    sign_rank,
)
from mojiscope.core.mojibake.plausibility import isolated_price
from mojiscope.core.mojibake.readers import sequence_length
from mojiscope.core.mojibake.stand_ins import drawn_spots
from mojiscope.core.mojibake.word_fills import by_words

#: What a fill that makes no deeper character costs more, when others make one.
UNLAYERED = 5.0
#: What a capital costs more inside a word written in lower case (after a
#: lower-case letter, ``osŁaw``: the oddity of :mod:`.oddities`; or between a
#: letter and a lower-case one, ``PŘíliš``), against the same letter in lower case.
CAPITAL_INSIDE = 1.0
#: What a quotation mark costs more where its shape does not fit its place
#: (:func:`_quote_misplaced`), against one whose shape does.
QUOTE_MISPLACED = 3.0
#: The quotation marks that open, and those that close; ``’`` also stands
#: between letters, as the apostrophe.
_OPENING, _CLOSING = "\u201c\u2018\u201e\u201a", "\u201d\u2019"
#: A whole UTF-8 character of three bytes, and of four.
_WHOLE = {
    3: re.compile(rb"[\xe0-\xef][\x80-\xbf]{2}"),
    4: re.compile(rb"[\xf0-\xf4][\x80-\xbf]{3}"),
}


def _holds(raw: bytes, end: int, length: int) -> bool:
    """Whether ``raw[:end]`` holds a whole character of ``length`` bytes: a text
    cut after the lead byte of its last character (two or three bytes of it
    lost) is one written in such characters (Thai, Japanese, emoji); in
    other text a lead byte at the end (é read as windows-1252 is E9) is
    likelier a letter of its own than a cut."""
    pattern = _WHOLE.get(length)
    return pattern is not None and pattern.search(raw, 0, end) is not None


def _continuations(raw: bytes, start: int, length: int) -> int:
    count = 0
    while (
        count < length - 1
        and start + 1 + count < len(raw)
        and 0x80 <= raw[start + 1 + count] <= 0xBF
    ):
        count += 1
    return count


#: The characters windows-1252 (as browsers read it) has.
_WINDOWS_1252 = frozenset(bytes(range(256)).decode(WHATWG_1252))


#: The variation selector that asks for a character's emoji presentation.
EMOJI_SELECTOR = "\ufe0f"


def _deeper(char: str, before: str, following: str) -> str:
    """The character a guess is really about when the text was misread more
    than once: a C1 control filled after the characters ``before`` it
    (``Ã`` and U+0081 are ``Á`` misread as windows-1252; ``à¥`` and U+008D
    are Devanagari's virama), or a letter filled before those ``following``
    it (``Ï`` and ``€`` are ``π``); else ``char`` itself."""
    if "\x80" <= char <= "\x9f":
        tries = [before[-k:] + char for k in (1, 2, 3) if len(before) >= k]
    elif char not in _WINDOWS_1252:
        return char  # no pair it starts is windows-1252's reading of anything
    else:
        tries = [char + following[:k] for k in (1, 2, 3) if len(following) >= k]
    for pair in tries:
        try:
            deeper = pair.encode(WHATWG_1252).decode("utf-8")
        except UnicodeError:
            continue
        if len(deeper) == 1:
            return deeper
    return char


def _rank(
    prefix: bytes,
    fills: bytes,
    context: str,
    around: tuple[str, str] = ("", ""),
    behind: tuple[int, ...] = (0,),
) -> list[str]:
    """The characters a fill makes with the bytes ``prefix`` holds of them,
    likeliest first, each ranked by the deeper character it makes with its
    neighbours (``around``: the characters before and after the hole), if
    any. ``behind``: how many of ``prefix``'s last bytes may come after the
    fill (0: the lost byte was the last; 1: the one before it...)."""
    chars = []
    for tail in behind:
        cut = len(prefix) - tail
        for fill in fills:
            try:
                char = (prefix[:cut] + bytes([fill]) + prefix[cut:]).decode("utf-8")
            except UnicodeDecodeError:
                continue
            if char not in chars:
                chars.append(char)
    return _ranked(chars, context, around)


def _ranked(chars: list[str], context: str, around: tuple[str, str] = ("", "")) -> list[str]:
    """``chars``, the characters a hole may hold, likeliest first (see :func:`_rank`)."""
    if not chars:
        return []
    deeper = [_deeper(char, *around) for char in chars]
    # When some fills make a deeper character, those that make none are unlikely.
    layered = any(d != c for d, c in zip(deeper, chars, strict=True))
    before, following = around[0][-1:], around[1][:1]
    # A capital inside a word that goes on in lower case is an oddity
    # (``osŁaw``, ``PŘíliš``); all capitals and a word's first letter are not.
    inside = before.isalpha() and (before.islower() or following.islower())
    # Between fills priced alike (Han characters the model tells no apart,
    # dashes, variation selectors), the commoner Han character or sign
    # first, but between digits the en dash (U+2013) of a range, and the
    # emoji's variation selector (U+FE0F, the one text uses: ``❤️`` ends
    # in EF B8 8F, and windows-1252 has no 8F).
    in_range = before.isdigit() and following.isdigit()
    scored = [
        (
            _price_of(d, context)
            + (UNLAYERED if layered and d == c else 0.0)
            + (CAPITAL_INSIDE if inside and d.isupper() else 0.0)
            + (QUOTE_MISPLACED if _quote_misplaced(d, before, following) else 0.0)
            + (neighbours_price(d, before, following) if d == c else 0.0),
            han_rank(d),
            -1 if (in_range and d == "\u2013") or d == EMOJI_SELECTOR else sign_rank(d),
            i,
            c,
        )
        for i, (d, c) in enumerate(zip(deeper, chars, strict=True))
    ]
    return [c for *_, c in sorted(scored)]


def _quote_misplaced(char: str, before: str, following: str) -> bool:
    """Whether quotation mark ``char``, between the characters ``before``
    and ``following`` ("" at an end), has a shape its place does not take:
    between two letters only the apostrophe ``’`` stands (``don’t``,
    ``l’application``); after a space or the start and before a word, only
    an opening mark (``“hello``); after a word and before a space, a sign
    or the end, only a closing one (``hello”``). Elsewhere any shape fits."""
    if char not in _OPENING and char not in _CLOSING:
        return False
    if before.isalpha() and following.isalpha():
        return char != "\u2019"
    if (not before or before.isspace()) and following and not following.isspace():
        return char not in _OPENING
    if before and not before.isspace() and (not following or not following.isalnum()):
        return char not in _CLOSING
    return False


def decode_with_holes(
    raw: bytes,
    holes: bytes,
    *,
    allow_cut: bool,
    folded: Mapping[int, bytes] | None = None,
    drawn: Mapping[bytes, tuple[str, ...]] | None = None,
    straightened: Mapping[int, bytes] | None = None,
    invisible: bytes = b"",
    whole: bool = False,
    pairs: bool = False,
    around: tuple[str, str] = ("", ""),
) -> tuple[str, list[Guess]] | None:
    """Decode ``raw`` as UTF-8, filling lost bytes (see the module docstring).
    ``None`` when it holds an error that is no lost byte (then the chain
    does not apply). ``allow_cut``: a character cut at either end is U+FFFD
    (cut after its lead byte at the end, two or three of its bytes lost,
    only where the bytes hold whole characters of its length: :func:`_holds`),
    unless a byte the reader drops makes a known word of it there
    (:func:`.word_fills.by_words`).
    ``folded``: per ASCII stand-in, the lead bytes it may stand for right
    before a lone continuation byte (:data:`FOLDED`: an ``A`` inside a word
    for ``Ã``, a ``+`` for cp437's ``├``); ``drawn``: per two ASCII
    characters a program drew a box-drawing lead and continuation byte as,
    the characters they may be (``Schl++ssel``: ``ü`` read as cp437 is
    ``├╝``), asked inside a word of ASCII letters; ``straightened``:
    per straight quote (``'``, ``"``), the continuation bytes it may stand
    for as a character's last (:data:`STRAIGHTENED`); ``invisible``: bytes
    the reader read as an invisible character (the soft hyphen), which a
    copy of the page lost, candidates where a character's byte is missing
    inside a word: before a letter in lower case or another character's
    lead byte (``PolÃtica``); ``whole``: a character whose last two bytes
    both stand as ``?`` or U+FFFD's stand-in is lost whole, and stays U+FFFD
    (a reader of two bytes at a time, GBK, that met a pair it has no
    character for wrote one for each byte: ``娜``, E5 A8 9C, ends ``�``
    twice; no byte is guessed, two of 64 each would be a guess of 4,096);
    ``pairs``: a lead byte of three with no continuation byte after it lost
    both, each one of ``holes`` (:func:`_pair_dropped`; latin-1's reader
    strips C1 controls, and ``的``, E7 9A 84, keeps only ``ç``).
    ``around``: the text before ``raw`` and after it, whose characters
    beside a hole rank its fills too (a piece of a line, ``pieces.py``)."""
    context = raw.decode("utf-8", "ignore")
    # The text one misreading deeper, where the letters a deeper guess makes are used.
    context += "\n" + context.encode(WHATWG_1252, "ignore").decode("utf-8", "ignore")
    context = context.lower()  # what the guesses look for in it (:func:`_price_of`)
    pieces: list[str] = []
    guesses: list[Guess] = []
    spots = drawn_spots(raw, drawn)
    pos = 0
    while True:
        stop = min((spot for spot in spots if spot >= pos), default=len(raw))
        try:
            pieces.append(raw[pos:stop].decode("utf-8"))
            if stop == len(raw):
                text = "".join(pieces)
                return by_words(text, guesses) if guesses else (text, guesses)
            chars = spots[stop]
            guess = Guess(stop, stop + 2, DRAWN, chars[0], chars[1:])
            pieces.append(guess.char)
            guesses.append(replace(guess, at_char=sum(map(len, pieces)) - 1))
            pos = stop + 2
            continue
        except UnicodeDecodeError as exc:
            at = pos + exc.start
            pieces.append(raw[pos:at].decode("utf-8"))
            prev = (around[0] + "".join(pieces))[-3:]
            step = _hole_at(
                raw,
                at,
                holes,
                allow_cut,
                context,
                prev,
                straightened,
                invisible,
                (whole, pairs),
                around[1],
            )
            if step is None and folded:
                step = _folded_at(raw, at, folded, context, prev, around[1])
            if step is None:
                return None
            pos, guess = step
            if guess.start < at:  # the hole holds the ASCII letter before the error
                pieces[-1] = pieces[-1][: guess.start - at]
            guess = replace(guess, at_char=sum(map(len, pieces)))
            pieces.append(guess.char)
            guesses.append(guess)


def _folded_at(
    raw: bytes, at: int, folded: Mapping[int, bytes], context: str, prev: str, beyond: str = ""
) -> tuple[int, Guess] | None:
    """A lone continuation byte at ``at`` after an ASCII stand-in for a lead
    byte's character (``folded``): an ``A`` that follows a letter, for
    ``Ã`` or ``Â`` whose accent a program stripped; a ``+`` or ``-`` that
    follows a letter or comes before one, for a box-drawing character a
    program drew in ASCII (``ï``, C3 AF, read as cp437 is ``├»``, then
    ``ge+»ntegreerd``; a ``+½`` alone is a sum). The lead byte is guessed
    among those the stand-in may be."""
    leads = folded.get(raw[at - 1]) if at else None
    if not (
        leads
        and 0x80 <= raw[at] <= 0xBF
        and not (at + 1 < len(raw) and 0x80 <= raw[at + 1] <= 0xBF)
    ):
        return None
    after = _around(raw, at + 1, prev, beyond)[1]
    # inside a word: after a letter (an A, or a box, within it), or a box before one
    if not (prev[-2:-1].isalpha() or (raw[at - 1] != ord("A") and after[:1].isalpha())):
        return None
    ranked = _rank(raw[at : at + 1], leads, context, (prev[:-1], after), (1,))
    if not ranked:
        return None
    what = FOLDED if raw[at - 1] == ord("A") else DRAWN
    return at + 1, Guess(at - 1, at + 1, what, ranked[0], tuple(ranked[1:]))


def _around(raw: bytes, end: int, prev: str, beyond: str = "") -> tuple[str, str]:
    """The (up to three) characters before a hole and after where decoding
    resumes (into ``beyond``, the text after ``raw``)."""
    following = raw[end : end + 12].decode("utf-8", "replace")
    if end + 12 >= len(raw) and "\ufffd" not in following:
        following += beyond
    return prev, following.split("\ufffd", 1)[0][:3]


def _hole_at(
    raw: bytes,
    at: int,
    holes: bytes,
    allow_cut: bool,
    context: str,
    prev: str = "",
    straightened: Mapping[int, bytes] | None = None,
    invisible: bytes = b"",
    lost_whole: tuple[bool, bool] = (False, False),
    beyond: str = "",
) -> tuple[int, Guess] | None:
    """Resolve the decode error at ``at``: where to resume, and the guess
    (``lost_whole``: :func:`decode_with_holes`'s ``whole`` and ``pairs``;
    ``beyond``: the text after ``raw``)."""
    length = sequence_length(raw[at])
    if length == 0:
        if allow_cut and at == 0:
            end = at
            while end < min(3, len(raw)) and 0x80 <= raw[end] <= 0xBF:
                end += 1
            return (end, Guess(0, end, CUT, "\ufffd", ())) if end else None
        return _lead_stand_in(raw, at, holes, context, prev, beyond)
    present = _continuations(raw, at, length)
    after = at + 1 + present
    if allow_cut and after >= len(raw) and (present == length - 2 or _holds(raw, at, length)):
        # The byte a reader dropped last leaves the same bytes as a cut: the
        # fills ride along, and the words they make choose (:func:`.word_fills.by_words`).
        fills: list[str] = []
        if present == length - 2:
            fills = _rank(raw[at:after], holes, context, (prev, ""), tuple(range(length - 1)))
        return after, Guess(at, after, CUT, "\ufffd", tuple(fills))
    if present < length - 2:
        return _inner_stand_in(raw, at, length, after, holes, context, prev, lost_whole, beyond)
    if present != length - 2:
        return None
    prefix = raw[at:after]
    # A dropped byte may have been any of the character's continuation bytes.
    anywhere = tuple(range(length - 1))
    if after >= len(raw):
        return _fill(
            after,
            after,
            DROPPED,
            prefix,
            holes,
            context,
            _around(raw, after, prev, beyond),
            anywhere,
        )
    nxt = raw[after]
    if nxt == 0x3F:
        return _fill(
            after,
            after + 1,
            QUESTION_MARK,
            prefix,
            holes,
            context,
            _around(raw, after + 1, prev, beyond),
        )
    if nxt == FFFD_STAND_IN:
        return _fill(
            after,
            after + 1,
            REPLACEMENT,
            prefix,
            holes,
            context,
            _around(raw, after + 1, prev, beyond),
        )
    if nxt == 0x20:
        return _space_or_dropped(at, after, prefix, holes, context, invisible, anywhere)
    if straightened and nxt in straightened:
        quote = _fill(
            after,
            after + 1,
            STRAIGHTENED,
            prefix,
            straightened[nxt],
            context,
            _around(raw, after + 1, prev, beyond),
        )
        if quote is not None:
            return quote
    # A soft hyphen stands inside a word: before a letter in lower case, or
    # a character of more than one byte (``PolÃtica``, ``Ø±ØÙ…``); or at its
    # end, before punctuation (``asÃ.`` is ``así.``; before a space, see
    # :func:`_space_or_dropped`).
    if invisible and (0x61 <= nxt <= 0x7A or 0xC2 <= nxt <= 0xF4 or _ends_word(nxt)):
        holes += invisible
    return _fill(
        after, after, DROPPED, prefix, holes, context, _around(raw, after, prev, beyond), anywhere
    )


def _inner_stand_in(
    raw: bytes,
    at: int,
    length: int,
    after: int,
    holes: bytes,
    context: str,
    prev: str,
    lost_whole: tuple[bool, bool] = (False, False),
    beyond: str = "",
) -> tuple[int, Guess] | None:
    """A ``?`` or U+FFFD's stand-in where a continuation byte other than the
    last stood (参, E5 8F 82, read with its 8F lost is ``å?`` and a low
    quotation mark): the bytes after it must complete the character; with
    ``whole``, the character's last two bytes both stand-ins, the character
    lost whole (see :func:`decode_with_holes`), or, with ``whole`` or
    ``pairs``, no stand-in at all after a lead byte of three, the pair
    dropped (:func:`_pair_dropped`)."""
    whole, pairs = lost_whole
    pair = (whole or pairs) and holes and length == 3 and after == at + 1
    if pair and _starts_character(raw, after):
        return _pair_dropped(raw, at, holes, context, prev, beyond)
    if after >= len(raw) or raw[after] not in (0x3F, FFFD_STAND_IN):
        return None
    rest = length - 1 - (after - at)  # continuation bytes still to come after the stand-in
    tail = raw[after + 1 : after + 1 + rest]
    end = after + 1 + rest
    what = QUESTION_MARK if raw[after] == 0x3F else REPLACEMENT
    if whole and rest == 1 and tail == raw[after : after + 1]:
        return end, Guess(at, end, what, "\ufffd", ())
    if len(tail) != rest or not all(0x80 <= b <= 0xBF for b in tail):
        return None
    prefix = raw[at:after] + tail
    ranked = _rank(prefix, holes, context, _around(raw, end, prev, beyond), (len(tail),))
    if not ranked:
        return None
    return end, Guess(at, end, what, ranked[0], tuple(ranked[1:]))


#: How many of a lost lead byte's fills, the commonest characters, are ranked.
LEAD_FILLS = 64


def _lead_stand_in(
    raw: bytes, at: int, holes: bytes, context: str, prev: str, beyond: str = ""
) -> tuple[int, Guess] | None:
    """A ``?`` or U+FFFD's stand-in where a lead byte stood, before the
    continuation bytes at ``at``: a reader of two bytes a time that met a
    lead byte it could not pair wrote U+FFFD for it, or for it and the byte
    after it, and read on (``우``, EC 9A B0, read as cp949 is ``�`` and
    ``슦``, 9A B0, or ``�`` and the B0 of ``고``, B0 ED). The lead (and the
    byte lost with it) is guessed among the ``holes``, of the leads the
    text's whole characters begin with where any such fill is one (the
    text's own scripts), as a letter the word lists use or a common Han
    character or Hangul syllable where any is a fill."""
    if at == 0 or raw[at - 1] not in (0x3F, FFFD_STAND_IN):
        return None
    end = at
    while end < min(at + 3, len(raw)) and 0x80 <= raw[end] <= 0xBF:
        end += 1
    if end == at:  # no continuation byte (F5-FF, C0, C1): no character to lead
        return None
    fills, held = _lead_fills(holes, raw[at:end])
    own = _own_leads(raw)
    chars = [c for c in fills if c.encode()[0] in own] or list(fills)
    # With a byte lost beside the lead, a thousand fills: the commonest are
    # ranked, only those the word lists or the Han and Hangul tables hold
    # where any is a fill.
    chosen = ([c for c in chars if c in held] or chars)[:LEAD_FILLS]
    if not chosen:
        return None
    ranked = _ranked(chosen, context, _around(raw, end, prev[:-1], beyond))
    what = QUESTION_MARK if raw[at - 1] == 0x3F else REPLACEMENT
    return end, Guess(at - 1, end, what, ranked[0], tuple(ranked[1:]))


@lru_cache(maxsize=1 << 12)
def _lead_fills(holes: bytes, tail: bytes) -> tuple[tuple[str, ...], frozenset[str]]:
    """The characters a lead byte of ``holes`` makes with the continuation
    bytes ``tail`` (and, one short, with a byte of ``holes`` lost between
    them), commonest first (:func:`_commonness`), and those of them the word
    lists or the Han and Hangul tables hold."""
    leads = [b for b in holes if sequence_length(b) > 0]
    lost = [b for b in holes if 0x80 <= b <= 0xBF]
    fills = [bytes([lead]) for lead in leads if sequence_length(lead) == len(tail) + 1]
    fills += [
        bytes([lead, second])
        for lead in leads
        if sequence_length(lead) == len(tail) + 2
        for second in lost
    ]
    chars = []
    for fill in fills:
        with contextlib.suppress(UnicodeDecodeError):
            chars.append((fill + tail).decode("utf-8"))
    chars.sort(key=_commonness)
    past_all = (len(by_frequency()), len(common_han()), len(common_hangul()))
    return tuple(chars), frozenset(c for c in chars if _commonness(c)[:3] != past_all)


def _commonness(char: str) -> tuple[int, int, int, str]:
    """Where ``char`` stands among the letters the word lists use, the common
    Han characters and the common Hangul syllables (each past them all
    where the table lacks it), then the character: a sort key, commonest
    first."""
    return frequency_rank(char), han_rank(char), hangul_rank(char), char


@lru_cache(maxsize=8)
def _own_leads(raw: bytes) -> frozenset[int]:
    """The lead bytes ``raw``'s whole characters beyond ASCII begin with."""
    return frozenset(
        m.group(0)[0]
        for m in re.finditer(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}", raw)
    )


#: How many of a pair's fills a guess keeps as its alternatives.
PAIR_ALTERNATIVES = 15


def _starts_character(raw: bytes, at: int) -> bool:
    """Whether ``raw[at]`` is the end, an ASCII byte but a stand-in for a lost
    byte (``?``, U+FFFD's), or a lead byte."""
    if at >= len(raw):
        return True
    byte = raw[at]
    return (byte < 0x80 and byte not in (0x3F, FFFD_STAND_IN)) or sequence_length(byte) > 0


@cache
def _led_by(lead: int, holes: bytes) -> tuple[str, ...]:
    """The characters of three bytes that ``lead`` begins, both continuation
    bytes among ``holes``."""
    chars = []
    continuations = [b for b in holes if 0x80 <= b <= 0xBF]
    for second in continuations:
        for third in continuations:
            with contextlib.suppress(UnicodeDecodeError):
                chars.append(bytes([lead, second, third]).decode("utf-8"))
    return tuple(chars)


def _pair_dropped(
    raw: bytes, at: int, holes: bytes, context: str, prev: str, beyond: str = ""
) -> tuple[int, Guess] | None:
    """A lead byte of three whose two continuation bytes were both lost: a
    reader of two bytes at a time dropped them together (the pair it could
    not read: ``行``, E8 A1 8C, read as GBK loses ``A1 8C``), or both were
    C1 controls a program stripped. Each of the characters the lead begins
    with two bytes of ``holes`` (4,096 for any continuation byte) is a fill,
    ranked as one lost byte's are, the pairs with its neighbours first
    (``运`` before it makes ``运行``)."""
    chars = list(_led_by(raw[at], holes))
    if not chars:
        return None
    ranked = _ranked(chars, context, _around(raw, at + 1, prev, beyond))
    return at + 1, Guess(at, at + 1, DROPPED, ranked[0], tuple(ranked[1 : 1 + PAIR_ALTERNATIVES]))


def _fill(
    start: int,
    end: int,
    what: str,
    prefix: bytes,
    fills: bytes,
    context: str,
    around: tuple[str, str] = ("", ""),
    behind: tuple[int, ...] = (0,),
) -> tuple[int, Guess] | None:
    ranked = _rank(prefix, fills, context, around, behind)
    if not ranked:
        return None
    return end, Guess(start - len(prefix), end, what, ranked[0], tuple(ranked[1:]))


def _space_or_dropped(
    at: int,
    after: int,
    prefix: bytes,
    holes: bytes,
    context: str,
    invisible: bytes = b"",
    anywhere: tuple[int, ...] = (0,),
) -> tuple[int, Guess] | None:
    """A lead byte before a space: the space was a no-break space (A0), or
    a byte was dropped before a real space. The likelier character wins;
    a no-break space's alternatives hold what a lost ``invisible`` byte
    makes too (``asÃ y`` is ``así y``, its soft hyphen hidden by a page),
    which :func:`by_words` takes where it makes the word a known one."""
    nbsp = _rank(prefix, b"\xa0", context)
    dropped = _rank(prefix, holes, context, behind=anywhere) if holes else []
    if nbsp and (not dropped or _likelier(nbsp[0], dropped[0], context)):
        hidden = _rank(prefix, holes + invisible, context) if invisible else dropped
        return after + 1, Guess(at, after + 1, SPACE, nbsp[0], tuple(hidden))
    if not dropped:
        return None  # no byte makes a character here: no lost byte explains it
    return after, Guess(at, after, DROPPED, dropped[0], tuple(dropped[1:] + nbsp))


def _likelier(nbsp: str, dropped: str, context: str) -> bool:
    """Whether the character a no-break space makes is likelier than the
    one a dropped byte makes: the cheaper (:func:`_price_of`), but between
    two common Hangul syllables the commoner in running text
    (``lexicon.hangul_rank``). Word lists seldom hold Korean's particles
    alone, so their letters' shares miss them, and the commonest of them
    (은 을 의 이 인 일) all have 9D, which windows-1252 lacks, for their
    second byte: ``파일을 만들`` that lost it is ``íŒŒì¼ì„ ë§Œë“¤``, whose
    ``ì„`` before a space a no-break space would make ``선``."""
    ranks = hangul_rank(nbsp), hangul_rank(dropped)
    if max(ranks) < len(common_hangul()):
        return ranks[0] <= ranks[1]
    return _price_of(nbsp, context) <= _price_of(dropped, context)


def _price_of(char: str, context: str) -> float:
    """A guess's price: its own, less 2 if the text uses it elsewhere (or
    its opening quote), plus its rarity in the frequent words
    (``letters.rarity``, minus the log of its share of their letters): of
    two characters priced alike alone, the commoner is the likelier, and a
    combining mark they use often (Devanagari's virama) beats a letter
    they never do (ॐ); a letter of a script they do not write by its
    spelling dictionary (Gujarati's virama before its vowel sign u); of two
    neither knows, the one of the smaller class (``•``, one of 34 common
    signs, before ``☢``, one of 2,764 rare symbols). ``context``: the text, in
    lower case."""
    price = isolated_price(char)
    if char.lower() in context or (char == "\u201d" and "\u201c" in context):
        price -= 2.0
    return price + rarity(char)


def _ends_word(byte: int) -> bool:
    """Whether ASCII ``byte`` is punctuation that may follow a word."""
    return chr(byte) in ".,;:!?)]}\"'"
