from __future__ import annotations

from gitmemory.memory.candidates import Change, Extraction
from gitmemory.memory.combine import MAX_REFS, deterministic_merge, merge_refs
from gitmemory.memory.markdown import Item, Memory, generate, is_valid, parse
from gitmemory.memory.similar import dedupe_key, near_duplicate


def memory(**sections: list[Item]) -> Memory:
    return Memory("feature/auth", {k.replace("_", "-"): v for k, v in sections.items()},
                  updated="2026-01-01T00:00:00Z", through="a" * 40)


def ext(content: str, section: str = "facts", refs: tuple[str, ...] = ("1111111",),
        confidence: float = 0.9) -> Extraction:
    return Extraction(section, content, confidence, refs)


def test_dedupe_key_ignores_case_spacing_punctuation_quotes_and_inline_refs() -> None:
    key = dedupe_key("use httpx for HTTP calls")
    assert dedupe_key("Use `httpx` for  HTTP calls (#12).") == key
    assert dedupe_key("Sessions in Redis (refs: abc1234)") == dedupe_key("Sessions in Redis")


def test_dedupe_key_keeps_meaningful_symbols_apart() -> None:
    assert dedupe_key("Written in C++") != dedupe_key("Written in C")
    assert dedupe_key("Timeout is 1.5s") != dedupe_key("Timeout is 15s")


def test_near_duplicate_matches_a_changed_detail_but_not_a_negation() -> None:
    old = dedupe_key("Sessions are stored in Redis with a 24h TTL")
    assert near_duplicate(old, dedupe_key("Sessions are stored in Redis with a 48h TTL"))
    always = dedupe_key("Always compare token expiry timestamps in UTC everywhere")
    assert not near_duplicate(always, dedupe_key(
        "Never compare token expiry timestamps in UTC everywhere"))


def test_near_duplicate_leaves_short_items_alone() -> None:
    assert not near_duplicate(dedupe_key("Uses Redis"), dedupe_key("Uses Postgres"))


def test_merge_refs_keeps_order_drops_repeats_and_prefixes() -> None:
    assert merge_refs(["abc1234", "def5678"], ["ABC1234", "def5678aa", "0123456"]) == \
        ("abc1234", "def5678", "0123456")


def test_merge_refs_caps_keeping_the_origin_and_the_newest() -> None:
    refs = [f"{n:07x}" for n in range(1, 10)]
    capped = merge_refs(refs)
    assert len(capped) == MAX_REFS
    assert capped[0] == refs[0]
    assert capped[1:] == tuple(refs[-(MAX_REFS - 1):])


def test_new_items_are_appended_to_their_sections_with_a_change_log() -> None:
    existing = memory(facts=[Item("Sessions live in Redis", ("aaaaaaa",))])
    result = deterministic_merge(existing, [
        ext("Tokens are JWTs", "architectural-decisions", ("bbbbbbb",)),
        ext("CI runs on GitHub Actions", "facts", ("ccccccc",)),
    ], 30)
    assert result.sections["facts"] == [Item("Sessions live in Redis", ("aaaaaaa",)),
                                        Item("CI runs on GitHub Actions", ("ccccccc",))]
    assert result.sections["architectural-decisions"] == [Item("Tokens are JWTs", ("bbbbbbb",))]
    assert Change("kept", "facts", "Sessions live in Redis") in result.changes
    assert Change("added", "facts", "CI runs on GitHub Actions") in result.changes
    assert Change("added", "architectural-decisions", "Tokens are JWTs") in result.changes


def test_a_duplicate_merges_its_refs_into_the_existing_item() -> None:
    existing = memory(conventions=[Item("Always compare timestamps in UTC.", ("aaaaaaa",))])
    result = deterministic_merge(existing, [
        ext("always compare timestamps in `UTC`", "conventions", ("bbbbbbb",))], 30)
    assert result.sections["conventions"] == [
        Item("Always compare timestamps in UTC.", ("aaaaaaa", "bbbbbbb"))]
    assert result.changes == [Change("updated", "conventions", "Always compare timestamps in UTC.")]


def test_a_repeated_duplicate_with_known_refs_is_kept_not_updated() -> None:
    existing = memory(facts=[Item("Sessions live in Redis", ("aaaaaaa",))])
    result = deterministic_merge(existing, [ext("Sessions live in Redis", refs=("aaaaaaa",))], 30)
    assert result.changes == [Change("kept", "facts", "Sessions live in Redis")]


