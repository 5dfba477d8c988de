"""The command line: a thin face over mojiscope.core; only its gui path imports Qt."""
