# ruff: noqa: RUF001, RUF002, RUF003 - look-alike characters are the subject
"""Characters damage leaves in text that no reading explains.

Some damage no chain undoes: Western text read through a DOS code page
(``ESPA╤OL``), mojibake whose bytes were folded or partly stripped
(``rÃⒸ``), Greek read for accented Latin (``Thιβtre``). The text as it is
then wins for want of a better reading, and "fine as it is" would be sure of
itself. What such text keeps is a few shapes that written text rarely has
and damage often leaves:

* a C1 control character (U+0080-U+009F), which no one types, or a C0
  one but tab, line and page breaks, NUL and an escape that begins a
  terminal's or ISO-2022's sequence (``\x1b[31m``): a capital as Cyrillic
  written as its low bytes leaves it (``\x1b0BK=``, ``Латын``);
* a non-ASCII sign between two letters of a word (``ESPA╤OL``, ``LegaA¯a``),
  other than the dashes, quotes, apostrophes and middle dots words do hold;
* a broken bar (U+00A6) glued to a character beyond ASCII (``”¦`` for
  ``…``, E2 80 A6, whose ``â€`` a search-and-replace made ``”``): it is
  the last byte of ``…``, ``æ`` and ``Ħ`` read as windows-1252, and no
  training text holds one;
* a non-ASCII capital right after a lower-case letter in a word (``QuÈbec``),
  except the Irish h-, n- and t- before a capital vowel (``na hÉireann``);
* a word of three or more question marks (``???????? ?????``): a program
  that could not write letters in its code page writes ``?`` for each; and
  question marks that begin a word of letters beyond ASCII (``??олдж``,
  ``?퍑``), where the program could write some of them: a question ends
  a word, it does not begin one; and a question mark inside a run of Han
  or kana, right after one of them and before another or an ASCII letter
  or digit (``尤里的陰?v1.0``): a code page that lacked a character wrote
  ``?`` for it, where a question ends after its particle (``吗?我`` is a
  question);
* a word mixing Latin, Greek and Cyrillic letters (``Thιβtre``; also a
  Cyrillic ``е`` slipped into a Latin word, which is correct text that is
  fair to doubt), but not Latin letters beside one Greek letter, as science
  writes units, variables and names (``μs``, ``nω``);
* a Thai vowel sign or tone mark that no Thai character comes before: Thai
  writes them after a consonant, and bytes of another script read through
  cp874 begin words with them (``ะะพะฑััะน``, Cyrillic whose C1 controls a
  program stripped);
* a run of Han or kana whose bytes in GBK or Shift_JIS are mostly UTF-8
  (two thirds of them or more in three-byte sequences, two or more of
  those), or in GBK are UTF-8's bytes out of order: UTF-8 read by one of
  those code pages, whose reader dropped the bytes it could not pair, so
  that a reading gives it back only with guesses, or not at all
  (``璇峰湪椤圭洰…杩愯鑴氭湰``, ``行`` lost; ``涓枃``, a pair lost across
  ``中文``). Correct Chinese and Japanese text is seldom so (none of the
  7,050 training texts holding Han or kana);
* a character of a script beyond Latin, Greek and Cyrillic, or of no
  script (unassigned, private use), glued to a lower-case Latin letter,
  in a text whose Latin letters outnumber the letters of such scripts
  four to one (``pass頣e``, ``ࠬire``, ``dom殥``, ``n볥``: Latin-1 text
  read by a UTF-8 decoder that took whatever bytes followed a lead byte
  as its continuation, ``é c`` as ``頣``, ``à l`` as ``ࠬ``); but emoji,
  CJK punctuation, kana and the commonest Han characters, which Japanese
  and Chinese put right after Latin words or glue to them
  (``confでarchive``, ``auto和unix``, ``cookies。``), and after a Latin
  letter the scripts of India and Sri Lanka, which glue suffixes to a
  Latin name (Telugu ``callbackను``). None of the 86,822 training texts
  holds one;
* Han characters inside a word of katakana, one of them beyond the
  commonest (``ダウ瘢雹ンロ``, EUC-JP bytes read with some of them
  shifted): Japanese writes loanwords in katakana whole (one training
  text of 56,977 has such a run);
* an ISO-2022-JP shift to JIS X 0208 whose escape bytes were stripped
  (``$B3t<02q<R(B`` for ``株式会社``): ``$B``, two or more pairs of
  printable ASCII that read as JIS characters, ``(B``
  (``extra_codecs.telling_jis_shifts``).

And, for :func:`oddities` only, a word a writer stripped of its letters
beyond ASCII or Latin-1 (``Vclav Novek`` for ``Václav Nováček``,
``stripped.stripped_words``): no character marks it, so
:func:`odd_places`, which tells what characters damage left, does not
hold it.

Correct text has them too (a message quoting mojibake, a formula): an
oddity is no repair, only a reason not to be sure. The explainer claims at
most ``explain.UNSURE_CONFIDENCE`` for the text as it is when it holds one,
and names each (:func:`oddities`). Scripts written without spaces (Han,
kana, Hangul) and their punctuation are never odd: a
word there runs across scripts and signs.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from mojiscope.core.mojibake.chain import python_codec
from mojiscope.core.mojibake.extra_codecs import telling_jis_shifts
from mojiscope.core.mojibake.lexicon import common_han
from mojiscope.core.mojibake.offsets import source_offsets
from mojiscope.core.mojibake.readers import CJK
from mojiscope.core.mojibake.stripped import stripped_words

#: What each oddity is, in words.
C1, SIGN, CAPITAL, SCRIPTS, QUESTIONS = (
    "a C1 control character",
    "a sign between two letters",
    "a capital after a lower-case letter",
    "a word mixing Latin, Greek and Cyrillic letters",
    "a word of question marks",
)
QUESTIONS_BEGIN = "question marks that begin a word"
QUESTION_IN_CJK = "a question mark inside Han or kana"
THAI = "a Thai vowel sign or tone mark after no consonant"
MULTIBYTE = "Han or kana that are UTF-8 read as GBK or Shift_JIS"
JIS = "an ISO-2022-JP shift without its escape bytes"
RARE_HAN = "a rare Han character inside a word of katakana"
INSIDE_LATIN = "a letter of another script glued to Latin letters"
BROKEN_BAR = "a broken bar glued to a character beyond ASCII"
#: A broken bar glued to a character beyond ASCII, on either side.
_BROKEN_BAR = re.compile("(?<=[^\x00-\x7f])\u00a6|\u00a6(?=[^\x00-\x7f])")
C0 = "a control character"
#: A C0 control character text holds only as damage (see the module docstring).
_C0 = re.compile("[\x01-\x08\x0e-\x1a\x1c-\x1f]+|\x1b(?![\\[\\]()$])")
STRIPPED = "a word that lost letters no byte marks"

#: Letters of the scripts that separate words with spaces, by script.
_LATIN = "A-Za-zªºµÀ-ÖØ-öø-ɏḀ-ỿ"
_GREEK = "Ͱ-Ͽἀ-῿"
_CYRILLIC = "Ѐ-ԯ"
_SPACED = _LATIN + _GREEK + _CYRILLIC
_LETTER = re.compile(f"[{_SPACED}]")
_WORD = re.compile(f"[{_SPACED}\u0300-\u036f]+")
_NOT_LATIN = re.compile(f"[{_GREEK}{_CYRILLIC}]")
_GREEK_LETTER = re.compile(f"[{_GREEK}]")
_CYRILLIC_LETTER = re.compile(f"[{_CYRILLIC}]")
#: Where a word's letters change script: a mixed-script word holds one.
_SCRIPT_CHANGE = re.compile(
    f"[{_LATIN}][{_GREEK}{_CYRILLIC}]|[{_GREEK}][{_LATIN}{_CYRILLIC}]|[{_CYRILLIC}][{_LATIN}{_GREEK}]"
)
#: A character beyond Latin, Greek and Cyrillic, the punctuation and
#: symbol blocks, the variation selectors and U+FFFD: by its range, of
#: another script (:func:`_inside_latin` keeps its letters).
_OTHER_SCRIPT = "[^\x00-\u052f\u1e00-\u2bff\ufe00-\ufe0f\ufffd]"
_OTHER_LETTER = re.compile(_OTHER_SCRIPT)
#: Such a character right before a lower-case Latin letter, or right after
#: one but for the scripts of India and Sri Lanka, which glue suffixes to a
#: Latin name (Telugu ``callbackను``).
_INSIDE_LATIN = re.compile(
    f"({_OTHER_SCRIPT})(?=[a-zß-öø-ÿ])|(?<=[a-zß-öø-ÿ])(?![\u0900-\u0dff])({_OTHER_SCRIPT})"
)
_LATIN_LETTER = re.compile(f"[{_LATIN}]")
#: Kana, which Japanese glues to Latin words (``maxconnectionsの設定``).
#: Korean glues its particles so too (``git을``), but to a Latin word in a
#: text mostly Hangul, which is never mostly Latin: no training text
#: mostly Latin holds Hangul glued to a Latin letter, and a lenient
#: decoder makes ``ë`` and ``ì`` Hangul (``n볥`` for ``nëse``).
_GLUED = re.compile("[\u3040-\u30ff]")


#: Signs words hold: dashes (any ``Pd``), apostrophes and the quotes and
#: accents typed for them, the middle dot (Catalan ``l·l``), the ellipsis;
#: and U+FFFD, a lost letter (``lost_letters``), not an oddity.
_WORD_SIGNS = frozenset("’‘‛′´·…‧\ufffd")


def _class(keep: Callable[[str], bool]) -> re.Pattern[str]:
    """A character class of the characters from U+0080 to U+2BFF (Latin-1
    to the arrows, box drawing and symbols, where damage's signs are) that
    ``keep`` keeps."""
    kept = "".join(re.escape(chr(c)) for c in range(0x80, 0x2C00) if keep(chr(c)))
    return re.compile(f"[{kept}]")


@cache
def _signs() -> re.Pattern[str]:
    """Non-ASCII signs no word holds (:data:`_WORD_SIGNS`, ``Pd``)."""
    return _class(
        lambda c: (
            unicodedata.category(c)[0] in "SP"
            and unicodedata.category(c) != "Pd"
            and c not in _WORD_SIGNS
        )
    )


@cache
def _capitals() -> re.Pattern[str]:
    """Non-ASCII capitals of the spaced scripts."""
    return _class(lambda c: c.isupper() and bool(_LETTER.match(c)))


#: An Irish initial mutation: h, n or t before a word's capital vowel.
_IRISH = re.compile(r"(?<![^\W\d_])[hnt]\Z")


@dataclass(frozen=True)
class Oddity:
    """Source bytes ``[start, end)`` of an oddity, what it is, and what the
    text there may have been, where something says (else "")."""

    start: int
    end: int
    what: str
    was: str = ""


#: A Thai vowel sign or tone mark that follows a consonant (U+0E30-U+0E3A,
#: U+0E45, U+0E47-U+0E4E) after no Thai character.
_THAI_AFTER_NOTHING = re.compile("(?<![\u0e01-\u0e4e])[\u0e30-\u0e3a\u0e45\u0e47-\u0e4e]")
#: A run of Thai letters and marks.
_THAI_RUN = re.compile("[\u0e01-\u0e4e]+")


def against_thai_spelling(text: str) -> bool:
    """Whether two or more, and half or more, of ``text``'s runs of Thai
    begin with a vowel sign or tone mark (the oddity :data:`THAI`): no
    Thai writes so, and UTF-8 Cyrillic whose C1 controls were stripped
    reads so through cp874 at nearly every word (``показывать`` is D0 BF
    D0 BE..., and D0 is SARA A: ``ะฟะพ``); one such run is as likely a
    Thai text cut short."""
    wrong = len(_THAI_AFTER_NOTHING.findall(text))
    return wrong >= 2 and 2 * wrong >= len(_THAI_RUN.findall(text))


#: Three or more question marks standing as a word of their own.
_QUESTION_WORD = re.compile(r"(?<![\w?])\?{3,}(?![\w?])")
#: Question marks after no letter or digit, before a letter beyond ASCII of
#: a script that spaces its words (Latin, Greek, Cyrillic, Hangul).
_QUESTIONS_BEGINNING = re.compile(
    f"(?<![^\\W_])\\?+(?=[ªºµÀ-ÖØ-öø-ɏḀ-ỿ{_GREEK}{_CYRILLIC}\uac00-\ud7a3])"
)
#: A question mark inside a run of Han or kana (see the module docstring),
#: but after a particle that ends a question (Chinese 吗 呢 吧 么, Japanese か).
_QUESTION_IN_CJK = re.compile(
    f"(?<={CJK.pattern})(?<![吗呢吧么嗎麼か])\\?(?=[A-Za-z0-9]|{CJK.pattern})"
)
#: Han characters between two katakana (see :data:`RARE_HAN`).
_HAN_IN_KATAKANA = re.compile("[\u30a1-\u30fa\u30fc]([\u3400-\u9fff]+)(?=[\u30a1-\u30fa\u30fc])")
#: A run of Han or kana (what GBK and Shift_JIS read UTF-8 as).
_CJK_RUN = re.compile(f"{CJK.pattern}+")
#: A UTF-8 sequence of three bytes (Han, kana and most other scripts' letters).
_UTF8_TRIPLE = re.compile(rb"[\xe0-\xef][\x80-\xbf]{2}")


#: The readers of :data:`readers.MULTIBYTE_READERS` whose readings of UTF-8
#: have a shape correct text lacks: cp950 and cp949 write common
#: traditional Chinese as mostly UTF-8 bytes too (``交換格式``).
_SHAPED_READERS = ("gbk", "shift_jis")


def _read_as_multibyte(run: str) -> bool:
    """Whether ``run`` (Han or kana) encoded as GBK or Shift_JIS is mostly
    UTF-8: two or more three-byte sequences, two thirds of its bytes; or,
    in GBK, UTF-8's bytes out of order (:func:`_utf8_bytes`)."""
    for reader in _SHAPED_READERS:
        try:
            raw = run.encode(python_codec(reader))
        except UnicodeEncodeError:
            continue
        triples = len(_UTF8_TRIPLE.findall(raw))
        if triples >= 2 and 9 * triples >= 2 * len(raw):
            return True
        if reader == "gbk" and _utf8_bytes(raw):
            return True
    return False


#: A lead byte of three, then lead bytes of three and continuation bytes.
_UTF8_SHAPED = re.compile(rb"[\xe0-\xef][\x80-\xbf\xe0-\xef]*")
_THREE_BYTE_LEADS = bytes(range(0xE0, 0xF0))


def _utf8_bytes(raw: bytes) -> bool:
    """Whether ``raw`` is made of the bytes of three-byte UTF-8 characters,
    whole or not: it begins with a lead byte (E0-EF), every byte is one or
    a continuation byte (80-BF), and leads are a fifth to a half of them.
    UTF-8 read as GBK by a reader that dropped a pair across two characters
    is so (``涓枃`` for ``中文``, the end of ``中`` and the start of ``文``
    lost), where its sequences are no longer whole; correct Chinese text in
    GBK is not (none of the training texts), its commonest characters
    being in rows B0-D7, whose bytes C0-D7 are neither. Shift_JIS reads
    traditional Chinese so (``讀取``), so it is not asked."""
    if _UTF8_SHAPED.fullmatch(raw) is None:
        return False
    leads = len(raw) - len(raw.translate(None, _THREE_BYTE_LEADS))
    return 5 * leads >= len(raw) and 2 * leads <= len(raw)


@lru_cache(maxsize=64)
def odd_places(text: str) -> tuple[tuple[int, int, str], ...]:
    """The oddities of ``text``, as character ranges, in order."""
    questions = (
        [(m.start(), m.end(), QUESTIONS) for m in _QUESTION_WORD.finditer(text)]
        if "???" in text  # the regex, which starts with a look-behind, tries every position
        else []
    )
    controls = [(m.start(), m.end(), C0) for m in _C0.finditer(text)]
    if text.isascii():
        jis = [(start, end, JIS) for start, end in telling_jis_shifts(text.encode("ascii"))]
        return tuple(sorted(questions + jis + controls))
    found = [(m.start(), m.end(), C1) for m in re.finditer("[\x80-\x9f]+", text)]
    found += questions + controls
    if "?" in text:
        found += [
            (m.start(), m.end(), QUESTIONS_BEGIN) for m in _QUESTIONS_BEGINNING.finditer(text)
        ]
        found += [(m.start(), m.end(), QUESTION_IN_CJK) for m in _QUESTION_IN_CJK.finditer(text)]
    found += [
        (m.start(), m.end(), MULTIBYTE)
        for m in _CJK_RUN.finditer(text)
        if _read_as_multibyte(m.group())
    ]
    found += [
        (m.start(1), m.end(1), RARE_HAN)
        for m in _HAN_IN_KATAKANA.finditer(text)
        if not common_han().issuperset(m.group(1))
    ]
    if "\u00a6" in text:  # the regex, which starts with a look-behind, tries every position
        found += [(m.start(), m.end(), BROKEN_BAR) for m in _BROKEN_BAR.finditer(text)]
    found += [(at, at + 1, SIGN) for at in signs_between_letters(text)]
    found += [(m.start(), m.end(), THAI) for m in _THAI_AFTER_NOTHING.finditer(text)]
    found += [(at, at + 1, INSIDE_LATIN) for at in _inside_latin(text)]
    for match in _capitals().finditer(text):
        at = match.start()
        before = text[at - 1] if at else ""
        if not (before.islower() and _LETTER.match(before)):
            continue
        if match.group() in "ÁÉÍÓÚ" and _IRISH.search(text, 0, at):
            continue
        found.append((at, at + 1, CAPITAL))
    if _NOT_LATIN.search(text):
        word_end = -1
        for change in _SCRIPT_CHANGE.finditer(text):
            if change.start() < word_end:
                continue  # the same word
            word = _word_around(text, change.start())
            word_end = word[1]
            if not _science(text[word[0] : word[1]]):
                found.append((*word, SCRIPTS))
    return tuple(sorted(found))


def _inside_latin(text: str) -> list[int]:
    """Where ``text`` holds a letter of another script glued to a Latin
    word's lower-case letter (:data:`INSIDE_LATIN`), when its Latin letters
    outnumber the letters of such scripts four to one; in order."""
    found = glued_to_latin(text)
    if not found:
        return []
    others = sum(1 for c in _OTHER_LETTER.findall(text) if c.isalpha())
    return found if len(_LATIN_LETTER.findall(text)) >= 4 * others else []


def glued_to_latin(text: str) -> list[int]:
    """Where ``text`` holds a character of another script glued to a Latin
    word's lower-case letter (:data:`INSIDE_LATIN`'s shape), whatever the
    text's other letters; in order."""
    return [
        m.start()
        for m in _INSIDE_LATIN.finditer(text)
        if _of_another_script(m.group())
        and not _GLUED.match(m.group())
        and m.group() not in common_han()
    ]


#: Punctuation Chinese and Japanese write right after a Latin word
#: (``cookies。``, ``conf中，``): CJK punctuation and fullwidth forms.
_CJK_PUNCTUATION = re.compile("[\u3000-\u303f\uff00-\uffef]")


def _of_another_script(char: str) -> bool:
    """Whether ``char``, beyond Latin, Greek, Cyrillic and the symbol blocks,
    counts as another script's inside a Latin word: any character but an
    emoji (a symbol beyond U+FFFF) and CJK punctuation (``ࠬ``, U+082C,
    what ``à l`` reads as, is a Samaritan vowel sign, ``࠲`` a Samaritan
    punctuation mark; ``ó`` and ``î`` lead unassigned and private use
    characters there)."""
    if _CJK_PUNCTUATION.match(char):
        return False
    return not (char > "\uffff" and unicodedata.category(char) == "So")


def signs_between_letters(text: str) -> list[int]:
    """Where ``text`` holds a non-ASCII sign no word holds between two
    letters of a spaced script (``ESPA╤OL``, ``Schl¸ssel``), in order."""
    last = len(text) - 1
    return [
        at
        for match in _signs().finditer(text)
        if 0 < (at := match.start()) < last
        and _LETTER.match(text, at - 1)
        and _LETTER.match(text, at + 1)
    ]


def made_oddities(before: str, after: str) -> list[int]:
    """Where, in characters, a repair of ``before`` into ``after`` made an
    oddity other than a word mixing scripts: one ``before`` does not hold
    with the characters beside it (``Officiâš´le`` read back as UTF-8 is
    ``Offici⚴le``; Germans' ``hÃ¤ngt`` read back as cp1251 is ``hГ¤ngt``).
    Mixed-script words are left out: right repairs of names written in two
    scripts make them too."""
    return [
        a
        for a, b, what in odd_places(after)
        if what != SCRIPTS and after[max(0, a - 1) : b + 1] not in before
    ]


def _science(word: str) -> bool:
    """Whether a mixed-script word is Latin letters beside one Greek letter,
    as science writes units, variables and names (``μs``, ``nω``, ``IFNγ``)."""
    greek = len(_GREEK_LETTER.findall(word))
    return greek == 1 and not _CYRILLIC_LETTER.search(word)


def _word_around(text: str, at: int) -> tuple[int, int]:
    """The span of the word of :data:`_WORD` that holds ``text[at]``."""
    start = at
    while start > 0 and _WORD.match(text, start - 1, start):
        start -= 1
    match = _WORD.match(text, at)
    assert match is not None
    return start, match.end()


def oddities(data: bytes) -> tuple[Oddity, ...]:
    """The oddities of ``data`` read as UTF-8, as byte ranges, in order
    (bytes that are no UTF-8 are none: each reads as a lone surrogate),
    words stripped of letters among them, each with the word it may have
    been (:data:`STRIPPED`)."""
    text = data.decode("utf-8", "surrogateescape")
    places = [(a, b, what, "") for a, b, what in odd_places(text)]
    places += [(a, b, STRIPPED, was) for a, b, was in stripped_words(text)]
    if not places:
        return ()
    offsets = source_offsets(text)
    return tuple(
        Oddity(int(offsets[a]), int(offsets[b]), what, was) for a, b, what, was in sorted(places)
    )
