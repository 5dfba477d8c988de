# ruff: noqa: RUF001 - the source texts hold real typographic characters on purpose
"""Make the labelled mojibake corpus (damaged.json, correct.json) from sources.py.

Run from the repository root: ``.venv/bin/python tests/data/mojibake/generate.py``.
The output is generated: edit this script or sources.py, never the JSON.

Each damaged case applies a real chain to a source text with Python's own
codecs (never with the explainer under test): encode as the writer's codec,
decode as the reader's, save as UTF-8; then, for partial damage, what the
misreading program did to the bytes it could not read. A chain that cannot
be applied to a text (a byte the reader's strict table refuses) is not made:
a real program would have failed instead. Choices are drawn from a seeded
random generator, so the output is the same on every run.
"""

from __future__ import annotations

import base64
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sources import CSV_TABLES, LANGUAGES, Language  # noqa: E402

import mojiscope.core.codecs.legacy.whatwg  # noqa: E402, F401 - registers the whatwg-windows-1252 codec

WIN = "whatwg-windows-1252"  # the codec; its word in a chain is "windows-1252"
WESTERN = ("fr", "de", "es", "pt", "it", "is", "sv", "da")
CENTRAL = ("pl", "cs", "hu", "ro", "hr", "sk")
CYRILLIC = ("ru", "uk", "bg")

#: UTF-8 read as each single-byte code page, with the languages it is seen with.
UTF8_READERS: dict[str, tuple[str, ...]] = {
    WIN: (*WESTERN, *CENTRAL, "tr", "ru", "vi", "lt", "el"),
    "cp1252": (*WESTERN, *CENTRAL, "tr", "vi"),
    "latin-1": (*WESTERN, *CENTRAL, "ru", "vi"),
    "iso-8859-15": (*WESTERN, "pl", "cs"),
    "mac-roman": (*WESTERN, "pl", "ru"),
    "cp437": (*WESTERN, "ru", "pl"),
    "cp850": (*WESTERN, "cs", "tr"),
    "cp1250": (*CENTRAL, "de", "fr"),
    "iso-8859-2": (*CENTRAL, "de"),
    "cp1251": (*CYRILLIC, "de", "fr"),
    "koi8-r": (*CYRILLIC, "de"),
    "koi8-u": ("uk", "ru"),
    "cp1253": ("el", "de", "fr"),
    "cp1254": ("tr", "de", "fr"),
    "cp1255": ("he", "fr", "de"),
    "cp1256": ("ar", "fa", "fr"),
    "cp1257": ("lt", "lv", "de", "pl"),
    "cp874": ("th", "de"),
}

LEGACY_MISREAD: dict[str, tuple[str, ...]] = {
    "cp1251": ("ru", "uk", "bg"),
    "cp1250": ("pl", "cs", "hu"),
    "koi8-r": ("ru", "bg"),
    "shift_jis": ("ja",),
    "gbk": ("zh",),
    "big5": ("zh-Hant",),
    "euc-kr": ("ko",),
    "euc-jp": ("ja",),
    "cp874": ("th",),
}
LEGACY_READERS = (WIN, "latin-1", "cp437")

LEGACY_ON_DISK: dict[str, tuple[str, ...]] = {
    "cp1252": ("fr", "de", "es", "da"),
    "cp1251": ("ru", "uk", "bg"),
    "koi8-r": ("ru",),
    "cp1250": ("pl", "cs", "hu", "hr"),
    "iso-8859-2": ("pl", "cs"),
    "cp1253": ("el",),
    "cp1254": ("tr",),
    "cp1255": ("he",),
    "cp1256": ("ar", "fa"),
    "cp1257": ("lt", "lv"),
    "cp874": ("th",),
    "shift_jis": ("ja",),
    "euc-jp": ("ja",),
    "gbk": ("zh",),
    "big5": ("zh-Hant",),
    "euc-kr": ("ko",),
    "cp437": ("de", "sv"),
    "mac-roman": ("fr", "de"),
}

CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")

