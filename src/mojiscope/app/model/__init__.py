"""The app's Qt-free models: the open document and its decoded windows, the
characters with their bytes that every view draws (:mod:`.char_runs`), how
each cell looks (:mod:`.glyphs`), searches over the source, the text
window and the glyph stand-ins, and repair plans named as formats the export
reads (:mod:`.repair_plans`). No PySide6 here (an import-linter contract
holds it), so every model is testable without a screen; the views
subscribe to them.
"""
