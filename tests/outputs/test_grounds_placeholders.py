"""A task runner's placeholder for the arguments its caller gives (``{{args}}`` of a
justfile recipe, ``{{.CLI_ARGS}}`` of a Taskfile's): the repository reading leaves it out
of the command it shows, and the gate confirms that command by the line with its
placeholder taken out; a command the line does not give, placeholder or not, is still
held.  Real git repositories: a Rust tool tested through nix-shell, as zoxide's justfile
does it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.sources.repository import read_commit
from testing.gitrepo import commit_files

FILES = {
    "Cargo.toml": '[package]\nname = "burrow"\nedition = "2021"\n',
    "src/main.rs": "fn main() {}\n",
    "justfile": ("[unix]\ntest *args:\n    nix-shell --pure --run "
                 "'cargo nextest run --workspace {{args}}'\n"),
    "Taskfile.yml": ("version: '3'\ntasks:\n  bench:\n    cmds:\n"
                     "      - nix-shell --pure --run 'cargo bench --quiet {{.CLI_ARGS}}'\n"),
}


def _held(repo: Path, tip: str, text: str, paths: tuple[str, ...]) -> str | None:
    return Grounds(str(repo), tip, None, at_base=False).held([Item(text, (), paths)])[0]


def test_the_tests_item_of_a_recipe_with_a_placeholder_is_kept(repo: Path) -> None:
    tip = commit_files(repo, FILES, "burrow")
    tests = next(r for r in read_commit(str(repo), tip, []) if r.key == "Tests")
    assert "cargo nextest run --workspace'" in tests.text and "{{" not in tests.text
    assert _held(repo, tip, tests.text, tests.paths) is None


@pytest.mark.parametrize("text", [
    "Benchmarks: run `nix-shell --pure --run 'cargo bench --quiet'`",
    "Tests: `nix-shell --pure --run 'cargo nextest run --workspace'`",
])
def test_a_command_whose_line_ends_in_a_placeholder_is_confirmed(repo: Path, text: str
                                                                 ) -> None:
    tip = commit_files(repo, FILES, "burrow")
    assert _held(repo, tip, text, ("justfile", "Taskfile.yml")) is None


@pytest.mark.parametrize("text", [
    "Tests: `nix-shell --pure --run 'cargo nextest run --workspace --no-capture'`",
    "Tests: `nix-shell --pure --run 'cargo nextest run'`",
    "Tests: `nix-shell --pure --run 'cargo nextest run --workspace --retries 3 --profile ci "
    "--no-fail-fast'`",
])
def test_a_command_the_line_does_not_give_is_held(repo: Path, text: str) -> None:
    tip = commit_files(repo, FILES, "burrow")
    why = _held(repo, tip, text, ("justfile",)) or ""
    assert why.startswith("executable text the tracked files do not confirm"), why
    assert why.count("'") % 2 == 0 or why.endswith("…"), why  # a cut shows