#: Correct text that looks odd and must be left alone (beside every source text).
LOOKS_ODD = (
    ("el", "Ο Ζεύς είναι ο πατέρας θεών και ανθρώπων· ΑΘΗΝΑ, ΣΠΑΡΤΗ."),
    ("vi", "Đường phố Hà Nội đông đúc vào giờ cao điểm; phở ở đây rất ngon."),
    ("is", "Þórður og Æsa fóru á Þingvelli; ÞÓRSMÖRK er falleg."),
    ("hu", "ŐSZI ÜZEMZÁRÁS: a tűzőgép és a fűrész külön díjas."),
    ("tr", "IĞDIR, ŞIRNAK ve ÇANAKKALE illerinde kış erken geldi."),
    ("ro", "ȘTIINȚĂ ȘI TEHNICĂ: înțelegerea a fost semnată în Brașov."),
    ("fr", "ÉCOLE ÉLÉMENTAIRE: DÉJÀ FERMÉE À NOËL, RÉOUVERTURE EN JANVIER."),
    ("de", "ÄRGER ÜBER STRAẞENBAU IN MÜNCHEN-GIESING"),
    ("es", "¡AÑO NUEVO! ÉXITO ASEGURADO EN LA CAMPAÑA DE OTOÑO."),
    ("pt", "AÇÃO JUDICIAL: A UNIÃO DECIDIU SOBRE A QUESTÃO."),
    ("ru", "ВНИМАНИЕ! Съезд с МКАД закрыт до 18:00."),
    ("ja", "「東京」と『大阪』の間は、新幹線で約２時間半です。"),
    ("zh", "《红楼梦》是中国古典小说的巅峰之作。"),
    ("ko", "서울특별시 종로구 세종대로 175"),
    ("he", "שלום עולם! המחיר הוא 50 ₪ בלבד."),
    ("ar", "مرحبا بالعالم! السعر ٥٠ ريالاً فقط."),
    ("en", "Family: 👨‍👩‍👧‍👦, flags: 🇫🇷🇯🇵, skin tones: 👍🏽 and a heart ❤️."),
    ("en", "┌──────┬──────┐\n│ name │ size │\n├──────┼──────┤\n│ a    │ 12 K │\n└──────┴──────┘"),
    ("en", "IPA: /ˈmoʊdʒiˌbɑːkeɪ/ [ʃ ʒ θ ð ŋ ɲ ʎ ɾ ʔ]"),
    ("en", "In UTF-8 read as cp1252, é shows as Ã© and “ as â€œ: that is mojibake."),
    ("en", 'ftfy turns "CafÃ©" back into "Café"; the bytes C3 A9 are é.'),
    ("fr", "Exemple de mojibake : « Ã©tÃ© » au lieu de « été »."),
    ("de", "Typische Fehler: Ã¤ statt ä, Ã¶ statt ö und Ã¼ statt ü."),
    ("en", "Mathematics: ∀x ∈ ℝ, x² ≥ 0; ∑ 1/n² = π²/6 ≈ 1.645."),
    ("en", "Prices: £12.50, ¥1,200, €9.99, ¢50 — © 2024 Example Ltd.® ™"),
    ("en", "Temperature: 21 °C ± 0.5; ratio ½ and ¾; §3 ¶2."),
    ("pt", "Ãgua? No, the Portuguese word is Água, and ÃO is not a word."),
    ("en", "Naïve café owners in Zürich cooperate with coöperative résumé writers."),
    ("da", "ÆØÅ æøå: Ærø, Øresund og Ålborg."),
    ("pl", "ZAŻÓŁĆ GĘŚLĄ JAŹŃ"),
    ("cs", "ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY"),
    ("uk", "ЇЖАК Є ҐАНОК: «Щасливої дороги!»"),
    ("el", "ΑΡΧΑΊΑ ΕΛΛΗΝΙΚΆ: «Γνῶθι σαυτόν»."),
    ("en", "Arrows → ← ↑ ↓ and bullets • ◦ ▪ in a list…"),
    ("en", "Mixed scripts: Москва (Moscow), Αθήνα (Athens), 東京 (Tokyo)."),
    ("th", "ภาษาไทย ๑๒๓ สวัสดีครับ"),
    ("en", "Keyboard: ⌘ ⌥ ⇧ ⌃ ⏎ ⌫"),
    ("en", "Spreadsheet cell: Â±0.5 is how Excel shows ±0.5 in cp1252 — a known bug."),
    ("en", "Plain ASCII: nothing to fix here, just words and numbers 12345."),
    ("sv", "Ångström är en längdenhet; Å är inte A."),
)


def utf8_misread(text: str, reader: str, layers: int = 1) -> bytes | None:
    """UTF-8 read as ``reader`` and saved as UTF-8, ``layers`` times."""
    try:
        for _ in range(layers):
            text = text.encode("utf-8").decode(reader)
        return text.encode("utf-8")
    except UnicodeError:
        return None


