"""Plumbing between the core and the operating system: the byte
:mod:`.source` (an in-memory buffer or a memory-mapped file), writing a file
whole or not at all (:mod:`.atomic_write`), long operations in a child
process (:mod:`.child_job`), progress and cancellation (:mod:`.control`),
passing over a large file without keeping it cached (:mod:`.page_cache`) and
the allocator tuned for chunked scans (:mod:`.allocator`).
"""
