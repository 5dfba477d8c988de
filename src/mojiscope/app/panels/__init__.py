"""The panels beside the grid, each a view over the selection and the
document: the text view, the inspector (with its code-point table and
mojibake hint), the Mojibake panel (and its Segments list,
:mod:`.segment_list`), the Summary, Problems, Differences, the overview
strip and the legend.
"""
