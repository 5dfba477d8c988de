"""The byte grid: offsets, hex cells and one decoded column per format, on one
row grid (:mod:`.view`), laid out from the document's characters
(:mod:`.layout`), painted into row strips kept by row (:mod:`.row_strips`)
with the selection and the cursor painted over them (:mod:`.painting`), and
the screens a key or a jump may bring painted while the user rests
(:mod:`.ahead`).
"""
