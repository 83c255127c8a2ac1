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
