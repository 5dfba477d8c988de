# ruff: noqa: RUF001, RUF002 - mojibake is made of look-alike characters; tables read best whole
"""Damage a text the ways people's files get damaged, with Python's own
codecs (never with the explainer), and say what the right repair gives.

:func:`cases_for` draws, for one text, a few cases: the text itself (it must
be left alone), and damaged copies by a random chain suited to its language.
Each :class:`Case` holds the bytes, the text a right repair gives (``expect``),
the chain in the explainer's words and a category. The categories are the
old corpus's (tests/data/mojibake/generate.py) and issue 35's seven classes:

1. ``latin1-c1``: UTF-8 read as latin-1, the C1 controls left in the text;
2. ``short``: one short misread piece (a word, a sign, a name);
3. ``inline-pieces`` (some words of a line misread, others not, a reader per
   piece: windows-1252 or latin-1), ``inline-lost`` (some characters of a
   line misread, the bytes the reader lacks lost) and ``cesu-misread`` (CESU-8 or Java's
   modified UTF-8 read as windows-1252 or latin-1);
4. ``nbsp-collapsed``: a no-break space lost after ``Ã`` and its space kept;
5. ``lost-layers``: two layers and a byte lost to U+FFFD or ``?``;
6. ``correct-looks-odd``: ``´´`` as quotes, a Cyrillic letter in a Latin
   name, mojibake quoted on purpose, text drawn in box-drawing frames or
   beside signs; ``correct-short``: a short correct piece.

And ``legacy-lost``: legacy text whose reader lost bytes, which no repair
gives back (it teaches the calibration what such repairs are worth);
``escaped``: bytes shown as escapes (git's quoted file names),
``correct-escapes``: correct text quoting bytes that are no text as escapes,
``latin1-stripped``: UTF-8 read as latin-1 and its C1 controls stripped,
``legacy-pieces``: UTF-8 text holding a word or a line a legacy code
page wrote, ``json-no-backslash``: JSON's ``\\u`` escapes whose
backslashes were stripped, and ``correct-json-like``: correct ASCII text
holding names that look like them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass

import mojiscope.core.codecs.legacy.whatwg  # registers the whatwg-windows-1252 codec
import mojiscope.core.mojibake.extra_codecs  # noqa: F401 - registers cesu-8 and mutf-8

WIN = "whatwg-windows-1252"
CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")

#: The legacy code pages a language was written in, the usual one first.
LEGACY: dict[str, tuple[str, ...]] = {
    **{
        code: ("cp1252", "latin-1", "mac-roman", "cp850", "cp437", "iso-8859-15")
        for code in [
            "fr",
            "de",
            "es",
            "pt",
            "it",
            "ca",
            "nl",
            "sv",
            "da",
            "nb",
            "no",
            "fi",
            "is",
            "en",
            "id",
            "ms",
            "fil",
            "sq",
            "et",
            "ga",
            "lb",
            "mt",
            "af",
        ]
    },
    **{
        code: ("cp1250", "iso-8859-2")
        for code in ["pl", "cs", "sk", "hu", "ro", "hr", "sl", "bs", "sh"]
    },
    **{code: ("cp1251", "koi8-r", "cp866") for code in ["ru", "bg", "mk", "sr", "be"]},
    "uk": ("cp1251", "koi8-u", "cp866"),
    "el": ("cp1253",),
    "tr": ("cp1254",),
    "az": ("cp1254",),
    "he": ("cp1255",),
    "ar": ("cp1256",),
    "fa": ("cp1256",),
    "ur": ("cp1256",),
    "lt": ("cp1257",),
    "lv": ("cp1257",),
    "th": ("cp874",),
    "ja": ("shift_jis", "euc-jp"),
    "zh": ("gbk", "big5"),
    "ko": ("euc-kr",),
}
#: Every code page UTF-8 is seen read as (the explainer's READERS), and its weight.
READERS: dict[str, float] = {
    WIN: 30, "cp1252": 8, "latin-1": 10, "iso-8859-15": 2, "mac-roman": 3, "cp437": 3,
    "cp850": 3, "cp1250": 4, "iso-8859-2": 2, "cp1251": 4, "koi8-r": 2, "koi8-u": 1,
    "cp1253": 2, "cp1254": 2, "cp1255": 2, "cp1256": 2, "cp1257": 2, "cp874": 2, "gbk": 2,
    "shift_jis": 1,
}  # fmt: skip
LEGACY_READERS = (WIN, "latin-1", "cp437", "mac-roman")
EMOJI = "😍👍🎉🙂💡🚀😀✅"


@dataclass(frozen=True)
class Case:
    data: bytes
    expect: str
    chain: tuple[str, ...]
    category: str


def word(codec: str) -> str:
    return "windows-1252" if codec == WIN else codec


def _base(language: str) -> str:
    return language.split("-")[0].lower()


def _misread(text: str, reader: str, writer: str = "utf-8") -> str | None:
    try:
        return text.encode(writer).decode(reader)
    except (UnicodeError, LookupError):
        return None


def utf8_misread(text: str, rng: random.Random, language: str) -> Case | None:
    local = [c for c in LEGACY.get(_base(language), ()) if c in READERS and c != "latin-1"]
    if local and rng.random() < 0.2:
        reader = rng.choice(local)
    else:
        reader = rng.choices(list(READERS), list(READERS.values()))[0]
    out = _misread(text, reader)
    if out is None or out == text:
        return None
    return Case(out.encode(), text, (f"utf-8 read as {word(reader)}",), "utf8-misread")


def latin1_c1(text: str, rng: random.Random, language: str) -> Case | None:
    out = _misread(text, "latin-1")
    if out is None or not any("\x80" <= c <= "\x9f" for c in out):
        return None
    return Case(out.encode(), text, ("utf-8 read as latin-1",), "latin1-c1")


def latin1_stripped(text: str, rng: random.Random, language: str) -> Case | None:
    """:func:`latin1_c1` by a program that then stripped the C1 controls as
    control characters (``właśnie`` is ``wÅaÅnie``, ``don’t`` is
    ``donât``): no byte marks where they stood."""
    kept = latin1_c1(text, rng, language)
    if kept is None:
        return None
    out = "".join(c for c in kept.data.decode() if not "\x80" <= c <= "\x9f")
    return Case(out.encode(), text, kept.chain, "latin1-stripped")


def layers(text: str, rng: random.Random, language: str) -> Case | None:
    plan = rng.choice(
        [[WIN, WIN], [WIN, WIN], ["latin-1", WIN], [WIN, "latin-1"], ["cp1252", "cp1252"],
         ["mac-roman", "mac-roman"], [WIN, WIN, WIN], ["cp1251", "cp1251"], ["cp1250", WIN]]
    )  # fmt: skip
    out: str | None = text
    for reader in plan:
        out = _misread(out, reader) if out is not None else None
    if out is None or out == text:
        return None
    chain = tuple(f"utf-8 read as {word(r)}" for r in plan)
    return Case(out.encode(), text, chain, "utf8-misread-layers")


#: DOS code pages Western text was written in and is seen read as a Windows one.
DOS_WRITERS = ("cp437", "cp850")


#: What a DOS console draws around text (cp437 and cp850 have these).
_DOS_LISTINGS = (
    "├───{text}", "└───{text}", "│   ├───{text}", "┌{rule}┐\n│{text}│\n└{rule}┘",
    "{text}\n{rule}", "═══ {text} ═══", "║ {text} ║", "░▒▓ {text}",
)  # fmt: skip


def legacy_misread(text: str, rng: random.Random, language: str) -> Case | None:
    """Legacy text read as a Western code page: the language's usual code
    page, or now and then another of its own (cp866 for Russian); Western
    text only from a DOS code page (``├───`` in cp437 is ``ÃÄÄÄ``)."""
    codecs = LEGACY.get(_base(language))
    if not codecs:
        return None
    if codecs[0] in ("cp1252", "latin-1"):
        if rng.random() < 0.5:
            return None
        writer = rng.choice(DOS_WRITERS)
        if rng.random() < 0.5:  # a console's listing: `tree`, a table
            text = rng.choice(_DOS_LISTINGS).format(text=text, rule="─" * min(len(text), 30))
    else:
        writer = codecs[0] if rng.random() < 0.8 else rng.choice(codecs[1:] or codecs)
    reader = rng.choice([r for r in LEGACY_READERS if r != writer])
    out = _misread(text, reader, writer)
    if out is None or out == text:
        return None
    return Case(out.encode(), text, (f"{writer} read as {word(reader)}",), "legacy-misread")


#: Code pages Western text (windows-1252) is seen read as, and how often
#: (the explainer's ``search.WESTERN_MISREADERS``, but cp1251, searched
#: without a refit: docs/MOJIBAKE_CHOICES.md).
WESTERN_READERS: dict[str, float] = {
    "mac-roman": 3, "cp437": 3, "cp850": 3, "cp1250": 1, "cp1253": 1, "cp1257": 1,
}  # fmt: skip


def western_misread(text: str, rng: random.Random, language: str) -> Case | None:
    """Western text written as windows-1252 and read as a Mac, DOS, Greek,
    Central European or Baltic code page (``QuÈbec``, ``ESPA╤OL``)."""
    codecs = LEGACY.get(_base(language))
    if not codecs or codecs[0] != "cp1252":
        return None
    reader = rng.choices(list(WESTERN_READERS), list(WESTERN_READERS.values()))[0]
    out = _misread(text, reader, "cp1252")
    if out is None or out == text:
        return None
    return Case(out.encode(), text, (f"windows-1252 read as {reader}",), "western-misread")


def legacy_on_disk(text: str, rng: random.Random, language: str) -> Case | None:
    codecs = LEGACY.get(_base(language))
    if not codecs:
        return None
    codec = codecs[0] if rng.random() < 0.7 else rng.choice(codecs)
    try:
        data = text.encode(codec)
    except UnicodeError:
        return None
    if data == text.encode():
        return None
    return Case(data, text, (f"written as {word(codec)}",), "legacy-on-disk")


def utf16_misread(text: str, rng: random.Random, language: str) -> Case | None:
    writer = rng.choice(["utf-16le", "utf-16", "utf-16be"])
    reader = rng.choice(["latin-1", WIN])
    out = _misread(text, reader, writer)
    if out is None:
        return None
    return Case(out.encode(), text, (f"{writer} read as {word(reader)}",), "utf16-misread")


def lost_bytes(text: str, rng: random.Random, language: str) -> Case | None:
    data = text.encode()
    if not CP1252_HOLES & set(data):
        return None
    what = rng.choice(["dropped", "question-mark", "replacement"])
    stand = {"dropped": "", "question-mark": "?", "replacement": "\ufffd"}[what]
    out = "".join(stand if b in CP1252_HOLES else bytes([b]).decode("cp1252") for b in data)
    chain = ("utf-8 read as cp1252", f"undefined bytes {what}")
    return Case(out.encode(), text, chain, f"lost-{what}")


def letters_lost(text: str, rng: random.Random, language: str) -> Case | None:
    """Letters lost before the bytes were written: windows-1252 lacking them
    wrote ``?`` (Polish, Czech, Turkish), or windows-1252 bytes read as UTF-8
    put U+FFFD for each (``Cr\ufffder``); a known word may tell each back."""
    if rng.random() < 0.5:
        out, what = text.encode("cp1252", "replace").decode("cp1252"), "question-mark"
    else:
        try:
            out, what = text.encode("cp1252").decode("utf-8", "replace"), "replacement"
        except UnicodeEncodeError:
            return None
    if out == text:
        return None
    return Case(out.encode(), text, ("letters lost",), f"letters-{what}")


def legacy_lost(text: str, rng: random.Random, language: str) -> Case | None:
    """Legacy text (Shift_JIS, GBK, cp1251...) read as Python's strict cp1252,
    the bytes it has no character for dropped or written as ``?`` or U+FFFD:
    what they were is lost, so no repair gives the text back; a repair that
    looks right must not claim much confidence."""
    codecs = LEGACY.get(_base(language))
    if not codecs or codecs[0] in ("cp1252", "latin-1"):
        return None
    writer = codecs[0] if rng.random() < 0.7 else rng.choice(codecs)
    try:
        data = text.encode(writer)
    except UnicodeError:
        return None
    if not CP1252_HOLES & set(data):
        return None
    stand = rng.choice(["", "?", "\ufffd"])
    out = "".join(stand if b in CP1252_HOLES else bytes([b]).decode("cp1252") for b in data)
    chain = (f"{writer} read as cp1252", "undefined bytes lost")
    return Case(out.encode(), text, chain, "legacy-lost")


def lost_layers(text: str, rng: random.Random, language: str) -> Case | None:
    """Two layers, the second reader losing its undefined bytes (class 5)."""
    once = _misread(text, WIN)
    if once is None or once == text:
        return None
    data = once.encode()
    if not CP1252_HOLES & set(data):
        return None
    stand = rng.choice(["\ufffd", "?"])
    out = "".join(stand if b in CP1252_HOLES else bytes([b]).decode("cp1252") for b in data)
    chain = ("utf-8 read as windows-1252", "utf-8 read as cp1252", "undefined bytes lost")
    return Case(out.encode(), text, chain, "lost-layers")


def nbsp(text: str, rng: random.Random, language: str) -> Case | None:
    """The no-break space A0 became a space; or, after "à", was lost while the
    space after it stayed (HTML collapses the two: class 4)."""
    out = _misread(text, WIN)
    if out is None or "\xa0" not in out:
        return None
    if "\xa0 " in out and rng.random() < 0.6:
        return Case(out.replace("\xa0 ", " ").encode(), text, ("nbsp lost",), "nbsp-collapsed")
    return Case(out.replace("\xa0", " ").encode(), text, ("nbsp to space",), "nbsp-to-space")


_SIGNS = ("✔ ", "♫ ", "• ", "→ ", "© ", "– ", "… ", "“", "™ ")


def _short_piece(text: str, rng: random.Random) -> str | None:
    """One or two words of ``text`` from one holding a non-ASCII letter,
    sometimes after a sign; None when no word holds one."""
    words = text.split()
    picks = [i for i, w in enumerate(words) if not w.isascii()]
    if not picks:
        return None
    i = rng.choice(picks)
    piece = " ".join(words[i : i + rng.randint(1, 2)])
    if rng.random() < 0.25:
        piece = rng.choice(_SIGNS) + piece
    return piece


def short_correct(text: str, rng: random.Random, language: str) -> Case | None:
    """A short correct piece (one or two words holding a non-ASCII letter,
    sometimes after a sign): must be left as it is, as the short damaged
    pieces of :func:`short` must be repaired."""
    piece = _short_piece(text, rng)
    return None if piece is None else Case(piece.encode(), piece, (), "correct-short")


def short(text: str, rng: random.Random, language: str) -> Case | None:
    """A short piece: one or two words with a non-ASCII letter, or a sign (class 2)."""
    piece = _short_piece(text, rng)
    if piece is None:
        return None
    reader = rng.choices([WIN, "latin-1", "cp1252", "mac-roman", "cp1250", "cp1251"],
                         [8, 2, 2, 1, 1, 1])[0]  # fmt: skip
    out = _misread(piece, reader)
    if out is None or out == piece:
        return None
    return Case(out.encode(), piece, (f"utf-8 read as {word(reader)}",), "short")


def inline_pieces(text: str, rng: random.Random, language: str) -> Case | None:
    """Some words of a line misread, the others not; each piece by
    windows-1252 or latin-1 (class 3)."""
    words = text.split(" ")
    picks = [i for i, w in enumerate(words) if not w.isascii()]
    if len(picks) < 2:
        return None
    damaged = set(rng.sample(picks, rng.randint(1, len(picks) - 1)))
    out = []
    for i, piece in enumerate(words):
        if i in damaged:
            misread = _misread(piece, rng.choice([WIN, WIN, "latin-1"]))
            if misread is None:
                return None
            piece = misread
        out.append(piece)
    joined = " ".join(out)
    if joined == text:
        return None
    return Case(joined.encode(), text, ("utf-8 read as windows-1252 (pieces)",), "inline-pieces")


def inline_lost(text: str, rng: random.Random, language: str) -> Case | None:
    """Some characters of a line misread as strict cp1252, the others not,
    the bytes it has no character for dropped or written as ``?`` or
    U+FFFD (``記憶ã¨ç©º``: と lost its 81), or a soft hyphen a page hid
    lost (字 is ``å—``): a misread character beside them must show the
    reading (class 3)."""
    picks = [i for i, c in enumerate(text) if len(c.encode()) >= 3]
    if len(picks) < 3:
        return None
    damaged = set(rng.sample(picks, rng.randint(2, len(picks) - 1)))
    stand = rng.choice(["", "", "?", "\ufffd", "soft hyphen"])
    lost = b"\xad" if stand == "soft hyphen" else CP1252_HOLES
    out, dropped, whole = [], False, False
    for i, char in enumerate(text):
        if i not in damaged:
            out.append(char)
            continue
        data = char.encode()
        hit = any(b in lost for b in data[1:])
        dropped, whole = dropped or hit, whole or not hit
        if stand == "soft hyphen":
            out.append(data.decode(WIN).replace("\xad", ""))
        else:
            out.append("".join(stand if b in lost else bytes([b]).decode("cp1252") for b in data))
    if not (dropped and whole):
        return None
    chain = ("utf-8 read as cp1252 (pieces)", "undefined bytes lost")
    return Case("".join(out).encode(), text, chain, "inline-lost")


def cesu(text: str, rng: random.Random, language: str) -> Case | None:
    """An emoji written as CESU-8 or modified UTF-8, read as windows-1252 or
    latin-1, or left so on disk (class 3)."""
    words = text.split(" ")
    at = rng.randrange(len(words) + 1)
    original = " ".join([*words[:at], rng.choice(EMOJI), *words[at:]])
    writer = rng.choice(["cesu-8", "mutf-8"])
    codec = f"mojiscope-{writer}"
    if rng.random() < 0.3:
        return Case(original.encode(codec), original, (f"written as {writer}",), "cesu-on-disk")
    reader = rng.choice([WIN, "latin-1"])
    out = original.encode(codec).decode(reader)
    chain = (f"{writer} read as {word(reader)}",)
    return Case(out.encode(), original, chain, "cesu-misread")


def mixed_lines(text: str, rng: random.Random, language: str) -> Case | None:
    """Two copies of the line's halves on two lines, one of them misread."""
    words = text.split(" ")
    if len(words) < 4:
        return None
    half = len(words) // 2
    first, second = " ".join(words[:half]), " ".join(words[half:])
    reader = rng.choice([WIN, "latin-1"])
    if rng.random() < 0.5:
        bad = _misread(second, reader)
        out = f"{first}\n{bad}\n" if bad else None
    else:
        bad = _misread(first, reader)
        out = f"{bad}\n{second}\n" if bad else None
    expect = f"{first}\n{second}\n"
    if out is None or out == expect:
        return None
    return Case(
        out.encode(), expect, (f"utf-8 read as {word(reader)} (some parts)",), "mixed-parts"
    )


