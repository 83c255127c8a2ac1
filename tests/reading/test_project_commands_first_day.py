"""What a new user sees on the first day in repositories never tried before (issues 29/2/5;
docs/design.md, "Commands that run"): each rule is read from a real git repository's
commit, the way `gitmemory init` reads it, and confirmed by the gate.  The fixtures are
written for these tests, in other words than the repositories that showed the gap, and
each rule has a near miss it must not fire on.
"""

from __future__ import annotations

import json
from pathlib import Path

from gitmemory.injection.neutralize import stored
from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.outputs.render import fitted
from gitmemory.reading.project.tool_roles import tool_purposes
from gitmemory.sources.repository import read_commit
from testing.gitrepo import git

CRATES = {"Cargo.toml": '[workspace]\nmembers = ["quill", "harness"]\n',
          "quill/Cargo.toml": '[package]\nname = "quill"\n', "quill/src/lib.rs": "\n",
          "harness/Cargo.toml": '[package]\nname = "harness"\n',
          "harness/src/main.rs": "fn main() {}\n"}
ALIAS = {".cargo/config.toml": '[alias]\n# the golden-file suite\n'
                               'golden = "run --quiet --package=harness --"\n'}
SUITE_GUIDE = ("# The golden files\n\n## Running the suite's tests\n\n```sh\n"
               "cargo test --workspace\n```\n\n### Golden tests alone\n\n```sh\n"
               "cargo golden lists\ncargo golden --exact lists-nested\n```\n")


def commit(repo: Path, files: dict[str, str]) -> str:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Lay the project out")
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def read_tests(repo: Path, tip: str) -> str:
    """The Tests item read from ``tip``, after the gate confirmed it."""
    read = [r for r in read_commit(str(repo), tip, []) if r.key == "Tests"]
    assert len(read) == 1, read
    item = Item(read[0].text, (), read[0].paths)
    assert Grounds(str(repo), tip, None, at_base=False).held([item]) == [None], item.text
    return read[0].text


# --- a reference-style link sends the newcomer to the tests' own guide -----------------------

def test_a_guide_linked_by_a_reference_definition_gives_its_test_commands(repo: Path) -> None:
    tip = commit(repo, {**CRATES, "tests/README.md": SUITE_GUIDE, "CONTRIBUTING.md":
                        "# Contributing\n\nSee [the suite's guide][suite].\n\n"
                        "[suite]: https://github.com/acme/quill/blob/main/tests/README.md\n"})
    assert "tests/README.md gives `cargo test --workspace`" in read_tests(repo, tip)


def test_a_reference_definition_of_a_file_the_tree_lacks_sends_nowhere(repo: Path) -> None:
    tip = commit(repo, {**CRATES, "tests/README.md": SUITE_GUIDE, "CONTRIBUTING.md":
                        "# Contributing\n\nSee [the suite's guide][suite].\n\n"
                        "[suite]: docs/suite.md\n"})
    assert "tests/README.md" not in read_tests(repo, tip)


# --- a cargo alias the repository defines is a command the guide may give --------------------

def test_a_cargo_alias_the_guide_runs_under_a_tests_heading_is_given_as_the_alias(
        repo: Path) -> None:
    tip = commit(repo, {**CRATES, **ALIAS, "CONTRIBUTING.md": SUITE_GUIDE})
    line = read_tests(repo, tip)
    assert line.startswith("Tests: `cargo test")
    assert "`cargo golden`" in line
    assert "cargo golden lists" not in line and "run --quiet" not in line


def test_a_cargo_subcommand_the_repository_does_not_define_is_not_read(repo: Path) -> None:
    tip = commit(repo, {**CRATES, "CONTRIBUTING.md": SUITE_GUIDE})
    assert "golden" not in read_tests(repo, tip)


# --- a package manager's options on how a script runs do not hide which script ---------------

def scripts(check: str) -> dict[str, str]:
    return {"package.json": json.dumps({"name": "quay", "scripts": {
                "check": check, "unit": "vitest --run", "style": "eslint src"}}),
            "bun.lock": "", "src/quay.ts": "export {}\n", "tsconfig.json": "{}\n",
            "eslint.config.mjs": "export default []\n"}


def read_slot(repo: Path, tip: str, name: str) -> str:
    """The text of the item in slot ``name`` read from ``tip``, "" when there is none."""
    return next((r.text for r in read_commit(str(repo), tip, []) if r.key == name), "")


def test_a_script_called_with_the_shell_to_run_it_in_is_that_script(repo: Path) -> None:
    tip = commit(repo, scripts("bun run --shell bun unit && bun run --silent style"))
    assert read_slot(repo, tip, "Lint").startswith("Lint: `bun run style`")
    assert read_slot(repo, tip, "Tests").startswith("Tests: `bun run check`")


def test_a_script_called_in_another_package_is_not_the_top_ones(repo: Path) -> None:
    tip = commit(repo, scripts("bun run --filter quay-web unit && bun run --silent style"))
    assert read_slot(repo, tip, "Tests").startswith("Tests: `bun run unit`")


# --- indentation: a kind of file that sets tabs under spaces for every file -------------------

EDITORCONFIG = ("root = true\n\n[*]\nindent_style = space\nindent_size = 2\n\n"
                "[*.go]\nindent_style = tab\nindent_size = 8\n\n[Makefile]\nindent_style = tab\n")
