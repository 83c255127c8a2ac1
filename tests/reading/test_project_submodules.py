"""The submodules a fresh clone must fetch (issue 29, conventions on repositories never
seen; issue 6, a fresh clone): a language's Haskell implementation keeps the language
standard, with its test suite, as a submodule; `git clone` without `--recursive` leaves it
empty and the tests fail with no word of why, and nothing said so.  The fixture is
written for this test in the shape of the repository that missed it."""

from __future__ import annotations

from pathlib import Path

from gitmemory.reading.project import Snapshot, bootstrap_extractions, is_source
from testing.gitrepo import commit_file, gitmemory

GITMODULES = ('[submodule "spec/lang"]\n\tpath = spec/lang\n'
              '\turl = https://example.org/acme/lang.git\n'
              '[submodule "bench/k8s"]\n\tpath = bench/k8s\n\turl = ../k8s.git\n')


def test_the_submodules_and_how_a_clone_fetches_them_are_said() -> None:
    files = {"acme.cabal": "name: acme\n", ".gitmodules": GITMODULES}
    snap = Snapshot(sorted([*files, "src/Acme.hs"]), files, [])
    said = [e.content for e in bootstrap_extractions(snap) if e.content.startswith("Submod")]
    assert said == ["Submodules: `spec/lang`, `bench/k8s`; empty in a clone until they are "
                    "fetched"], said
    assert is_source(".gitmodules")


def test_the_item_reaches_claude_md_through_the_gate(repo: Path) -> None:
    commit_file(repo, "acme.cabal", "name: acme\n", "add the package")
    commit_file(repo, ".gitmodules", GITMODULES, "keep the standard as a submodule")
    gitmemory(repo, "init")
    text = (repo / "CLAUDE.md").read_text()
    assert "Submodules: `spec/lang`, `bench/k8s`; empty in a clone until they are " \
        "fetched" in text, text
