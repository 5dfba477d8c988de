"""Make the labelled corpus the format ranking is developed and measured on.

    python tests/data/detect/make_corpus.py [--locale-dir /usr/share/locale]

Real text, not another project's test files: the translations that Debian
packages install as gettext catalogs (``/usr/share/locale/LANG/LC_MESSAGES/
DOMAIN.mo``: grep, glib, the ISO code lists, PostgreSQL's tools...). A
*document* is one domain in one language; the split is by domain, so a
package's catalogs are all on one side: a domain whose name hashes to 0
modulo 3 is held out (``heldout``), the others are ``dev``.

For each document and each legacy encoding its language is written in
(:data:`ENCODINGS`), the corpus keeps one sample of its translated strings
(one per line, in catalog order from a point chosen by the document's hash,
lines the encoding cannot hold left out, as a real file in that encoding
could not hold them), between :data:`MIN_CHARS` and :data:`MAX_CHARS`
characters. ``corpus.json`` holds the samples as text with their labels;
``tests/bench/bench_detect.py`` encodes them and asks each detector.
:mod:`make_model` fits the text model on the ``dev`` documents only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.json"
MIN_CHARS = 400
MAX_CHARS = 6000
PER_LANGUAGE = 14
"""Documents kept per language (each in every encoding of its language)."""

#: Language (catalog folder) -> the legacy encodings text in it is written in.
ENCODINGS: dict[str, tuple[str, ...]] = {
    "ja": ("shift_jis", "euc_jp", "cp932"),
    "zh_CN": ("gb2312", "gbk", "gb18030"),
    "zh_TW": ("big5", "cp950"),
    "ko": ("euc_kr", "cp949"),
    "ru": ("cp1251", "koi8_r", "cp866", "iso8859_5", "mac_cyrillic", "cp855"),
    "uk": ("cp1251", "koi8_u"),
    "bg": ("cp1251", "iso8859_5", "cp855"),
    "be": ("cp1251",),
    "sr": ("cp1251", "iso8859_5"),
    "cs": ("cp1250", "iso8859_2"),
    "sk": ("cp1250", "iso8859_2"),
    "pl": ("cp1250", "iso8859_2"),
    "hu": ("cp1250", "iso8859_2"),
    "sl": ("cp1250", "iso8859_2"),
    "hr": ("cp1250", "iso8859_2"),
    "ro": ("cp1250", "iso8859_16"),
    "fr": ("cp1252", "latin_1", "iso8859_15", "mac_roman"),
    "de": ("cp1252", "latin_1", "iso8859_15", "mac_roman"),
    "es": ("cp1252", "latin_1", "iso8859_15"),
    "it": ("cp1252", "latin_1"),
    "pt_BR": ("cp1252", "latin_1"),
    "nl": ("cp1252", "latin_1"),
    "sv": ("cp1252", "latin_1"),
    "da": ("cp1252", "latin_1"),
    "fi": ("cp1252", "iso8859_15"),
    "ca": ("cp1252", "latin_1"),
    "is": ("cp1252", "latin_1"),
    "el": ("cp1253", "iso8859_7"),
    "tr": ("cp1254", "iso8859_9"),
    "he": ("cp1255", "iso8859_8"),
    "ar": ("cp1256", "iso8859_6"),
    "fa": ("cp1256",),
    "lt": ("cp1257", "iso8859_13", "iso8859_4"),
    "lv": ("cp1257", "iso8859_13"),
    "et": ("cp1257", "iso8859_15"),
    "th": ("tis_620", "cp874"),
    "eo": ("iso8859_3",),
}
UNICODE_ENCODINGS = ("utf_8", "utf_16", "utf_16_le", "utf_16_be", "utf_32")
"""Encodings one document in four is also written in (from its first language)."""


def mo_strings(path: Path) -> list[str]:
    """The translations (msgstr) of a GNU .mo catalog, in catalog order, as text."""
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, _, table = struct.unpack(order + "4I", data[4:20])
    out = []
    for i in range(1, count):  # entry 0 is the header
        length, offset = struct.unpack(order + "2I", data[table + 8 * i : table + 8 * i + 8])
        raw = data[offset : offset + length]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        for part in text.split("\0"):  # plural forms
            part = part.strip()
            if part:
                out.append(part)
    return out


def heldout(domain: str) -> bool:
    return int(hashlib.sha256(domain.encode()).hexdigest(), 16) % 3 == 0


def _number(*words: str) -> int:
    return int(hashlib.sha256("/".join(words).encode()).hexdigest(), 16)


def sample(lines: list[str], encoding: str, seed: int) -> str:
    """Lines the encoding can hold, from a point chosen by ``seed``, up to a
    length chosen by ``seed`` (log-uniform between MIN_CHARS and MAX_CHARS)."""
    want = int(MIN_CHARS * (MAX_CHARS / MIN_CHARS) ** ((seed % 1000) / 999))
    start = (seed // 1000) % max(len(lines), 1)
    kept: list[str] = []
    size = 0
    for line in lines[start:] + lines[:start]:
        line = " ".join(line.split())
        try:
            line.encode(encoding)
        except UnicodeEncodeError:
            continue
        kept.append(line)
        size += len(line) + 1
        if size >= want:
            break
    return "\n".join(kept) + "\n"


def documents(locale_dir: Path, language: str) -> list[tuple[str, list[str]]]:
    """(domain, translated lines) per catalog of ``language`` that holds
    enough text that is not ASCII."""
    found = []
    for path in sorted((locale_dir / language / "LC_MESSAGES").glob("*.mo")):
        lines = mo_strings(path)
        if sum(len(x) for x in lines if not x.isascii()) >= 2 * MIN_CHARS:
            found.append((path.stem, lines))
    return found


def build(locale_dir: Path) -> list[dict[str, object]]:
    items: list[dict[str, object]] = []
    for language, encodings in ENCODINGS.items():
        docs = documents(locale_dir, language)
        for split in ("dev", "heldout"):
            side = [d for d in docs if heldout(d[0]) == (split == "heldout")]
            side.sort(key=lambda d: _number(language, d[0]))
            for domain, lines in side[: PER_LANGUAGE // 2]:
                labels = list(encodings)
                if _number("unicode", language, domain) % 4 == 0:
                    labels.append(UNICODE_ENCODINGS[_number("u", domain) % len(UNICODE_ENCODINGS)])
                for encoding in labels:
                    text = sample(lines, encoding, _number(language, domain, encoding))
                    if sum(not c.isascii() for c in text) < 20:
                        continue
                    items.append(
                        {
                            "document": f"{language}/{domain}",
                            "split": split,
                            "language": language,
                            "encoding": encoding,
                            "text": text,
                        }
                    )
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    args = parser.parse_args()
    items = build(args.locale_dir)
    CORPUS.write_text(
        json.dumps({"items": items}, ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )
    dev = sum(1 for i in items if i["split"] == "dev")
    print(f"{len(items)} samples ({dev} dev, {len(items) - dev} held out) -> {CORPUS}")


if __name__ == "__main__":
    main()
