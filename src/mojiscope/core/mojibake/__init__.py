"""The mojibake explainer: which chain of misreadings made these bytes, where,
how sure, and the repair (issue 14; docs/MOJIBAKE.md tells how it works).

* :func:`explain` ranks readings of some bytes (:func:`explain_source` of a
  source, read where its bytes are interesting); each :class:`Explanation`
  carries the repaired text, its :class:`Chain` (typed, replayable steps),
  a confidence, the byte ranges the repair touches, per-part chains for
  partial damage and the lost bytes it guessed (:class:`Lost`, over the
  source bytes a repair writes it on: ``guessed``), letters
  lost before the bytes were written among them (``lost_letters``), and
  for the text as it is the :class:`Oddity` places that look like damage
  no reading explains (``oddities``: they keep "fine as it is" unsure;
  words a writer stripped of letters it could not write, ``Vclav`` for
  ``Václav``, are found by ``stripped``). The
  readings are scored by a model fitted by ``tools/mojibake/train.py``
  (``model.json``) and their confidences calibrated on held-apart data.
  The search over chains is ``search``, each reading it finds a
  ``hypothesis.Hypothesis`` priced by the model; the code pages it undoes as
  readers, and the proofs of which texts they cannot change, are
  ``readers``; lost bytes are guessed by ``lost`` (each a ``guess.Guess``; the fills
  chosen by the words they make in ``word_fills``; what programs write in
  ASCII for a reader's characters, ``stand_ins``), and the readings one
  guess away from the best are ``second_readings``; mojibake a text
  quotes on purpose, whose repairs come behind the text as it is, is
  ``quoting``; ASCII that holds other text in escapes (ISO-2022-JP, JSON,
  Cyrillic as its low bytes and bytes shown as escapes) is read by
  ``ascii_readings``; text a lenient UTF-8 decoder read is read back by
  ``lenient``; mojibake put in capitals or small letters after it was
  misread gets its letters' case back in ``capitals``; the model's view
  of a chain is ``chain_features``,
  and the bytes a reading touches are ``touched``'s.
* :func:`apply_chain` replays a chain on other bytes; :func:`verify_chain`
  streams it over a whole :class:`~mojiscope.core.system.source.Source`.
* :func:`mojibake_hint` is the Inspector's one-line hint.
* ``segments.map_segments`` maps which parts of a whole file were misread
  how, chunk by chunk (``screen`` finds the suspicious lines with the
  patterns of ``reader_patterns``, ``judge`` reads them, with
  ``legacy_units`` for the bytes of a line that are no UTF-8; a large
  file on worker processes), and
  ``segment_map.SegmentMap`` gathers the map and says its counts in words.
* :class:`ChainReading` is a chain's repair as a format, named
  ``repair:<chain words>`` (:func:`reading_name`) in the registry, so a
  repair exports and converts like any format.

No Qt, and no files but its own tables (model.json, lexicon.json.gz and
fill_words.json.gz, read as package data): the app and the command line
call these.
"""

from mojiscope.core.mojibake.chain import (
    IDENTITY,
    Chain,
    ChainError,
    Misreading,
    Step,
    apply_chain,
    damage,
    repair_text,
)
from mojiscope.core.mojibake.explain import Explanation, explain, explain_source
from mojiscope.core.mojibake.guessed import Lost
from mojiscope.core.mojibake.hint import mojibake_hint
from mojiscope.core.mojibake.oddities import Oddity
from mojiscope.core.mojibake.parts import Part
from mojiscope.core.mojibake.reading import ChainReading, reading_name
from mojiscope.core.mojibake.stream import Verified, verify_chain

__all__ = [
    "IDENTITY",
    "Chain",
    "ChainError",
    "ChainReading",
    "Explanation",
    "Lost",
    "Misreading",
    "Oddity",
    "Part",
    "Step",
    "Verified",
    "apply_chain",
    "damage",
    "explain",
    "explain_source",
    "mojibake_hint",
    "reading_name",
    "repair_text",
    "verify_chain",
]
