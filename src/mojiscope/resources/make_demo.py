"""Write resources/demo.bin: a short file that shows every phenomenon Mojiscope explains.

Run it from the repository root (``.venv/bin/python resources/make_demo.py``);
the generated file is committed too. Each line starts with a label in plain
ASCII letters, digits and spaces only, so that the label reads the same in
every format shown (STF-7 takes most ASCII punctuation for chunk bytes).

What is inside, in order:

* a UTF-8 byte order mark at offset 0;
* multilingual text (Latin, Greek, Cyrillic, Hebrew, Georgian, a 3-byte euro
  sign and a 4-byte astral letter);
* classic mojibake: UTF-8 read as cp1252 and saved again as UTF-8 ("cafÃ©");
* each ``invalid`` reason of UTF-8: a stray continuation byte, an overlong
  ``/`` (C0 AF), an encoded surrogate, a value above U+10FFFF, a byte that
  never occurs (FF), a truncated sequence;
* a lone surrogate as WTF-8 carries it (ED A0 80) and a surrogate pair
  written CESU style;
* XTF-8 escapes (lone 80 and FE bytes) and a collision (EE BE 80, a real
  U+EF80);
* an STF-7 passage, encoded with ``get_format("stf-7")``;
* a Corrected UTF-8 passage (encoded with core's code-point API) with a
  5-byte value above U+10FFFF and a reserved FE sequence;
* invisibles: controls, a zero-width space, a bidi override, a combining
  mark, a no-break space; and cp1252 smart quotes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mojiscope.core import get_format
from mojiscope.core.codecs.cutf8.format import encode_code_points

OUT = Path(__file__).resolve().parent / "demo.bin"


def corrected_utf8(code_points: list[int]) -> bytes:
    """Corrected UTF-8 of code points, through core's code-point API (ints, so
    values above U+10FFFF fit)."""
    return encode_code_points(code_points)


def demo_bytes() -> bytes:
    stf7 = get_format("stf-7").encode("Grüße <b>Ελλάδα</b>")
    mojibake = "café naïve".encode().decode("cp1252").encode()
    lines = [
        b"\xef\xbb\xbf"
        + "Multilingual  héllo Ελληνικά русский עברית ქართული € \U0001d518\n".encode(),
        b"Mojibake  " + mojibake + b"\n",
        b"UTF8 invalid  stray \x80 overlong slash \xc0\xaf surrogate \xed\xa0\x80\n",
        b"UTF8 invalid  out of range \xf4\x90\x80\x80 never FF \xff truncated \xe2\x82 end\n",
        b"WTF8  lone surrogate \xed\xa0\x80 pair written CESU style \xed\xa0\xbd\xed\xb8\x80\n",
        b"XTF8  escapes a\x80b\xfec collision \xee\xbe\x80\n",
        b"STF7  " + stf7 + b"\n",
        b"Corrected UTF8  "
        + corrected_utf8([*map(ord, "naïve € "), 0x2110A0 + 0x1234])
        + b" reserved \xfe\x81\x82\n",
        b"Invisibles  NUL\x00 ESC\x1b DEL\x7f zero width a\xe2\x80\x8bb bidi \xe2\x80\xaeabc"
        b"\xe2\x80\xac combining e\xcc\x81 nbsp\xc2\xa0x\tTAB\n",
        b"CP1252  \x93smart quotes\x94 \x96 dash\n",
    ]
    return b"".join(lines)


def main() -> int:
    data = demo_bytes()
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
