"""The console script: ``gitmemory hook ...`` runs without importing click.

Hooks installed through the pre-commit framework call ``gitmemory hook <name>``
on every checkout and commit, so that route must not pay for the CLI stack.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["hook"] and not {"-h", "--help"} & set(args[1:2]):
        from gitmemory.hooks.main import main as hook_main

        return hook_main(args[1:])
    from gitmemory.cli import cli_main

    return cli_main(args)
