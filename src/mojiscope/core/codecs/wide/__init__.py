"""Formats of 16- and 32-bit code units: ``utf-16le``/``be`` and
``wtf-16le``/``be`` (:mod:`.utf16`), ``utf-32le``/``be`` (:mod:`.utf32`),
and ``utf-16``/``utf-32`` following their byte order mark (:mod:`.byte_order`).
"""