GO = {"go.mod": "module example.org/quay\n\ngo 1.22\n", "main.go": "package main\n"}


def test_the_go_files_tabs_are_said_beside_the_spaces_of_the_rest(repo: Path) -> None:
    tip = commit(repo, {**GO, ".editorconfig": EDITORCONFIG})
    assert read_slot(repo, tip, "Code style") == "Code style: 2-space indents (tabs for go)"


def test_the_tabs_make_needs_are_no_style(repo: Path) -> None:
    tip = commit(repo, {**GO, ".editorconfig": EDITORCONFIG.replace("[*.go]", "[*.mk]")})
    assert read_slot(repo, tip, "Code style") == "Code style: 2-space indents"


# --- a long item is cut outside its code spans ----------------------------------------------

TAIL = " on every shell that descends from the Korn shell (e.g. mksh)."
CHANGELOG = ("# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n"
             f"- Fish: the jump command no longer fails{TAIL}\n"
             f"- Elvish: the prompt hook keeps state{TAIL}\n"
             "\n## [0.4.0] - 2026-05-01\n\n### Added\n\n"
             f"- Ksh: support for the jump command{TAIL}\n- Fish: completions come first{TAIL}\n"
             f"- Xonsh: a plugin entry point{TAIL}\n\n### Changed\n\n"
             f"- Elvish: the hook runs after the prompt{TAIL}\n- Tcsh: aliases are set once{TAIL}\n"
             "\n## [0.3.0] - 2026-01-01\n\n### Fixed\n\n"
             f"- Fish: quoting of directories with spaces{TAIL}\n"
             f"- Ksh: the init script is quiet{TAIL}\n"
             f"- Xonsh: the hook is registered once{TAIL}\n")


def test_a_changelog_example_that_would_be_cut_is_left_out(repo: Path) -> None:
    tip = commit(repo, {**CRATES, "CHANGELOG.md": CHANGELOG})
    line = read_slot(repo, tip, "Changelog entries")
    assert line.count("`") % 2 == 0, line
    assert "..." not in line and "e.g. `" not in line, line


def test_a_line_cut_inside_a_code_span_ends_before_it() -> None:
    text = "Changelog entries: " + "entries start with their kind; " * 8 + \
        "e.g. `- Ksh: support for the jump command on every Unix shell (e.g. mksh).`"
    short = stored(text)
    assert short.endswith("...") and short.count("`") % 2 == 0, short
    line = fitted(Item(text, (), ("CHANGELOG.md",))).text
    assert line.endswith("...") and line.count("`") % 2 == 0, line


# --- tox.toml: generated env lists, env-only CI steps, commands given as argv ----------------

TOX_TOML = '''env_list = [
    "lint", "type", "docs", { product = [{ prefix = "3.", start = 11, stop = 13 }] },
]

[env_run_base]
commands = [["pytest", { replace = "posargs", default = ["tests"], extend = true }]]

[env.lint]
commands = [["ruff", "check", "."]]

[env.type]
commands = [["mypy", "src"]]

[env.docs]
commands = [
    ["sphinx-build", "-W", "docs", "build/docs"],
    ["python", "-c", 'import sys; print("built")'],
]
'''
TYPE_CI = ("on: [push]\njobs:\n  type:\n    runs-on: ubuntu-latest\n    steps:\n"
           "      - uses: actions/checkout@v4\n      - run: python -m pip install tox\n"
           "      - name: Set up the environment\n        run: tox -vv --notest -e type\n"
           "      - name: Run the type check\n        run: tox -e type --skip-pkg-install\n")
PACKAGE = {"pyproject.toml": '[project]\nname = "quay"\nrequires-python = ">=3.11"\n',
           "src/quay/__init__.py": "", "tests/test_quay.py": "def test_x():\n    pass\n"}


def test_a_generated_env_list_of_pythons_makes_tox_the_tests(repo: Path) -> None:
    tip = commit(repo, {**PACKAGE, "tox.toml": TOX_TOML})
    assert read_slot(repo, tip, "Tests").startswith("Tests: `tox` runs `pytest tests`")


def test_an_env_list_of_no_python_leaves_tox_out(repo: Path) -> None:
    tip = commit(repo, {**PACKAGE, "tox.toml": TOX_TOML.replace('prefix = "3."',
                                                                'prefix = "lint-"')})
    assert not read_slot(repo, tip, "Tests").startswith("Tests: `tox` ")


def test_a_ci_step_that_only_makes_the_env_is_not_the_check(repo: Path) -> None:
    tip = commit(repo, {**PACKAGE, "tox.toml": TOX_TOML,
                        ".github/workflows/type.yml": TYPE_CI})
    line = read_slot(repo, tip, "Type checks")
    assert line.startswith("Type checks: `tox -e type` runs `mypy src`"), line
    assert "--notest" not in line


def test_a_command_given_as_argv_keeps_its_code_one_word(repo: Path) -> None:
    tip = commit(repo, {**PACKAGE, "tox.toml": TOX_TOML})
    line = read_slot(repo, tip, "Docs")
    assert "`print" not in line and "`import" not in line, line


def test_a_flag_after_the_double_dash_is_the_envs_not_toxs() -> None:
    assert tool_purposes(["tox", "-vv", "-n", "-e", "type"]) == ("setup",)
    assert tool_purposes(["tox", "--", "-n", "auto", "--only-integration"]) == ("test",)
