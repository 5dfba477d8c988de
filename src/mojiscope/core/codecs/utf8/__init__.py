"""The UTF-8 family: ``utf-8`` (W3C maximal subparts), ``utf-8b`` (PEP 383),
``wtf-8`` and ``xtf-8`` (OPTU escapes), on one engine.

* :mod:`.variants`: the four formats, each a small set of rules over the engine;
* :mod:`.engine`: the decoder they share: CPython's own UTF-8 decoder for
  well-formed runs, the spec's maximal-subpart rules where a run stops;
* :mod:`.dense`: the path for blocks dense with anomalies (numpy classifies
  every byte at once);
* :mod:`.counts`: a block's anomalies counted without decoding its text (the index);
* :mod:`.locate`: where a sparse decode's events lie in its text.
"""
