"""The byte grid: offsets, hex cells and one decoded column per format, on one row grid."""
