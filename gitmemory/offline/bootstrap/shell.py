"""One shell line, shortened to the tool it starts and its first words.

Task runners (Makefile recipes, ``scripts/``, tox ``commands``, CI ``run:``
steps) are shell; an item names what a task runs as ``ruff format --diff``,
not as ``${PREFIX}ruff format $SOURCE_FILES --diff``.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass

MAX_ITEM = 200  # characters per item
_MAX_WORDS = 5


@dataclass(frozen=True)
class Task:
    name: str
    command: str  # what to type
    runs: tuple[str, ...]  # what it runs underneath, shortened
    source: str  # the file it was read from
    purpose: str = ""  # set when the source says it (a CI step running pytest is "test")
    ci: bool = False


_RUNNERS_WORDS = """
python python3 py uv uvx poetry pdm hatch pipenv tox nox npm npx yarn pnpm bun make just pip
pip3 coverage pytest py.test ruff black isort flake8 pylint mypy pyright pre-commit prek
sphinx-build sphinx-autobuild mkdocs twine build towncrier codespell bandit pyupgrade eslint
prettier tsc jest vitest cargo go node docker coverage-badge"""
_RUNNERS = frozenset(_RUNNERS_WORDS.split())
_RUN_PREFIX = frozenset({"uv", "poetry", "pdm", "hatch", "pipenv"})
_VALUE_OPTIONS = frozenset({"--group", "--extra", "--with", "-p", "--python", "--env", "-e",
                            "--directory", "--project", "--package"})
_COSMETIC = ("--color", "--show-diff-on-failure", "--no-incremental", "--livereload")
_VARIABLE = re.compile(r"\$|\{\{|%\(|^\{|\{env")
_BIN_PREFIX = re.compile(r"^(?:\$\{?\w+\}?|\.?venv/bin/|\./)+")


def command(line: str) -> str | None:
    """One shell line shortened to ``tool first-words`` (``ruff format --diff``), or None
    when it runs no known tool (``set -x``, ``cd docs``, ``if [ ... ]``)."""
    try:
        words = shlex.split(line.strip().lstrip("@-"), comments=True)
    except ValueError:
        return None
    while words and re.match(r"^\w+=", words[0]):
        words = words[1:]  # TERM=unknown pytest ...
    if len(words) >= 2 and words[0] in _RUN_PREFIX and words[1] == "run":
        words = _drop_options(words[2:])
    if words[:3] in (["python", "-m", "pip"], ["python3", "-m", "pip"]):
        return None  # installing packages is setup noise, not a task
    if not words:
        return None
    head = _BIN_PREFIX.sub("", words[0])
    if head not in _RUNNERS and "/" not in head:
        return None
    kept = [head] + [w for w in words[1:] if not _VARIABLE.search(w) and w != "--" and
                     not w.startswith(_COSMETIC)]
    return " ".join(kept[:_MAX_WORDS])


def _drop_options(words: list[str]) -> list[str]:
    while words and words[0].startswith("-"):
        option = words.pop(0)
        if option in _VALUE_OPTIONS and words and "=" not in option:
            words.pop(0)
    return words


def runs(lines: Iterable[str]) -> tuple[str, ...]:
    """The shortened commands of ``lines``, each once, in order."""
    return tuple(dict.fromkeys(c for line in lines if (c := command(line))))