def cut(text: str, rng: random.Random, language: str) -> Case | None:
    data = text.encode()
    cuts = [i for i in range(1, len(data)) if 0x80 <= data[i] < 0xC0]
    if not cuts:
        return None
    at = rng.choice(cuts)
    at_end = rng.random() < 0.5
    piece = data[:at] if at_end else data[at:]
    # A character cut at either end is one U+FFFD, however many of its bytes remain.
    lead = len(piece) - len(piece.lstrip(bytes(range(0x80, 0xC0)))) if not at_end else 0
    expect = ("\ufffd" if lead else "") + piece[lead:].decode("utf-8", "replace")
    out = piece.decode(WIN).encode()
    return Case(out, expect, ("utf-8 read as windows-1252", "cut"), "cut-sequence")


_HOMOGLYPHS = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "E": "Е", "A": "А"}


#: How people quote mojibake beside what it should have been.
_QUOTINGS = (
    "{text} ({shown} statt {target})", "{text} — «{shown}» instead of «{target}»",
    "{text}: `{shown}` ({target})", "{text} ({shown} → {target})",
    "{shown} should read {target}. {text}", "{text}, e.g. “{shown}” for “{target}”",
)  # fmt: skip
#: How people quote the mojibake of one character alone, in a bug report
#: or a question (the character it should have been left unsaid).
_QUOTED_ALONE = (
    "{text} (shows “{shown}”)", "“{shown}” appears: {text}", "{text} — «{shown}»",
    "{text}: `{shown}`", '"{shown}" in {text}', "{text} ('{shown}')",
)  # fmt: skip
#: Signs whose mojibake people quote, besides the text's own letters.
_QUOTED_SIGNS = "’“”–—€£©°•™…"


