from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmemory.memory.markdown import SECTION_IDS, Item, Memory, generate, is_valid, parse
from gitmemory.memory.merging import (
    _clusters,
    _Keys,
    _unchanged,
    merge,
    union_refs,
)
from gitmemory.memory.prose import merge_lines
from gitmemory.memory.similar import normal_key, same_item
from testing.team import memory

BASE = memory("feature/auth", facts=[Item("Sessions live in Redis", ("1111111",)),
                                     Item("Tokens expire after 24h", ("2222222",))],
              conventions=["Tests use pytest fixtures"], through="a" * 40)


def merged(base: Memory | None, ours: Memory, theirs: Memory, **kw: object) -> Memory:
    text = merge(generate(base) if base else None, generate(ours), generate(theirs),
                 **kw)  # type: ignore[arg-type]
    assert text is not None
    assert "<<<<<<<" not in text
    assert ">>>>>>>" not in text
    result = parse(text)
    assert result is not None
    assert is_valid(result)
    assert generate(result) == text
    return result


def texts(mem: Memory, sid: str) -> list[str]:
    return [item.text for item in mem.sections[sid]]


def with_items(mem: Memory, sid: str, items: list[Item], **header: str | None) -> Memory:
    out = mem.copy()
    out.sections[sid] = items
    for name, value in header.items():
        setattr(out, name, value)
    return out


def test_item_removed_on_one_side_stays_removed() -> None:
    ours = with_items(BASE, "facts", [BASE.sections["facts"][1]])
    theirs = with_items(BASE, "conventions", [*BASE.sections["conventions"], Item("Use ruff")])
    for result in (merged(BASE, ours, theirs), merged(BASE, theirs, ours)):
        assert texts(result, "facts") == ["Tokens expire after 24h"]
        assert texts(result, "conventions") == ["Tests use pytest fixtures", "Use ruff"]


def test_item_removed_on_one_side_but_changed_on_the_other_is_kept() -> None:
    ours = with_items(BASE, "facts", [BASE.sections["facts"][1]])
    theirs = with_items(BASE, "facts", [Item("Sessions live in Redis", ("1111111", "3333333")),
                                         BASE.sections["facts"][1]])
    result = merged(BASE, ours, theirs)
    assert result.sections["facts"] == [BASE.sections["facts"][1],
                                        Item("Sessions live in Redis", ("1111111", "3333333"))]


def test_item_removed_on_both_sides_is_gone() -> None:
    ours = with_items(BASE, "facts", [])
    theirs = with_items(BASE, "facts", [BASE.sections["facts"][0]])
    assert texts(merged(BASE, ours, theirs), "facts") == []


def test_item_added_on_both_sides_appears_once_with_the_union_of_refs() -> None:
    ours = with_items(BASE, "bug-patterns", [Item("Compare expiry in UTC", ("aaaa111",))])
    theirs = with_items(BASE, "bug-patterns", [Item("compare expiry in  UTC.", ("bbbb222",)),
                                                Item("Close Redis pools on shutdown")])
    result = merged(BASE, ours, theirs)
    assert result.sections["bug-patterns"] == [
        Item("Compare expiry in UTC", ("aaaa111", "bbbb222")),
        Item("Close Redis pools on shutdown")]


def test_refs_union_counts_two_abbreviations_of_one_commit_once() -> None:
    assert union_refs(("3f2c1e0", "a1b2c3d"), ("3f2c1e0a9b", "9e8f7a6")) == (
        "3f2c1e0a9b", "a1b2c3d", "9e8f7a6")


def test_order_is_ours_first_then_theirs_new_items() -> None:
    ours = with_items(BASE, "conventions", [Item("O1"), *BASE.sections["conventions"], Item("O2")])
    theirs = with_items(BASE, "conventions", [Item("T1"), *BASE.sections["conventions"]])
    assert texts(merged(BASE, ours, theirs), "conventions") == [
        "O1", "Tests use pytest fixtures", "O2", "T1"]


