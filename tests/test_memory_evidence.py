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
from gitmemory.pipeline.evolve import parse_evolution
from gitmemory.sources.commits.extraction import parse_extraction


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


def test_mentioned_finds_what_reads_as_a_path() -> None:
    from gitmemory.memory.evidence import mentioned

    text = ("Handlers in `src/api/` call db/session.py (see https://x.org/a/b, e.g. "
            "setup.cfg and ../up or @./docs/x.md)")
    assert mentioned(text) == ["src/api/", "db/session.py", "e.g", "setup.cfg"]


def test_summarise_gives_way_to_directories_from_the_deepest() -> None:
    from gitmemory.memory.evidence import summarise

    few = ["src/a.py", "README.md"]
    assert summarise(few) == ("src/a.py", "README.md")
    many = [f"src/api/h{n}.py" for n in range(10)] + ["src/db/s.py", "setup.py"]
    assert summarise(many) == ("src/api/", "src/db/", "setup.py")
    deep = [f"a/b{n}/c{m}.py" for n in range(5) for m in range(3)]
    assert summarise(deep, 3) == ("a/",)
    assert summarise([f"f{n}.py" for n in range(20)], 4) == ("f0.py", "f1.py", "f2.py", "f3.py")


def test_renamed_follows_files_and_whole_directories_but_not_present_paths() -> None:
    from gitmemory.memory.evidence import renamed

    moves = {"src/api/a.py": "src/web/a.py", "src/api/b.py": "src/web/b.py",
             "lib/x.py": "lib/y.py"}
    assert renamed(("src/api/a.py", "lib/x.py"), moves) == ("src/web/a.py", "lib/y.py")
    assert renamed(("src/api/",), moves) == ("src/web/",)
    assert renamed(("src/api/",), {**moves, "src/api/c.py": "other/c.py"}) == ("src/api/",)
    assert renamed(("lib/x.py",), moves, present={"lib/x.py"}) == ("lib/x.py",)


def test_paths_a_model_dropped_come_back_from_the_items_it_merged() -> None:
    from gitmemory.memory.evidence import carried
    from gitmemory.memory.similar import normal_key

    sources = [("Sessions live in Redis", ("1111111",), ("src/session.py",)),
               ("Tokens expire after 1h", ("2222222",), ("src/auth/",))]
    evolved = [Item("Sessions live in Redis", ()), Item("Tokens and sessions expire",
                                                       ("2222222", "1111111")),
               Item("Given by the model", (), ("x.py",)), Item("New, unknown", ("3333333",))]
    out = carried(evolved, sources, normal_key)
    assert [i.paths for i in out] == [("src/session.py",), ("src/session.py", "src/auth/"),
                                     ("x.py",), ()]


def test_union_paths_drops_files_inside_a_cited_directory() -> None:
    assert union_paths(("src/api/x.py", "src/api/"), ("src/apis.py",)) == \
        ("src/api/", "src/apis.py")


def test_a_directory_stays_when_its_files_left_under_other_names() -> None:
    from gitmemory.memory.evidence import renamed

    assert renamed(("src/api/",), {"src/api/a.py": "web/main.py"}) == ("src/api/",)
    assert renamed(("src/api/",), {"src/api/a.py": "web/a.py", "src/api/b.py": "lib/b.py"}) \
        == ("src/api/",)  # split over two directories: no one place to follow
    assert renamed(("src/api/",), {"src/api/v1/a.py": "web/v1/a.py"}) == ("web/",)


def test_renamed_paths_are_united_once_each() -> None:
    from gitmemory.memory.evidence import renamed

    assert renamed(("old.py", "new.py"), {"old.py": "new.py"}) == ("new.py",)


def test_without_drops_items_with_the_reason_said_and_mapped_changes_every_one() -> None:
    from gitmemory.memory.evidence import mapped, without

    memory = Memory("main", {"facts": [Item("Keep me"), Item("Drop me", ("1111111",))],
                             "bug-patterns": [Item("Drop me too")]})
    kept, dropped = without(memory, lambda i: "stale: x gone" if "Drop" in i.text else None)
    assert [i.text for i in kept.sections["facts"]] == ["Keep me"]
    assert kept.sections["bug-patterns"] == []
    assert [(d.section, d.line()) for d in dropped] == [
        ("facts", "removed (stale: x gone): Drop me"),
        ("bug-patterns", "removed (stale: x gone): Drop me too")]
    assert [i.text for i in memory.sections["facts"]] == ["Keep me", "Drop me"]  # a copy
    upper = mapped(memory, lambda i: Item(i.text.upper(), i.refs, i.paths))
    assert [i.text for i in upper.sections["facts"]] == ["KEEP ME", "DROP ME"]
    assert memory.sections["facts"][0].text == "Keep me"


def test_mentioned_skips_addresses_packages_and_home_paths() -> None:
    from gitmemory.memory.evidence import mentioned

    text = ("Fetch from https://example.com/api/v1 with @types/node, keep ~/.config/app "
            "out, and edit ./src/main.py.")
    assert mentioned(text) == ["src/main.py"]
