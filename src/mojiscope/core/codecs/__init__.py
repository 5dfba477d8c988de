"""The formats: every codec Mojiscope decodes and encodes, with spans.

What every format is lives in :mod:`.format` (:class:`Format`); each family
has a package or module of its own, and the machinery they share sits beside
them:

* families: :mod:`.utf8` (utf-8, utf-8b, wtf-8, xtf-8), :mod:`.cutf8`
  (Corrected UTF-8), :mod:`.stf7` (STF-7), :mod:`.wide` (UTF-16, WTF-16 and
  UTF-32), :mod:`.cesu8` (CESU-8 and Java's modified UTF-8), :mod:`.legacy`
  (any Python code page, and windows-1252 as browsers read it);
* shared: :mod:`.registry` (find a format by id or alias; the one-call
  ``decode``/``encode``), :mod:`.builtin` (the shipped formats, in order),
  :mod:`.decoding` (a decode's text and spans), :mod:`.incremental` and
  :mod:`.streaming` (chunked decodes in bounded memory, split anywhere),
  :mod:`.stream_offset`, :mod:`.held_bytes`, :mod:`.events`,
  :mod:`.recording`, :mod:`.encode_runs`, :mod:`.block_text` (the block
  machinery STF-7 and Corrected UTF-8 share), :mod:`.arguments`.

The contract every format module follows (docs/FORMATS.md has each
format's rules): a format implements ``decode_block`` (bytes ending at a
safe cut into text and spans), ``safe_cut`` (how much of a buffer can be
decided without what follows) and ``encode_spans`` (text to bytes with a
span per unencodable run); everything else (whole decodes, strict mode,
incremental decoders, windows of a large source, resynchronisation,
replacement policies) is built once on top of those in :class:`Format`, so
every format gets the same behaviour and runs the same contract tests.
"""