def test_reworded_item_on_one_side_wins_over_the_unchanged_one() -> None:
    theirs = with_items(BASE, "conventions", [Item("Tests use pytest fixtures.")])
    assert texts(merged(BASE, BASE, theirs), "conventions") == ["Tests use pytest fixtures."]


def test_item_moved_to_different_sections_on_each_side_appears_once_where_ours_put_it() -> None:
    item = BASE.sections["conventions"][0]
    ours = with_items(with_items(BASE, "conventions", []), "facts",
                      [*BASE.sections["facts"], item])
    theirs = with_items(with_items(BASE, "conventions", []), "bug-patterns", [item])
    result = merged(BASE, ours, theirs)
    assert texts(result, "facts")[-1] == item.text
    assert texts(result, "bug-patterns") == []
    assert texts(result, "conventions") == []


def test_hand_written_prose_and_extra_sections_from_both_sides_are_kept() -> None:
    ours, theirs = BASE.copy(), BASE.copy()
    ours.notes = {"": ["Read this first."], "facts": ["Facts checked by Ada."]}
    ours.extra = [("Links", ["- https://example.com/design"])]
    theirs.notes = {"": ["Owned by the auth team."], "facts": ["Facts checked by Ada."]}
    theirs.extra = [("Open questions", ["Should tokens rotate?"]),
                    ("Links", ["- https://example.com/runbook"])]
    result = merged(BASE, ours, theirs)
    assert result.notes == {"": ["Read this first.", "Owned by the auth team."],
                            "facts": ["Facts checked by Ada."]}
    assert result.extra == [("Links", ["- https://example.com/design",
                                       "- https://example.com/runbook"]),
                            ("Open questions", ["Should tokens rotate?"])]


def test_prose_line_deleted_on_one_side_stays_deleted() -> None:
    base = BASE.copy()
    base.notes = {"": ["Keep me.", "Delete me."]}
    ours, theirs = base.copy(), base.copy()
    ours.notes = {"": ["Keep me."]}
    theirs.notes = {"": ["Keep me.", "Delete me.", "Added by them."]}
    assert merged(base, ours, theirs).notes == {"": ["Keep me.", "Added by them."]}


def test_extra_section_removed_on_one_side_and_untouched_on_the_other_is_gone() -> None:
    base = BASE.copy()
    base.extra = [("Scratch", ["temporary"])]
    ours = base.copy()
    ours.extra = []
    assert merged(base, ours, base.copy()).extra == []


def test_new_paragraphs_keep_their_blank_line() -> None:
    assert merge_lines(["one"], ["one", "", "ours"], ["one", "", "theirs"]) == [
        "one", "", "ours", "", "theirs"]
    assert merge_lines([], ["old"], ["new", "", "old"]) == ["new", "", "old"]


def test_newer_through_is_the_descendant_even_when_it_was_written_earlier() -> None:
    ours = with_items(BASE, "facts", [], through="c" * 40, updated="2026-03-05T00:00:00Z")
    theirs = with_items(BASE, "facts", [], through="d" * 40, updated="2026-03-02T00:00:00Z")
    result = merged(BASE, ours, theirs, is_ancestor=lambda a, b: (a, b) == ("c" * 40, "d" * 40))
    assert result.through == "d" * 40
    assert result.updated == "2026-03-05T00:00:00Z"


def test_through_falls_back_to_the_later_update_when_history_cannot_tell() -> None:
    ours = with_items(BASE, "facts", [], through="c" * 40, updated="2026-03-02T00:00:00Z")
    theirs = with_items(BASE, "facts", [], through="d" * 40, updated="2026-03-05T09:00:00+00:00")
    result = merged(BASE, ours, theirs, is_ancestor=lambda a, b: False)
    assert (result.through, result.updated) == ("d" * 40, "2026-03-05T09:00:00+00:00")
    assert merged(BASE, theirs, ours).through == "d" * 40