def _odd_word(text: str, rng: random.Random) -> str | None:
    """A short correct token that looks odd: a word's accented letters
    doubled, tripled or capitalised (``Ôôô``, ``ÉÉ``, ``Ññ``)."""
    letters = [c for c in text if c >= "\xc0" and c.isalpha()]
    if not letters:
        return None
    letter = rng.choice(letters)
    shapes = (letter.upper() + letter.lower() * 2, letter.upper() * 2, letter * 3,
              letter.upper() + letter.lower())  # fmt: skip
    return rng.choice(shapes)


#: Frames and marks correct text is drawn with (tables, trees, lists, ratings).
_FRAMES = (
    "│ {text} │", "├── {text}", "└─ {text}", "■ {text}", "★★★☆☆ {text}",
    "┌{rule}┐\n│ {text} │\n└{rule}┘", "{text} ✓", "▶ {text}", "◆ {text} ◆",
    "→ {text} ←", "• {text}\n• {text}", "≈ {text} ± 2 °C", "{text} ⇒ ∑ ≠ ∞",
)  # fmt: skip


def _quoted_alone(text: str, rng: random.Random) -> str | None:
    """Half the time, ``text`` with one character's mojibake quoted alone
    (a letter of the text, or a sign); else ``None``."""
    if rng.random() < 0.5:
        return None
    target = rng.choice([*(c for c in text if c >= "\x80" and c.isalpha()), *_QUOTED_SIGNS])
    shown = _misread(target, rng.choice([WIN, WIN, "latin-1", "mac-roman"]))
    if shown is None or shown == target or any(c < " " or "\x7f" <= c <= "\x9f" for c in shown):
        return None
    return rng.choice(_QUOTED_ALONE).format(text=text, shown=shown)


