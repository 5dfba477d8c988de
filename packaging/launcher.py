"""The frozen bundle's entry point: the same ``main`` as the ``mojiscope`` command.

The app starts its background processes from a ``forkserver``, which runs
this same executable with ``-c 'from multiprocessing.forkserver import
main; ...'``: ``freeze_support`` (PyInstaller's, on Linux) recognises those
command lines and runs them instead of the program.
"""

import multiprocessing
import sys

from mojiscope.cli.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