def lossy_misread(text: str, what: str) -> bytes | None:
    """UTF-8 read as cp1252 by a program that dropped its undefined bytes,
    wrote '?' or U+FFFD for them: only texts that hold such a byte."""
    data = text.encode("utf-8")
    if not CP1252_HOLES & set(data):
        return None
    replacement = {"dropped": "", "question-mark": "?", "replacement": "\ufffd"}[what]
    out = []
    for byte in data:
        out.append(replacement if byte in CP1252_HOLES else bytes([byte]).decode("cp1252"))
    return "".join(out).encode("utf-8")


def nbsp_to_space(text: str) -> bytes | None:
    """UTF-8 read as windows-1252, no-break spaces (A0) turned into spaces."""
    data = text.encode("utf-8")
    if 0xA0 not in data:
        return None
    return data.decode(WIN).replace("\xa0", " ").encode("utf-8")


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def case(
    label: str,
    comment: str,
    data: bytes,
    chain: list[str],
    expect: str,
    category: str,
    language: str,
) -> dict[str, object]:
    return {
        "label": label,
        "comment": comment,
        "base64": b64(data),
        "chain": chain,
        "expect": expect,
        "category": category,
        "language": language,
    }


def word(codec: str) -> str:
    return "windows-1252" if codec == WIN else codec


def forms(lang: Language) -> list[tuple[str, str]]:
    return [
        ("sentence-1", lang.sentences[0]),
        ("sentence-2", lang.sentences[1]),
        ("name", lang.name),
        ("file-name", lang.file_name),
    ]


BY_CODE = {lang.code: lang for lang in LANGUAGES}


def utf8_misread_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for reader, codes in UTF8_READERS.items():
        made = 0
        pool = [(code, form, text) for code in codes for form, text in forms(BY_CODE[code])]
        pool += [("mixed", f"csv-{i}", t) for i, t in enumerate(CSV_TABLES)]
        rng.shuffle(pool)
        for code, form, text in pool:
            data = utf8_misread(text, reader)
            if data is None or data == text.encode():
                continue
            yield case(
                f"utf-8 as {word(reader)}/{code}/{form}",
                f"UTF-8 read as {word(reader)}, saved as UTF-8",
                data,
                [f"utf-8 read as {word(reader)}"],
                text,
                "utf8-misread",
                code,
            )
            made += 1
            if made == 10:
                break


def layered_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    plans = [
        [WIN, WIN],
        ["cp1252", "cp1252"],
        ["latin-1", WIN],
        [WIN, "latin-1"],
        ["cp1251", "cp1251"],
        ["mac-roman", "mac-roman"],
        [WIN, WIN, WIN],
        ["latin-1", "latin-1", "latin-1"],
        ["cp1250", "cp1250"],
    ]
    codes = ("fr", "de", "es", "pt", "pl", "cs", "sv", "ru")
    for plan in plans:
        picks = [(c, f, t) for c in codes for f, t in forms(BY_CODE[c])]
        rng.shuffle(picks)
        made = 0
        for code, form, text in picks:
            current = text
            try:
                for reader in plan:
                    current = current.encode("utf-8").decode(reader)
            except UnicodeError:
                continue
            chain = [f"utf-8 read as {word(r)}" for r in plan]
            yield case(
                f"{len(plan)} layers {'+'.join(map(word, plan))}/{code}/{form}",
                f"UTF-8 read as {' then as '.join(map(word, plan))}, saved as UTF-8 each time",
                current.encode("utf-8"),
                chain,
                text,
                "utf8-misread-layers",
                code,
            )
            made += 1
            if made == 3:
                break


def legacy_misread_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for codec, codes in LEGACY_MISREAD.items():
        for reader in LEGACY_READERS:
            picks = [(c, f, t) for c in codes for f, t in forms(BY_CODE[c])]
            rng.shuffle(picks)
            made = 0
            for code, form, text in picks:
                try:
                    data = text.encode(codec).decode(reader).encode("utf-8")
                except UnicodeError:
                    continue
                yield case(
                    f"{codec} as {word(reader)}/{code}/{form}",
                    f"{codec} text read as {word(reader)}, saved as UTF-8",
                    data,
                    [f"{codec} read as {word(reader)}"],
                    text,
                    "legacy-misread",
                    code,
                )
                made += 1
                if made == 2:
                    break