def looks_odd(text: str, rng: random.Random, language: str) -> Case | None:
    """Correct text that looks odd (class 6): must be left as it is."""
    kind = rng.randrange(5)
    if kind == 4:
        frame = rng.choice(_FRAMES)
        odd = frame.format(text=text, rule="─" * min(len(text) + 2, 40))
        return Case(odd.encode(), odd, (), "correct-looks-odd")
    words = text.split(" ")
    if kind == 0 and len(words) > 2:
        i = rng.randrange(1, len(words))
        odd = " ".join([*words[:i], "´´" + words[i] + "´´", *words[i + 1 :]])
    elif kind == 1:
        letters = [i for i, c in enumerate(text) if c in _HOMOGLYPHS]
        if not letters:
            return None
        i = rng.choice(letters)
        odd = text[:i] + _HOMOGLYPHS[text[i]] + text[i + 1 :]
    elif kind == 2:
        word = _odd_word(text, rng)
        if word is None:
            return None
        odd = word if rng.random() < 0.5 else f"{words[0]} {word}"
    else:
        targets = [w for w in words if not w.isascii() and w.isalpha()]
        if not targets:
            return None
        target = rng.choice(targets)
        shown = _misread(target, rng.choice([WIN, WIN, "latin-1", "mac-roman", "cp1250"]))
        if shown is None or shown == target or any("\x80" <= c <= "\x9f" for c in shown):
            return None
        odd = rng.choice(_QUOTINGS).format(text=text, shown=shown, target=target)
        # Half of these quote one character's mojibake alone instead, drawn by
        # a generator of the text's own (so that no other case changed when
        # this kind came in).
        alone = _quoted_alone(text, random.Random(odd))
        odd = alone if alone is not None else odd
    return Case(odd.encode(), odd, (), "correct-looks-odd")


