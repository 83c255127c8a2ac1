"""From what the sources found to the memory stored (pipeline/knowledge.py,
pipeline/evolve.py, the commits and trailers sources): what is kept of an extraction, how
the evolution falls back, what the stored memory holds, and how the change is counted."""

from __future__ import annotations

import json

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.memory.candidates import Change, Evolution, Extraction
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.pipeline import evolve, knowledge
from gitmemory.pipeline.evolve import EvolveRequest
from gitmemory.pipeline.knowledge import known_refs
from gitmemory.pipeline.plan import Result
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import Provider
from gitmemory.repo import Repo
from gitmemory.sources.commits import Commits
from gitmemory.sources.protocol import Run
from gitmemory.sources.trailers import Trailers
from testing.fake_provider import FakeLLM

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
SHA_A = "a" * 7 + "1" * 33
SHA_B = "b" * 7 + "2" * 33


def _commit(sha: str, *paths: str, trailers: tuple[tuple[str, str], ...] = (),
            subject: str = "a change") -> Commit:
    diff = "".join(f"diff --git a/{p} b/{p}\n@@ -1 +1 @@\n-old = 'a value that was wrong'\n"
                   f"+new = 'the value the routes register once'\n" for p in paths)
    return Commit(sha, "Ada", "2026-01-01T00:00:00Z", subject, trailers=trailers,
                  files=tuple(FileChange(p, 1, 1) for p in paths), diff=diff)


def _run(provider: Provider, commits: list[Commit]) -> Run:
    return Run(Repo.open(), "main", provider, None, None, None, commits)


def _answer(*items: tuple[str, str, float, list[str], list[str]]) -> str:
    return json.dumps({"extractions": [
        {"section": s, "content": c, "confidence": conf, "refs": refs, "paths": paths}
        for s, c, conf, refs, paths in items]})


# --- the commits and trailers sources -----------------------------------------------------

def test_the_commits_source_keeps_confident_items_and_only_paths_the_commits_changed(
        repo: object) -> None:
    commits = [_commit(SHA_A, "src/api/routes.py", "docs/guide.md")]
    llm = FakeLLM().enqueue(_answer(
        ("conventions", "Routes are registered once", 0.9, [SHA_A[:7]],
         ["src/api/routes.py", "src/api/", "src/", "src/db/made_up.py", f"keys/{TOKEN}.pem"]),
        ("facts", "A guess", 0.5, [SHA_A[:7]], []),
    ))
    run = _run(llm, commits)
    found = Commits(run).gather()
    assert [(e.content, e.paths) for e in found] == [
        ("Routes are registered once", ("src/api/routes.py", "src/api/", "src/"))]
    assert run.covered == 1


def test_skipped_commits_ask_no_provider_and_their_trailers_still_count(repo: object) -> None:
    """A run whose only commit is bookkeeping (a release) that carries a trailer."""
    llm = FakeLLM()  # nothing queued: a call would fail the test
    stated = [_commit(SHA_B, "CHANGELOG.md", subject="chore(release): 2.0.0",
                      trailers=(("Memory-Decision", "Use UTC everywhere"),))]
    run = _run(llm, stated)
    assert Commits(run).gather() == []
    found = Trailers(run).gather()
    assert [(e.section, e.content, e.refs) for e in found] == [
        ("architectural-decisions", "Use UTC everywhere", (SHA_B[:7],))]
    assert llm.history == [] and run.covered == 1


def test_made_safe_redacts_keeps_text_as_written_and_drops_what_is_left_empty() -> None:
    found = knowledge.made_safe([
        Extraction("facts", f"The deploy token is {TOKEN}", 0.9),
        Extraction("facts", "Use <script>alert(1)</script> nowhere", 0.9),
        Extraction("facts", "\u200b\u200b", 0.9),
    ], set())
    assert [e.content for e in found] == [
        "The deploy token is [REDACTED:github-token]",
        "Use <script>alert(1)</script> nowhere"]  # the reader neutralises, not the file


def test_made_safe_keeps_one_of_each_item_per_section() -> None:
    found = knowledge.made_safe([
        Extraction("conventions", "Retries back off exponentially.", 0.9, (SHA_A[:7],)),
        Extraction("conventions", "retries back off exponentially", 0.8, (SHA_B[:7],)),
        Extraction("bug-patterns", "Retries back off exponentially", 0.9),
    ], {SHA_A, SHA_B})
    assert [(e.section, e.refs) for e in found] == [("conventions", (SHA_A[:7],)),
                                                   ("bug-patterns", ())]


