"""The words that describe spans, byte sequences, values and characters, in
one place, so the inspector, the tooltips, the legend, the command line and
the loss report say the same thing: :mod:`.describe` (kinds and reasons),
:mod:`.sequences` (what one byte sequence means where a span cannot say it)
and :mod:`.charclass` (what kind of code point this is: controls, C1, bidi
controls, zero-width, private use, noncharacters, combining marks).
"""
