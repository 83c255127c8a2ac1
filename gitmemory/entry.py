"""The console script: ``gitmemory hook ...`` runs without importing click.

Hooks installed through the pre-commit framework call ``gitmemory hook <name>``
on every checkout and commit, so that route must not pay for the CLI stack.
"""

from __future__ import annotations

import os
import sys

# Hooks that end holding nothing open: the process may skip the interpreter's teardown.
_QUICK_EXIT = ("post-checkout", "post-commit", "post-merge", "post-rewrite")


def main(argv: list[str] | None = None) -> int:
    """Run the command in ``argv`` (the process's own arguments when None).  Called as the
    process's entry, a checkout, commit, merge or rewrite hook ends it with ``os._exit``,
    as the native shim does (gitmemory/_shim_entry.py): the teardown of every loaded
    module is a good part of what such a hook costs."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["hook"] and not {"-h", "--help"} & set(args[1:2]):
        from gitmemory.hooks.main import main as hook_main

        code = hook_main(args[1:])
        if argv is None and args[1:2] and args[1] in _QUICK_EXIT:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        return code
    from gitmemory.cli import cli_main

    return cli_main(args)
