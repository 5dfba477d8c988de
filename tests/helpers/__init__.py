"""What several test modules share: data paths, sample files, windows opened
and waited on, process tables, reference implementations of the formats
(written from the specs, independently of the codecs they check) and the
fixtures' building blocks. Test modules import from here, never from each
other (``tests/test_layers.py`` holds that).
"""