@pytest.mark.parametrize(("refs", "kept"), [
    ((SHA_A,), (SHA_A[:7],)),  # a full sha, shortened
    ((SHA_A[:9].upper(),), (SHA_A[:7],)),  # any case, any length that matches
    ((SHA_A[:7], SHA_A[:10]), (SHA_A[:7],)),  # one commit cited twice: once
    (("deadbee",), ()),  # a commit of no one's run: a model's invention
    ((SHA_B[:7], SHA_A[:7]), (SHA_B[:7], SHA_A[:7])),  # the order given
])
def test_made_safe_keeps_refs_that_name_a_commit_of_the_run(refs: tuple[str, ...],
                                                           kept: tuple[str, ...]) -> None:
    (found,) = knowledge.made_safe([Extraction("facts", "A fact", 0.9, refs)],
                                   {SHA_A, SHA_B})
    assert found.refs == kept


# --- evolve -------------------------------------------------------------------------------

def _memory(*items: Item, section: str = "conventions") -> Memory:
    return Memory("main", {section: list(items)})


def test_nothing_to_evolve_is_a_plain_merge_without_asking() -> None:
    llm = FakeLLM()
    new = [Extraction("conventions", "New item", 0.9, (SHA_A[:7],))]
    for existing in (None, Memory("main")):
        evolution = evolve.evolve(llm, existing, EvolveRequest("main", existing or
                                                                  Memory("main"), new),
                                     Result("main", "success"))
        assert [i.text for i in evolution.sections["conventions"]] == ["New item"]
    assert llm.history == []


def test_a_failed_evolution_falls_back_to_a_plain_merge_and_says_so() -> None:
    llm = FakeLLM().enqueue(ProviderError("auth", "the API key was refused"))
    existing = _memory(Item("Old item", ("1111111",)))
    result = Result("main", "success")
    evolution = evolve.evolve(llm, existing, EvolveRequest("main", existing, [
        Extraction("conventions", "New item", 0.9)]), result)
    assert [i.text for i in evolution.sections["conventions"]] == ["Old item", "New item"]
    (note,) = result.notes
    assert note.startswith("evolution fell back to a plain merge: ")
    assert "the API key was refused" in note


def test_paths_a_model_dropped_come_back_from_what_it_merged() -> None:
    existing = _memory(Item("Routes are registered once", ("1111111",), ("src/api/",)))
    answer = {"sections": {sid: [] for sid in SECTION_IDS}}
    answer["sections"]["conventions"] = [
        {"content": "routes are registered once", "refs": ["1111111"]},  # same text
        {"content": "Handlers return dicts", "refs": [SHA_A[:7]]},  # a new item's ref
    ]
    llm = FakeLLM().enqueue(json.dumps(answer))
    new = [Extraction("conventions", "Handlers return plain dicts", 0.9, (SHA_A[:7],),
                      ("src/api/handlers.py",))]
    evolution = evolve.evolve(llm, existing, EvolveRequest("main", existing, new),
                                 Result("main", "success"))
    assert [i.paths for i in evolution.sections["conventions"]] == [
        ("src/api/",), ("src/api/handlers.py",)]


# --- assemble -----------------------------------------------------------------------------

def test_assemble_keeps_the_newest_items_up_to_the_cap() -> None:
    evolution = Evolution({"conventions": [Item(f"Item {n}") for n in range(6)]})
    memory = knowledge.assemble("main", None, evolution, SHA_A, cap=4)
    assert [i.text for i in memory.sections["conventions"]] == [
        "Item 2", "Item 3", "Item 4", "Item 5"]
    assert memory.through == SHA_A and memory.updated
    assert knowledge.assemble("main", None, evolution, None, cap=0).item_count() == 0


def test_the_cap_cuts_the_repository_readings_last_items_never_its_first_slots() -> None:
    """vueuse/vueuse: 34 reading items (eleven workspace packages' commands among them)
    under a cap of 30 lost Setup, Tests, Lint and Format, the reading's first: the cap
    drops the other items first, then the reading's last (its order is its weight)."""
    read = [Item("Setup: `pnpm install`", paths=("pnpm-lock.yaml",)),
            Item("Tests: `pnpm test`", paths=("package.json",)),
            *(Item(f"Commands in `packages/p{n}/`: build `pnpm run build`",
                   paths=(f"packages/p{n}/package.json",)) for n in range(4)),
            Item("License: MIT", paths=("LICENSE",))]
    evolution = Evolution({"conventions": [Item("Use tabs (from a commit)"), *read]})
    kept = [i.text for i in knowledge.assemble("main", None, evolution, None,
                                                  cap=5).sections["conventions"]]
    # the packages' lines go before the top's license; the top's order stands
    assert kept == [i.text for i in (*read[:4], read[-1])]
    kept = [i.text for i in knowledge.assemble("main", None, evolution, None,
                                                  cap=8).sections["conventions"]]
    assert kept == ["Use tabs (from a commit)", *(i.text for i in read)]