def test_an_item_with_all_its_refs_is_left_as_it_is_when_confirmed_again() -> None:
    full = Item("Commit messages follow Conventional Commits",
                tuple(f"{n:07x}" for n in range(1, MAX_REFS + 1)))
    result = deterministic_merge(memory(conventions=[full]), [
        ext("Commit messages follow Conventional Commits", "conventions", ("fffffff",))], 30)
    assert result.sections["conventions"] == [full]
    assert result.changes == [Change("kept", "conventions", full.text)]


def test_a_near_duplicate_takes_the_newer_wording_and_both_refs() -> None:
    existing = memory(facts=[Item("Sessions are stored in Redis with a 24h TTL", ("aaaaaaa",))])
    result = deterministic_merge(existing, [
        ext("Sessions are stored in Redis with a 48h TTL", refs=("bbbbbbb",))], 30)
    assert result.sections["facts"] == [
        Item("Sessions are stored in Redis with a 48h TTL", ("aaaaaaa", "bbbbbbb"))]
    assert [c.action for c in result.changes] == ["updated"]


def test_hand_written_items_are_never_edited() -> None:
    existing = memory(conventions=[Item("Always compare timestamps in UTC")])
    result = deterministic_merge(existing, [
        ext("Always compare timestamps in UTC", "conventions", ("bbbbbbb",)),
        ext("Always compare timestamps in utc!", "conventions", ("ccccccc",))], 30)
    assert result.sections["conventions"] == [Item("Always compare timestamps in UTC")]
    assert result.changes == [Change("kept", "conventions", "Always compare timestamps in UTC")]


def test_duplicates_within_the_new_items_become_one_item() -> None:
    result = deterministic_merge(memory(), [ext("Uses Redis for sessions", refs=("aaaaaaa",)),
                                            ext("uses redis for sessions.", refs=("bbbbbbb",))],
                                 30)
    assert result.sections["facts"] == [Item("Uses Redis for sessions", ("aaaaaaa", "bbbbbbb"))]
    assert [c.action for c in result.changes] == ["added"]


def test_the_cap_drops_the_oldest_automatic_items_first() -> None:
    existing = memory(facts=[Item("hand written one"), Item("auto one", ("aaaaaaa",)),
                             Item("auto two", ("bbbbbbb",)), Item("hand written two")])
    result = deterministic_merge(existing, [ext("new one", refs=("ccccccc",)),
                                            ext("new two", refs=("ddddddd",))], 4)
    assert [i.text for i in result.sections["facts"]] == [
        "hand written one", "hand written two", "new one", "new two"]
    removed = [c for c in result.changes if c.action == "removed"]
    assert removed == [Change("removed", "facts", "auto one"),
                       Change("removed", "facts", "auto two")]


def test_the_cap_evicts_untouched_items_before_reinforced_ones() -> None:
    existing = memory(facts=[Item("Sessions live in Redis", ("aaaaaaa",)),
                             Item("Tokens are JWTs", ("bbbbbbb",))])
    result = deterministic_merge(existing, [ext("Sessions live in Redis", refs=("ccccccc",)),
                                            ext("CI runs on GitHub Actions", refs=("ddddddd",))],
                                 2)
    assert [i.text for i in result.sections["facts"]] == [
        "Sessions live in Redis", "CI runs on GitHub Actions"]
    assert Change("removed", "facts", "Tokens are JWTs") in result.changes


def test_the_cap_evicts_items_with_the_least_evidence_first() -> None:
    established = Item("Code for `api` lives in src/api/", ("aaaaaaa", "bbbbbbb", "ccccccc"))
    existing = memory(facts=[established, Item("Dev dependencies added: `tox`", ("ddddddd",))])
    result = deterministic_merge(existing, [ext("Runtime dependencies added: `httpx`",
                                                refs=("eeeeeee",))], 2)
    assert result.sections["facts"] == [established,
                                        Item("Runtime dependencies added: `httpx`", ("eeeeeee",))]
    full = deterministic_merge(memory(facts=[established]), [ext("a one-off fact")], 1)
    assert full.sections["facts"] == [established]


def test_a_provider_can_say_when_two_wordings_are_one_item() -> None:
    def same(old: str, new: str) -> str | None:
        return old if old.partition(":")[0] == new.partition(":")[0] else None

    existing = memory(facts=[Item("CI: lint.yml", ("aaaaaaa",))])
    new = [ext("CI: docs.yml, release.yml, tests.yml", refs=("bbbbbbb",))]
    assert len(deterministic_merge(existing, new, 30).sections["facts"]) == 2
    result = deterministic_merge(existing, new, 30, same)
    assert result.sections["facts"] == [Item("CI: lint.yml", ("aaaaaaa", "bbbbbbb"))]
    assert [c.action for c in result.changes] == ["updated"]


