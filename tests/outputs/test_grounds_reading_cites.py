"""The reading's item cites every file it quotes (docs/design.md, "Where two rules meet"):
gleam's stdlib (a new user's try) had "Format: `gleam format`; CI checks `gleam format
--check src test`" cite gleam.toml alone, the CI line unquoted, and the gate held the
format command of every Gleam project whose CI checks its sources by name.  The reading's
items about it are written and judged as a checkout would; real git repositories."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.reading.project import Snapshot
from gitmemory.reading.project.slots import items
from testing.gitrepo import commit_files

FILES = {
    "gleam.toml": 'name = "toadlib"\nversion = "1.0.0"\ngleam = ">= 1.14.0"\n\n'
                  '[dev-dependencies]\ngleeunit = ">= 1.0.0 and < 2.0.0"\n',
    "src/toadlib.gleam": "pub fn main() { Nil }\n",
    ".github/workflows/ci.yml": "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
                                "      - run: gleam test --target erlang\n"
                                "      - run: gleam format --check src test\n",
}


def test_the_format_check_ci_runs_is_cited_and_kept(repo: Path) -> None:
    tip = commit_files(repo, FILES, "toadlib")
    found = {text.partition(":")[0]: (text, paths)
             for _, text, paths in items(Snapshot(sorted(FILES), FILES, []))}
    text, paths = found["Format"]
    assert "`gleam format --check src test`" in text
    assert ".github/workflows/ci.yml" in paths
    held = Grounds(str(repo), tip, None).held([Item(text, paths=paths)])
    assert held == [None]


def test_a_changelog_example_wrapped_over_two_lines_is_the_file_s_text(repo: Path) -> None:
    """gleam's stdlib: "Changelog entries: ... e.g. `- Fix a bug where dicts and sets with
    hash collisions but equal entries would not be equal.`", a bullet CHANGELOG.md wraps
    after "would", was held as text no file confirms."""
    files = {**FILES, "CHANGELOG.md": "# Changelog\n\n## v1.0.4 - 2026-05-30\n\n- Fix a bug "
             "where dicts and sets with hash collisions but equal entries would\n  not be "
             "equal.\n- Add `list.max`.\n"}
    tip = commit_files(repo, files, "toadlib")
    grounds = Grounds(str(repo), tip, None)
    example = ("Changelog entries: in CHANGELOG.md, one section per release, headed as `## "
               "v1.0.4 - 2026-05-30`; e.g. `- Fix a bug where dicts and sets with hash "
               "collisions but equal entries would not be equal.`")
    assert grounds.held([Item(example, paths=["CHANGELOG.md"])]) == [None]
    forged = "Changelog entries: e.g. `- Fix a bug where dicts and sets would be equal.`"
    assert grounds.held([Item(forged, paths=["CHANGELOG.md"])]) != [None]
