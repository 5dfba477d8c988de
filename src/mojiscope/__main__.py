"""``python -m mojiscope``: the same entry point as the ``mojiscope`` command."""

import sys

from mojiscope.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