#: How programs that print only ASCII show bytes beyond it (the explainer's
#: ``extra_codecs.ESCAPES``: git, Python's repr of bytes, less).
ESCAPE_WORDS = ("octal-escapes", "hex-escapes", "angle-escapes")
_PYTHON_ESCAPES = {
    "octal-escapes": "\\{:03o}",
    "hex-escapes": "\\x{:02x}",
    "angle-escapes": "<{:02X}>",
}


def _shown_as_escapes(data: bytes, notation: str) -> str:
    """``data`` as a program printing only ASCII shows it (Python's own
    formatting, not the explainer's codec)."""
    spelling = _PYTHON_ESCAPES[notation]
    return "".join(chr(b) if b < 0x80 else spelling.format(b) for b in data)


def escaped(text: str, rng: random.Random, language: str) -> Case | None:
    """A file name or a short piece whose bytes a program showed as escapes
    (git's ``\\344\\270\\255``): UTF-8's, or now and then the language's
    legacy code page's."""
    piece = _short_piece(text, rng) if rng.random() < 0.5 else text
    if piece is None:
        return None
    local = LEGACY.get(_base(language), ())
    writer = rng.choice(local) if local and rng.random() < 0.3 else "utf-8"
    try:
        data = piece.encode(writer)
    except UnicodeError:
        return None
    if data.isascii():
        return None
    notation = rng.choice(ESCAPE_WORDS)
    out = _shown_as_escapes(data, notation)
    if rng.random() < 0.5:  # a file name, as git quotes it
        out = f'"{out}.txt"'
        piece = f'"{piece}.txt"'
    return Case(out.encode(), piece, (f"{word(writer)} read as {notation}",), "escaped")


