"""Conversion: decode with one format, encode with another, and a report of
every loss before anything is written.

* :mod:`.convert`: the one conversion run (``run_conversion``) and the
  public calls over it (``convert``, ``convert_stream``, ``plan_conversion``),
  and :class:`ConversionLossError`;
* :mod:`.engine`: chunks in, converted blocks out, in bounded memory;
* :mod:`.input`: what may be converted, read in chunks;
* :mod:`.losses`: what a loss is and how it reads in words;
* :mod:`.offsets`: where a character position falls in bytes;
* :mod:`.loss_report`: the one report every run feeds (totals, the first
  losses, every loss grouped by kind and reason), which the command line
  and the export dialog format;
* :mod:`.verify`: reading a written file back and checking it;
* :mod:`.jobs`: the export's long operations, shaped to run in a child process.

Contract: nothing is written under ``errors="strict"`` when any loss exists,
and every replacement written under ``"replace"`` is reported with its byte
offset. Writes are atomic (:mod:`mojiscope.core.system.atomic_write`).
"""
