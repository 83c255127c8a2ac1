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

code = main(sys.argv[1:])
if sys.argv[1:2] != ["pre-push"]:
    # A checkout, commit, merge or rewrite hook is done and holds nothing open: skip the
    # interpreter's teardown of every loaded module, a good part of what a hook adds to
    # `git checkout` (docs/design.md, "The hot path").  pre-push exits normally.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
sys.exit(code)