def correct_escapes(text: str, rng: random.Random, language: str) -> Case | None:
    """Correct text beside escapes of bytes that are no text (a byte order
    mark or a magic number quoted in code or a log): must be left as it is."""
    raw = bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randint(2, 4)))
    notation = rng.choice(ESCAPE_WORDS)
    quoted = rng.choice(('b"{}"', "bytes {}", "magic = '{}'")).format(
        _shown_as_escapes(raw, notation)
    )
    odd = f"{text} {quoted}" if rng.random() < 0.5 else quoted
    return Case(odd.encode(), odd, (), "correct-escapes")


def wtf8_names(text: str, rng: random.Random, language: str) -> Case | None:
    """A file name as Windows may hold it: a lone surrogate, written as WTF-8
    (valid WTF-8, no damage): must be left as it is."""
    words = text.split(" ")[:4]
    surrogate = chr(rng.choice([0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDE0D, 0xDFFF]))
    at = rng.randrange(len(words) + 1)
    name = "_".join([*words[:at], surrogate, *words[at:]]) + rng.choice([".txt", ".docx", ".jpg"])
    data = name.encode("utf-8", "surrogatepass")
    return Case(data, data.decode("utf-8", "replace"), (), "correct-wtf8")


#: Damage makers and how often each is drawn.
MAKERS: dict[Callable[[str, random.Random, str], Case | None], float] = {
    utf8_misread: 30, latin1_c1: 4, layers: 8, legacy_misread: 6, western_misread: 4,
    legacy_on_disk: 8, utf16_misread: 2, lost_bytes: 4, lost_layers: 3, nbsp: 4, short: 12,
    inline_pieces: 5, inline_lost: 2, cesu: 3, mixed_lines: 4, cut: 2, looks_odd: 7, wtf8_names: 1,
    short_correct: 4, legacy_lost: 3, letters_lost: 3,
}  # fmt: skip


