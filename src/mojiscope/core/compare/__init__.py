"""Comparing: where formats read the same bytes differently
(:mod:`~mojiscope.core.compare.formats`), streamed over a whole source,
skipping from the index what cannot differ. No Qt: the app's compare mode
and the command line's ``compare`` call these.
"""
