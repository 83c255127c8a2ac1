"""Script the native hook shims run as ``python -I -S <this file> <hook> [args]``.

``-I -S`` skip site-packages and the user's PYTHON* variables, which saves
start-up time and keeps a broken environment from breaking ``git checkout``;
the package is found next to this file.  Hooks that need third-party libraries
(pre-push) turn site-packages back on themselves.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from gitmemory.hooks.main import main

sys.exit(main(sys.argv[1:]))
