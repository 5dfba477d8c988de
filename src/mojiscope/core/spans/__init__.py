"""The decode event and how many of them are stored.

* :mod:`.event`: :class:`Span` ``(kind, byte_start, byte_end, char_start,
  char_end, reason, value)``, the closed enums of kinds and reasons, and
  which kinds are errors. Spans tile the bytes and the text, in order.
* :mod:`.table`: :class:`SpanTable`, spans as parallel numpy arrays (no
  object per span); a ``Span`` exists only when one is asked for.
* :mod:`.rows`: one block's spans as rows or events, the storage behind a table.
* :mod:`.builder`: spans collected one at a time, then made a table.
* :mod:`.charmap`: which bytes make which characters inside a table's spans.

Contract: a ``text`` span satisfies ``fmt.encode(chars) == bytes``, which is
how a position inside a long run maps between bytes and characters without
storing anything per character.
"""
