"""Work the window does away from the GUI thread or while the user rests:
the one job runner (:mod:`.jobs`), the whole-file passes and indexes
(:mod:`.file_passes`, :mod:`.index_jobs`), Find Next's matches searched for
ahead (:mod:`.find_ahead`), noticing file changes (:mod:`.file_watch`),
closing a replaced document once nothing reads it (:mod:`.retirement`),
work done a piece per turn of the event loop while the user rests
(:mod:`.idle_work`), and keeping the garbage collector out of frames
(:mod:`.collector`).
"""
