"""``session:<id8>`` refs: the memory format reads and writes them, and the merge driver,
the deterministic merge, a model's evolution and the check against the branch keep them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.markdown import Item, Memory, generate, is_valid, parse
from gitmemory.memory.merging import merge
from gitmemory.memory.suffix import is_session_ref
from gitmemory.pipeline.evolve import parse_evolution
from gitmemory.sources.commits.extraction import parse_extraction
from testing.gitrepo import commit_file, git, gitmemory, set_up
from testing.team import memory

SESSION = "session:7f3c2a91"
ITEM = Item("Redis is reached directly, never through the HTTP proxy", (SESSION, "a1b2c3d"),
            ("shop/cache.py",))


def test_session_refs_round_trip_in_a_memory_file() -> None:
    mem = memory("feature/cache", conventions=[ITEM])
    text = generate(mem)
    assert "(refs: session:7f3c2a91, a1b2c3d; paths: shop/cache.py)" in text
    assert is_valid(mem) and parse(text) == mem


@pytest.mark.parametrize("ref", ["session:7f3c2a9", "session:7f3c2a91ff", "session:zzzzzzzz",
                                 "sessions:7f3c2a91"])
def test_a_ref_of_another_shape_is_kept_as_written_but_names_no_session(ref: str) -> None:
    """Format 2 keeps a ``kind:id`` ref it does not know (a newer version's source), so
    an older reader neither folds it into the text nor drops it; only ``session:`` and
    eight hex digits names an agent session."""
    parsed = parse(f"# Branch Memory: main\n\n## Facts\n\n- A fact (refs: {ref})\n")
    assert parsed is not None
    (item,) = parsed.sections["facts"]
    assert (item.text, item.refs) == ("A fact", (ref,))
    assert not is_session_ref(ref)
    assert is_session_ref("session:7f3c2a91")


def test_a_ref_with_a_space_stays_text() -> None:
    parsed = parse("# Branch Memory: main\n\n## Facts\n\n- A fact (refs: session: 7f3c2a91)\n")
    assert parsed is not None
    (item,) = parsed.sections["facts"]
    assert item.refs == () and "session: 7f3c2a91" in item.text


def test_the_merge_driver_keeps_session_refs() -> None:
    base = memory("feature/cache", facts=[Item("Sessions live in Redis", ("1111111",))])
    ours = memory("feature/cache", facts=[Item("Sessions live in Redis", ("1111111",)), ITEM])
    theirs = memory("feature/cache", facts=[Item("Sessions live in Redis",
                                                 ("1111111", "session:0a0b0c0d"))])
    text = merge(generate(base), generate(ours), generate(theirs))
    assert text is not None
    result = parse(text)
    assert result is not None
    assert [(i.text, i.refs) for i in result.sections["facts"]] == [
        ("Sessions live in Redis", ("1111111", "session:0a0b0c0d")), (ITEM.text, ITEM.refs)]


def test_the_deterministic_merge_unites_session_and_commit_refs() -> None:
    existing = Memory("main", {"conventions": [ITEM]})
    found = [Extraction("conventions", ITEM.text, 0.9, ("session:0a0b0c0d",))]
    merged = deterministic_merge(existing, found, 30)
    assert merged.sections["conventions"][0].refs == (SESSION, "a1b2c3d", "session:0a0b0c0d")


def test_a_models_evolution_keeps_session_refs_and_drops_made_up_ones() -> None:
    answer = json.dumps({"sections": {"facts": [{"content": "x", "refs": [
        "SESSION:7F3C2A91", "a1b2c3d", "session:nothex!", "session:12345678abc", "hello"]}],
        "architectural-decisions": [], "conventions": [], "bug-patterns": []}})
    assert parse_evolution(answer).sections["facts"][0].refs == (SESSION, "a1b2c3d")
    extraction = json.dumps({"extractions": [{"section": "facts", "content": "x",
                                              "confidence": 0.9, "refs": [SESSION]}]})
    assert parse_extraction(extraction)[0].refs == (SESSION,)


def test_the_check_against_the_branch_keeps_items_learned_from_sessions(repo: Path) -> None:
    """A commit this clone dropped takes its ref away, never the session's; an item that
    cites only sessions is not an item whose commits are gone."""
    set_up(repo, "offline")
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "shop/cache.py", "REDIS = 1\n", "feat: cache")
    dropped = commit_file(repo, "shop/db.py", "DB = 1\n", "feat: db")[:7]
    mem = memory("feature", conventions=[
        Item("Both a commit and a session say so", (dropped, SESSION), ("shop/cache.py",)),
        Item("Only a session says so", ("session:0a0b0c0d",), ("shop/cache.py",)),
        Item("Only the dropped commit says so", (dropped,), ("shop/cache.py",))])
    git(repo, "reset", "-q", "--hard", "HEAD~1")
    path = repo / ".gitmemory" / "branches" / "feature.md"
    path.write_text(generate(mem))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "memory by hand")
    done = gitmemory(repo, "memorize")
    assert "removed (its commits are no longer on the branch): Only the dropped commit" in \
        done.stdout
    result = parse(path.read_text())
    assert result is not None
    assert [(i.text, i.refs) for i in result.sections["conventions"]] == [
        ("Both a commit and a session say so", (SESSION,)),
        ("Only a session says so", ("session:0a0b0c0d",))]
