"""The CLI run in the test's own process: faster than a child process, and with in-process
coverage; what it printed is read back through pytest's ``capsys``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gitmemory.cli import cli_main

Ran = tuple[int, str, str]  # exit code, stdout, stderr
Cli = Callable[..., Ran]


def runner(capsys: pytest.CaptureFixture[str]) -> Cli:
    """A function that runs ``gitmemory ARGS...`` here and returns what it did."""
    def run(*args: str) -> Ran:
        capsys.readouterr()  # what came before is not this command's
        code = cli_main(list(args))
        out, err = capsys.readouterr()
        return code, out, err
    return run
