"""A model may add commands and settings the repository's files confirm (issue 34, item 5;
docs/design.md, "Where two rules meet"): the prompts no longer tell it to leave them out;
a command or setting it gives that no tracked file at the tip confirms is dropped, with a
note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import markdown
from gitmemory.memory.markdown import Item
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import WORK_TREE
from gitmemory.providers.anthropic_provider import AnthropicProvider
from gitmemory.repo import Repo
from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git

CI = """\
name: ci
on: [push]
jobs:
  docs:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: cargo doc --no-deps --all-features
        env:
          RUSTDOCFLAGS: -D warnings
"""
DOCS = ("CI's docs job fails on any rustdoc warning: it runs "
        "`RUSTDOCFLAGS=\"-D warnings\" cargo doc --no-deps`, so run it before pushing docs")
SIGNED = "Release builds are signed only with XTASK_SIGN=1 set before cargo build"
DEPLOY = "Deploys go out with `fly deploy --remote-only` from the release branch"
KNOWN = "Intra-doc links name items by path, never by URL, so renames break them loudly"


def _texts(repo: Path) -> list[str]:
    parsed = markdown.parse((repo / ".gitmemory" / "branches" / "main.md").read_text())
    assert parsed is not None
    return [i.text for items in parsed.sections.values() for i in items]


@pytest.fixture
def crate(repo: Path) -> Path:
    """A Rust crate whose CI checks the docs with RUSTDOCFLAGS, with memory through HEAD."""
    git(repo, "config", "gitmemory.provider", "anthropic")
    commit_file(repo, "Cargo.toml", '[package]\nname = "crate"\nversion = "0.1.0"\n',
                "build: the crate")
    commit_file(repo, ".github/workflows/ci.yml", CI, "ci: check the docs")
    commit_file(repo, "src/lib.rs", "//! See [`Thing`].\npub struct Thing;\n",
                "docs: link Thing")
    memory = markdown.Memory("main", {"facts": [], "architectural-decisions": [],
                                      "conventions": [Item(KNOWN)], "bug-patterns": []},
                             through=git(repo, "rev-parse", "HEAD").stdout.strip())
    path = repo / ".gitmemory" / "branches" / "main.md"
    path.parent.mkdir(parents=True)
    path.write_text(markdown.generate(memory))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "memory")
    commit_file(repo, "src/lib.rs", "//! See [`Thing`] and [`Other`].\npub struct Thing;\n"
                "pub struct Other;\n", "docs: fix a broken intra-doc link\n\nCI failed: "
                "RUSTDOCFLAGS=-D warnings turns the broken link into an error.")
    return repo


def test_a_command_the_files_confirm_is_kept_and_one_they_do_not_is_dropped(
        crate: Path, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(json.dumps({"extractions": [
        {"section": "conventions", "content": DOCS, "confidence": 0.9, "refs": []},
        {"section": "facts", "content": SIGNED, "confidence": 0.9, "refs": []}]}))
    fake_anthropic.text(json.dumps({"sections": {
        "facts": [{"content": DEPLOY}],
        "architectural-decisions": [],
        "conventions": [{"content": KNOWN}, {"content": DOCS}],
        "bug-patterns": []}, "changes": [
            {"action": "added", "section": "conventions", "content": DOCS},
            {"action": "added", "section": "facts", "content": DEPLOY}]}))
    result = memorize(Repo.open(str(crate)), "main", AnthropicProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    extract, evolve = fake_anthropic.requests
    system = " ".join(json.dumps(extract.body["system"]).replace("\\n", " ").split())
    assert "gitmemory reads those from the repository's files itself" not in system
    assert "RUSTDOCFLAGS" in system  # the example of a command worth keeping
    assert SIGNED not in evolve.text  # dropped before the evolve step saw it
    texts = _texts(crate)
    assert DOCS in texts and KNOWN in texts
    assert SIGNED not in texts and DEPLOY not in texts
    notes = "\n".join(result.notes)
    assert "XTASK_SIGN" in notes and "fly deploy" in notes


def test_a_command_the_model_carries_from_an_item_it_was_given_is_not_judged(
        crate: Path, fake_anthropic: FakeAnthropic) -> None:
    """A person's item names `fly deploy`, which no file confirms; the model merges a new
    item into it.  The merged text carries the command, it does not add it: the item stays
    (before, the merge was dropped and the person's item was lost with it)."""
    path = crate / ".gitmemory" / "branches" / "main.md"
    memory = markdown.parse(path.read_text())
    assert memory is not None
    memory.sections["facts"].append(Item(DEPLOY))
    path.write_text(markdown.generate(memory))
    git(crate, "commit", "-q", "-am", "memory: how we deploy")
    commit_file(crate, "RELEASING.md", "Deploy from the release branch once CI is green.\n",
                "docs: deploy once CI is green")
    merged = DEPLOY + ", once CI is green"
    fake_anthropic.text(json.dumps({"extractions": [
        {"section": "facts", "content": "Deploys wait for a green CI run", "confidence": 0.9,
         "refs": []}]}))
    fake_anthropic.text(json.dumps({"sections": {
        "facts": [{"content": merged}], "architectural-decisions": [],
        "conventions": [{"content": KNOWN}], "bug-patterns": []},
        "changes": [{"action": "updated", "section": "facts", "content": merged}]}))
    result = memorize(Repo.open(str(crate)), "main", AnthropicProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    assert merged in _texts(crate)
    assert not any("fly deploy" in note for note in result.notes)
