"""What a task is for (``test``, ``lint`` ...), from its name or from the tool it runs."""

from __future__ import annotations

import re

_NAMES = {
    "test": "test tests unit unittest unittests pytest test-all tests-all testall check-tests "
            "test-unit unit-tests",
    "lint": "lint linting lints check checks style pre-commit precommit flake8 ruff qa static "
            "lint-all checkstyle",
    "format": "format fmt reformat black autoformat pretty prettier fix format-code",
    "typecheck": "typecheck type-check typing types mypy pyright check-types typecheck-all "
                 "type_check",
    "docs": "docs doc documentation html docs-build build-docs sphinx mkdocs",
    "build": "build dist package wheel sdist build-dist",
    "setup": "install setup bootstrap dev develop init sync deps venv install-dev",
}
_PURPOSE = {name: purpose for purpose, names in _NAMES.items() for name in names.split()}
_PY_ENV = re.compile(r"^(?:py(?:py)?\d*(?:\.\d+)?t?|\d\.\d+t?)(?:-.+)?$")


def is_python_env(name: str) -> bool:
    """A tox env that runs the tests on one Python (``py312``, ``py3.13``, ``pypy3``)."""
    return bool(_PY_ENV.match(name)) and "-" not in name and "{" not in name

def purpose(name: str) -> str | None:
    """What a task named ``name`` is for (``test``, ``lint`` ...), or None."""
    low = name.lower().removesuffix(".sh")
    if low in _PURPOSE:
        return _PURPOSE[low]
    if _PY_ENV.match(low):
        return "test"
    head = re.split(r"[-_:]", low, maxsplit=1)[0]
    return _PURPOSE.get(head) if head in ("test", "tests", "lint", "docs", "typecheck",
                                          "format", "build") else None


# Which purpose a command serves, by the tool it starts.
_TOOL_PURPOSE = {"pytest": "test", "py.test": "test", "coverage": "test", "tox": "test",
                 "nox": "test", "ruff": "lint", "flake8": "lint", "pylint": "lint",
                 "pre-commit": "lint", "prek": "lint", "black": "format", "isort": "format",
                 "mypy": "typecheck", "pyright": "typecheck", "sphinx-build": "docs",
                 "mkdocs": "docs", "twine": "build", "build": "build", "jest": "test",
                 "vitest": "test", "eslint": "lint", "prettier": "format", "tsc": "typecheck"}


def tool_purpose(found: str) -> str:
    """The purpose of a shortened command, by its tool ("" when the tool does not say)."""
    words = found.split()
    if words[:2] in (["python", "-m"], ["python3", "-m"]) or words[:1] in (["npx"], ["uvx"]):
        words = words[2:] if words[1:2] == ["-m"] else words[1:]  # the tool it starts
    if not words:
        return ""
    if words[:2] in (["ruff", "format"], ["black", "--check"]) or words[0] == "prettier":
        return "format"
    if words[0] in ("make", "just") and len(words) > 1:
        return purpose(words[1]) or ""
    return _TOOL_PURPOSE.get(words[0], "")