def legacy_on_disk_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for codec, codes in LEGACY_ON_DISK.items():
        picks = [(c, f, t) for c in codes for f, t in forms(BY_CODE[c])]
        rng.shuffle(picks)
        made = 0
        for code, form, text in picks:
            try:
                data = text.encode(codec)
            except UnicodeError:
                continue
            if data == text.encode("utf-8"):
                continue
            yield case(
                f"{codec} on disk/{code}/{form}",
                f"text saved as {codec}, not UTF-8",
                data,
                [f"written as {codec}"],
                text,
                "legacy-on-disk",
                code,
            )
            made += 1
            if made == 3:
                break


def utf16_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    codes = ("de", "fr", "ru", "ja", "el", "pl")
    for i, code in enumerate(codes):
        text = BY_CODE[code].sentences[i % 2]
        for written, reader in (("utf-16le", "latin-1"), ("utf-16", "latin-1"), ("utf-16be", WIN)):
            try:
                data = text.encode(written).decode(reader).encode("utf-8")
            except UnicodeError:
                continue
            bom = "with a byte order mark" if written == "utf-16" else "no byte order mark"
            yield case(
                f"{written} as {word(reader)}/{code}",
                f"UTF-16 ({bom}) read as {word(reader)}: NUL between letters",
                data,
                [f"{written} read as {word(reader)}"],
                text,
                "utf16-misread",
                code,
            )


HTML = (
    '<!DOCTYPE html>\n<html><head><meta charset="{declared}"><title>{title}</title></head>\n'
    "<body><p>{body}</p></body></html>\n"
)


def html_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for code, codec in (("fr", "cp1252"), ("ru", "cp1251"), ("pl", "cp1250"), ("de", "cp1252")):
        lang = BY_CODE[code]
        page = HTML.format(declared="utf-8", title=lang.name, body=lang.sentences[0])
        yield case(
            f"html declares utf-8, is {codec}/{code}",
            f"HTML whose meta says utf-8 but whose bytes are {codec}",
            page.encode(codec),
            [f"written as {codec}"],
            page,
            "html-charset",
            code,
        )
    for code in ("es", "cs", "sv", "tr"):
        lang = BY_CODE[code]
        page = HTML.format(declared="iso-8859-1", title=lang.name, body=lang.sentences[1])
        data = page.encode("utf-8").decode(WIN).encode("utf-8")
        yield case(
            f"html declares iso-8859-1, is utf-8/{code}",
            "UTF-8 HTML declaring iso-8859-1, read as a browser reads it and saved",
            data,
            ["utf-8 read as windows-1252"],
            page,
            "html-charset",
            code,
        )


#: Texts that hold a byte cp1252 leaves undefined (81 8D 8F 90 9D) in UTF-8.
HOLE_TEXTS = (
    ("es", "ÁLVARO llegó tarde a la reunión."),
    ("is", "Íslenska er fallegt mál, sagði Ásdís."),
    ("fr", "Le château de MONTAIGU et l'ÎLE D'OLÉRON: un week-end à Noël, Ï."),
    ("is", "Ðóra og ÝR fóru til Ísafjarðar."),
    ("pl", "Łukasz i Łucja mieszkają w Łodzi."),
    ("hu", "ŐSZI vásár a főtéren, Őrség."),
    ("en", "He said “hello” and left; she answered “goodbye”."),
    ("de", "Sie sagte: “Guten Morgen” und lächelte."),
    ("ru", "Спасибо за ваше письмо, с уважением."),
    ("cs", "ÚČET a ÍČO firmy: Ústí nad Labem."),
    ("el", "Η ΝΙΚΗ ήρθε τον Νοέμβριο."),
    ("es", "Información de ÁFRICA y ÍNDICE de precios."),
)


def lost_byte_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for what in ("dropped", "question-mark", "replacement"):
        for code, text in HOLE_TEXTS:
            data = lossy_misread(text, what)
            if data is None:
                continue
            yield case(
                f"cp1252 {what}/{code}/{text[:12]}",
                f"UTF-8 read as cp1252 by a program that {what.replace('-', ' ')} "
                "each undefined byte",
                data,
                ["utf-8 read as cp1252", f"undefined bytes {what}"],
                text,
                f"lost-{what}",
                code,
            )


NBSP_TEXTS = (
    ("fr", "Le menu à la carte est servi à midi."),
    ("fr", "Rendez-vous à Paris, à huit heures."),
    ("it", "Vado à casa? No: vado a casa, però più tardi."),
    ("ru", "Работа и Россия."),
    ("pt", "Às vezes vamos à praia."),
    ("fr", "Voilà le numéro à appeler."),
    ("ru", "Родина и Рим."),
    ("ca", "Adéu, ens veiem demà a la plaça."),
)


