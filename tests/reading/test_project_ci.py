"""gitmemory/reading/project/ci_steps.py and purposes.py: what CI runs is read from GitHub
workflows and GitLab jobs in order, each command once, and every task or tool is given the
purpose a reader would (tests, lint, format, types, docs, build, setup)."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import Snapshot
from gitmemory.reading.project.ci_steps import steps
from gitmemory.reading.project.purposes import is_python_env, purpose
from gitmemory.reading.project.task import TaskBook
from gitmemory.reading.project.tool_roles import tool_purposes

WORKFLOW = """\
jobs:
  lint:
    steps:
      - uses: actions/checkout@v4
      - run: pip install -e .
      - run: |
          ruff check src
          ruff format --check src
  test:
    steps:
      - run: python -m pytest -q tests
      - run: ruff check src
      - name: no run key here
"""


def _commands(files: dict[str, str]) -> list[tuple[str, str, str]]:
    found = steps(Snapshot(sorted(files), files, []))
    book = TaskBook(found)
    return [(t.command, t.source, (book.purposes(t) or ("",))[0]) for t in found]


def test_github_steps_in_order_each_command_once() -> None:
    assert _commands({".github/workflows/ci.yml": WORKFLOW}) == [
        ("pip install -e .", ".github/workflows/ci.yml", "setup"),
        ("ruff check src", ".github/workflows/ci.yml", "lint"),
        ("ruff format --check src", ".github/workflows/ci.yml", "format"),
        ("python -m pytest -q tests", ".github/workflows/ci.yml", "test"),
    ]


def test_gitlab_script_lines() -> None:
    gitlab = ("stages: [test]\nvariables:\n  X: 1\n"
              "tests:\n  script:\n    - tox -e py312\n    - |\n      mypy src\n"
              "      echo done\n")
    assert _commands({".gitlab-ci.yml": gitlab}) == [
        ("tox -e py312", ".gitlab-ci.yml", "test"), ("mypy src", ".gitlab-ci.yml", "typecheck")]


@pytest.mark.parametrize("text", [
    "not: [valid yaml", "- a list\n- not a mapping\n", "jobs: just a string\n",
    "jobs:\n  build:\n    steps: not a list\n", "jobs:\n  build:\n    steps:\n      - run: 42\n",
])
def test_a_workflow_that_is_not_what_ci_expects_gives_nothing(text: str) -> None:
    assert _commands({".github/workflows/odd.yml": text}) == []


def test_files_outside_the_workflow_directory_are_not_ci() -> None:
    assert _commands({".github/dependabot.yml": WORKFLOW, "ci.yml": WORKFLOW}) == []


@pytest.mark.parametrize(("name", "expected"), [
    ("test", "test"), ("Tests", "test"), ("unit-tests", "test"), ("py312", "test"),
    ("pypy3", "test"), ("3.12", "test"), ("lint", "lint"), ("pre-commit", "lint"),
    ("fmt", "format"), ("mypy", "typecheck"), ("docs", "docs"), ("wheel", "build"),
    ("install-dev", "setup"), ("test-integration", "test"), ("lint:fix", "format"),
    ("docs_serve", "docs"), ("check.sh", "lint"), ("deploy", None), ("release-notes", None),
])
def test_a_task_name_says_its_purpose(name: str, expected: str | None) -> None:
    assert purpose(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    ("py312", True), ("py3.13", True), ("pypy3", True), ("3.13t", True),
    ("py312-django", False), ("py{311,312}", False), ("lint", False),
])
def test_python_environments(name: str, expected: bool) -> None:
    assert is_python_env(name) is expected


@pytest.mark.parametrize(("command", "expected"), [
    ("pytest -q", "test"), ("python -m pytest", "test"), ("python3 -m mypy src", "typecheck"),
    ("npx eslint .", "lint"), ("uvx ruff check", "lint"), ("ruff format --diff", "format"),
    ("black --check .", "format"), ("prettier --write .", "format"),
    ("make docs", "docs"), ("just test", "test"), ("make deploy", ""), ("make", ""),
    ("python -m", ""), ("cargo build", "build"), ("cargo test --workspace", "test"),
    ("cargo clippy --all-targets", "lint"), ("go test ./...", "test"), ("ctest", "test"),
    ("bundle exec rspec", "test"), ("dotnet test", "test"), ("./gradlew build", "build"),
    ("./mvnw verify", "test"), ("golangci-lint run", "lint"), ("npx xo", "lint"),
    ("make check", "test"), ("make install", ""), ("npm install -g npm", ""),
    ("pip install tox", ""), ("pip install -e .", "setup"), ("cargo install just", ""),
    ("twine upload dist/*", ""), ("cargo bench", ""),
])
def test_a_command_says_its_purpose_by_its_tool(command: str, expected: str) -> None:
    found = tool_purposes(command.split())
    assert (found[0] if found and found[0] != "deploy" else "") == expected
