"""Comparing: where formats read the same bytes differently
(:mod:`~mojiscope.core.compare.formats`), streamed over a whole source,
skipping from the index what cannot differ; and two files compared with
their encodings in mind (:mod:`~mojiscope.core.compare.files`: a verdict,
then the places where their texts differ, :mod:`~mojiscope.core.compare.hunks`,
each file read as a stream of text, :mod:`~mojiscope.core.compare.text_stream`).
No Qt: the app's compare mode and Compare With, and the command line's
``compare`` and ``diff``, call these.
"""
