"""``python -m tiebreak.cli``: the same as the ``tiebreak`` command."""

import sys

from . import main

sys.exit(main())
