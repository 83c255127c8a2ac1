"""The ``gitmemory`` console script.

``gitmemory hook ...`` (what the pre-commit framework runs on every checkout
and commit) goes straight to :mod:`gitmemory.hook_main`; only the other
commands import click, which costs tens of milliseconds.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["hook"]:
        from gitmemory.hook_main import main as hook_main

        return hook_main(args[1:])
    from gitmemory.cli import main as cli_main

    return cli_main(args)
