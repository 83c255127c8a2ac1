"""Evidence paths: stale items, path unions, and paths through the merge driver, the
deterministic merge and a model's answer."""

from __future__ import annotations

import json
from pathlib import Path

from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.evidence import MAX_PATHS, stale, union_paths
from gitmemory.memory.markdown import Item, Memory, generate, parse
from gitmemory.memory.merging import merge
from gitmemory.providers.answers import parse_evolution, parse_extraction


def test_an_item_is_stale_only_when_every_path_it_cites_is_gone(tmp_path: Path) -> None:
    (tmp_path / "src" / "api").mkdir(parents=True)
    (tmp_path / "src" / "api" / "routes.py").write_text("")
    assert not stale(Item("Routes", ("a1b2c3d",), ("src/api/routes.py",)), str(tmp_path))
    assert not stale(Item("The API", (), ("src/api/", "src/gone.py")), str(tmp_path))
    assert stale(Item("Gone", ("a1b2c3d",), ("src/gone.py", "lib/")), str(tmp_path))
    assert not stale(Item("No paths, nothing to check", ("a1b2c3d",)), str(tmp_path))


def test_a_dangling_symlink_still_counts_as_present(tmp_path: Path) -> None:
    (tmp_path / "link").symlink_to(tmp_path / "nowhere")
    assert not stale(Item("Link", (), ("link",)), str(tmp_path))


def test_union_paths_keeps_first_seen_order_once_each_and_caps() -> None:
    assert union_paths(("a", "b"), ("b", "c")) == ("a", "b", "c")
    assert len(union_paths([f"p{n}" for n in range(20)])) == MAX_PATHS


def _file(*items: Item) -> str:
    return generate(Memory("main", {"facts": list(items)}, through="a" * 40))


def test_the_merge_driver_unites_the_paths_of_one_item() -> None:
    base = _file()
    ours = _file(Item("Sessions live in Redis", ("1111111",), ("src/session.py",)))
    theirs = _file(Item("Sessions live in Redis", ("2222222",), ("src/cache/",)))
    merged = parse(merge(base, ours, theirs) or "")
    assert merged is not None
    (item,) = merged.sections["facts"]
    assert item.paths == ("src/session.py", "src/cache/")
    assert item.refs == ("1111111", "2222222")


def test_the_deterministic_merge_keeps_and_unites_paths() -> None:
    existing = Memory("main", {"facts": [Item("Uses Redis for sessions", ("1111111",),
                                              ("src/session.py",))]})
    evolution = deterministic_merge(existing, [
        Extraction("facts", "uses redis for sessions", 0.9, ("2222222",), ("src/cache.py",)),
        Extraction("facts", "Tests live in tests/", 0.9, (), ("tests/",))], 30)
    assert evolution.sections["facts"] == [
        Item("Uses Redis for sessions", ("1111111", "2222222"),
             ("src/session.py", "src/cache.py")),
        Item("Tests live in tests/", (), ("tests/",))]


def test_an_item_with_paths_and_no_refs_is_not_taken_for_a_hand_written_one() -> None:
    existing = Memory("main", {"facts": [Item("Tests run with pytest", (), ("pyproject.toml",)),
                                         Item("Written by a person")]})
    evolution = deterministic_merge(existing, [
        Extraction("facts", "tests run with pytest", 0.9, ("3333333",), ("tox.ini",))], 1)
    assert [i.text for i in evolution.sections["facts"]] == ["Written by a person"]


def test_a_models_paths_are_kept_when_they_stay_inside_the_tree() -> None:
    answer = {"extractions": [{"section": "facts", "content": "Routes live in src/api",
                               "confidence": 0.9, "refs": ["a1b2c3d"],
                               "paths": ["./src/api/", "/etc/passwd", "../up", ".git/config",
                                         "src/api/"]}]}
    (found,) = parse_extraction(json.dumps(answer))
    assert found.paths == ("src/api/",)
    evolved = parse_evolution(json.dumps({"sections": {
        "facts": [{"content": "Routes live in src/api", "refs": [], "paths": ["src/api/"]}],
        "architectural-decisions": [], "conventions": [], "bug-patterns": []}}))
    assert evolved.sections["facts"] == [Item("Routes live in src/api", (), ("src/api/",))]