def legacy_pieces(text: str, rng: random.Random, language: str) -> Case | None:
    """UTF-8 text holding a piece the language's legacy code page wrote: a
    word typed on another machine, or a first line a Windows program wrote
    before the rest was appended as UTF-8; read back piece by piece."""
    codecs = LEGACY.get(_base(language))
    words = text.split(" ")
    picks = [i for i, w in enumerate(words) if not w.isascii()]
    if not codecs or len(picks) < 2:
        return None
    codec = codecs[0]
    try:
        if rng.random() < 0.5:
            at = rng.choice(picks)
            pieces = [w.encode(codec) if i == at else w.encode() for i, w in enumerate(words)]
            data, expect = b" ".join(pieces), text
        else:
            cut = picks[len(picks) // 2]
            head, tail = " ".join(words[:cut]), " ".join(words[cut:])
            data, expect = head.encode(codec) + b"\n" + tail.encode(), f"{head}\n{tail}"
    except UnicodeError:
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return Case(data, expect, (f"written as {word(codec)}, in pieces",), "legacy-pieces")
    return None  # the legacy bytes read as UTF-8 too: nothing tells them


def json_no_backslash(text: str, rng: random.Random, language: str) -> Case | None:
    """Text JSON wrote with ``\\u`` escapes (Python's own json) whose
    backslashes a program stripped, as WordPress exports show it
    (``Rudolphu2019s``)."""
    if text.isascii() or any(c < " " for c in text):
        return None
    out = json.dumps(text)[1:-1].replace("\\", "")
    return Case(out.encode(), text, ("written as json/no-backslash",), "json-no-backslash")


def correct_json_like(text: str, rng: random.Random, language: str) -> Case | None:
    """Correct ASCII text holding one or two names or numbers that look like
    JSON escapes without their backslashes (``menu2019``, ``Bu00f3``): must
    be left as it is."""
    words = text.split(" ")
    for _ in range(rng.randint(1, 2)):
        at = rng.randrange(len(words))
        code = rng.choice([rng.randrange(0x80, 0xD800), rng.randrange(0xE000, 0x10000)])
        words[at] += f"u{code:04x}"
    odd = " ".join(words)
    return Case(odd.encode(), odd, (), "correct-json-like") if odd.isascii() else None


#: Damage makers added after the others, and the share of texts each is
#: drawn for: drawn by a generator of the text's own (:func:`cases_for`), so
#: that no case the others make changed when they came in.
LATER: dict[Callable[[str, random.Random, str], Case | None], float] = {
    escaped: 0.03,
    correct_escapes: 0.015,
    legacy_pieces: 0.03,
    json_no_backslash: 0.02,
    correct_json_like: 0.03,
    latin1_stripped: 0.04,
}


def cases_for(text: str, language: str, rng: random.Random, damaged: int = 2) -> list[Case]:
    """The text as it is, then up to ``damaged`` damaged copies of it, and
    now and then one of :data:`LATER`'s."""
    out = [Case(text.encode(), text, (), "correct")]
    makers, weights = list(MAKERS), list(MAKERS.values())
    for _ in range(damaged * 3):
        if len(out) > damaged:
            break
        made = rng.choices(makers, weights)[0](text, rng, language)
        if made is not None and made.data not in {c.data for c in out}:
            out.append(made)
    own = random.Random(f"later:{language}:{text}")
    for maker, share in LATER.items():
        if own.random() < share:
            made = maker(text, own, language)
            if made is not None and made.data not in {c.data for c in out}:
                out.append(made)
    return out
