"""Work the window does away from the GUI thread: the one job runner
(:mod:`.jobs`), the whole-file passes and indexes (:mod:`.file_passes`,
:mod:`.index_jobs`), noticing file changes (:mod:`.file_watch`), closing a
replaced document once nothing reads it (:mod:`.retirement`), idle work,
and keeping the garbage collector out of frames (:mod:`.collector`).
"""