def nbsp_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for code, text in NBSP_TEXTS:
        data = nbsp_to_space(text)
        if data is None:
            continue
        yield case(
            f"a0 to space/{code}/{text[:12]}",
            "UTF-8 read as windows-1252; the no-break space A0 became a space",
            data,
            ["utf-8 read as windows-1252", "no-break space became space"],
            text,
            "nbsp-to-space",
            code,
        )


def mixed_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for i, table in enumerate(CSV_TABLES):
        lines = table.splitlines(keepends=True)
        for reader in (WIN, "latin-1"):
            out = []
            for n, line in enumerate(lines):
                damaged = n % 2 == 1
                out.append(line.encode().decode(reader).encode() if damaged else line.encode())
            data = b"".join(out)
            if data == table.encode():
                continue
            yield case(
                f"some rows as {word(reader)}/csv-{i}",
                f"CSV whose odd rows were read as {word(reader)} and saved again",
                data,
                [f"utf-8 read as {word(reader)} (some parts)"],
                table,
                "mixed-parts",
                "mixed",
            )
    for code in ("fr", "de", "es"):
        lang = BY_CODE[code]
        text = lang.sentences[0] + "\n" + lang.sentences[1] + "\n"
        data = lang.sentences[0].encode() + b"\n" + utf8_misread(lang.sentences[1], WIN) + b"\n"
        yield case(
            f"second line as windows-1252/{code}",
            "two lines, the second read as windows-1252 and saved",
            data,
            ["utf-8 read as windows-1252 (some parts)"],
            text,
            "mixed-parts",
            code,
        )


def cut_cases(rng: random.Random) -> Iterator[dict[str, object]]:
    for code in ("fr", "de", "ru", "pl", "el", "es", "cs", "tr"):
        text = BY_CODE[code].sentences[0]
        data = text.encode("utf-8")
        cuts = [i for i in range(1, len(data)) if 0x80 <= data[i] < 0xC0]
        cut = cuts[len(cuts) // 2]
        at_end = code in ("fr", "ru", "el", "cs")
        piece = data[:cut] if at_end else data[cut:]
        expect = piece.decode("utf-8", "replace")
        damaged = piece.decode(WIN).encode("utf-8")
        where = "end" if at_end else "start"
        yield case(
            f"cut at the {where}/{code}",
            f"UTF-8 cut inside a character at the {where}, then read as windows-1252",
            damaged,
            ["utf-8 read as windows-1252", f"cut inside a character at the {where}"],
            expect,
            "cut-sequence",
            code,
        )


def correct_cases() -> Iterator[dict[str, object]]:
    for lang in LANGUAGES:
        for form, text in forms(lang):
            yield {
                "label": f"correct/{lang.code}/{form}",
                "comment": "correct UTF-8 text",
                "text": text,
                "chain": [],
                "expect": text,
                "category": "correct",
                "language": lang.code,
            }
    for i, (code, text) in enumerate(LOOKS_ODD):
        yield {
            "label": f"correct, looks odd/{code}/{i}",
            "comment": "correct text that looks odd",
            "text": text,
            "chain": [],
            "expect": text,
            "category": "correct-looks-odd",
            "language": code,
        }
    for i, table in enumerate(CSV_TABLES):
        yield {
            "label": f"correct/csv-{i}",
            "comment": "a correct CSV table",
            "text": table,
            "chain": [],
            "expect": table,
            "category": "correct",
            "language": "mixed",
        }


MAKERS: list[Callable[[random.Random], Iterator[dict[str, object]]]] = [
    utf8_misread_cases,
    layered_cases,
    legacy_misread_cases,
    legacy_on_disk_cases,
    utf16_cases,
    html_cases,
    lost_byte_cases,
    nbsp_cases,
    mixed_cases,
    cut_cases,
]

NOTE = "GENERATED by tests/data/mojibake/generate.py from sources.py: do not edit by hand."


def main() -> None:
    rng = random.Random(14)
    damaged = [c for make in MAKERS for c in make(rng)]
    labels = [c["label"] for c in damaged]
    assert len(labels) == len(set(labels)), "labels must be unique"
    correct = list(correct_cases())
    for name, cases in (("damaged.json", damaged), ("correct.json", correct)):
        body = {"generated": NOTE, "cases": cases}
        (HERE / name).write_text(json.dumps(body, ensure_ascii=False, indent=1) + "\n", "utf-8")
    languages = {c["language"] for c in damaged} - {"mixed"}
    print(f"{len(damaged)} damaged cases in {len(languages)} languages, {len(correct)} correct")


if __name__ == "__main__":
    main()
