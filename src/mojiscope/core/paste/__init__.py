"""Reading bytes that a user pasted as text: hex in whatever shape it came
(:mod:`.hex`: spaced, ``0x``, ``\\x``, ``%XX``, xxd, hexdump), C and C++ array
initialisers (:mod:`.c_arrays`), Python bytes literals
(:mod:`.bytes_literal`) and base64 (:mod:`.base64_text`).

Contract: a bad character raises :class:`~mojiscope.core.errors.HexParseError`
naming its line and column; nothing is guessed silently.
"""
