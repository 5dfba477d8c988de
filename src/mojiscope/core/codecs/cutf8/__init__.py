"""Corrected UTF-8 (``docs/specs/corrected-utf-8.md``), and
its code-point API that keeps values above U+10FFFF.

* :mod:`.format`: the format and the integer API;
* :mod:`.sequences`: what its bytes mean (lead and continuation bytes, offsets);
* :mod:`.general`: the decoder for any block, ill-formed tokens included;
* :mod:`.dense`: the path for blocks where high bytes are a third or more;
* :mod:`.encode`: encoding a ``str`` and integer values.
"""