def test_through_and_update_survive_when_only_one_side_has_them() -> None:
    ours = with_items(BASE, "facts", [], through=None, updated="not a time")
    theirs = with_items(BASE, "facts", [], through="e" * 40, updated="2026-01-01T00:00:00Z")
    result = merged(BASE, ours, theirs)
    assert (result.through, result.updated) == ("e" * 40, "2026-01-01T00:00:00Z")


def test_without_a_base_both_sides_are_united() -> None:
    ours = memory("main", facts=["Only ours", "Both"])
    theirs = memory("main", facts=["both.", "Only theirs"])
    assert texts(merged(None, ours, theirs), "facts") == ["Only ours", "Both", "Only theirs"]


def test_a_base_that_cannot_be_parsed_counts_as_no_base() -> None:
    ours, theirs = memory("main", facts=["A"]), memory("main", facts=["B"])
    text = merge("garbage\n", generate(ours), generate(theirs))
    assert text is not None
    assert texts(parse(text) or Memory("x"), "facts") == ["A", "B"]


def test_a_side_that_cannot_be_parsed_gives_none() -> None:
    good = generate(BASE)
    assert merge(good, "no title here\n- item\n", good) is None
    assert merge(good, good, "") is None


def test_a_side_with_conflict_markers_gives_none() -> None:
    good = generate(BASE)
    marked = good + "<<<<<<< ours\n- x\n=======\n- y\n>>>>>>> theirs\n"
    assert merge(good, marked, good) is None


def test_sides_of_different_branches_give_none() -> None:
    assert merge(None, generate(memory("main")), generate(memory("develop"))) is None


def test_hand_formatted_sides_merge_too() -> None:
    ours = ("# Branch Memory: main\n\n## Conventions\n* Wrapped item that goes\n  on and on\n"
            "+ Second (refs: abcdef1)\r\n")
    theirs = generate(memory("main", conventions=["Third"]))
    result = parse(merge(None, ours, theirs) or "")
    assert result is not None
    assert texts(result, "conventions") == ["Wrapped item that goes on and on", "Second", "Third"]


words = st.sampled_from(["alpha", "beta", "gamma", "delta", "Alpha.", "eps", "zeta"])
item_lists = st.lists(st.builds(lambda a, b: Item(f"{a} {b}"), words, words), max_size=5)
sections = st.fixed_dictionaries(dict.fromkeys(SECTION_IDS, item_lists))


@settings(max_examples=150, deadline=None)
@given(sections, sections, sections)
def test_any_merge_is_a_valid_file_keeping_every_item_not_removed(b: dict[str, list[Item]],
                                                                  o: dict[str, list[Item]],
                                                                  t: dict[str, list[Item]]
                                                                  ) -> None:
    base, ours, theirs = Memory("main", b), Memory("main", o), Memory("main", t)
    result = merged(base, ours, theirs)
    for items in result.sections.values():
        assert len({normal_key(i.text) for i in items}) == len(items)
    kept = [i.text for items in result.sections.values() for i in items]
    base_keys = {normal_key(i.text) for items in b.values() for i in items}
    for side in (o, t):
        for items in side.values():
            for item in items:
                if normal_key(item.text) not in base_keys:  # additions are never lost:
                    assert any(same_item(item.text, text) for text in kept)  # kept, or folded


def test_merging_a_file_with_itself_changes_nothing() -> None:
    text = generate(BASE)
    assert merge(text, text, text) == text


IMPORT_TIME = "Plugins register their hooks in `setup()`, never at import time"
IMPORTED = "Plugins register their hooks in `setup()`, never when the module is imported"


def test_both_sides_adding_the_same_point_in_other_words_keep_one_item() -> None:
    ours = with_items(BASE, "conventions", [*BASE.sections["conventions"],
                                            Item(IMPORTED, ("aaaaaaa",))])
    theirs = with_items(BASE, "conventions", [*BASE.sections["conventions"],
                                              Item(IMPORT_TIME, ("bbbbbbb",), ("src/p.py",))])
    result = merged(BASE, ours, theirs)
    assert result.sections["conventions"][1:] == [
        Item(IMPORT_TIME, ("aaaaaaa", "bbbbbbb"), ("src/p.py",))]


