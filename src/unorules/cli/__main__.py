"""``python -m unorules.cli``: the ``unorules`` command, as ``python -m unorules`` runs it."""

import sys

from unorules.cli import main

if __name__ == "__main__":
    sys.exit(main())
