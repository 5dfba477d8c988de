"""One verdict per file (or per document): is this text clean UTF-8, a legacy
code page, mojibake, mixed, lossy, holding lone surrogates or notices, binary,
unreadable? The pieces come from the rest of the core: counts from
:mod:`mojiscope.core.index`, chains from :mod:`mojiscope.core.mojibake`,
notices (bidi controls, invisible characters...) from
:mod:`mojiscope.core.words.notices` as the index counts them.

* :mod:`.findings`: the typed result (:class:`~.findings.Audit`, its
  :class:`~.findings.Finding`\\ s) and its JSON Lines and CSV forms;
* :mod:`.sniff`: binary data and UTF-16/32 told apart from the first bytes;
* :mod:`.locate`: byte offsets as lines and columns;
* :mod:`.judge`: the verdict itself, over bytes, a source or a path;
* :mod:`.tree`: the files under some paths (git's ignore rules, globs,
  special files, symbolic links);
* :mod:`.engines`: the per-file work mapped over many files, in this process,
  on a local pool, or on a Dask cluster.

``mojiscope.audit`` is the stable public face of this package.
"""
