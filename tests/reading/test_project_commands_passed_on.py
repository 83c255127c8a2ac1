"""Commands whose runner passes the work on (issue 29, "commands"; docs/design.md, "Commands
that run"): a package script that starts the project's own program by its path, tox's
positional arguments with what runs when none are given, a Makefile's match-anything rule
that hands the target's name to a program, and a command CI runs through an action, cited
with the settings the tool reads.  The fixtures are written for these tests, in other
words than the repositories that showed each gap; each rule has a near miss it must not
fire on.
"""

from __future__ import annotations

import json
from pathlib import Path

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.reading.project import Snapshot, read_tree
from testing.gitrepo import git
from tests.reading.test_project_commands_unseen import lines, slot

# --- a package script that starts a program of the tree by its path -------------------------

def package(test: str) -> dict[str, str]:
    return {"package.json": json.dumps({"name": "shunit", "scripts": {"test": test}}),
            "libexec/shunit-run": "#!/usr/bin/env bash\necho run\n",
            "lib/shunit.sh": "shunit() { :; }\n"}


def test_a_package_script_running_the_projects_own_program_says_so() -> None:
    tests = slot(lines(package("libexec/shunit-run spec/")), "Tests")
    assert tests.startswith("Tests: `npm test` runs `libexec/shunit-run spec/`")


def test_a_package_script_naming_a_path_the_tree_lacks_shows_nothing_of_it() -> None:
    tests = slot(lines(package("vendor/runner/go spec/")), "Tests")
    assert tests.startswith("Tests: `npm test`") and "vendor/runner" not in tests


# --- tox's positional arguments ---------------------------------------------------------------

TOX_INI = """\
[tox]
env_list = py3{11,12}-unit, lint

[testenv]
commands =
    unit: pytest {posargs:-x --strict-markers}

[testenv:lint]
commands = flake8 {posargs}
"""


def test_tox_runs_the_default_of_its_positional_arguments_when_none_are_given() -> None:
    found = lines({"tox.ini": TOX_INI, "src/quill/__init__.py": ""})
    tests = slot(found, "Tests")
    assert tests.startswith("Tests: `tox` runs `pytest -x --strict-markers`"), tests
    assert "}" not in tests and "posargs" not in tests


def test_tox_toml_replaces_the_positional_arguments_by_their_default() -> None:
    toml = ('env_list = ["py312"]\n[env_run_base]\ncommands = [["pytest", '
            '{ replace = "posargs", default = ["-q", "tests"], extend = true }]]\n')
    tests = slot(lines({"tox.toml": toml, "pyproject.toml": "[project]\nname = \"quill\"\n",
                        "src/quill/__init__.py": ""}), "Tests")
    assert tests.startswith("Tests: `tox` runs `pytest -q tests`"), tests


def test_positional_arguments_with_no_default_run_nothing_more() -> None:
    tree = {"tox.ini": TOX_INI, "src/quill/__init__.py": ""}
    lint = [r.text for r in read_tree(Snapshot(sorted(tree), tree, []))
            if r.key == "Lint"]
    assert lint == ["Lint: `tox -e lint` runs `flake8`"], lint


# --- a Makefile's match-anything rule ------------------------------------------------------

FORWARDING = """\
RUN := go run ./tools/do.go

.PHONY: all
all: check unit

%:
\t$(RUN) $(OPTS) $* $(ARGS)
"""
WORKFLOW = """\
on: [push]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: make lint
      - run: make unit
"""
GO = {"go.mod": "module example.org/quill\n\ngo 1.22\n", "quill.go": "package quill\n",
      "tools/do.go": "package main\n"}


def test_a_match_anything_rule_makes_the_targets_ci_and_the_makefile_name() -> None:
    found = lines({**GO, "Makefile": FORWARDING, ".github/workflows/ci.yml": WORKFLOW})
    assert slot(found, "Tests").startswith(
        "Tests: `make unit` runs `go run ./tools/do.go unit`; CI runs it too")
    assert slot(found, "Lint").startswith("Lint: `make lint` runs `go run ./tools/do.go lint`")
    # with prerequisites of its own (Sphinx's `%: Makefile`), and `$@` for the name
    sphinx = FORWARDING.replace("%:\n\t$(RUN) $(OPTS) $* $(ARGS)", "%: Makefile\n\t$(RUN) $@")
    found = lines({**GO, "Makefile": sphinx, ".github/workflows/ci.yml": WORKFLOW})
    assert slot(found, "Lint").startswith("Lint: `make lint` runs `go run ./tools/do.go lint`")
    # a pattern rule for some targets (`%.o: %.c`) makes no name CI calls
    pattern = FORWARDING.replace("%:\n", "%.o: %.c\n")
    found = lines({**GO, "Makefile": pattern, ".github/workflows/ci.yml": WORKFLOW})
    assert not slot(found, "Lint").startswith("Lint: `make lint`")


def test_a_match_anything_rule_that_ignores_the_name_makes_nothing() -> None:
    quiet = FORWARDING.replace("\t$(RUN) $(OPTS) $* $(ARGS)", "\t@:")
    found = lines({**GO, "Makefile": quiet, ".github/workflows/ci.yml": WORKFLOW})
    assert "make unit" not in slot(found, "Tests") and not slot(found, "Lint").startswith(
        "Lint: `make lint`")


# --- a command CI runs through an action ----------------------------------------------------

ACTION = """\
on: [push]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: golangci/golangci-lint-action@v8
"""


def test_a_command_ci_runs_through_an_action_cites_the_settings_the_tool_reads(
        repo: Path) -> None:
    tree = {**GO, ".golangci.yml": "linters:\n  enable: [misspell]\n",
            ".github/workflows/lint.yml": ACTION}
    lint = next(r for r in read_tree(Snapshot(sorted(tree), tree, [])) if r.key == "Lint")
    assert lint.text.startswith("Lint: `golangci-lint run`") and ".golangci.yml" in lint.paths
    for path, text in tree.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the project")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    # the evidence rule asks the files the item cites: the workflow alone does not write it
    held = Grounds(str(repo), tip, None).held(
        [Item(lint.text, (), lint.paths),
         Item(lint.text, (), tuple(p for p in lint.paths if p != ".golangci.yml"))])
    assert held[0] is None and held[1]