def test_assemble_never_stores_a_secret_in_an_item_a_path_or_the_prose() -> None:
    old = Memory("main", notes={"": [f"Deploy with {TOKEN}"]},
                 extra=[(f"## Keys {TOKEN}", [f"token: {TOKEN}"])])
    evolution = Evolution({"facts": [Item(f"CI uses {TOKEN}", (), (f"ci/{TOKEN}.yml",)),
                                     Item("  ")]})
    memory = knowledge.assemble("main", old, evolution, None, cap=30)
    stored = repr((memory.sections, memory.notes, memory.extra))
    assert TOKEN not in stored
    assert "[REDACTED:github-token]" in memory.notes[""][0]
    assert [i.text for i in memory.sections["facts"]] == ["CI uses [REDACTED:github-token]"]


# --- count_changes -------------------------------------------------------------------------

def _count(old: list[str], new: list[str], changes: list[Change]) -> Result:
    result = Result("main", "success")
    new_memory = _memory(*(Item(t) for t in new))
    knowledge.count_changes(result, _memory(*(Item(t) for t in old)), new_memory,
                            Evolution(new_memory.sections, changes))
    return result


def test_a_reworded_item_counts_once_as_updated() -> None:
    result = _count(["Retries back off"], ["Retries back off exponentially"],
                    [Change("updated", "conventions", "Retries back off exponentially")])
    assert (result.counts(), result.items_changed) == ("+0 ~1 -0", True)


def test_added_and_removed_items_are_counted_apart() -> None:
    result = _count(["Kept", "Gone"], ["Kept", "New one", "New two"], [])
    assert (result.counts(), result.items_changed) == ("+2 ~0 -1", True)


def test_an_update_that_only_adds_refs_changes_no_item() -> None:
    result = _count(["Same text"], ["Same text"],
                    [Change("updated", "conventions", "Same text")])
    assert (result.counts(), result.items_changed) == ("+0 ~1 -0", False)


def test_result_lines_say_the_branch_status_counts_and_message() -> None:
    result = Result("main", "success", added=2, removed=1, message="committed")
    assert result.line() == "main: success +2 ~0 -1 (committed)"
    assert Result("main", "skipped", message="no new commits").line() == \
        "main: skipped (no new commits)"
    assert Result("topic", "empty").line() == "topic: empty"


def test_suffix_keys_a_model_never_saw_stay_on_the_items_it_kept() -> None:
    """A newer version's keys (Item.extra) are not in the prompt; an item the model
    returns in the same words keeps them."""
    kept = Item("Routes are registered once", ("1111111",), (), (("confidence", "high"),))
    existing = _memory(kept, Item("Old habit", ("2222222",), (), (("origin", "review"),)))
    answer = {"sections": {sid: [] for sid in SECTION_IDS}}
    answer["sections"]["conventions"] = [{"content": kept.text, "refs": ["1111111"]}]
    evolution = evolve.evolve(FakeLLM().enqueue(json.dumps(answer)), existing,
                                 EvolveRequest("main", existing, []), Result("main", "success"))
    assert evolution.sections["conventions"] == [kept]


def test_made_safe_keeps_a_session_ref_only_from_a_source_that_may_cite_it() -> None:
    lesson = Extraction("facts", "A lesson", 0.9, ("session:7f3c2a91", SHA_A[:7]))
    assert knowledge.made_safe([lesson], {SHA_A})[0].refs == (SHA_A[:7],)
    assert knowledge.made_safe([lesson], {"session:7f3c2a91"})[0].refs == ("session:7f3c2a91",)


def test_refs_are_found_by_any_prefix_of_a_citable_sha() -> None:
    # two shas share their first seven characters: a longer ref tells them apart
    one, two = "abcdef1" + "0" * 33, "abcdef1" + "9" * 33
    citable = [one, two, "session:1234abcd"]
    assert known_refs(("abcdef19",), citable) == ("abcdef1",)
    assert known_refs(("ABCDEF10", "abcd", "abcdef2", "session:1234abcd"), citable) == (
        "abcdef1", "session:1234abcd")
    assert known_refs(("fedcba9876",), citable) == ()