def test_hand_written_items_survive_even_over_the_cap() -> None:
    existing = memory(facts=[Item("one"), Item("two"), Item("three")])
    result = deterministic_merge(existing, [ext("four", refs=("aaaaaaa",))], 2)
    assert [i.text for i in result.sections["facts"]] == ["one", "two", "three"]
    assert not any(c.action == "added" for c in result.changes)


def test_sections_never_grow_past_the_cap_with_automatic_items() -> None:
    existing = memory()
    for n in range(5):
        batch = [ext(f"fact number {n}-{k}", refs=(f"{n:03d}{k:04d}",)) for k in range(10)]
        existing = Memory("b", deterministic_merge(existing, batch, 7).sections)
        assert len(existing.sections["facts"]) <= 7
    assert existing.sections["facts"][-1].text == "fact number 4-9"


def test_merge_is_deterministic_and_leaves_its_input_alone() -> None:
    existing = memory(facts=[Item("Sessions live in Redis", ("aaaaaaa",))])
    before = existing.copy()
    new = [ext("Sessions live in Redis", refs=("bbbbbbb",)), ext("Tokens are JWTs")]
    first = deterministic_merge(existing, new, 30)
    second = deterministic_merge(existing, new, 30)
    assert (first.sections, first.changes) == (second.sections, second.changes)
    assert existing == before


def test_merged_memory_round_trips_through_the_file_format() -> None:
    result = deterministic_merge(memory(facts=[Item("Sessions live in Redis", ("aaaaaaa",))]), [
        ext("Uses `httpx` for HTTP (refs: not-a-sha)", refs=("bbbbbbb", "ccccccc")),
        ext("Always compare in UTC", "conventions")], 30)
    merged = Memory("feature/auth", result.sections, through="a" * 40)
    assert is_valid(merged)
    assert parse(generate(merged)) == merged


def test_a_first_memory_is_grouped_by_section_and_capped() -> None:
    found = [ext("a fact", confidence=0.9), ext("a decision", "architectural-decisions"),
             *(ext(f"bug {n}", "bug-patterns", refs=(f"{n:07d}",)) for n in range(5))]
    sections = deterministic_merge(Memory("feature/auth"), found, 3).sections
    assert list(sections) == ["facts", "architectural-decisions", "conventions", "bug-patterns",
                              "history"]
    assert [i.text for i in sections["facts"]] == ["a fact"]
    assert [i.text for i in sections["architectural-decisions"]] == ["a decision"]
    assert sections["conventions"] == []
    assert [i.text for i in sections["bug-patterns"]] == ["bug 2", "bug 3", "bug 4"]


IMPORT_TIME = "Plugins register their hooks in `setup()`, never at import time"
IMPORTED = "Plugins register their hooks in `setup()`, never when the module is imported"


def test_the_same_point_in_other_words_folds_into_one_item_with_both_refs() -> None:
    existing = memory(conventions=[Item(IMPORTED, ("aaaaaaa",), ("src/plugins.py",))])
    result = deterministic_merge(existing, [ext(IMPORT_TIME, "conventions", ("bbbbbbb",))], 30)
    assert result.sections["conventions"] == [
        Item(IMPORT_TIME, ("aaaaaaa", "bbbbbbb"), ("src/plugins.py",))]  # the clearer wording
    assert [c.action for c in result.changes] == ["updated"]


def test_near_duplicates_already_in_a_memory_fold_when_it_is_merged_again() -> None:
    """What weekly consolidation does with the offline provider: evolve with nothing new."""
    existing = memory(conventions=[Item(IMPORT_TIME, ("aaaaaaa",)),
                                   Item("Name tests test_*", ("ccccccc",)),
                                   Item(IMPORTED, ("bbbbbbb",), ("src/plugins.py",))])
    result = deterministic_merge(existing, [], 30)
    assert result.sections["conventions"] == [
        Item(IMPORT_TIME, ("aaaaaaa", "bbbbbbb"), ("src/plugins.py",)),
        Item("Name tests test_*", ("ccccccc",))]
    assert Change("removed", "conventions", IMPORTED) in result.changes


def test_hand_written_near_duplicates_are_never_folded() -> None:
    existing = memory(conventions=[Item(IMPORT_TIME), Item(IMPORTED)])
    assert deterministic_merge(existing, [], 30).sections["conventions"] == [
        Item(IMPORT_TIME), Item(IMPORTED)]


def test_items_naming_different_things_never_fold() -> None:
    existing = memory(facts=[Item("`get_text_stream` is deprecated and will be removed in "
                                  "Click 9.0", ("aaaaaaa",))])
    new = [ext("`get_binary_stream` is deprecated and will be removed in Click 9.0",
               refs=("bbbbbbb",))]
    assert len(deterministic_merge(existing, new, 30).sections["facts"]) == 2