def test_a_side_rewording_an_item_in_other_words_wins_over_the_untouched_side() -> None:
    base = with_items(BASE, "conventions", [Item(IMPORT_TIME, ("aaaaaaa",))])
    theirs = with_items(BASE, "conventions", [Item(IMPORTED, ("aaaaaaa",))])
    assert texts(merged(base, base, theirs), "conventions") == [IMPORTED]


def test_near_duplicates_no_side_touched_are_left_as_they_are() -> None:
    """A merge changes what a side changed: two similar items that all three versions hold
    stay two, while a side's new wording of either still finds its item."""
    detail = "Sessions are stored in Redis with a 48h TTL"
    base = with_items(BASE, "facts", [Item("Sessions are stored in Redis with a 24h TTL"),
                                      Item(detail), Item("Tokens expire after 24h")])
    ours = with_items(base, "facts", [*base.sections["facts"][:2],
                                      Item("Tokens expire after 12h")])
    theirs = with_items(base, "conventions", [Item("Use ruff")])
    result = merged(base, ours, theirs)
    assert texts(result, "facts") == ["Sessions are stored in Redis with a 24h TTL", detail,
                                      "Tokens expire after 12h"]
    assert texts(result, "conventions") == ["Use ruff"]


_WORDS = ("sessions", "are", "stored", "kept", "in", "redis", "with", "a", "24h", "48h", "ttl",
          "`load()`", "retry", "once", "twice", "on", "503", "never", "always", "tokens")
_ITEMS = st.lists(st.builds(Item, st.lists(st.sampled_from(_WORDS), min_size=1, max_size=9)
                            .map(" ".join), st.sampled_from([(), ("aaaaaaa",), ("bbbbbbb",)])),
                  max_size=12)


def _clusters_pair_by_pair(items: list[Item], kept: set[str]) -> dict[str, str]:
    """The merge's matching as first written: every text asked of every earlier cluster."""
    out: dict[str, str] = {}
    firsts: list[tuple[str, str]] = []
    for item in items:
        key = normal_key(item.text)
        if key in out:
            continue
        out[key] = next((k for k, text in firsts if not (k in kept and key in kept)
                         and same_item(text, item.text)), key)
        if out[key] == key:
            firsts.append((key, item.text))
    return out


@settings(max_examples=300, deadline=None)
@given(_ITEMS, _ITEMS, _ITEMS)
@pytest.mark.slow
def test_the_indexed_matching_matches_pair_by_pair(base: list[Item], ours: list[Item],
                                                   theirs: list[Item]) -> None:
    keys = _Keys()
    kept = _unchanged(keys, base, ours, theirs)
    items = [*ours, *theirs, *base]
    assert _clusters(items, kept, keys) == _clusters_pair_by_pair(items, kept)


def test_what_this_version_does_not_know_survives_a_merge() -> None:
    """Unknown suffix keys, header fields and a newer format number come through the
    merge driver: a teammate on a newer version loses nothing."""
    kept = Item("Sessions live in Redis", ("1111111", "session:4f3a9b2c"), (),
                (("confidence", "high"),))
    base = Memory("main", {"facts": [kept, Item("Tokens expire after 24h", ("2222222",))]},
                  fields=[("Sessions", "2")], format=3)
    ours = with_items(base, "facts", [kept, Item("Tokens expire after 12h", ("2222222",))])
    theirs = with_items(base, "conventions", [Item("Use ruff", ("3333333",),
                                                   extra=(("origin", "review"),))])
    result = merged(base, ours, theirs)
    assert result.format == 3 and result.fields == [("Sessions", "2")]
    assert result.sections["facts"] == [kept, Item("Tokens expire after 12h", ("2222222",))]
    assert result.sections["conventions"] == [Item("Use ruff", ("3333333",),
                                                   extra=(("origin", "review"),))]
