"""``python -m unorules``: the ``unorules`` command (:func:`unorules.cli.main`)."""

import sys

from unorules.cli import main

if __name__ == "__main__":
    sys.exit(main())
