"""gitmemory/maintenance/promote.py and the promote command, in process: a branch's memory
folds into another branch's as a memory commit, from the branch or from the copy a merge
brought along; a provider that fails falls back to the plain merge; consolidation leaves a
tidy memory as it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.commands import maintain as command
from gitmemory.errors import GitmemoryError
from gitmemory.maintenance.promote import consolidate, promote, source_memory
from gitmemory.memory import markdown
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from testing.fake_provider import FakeLLM
from testing.gitrepo import commit_file, git, memory_text

REDIS = "Sessions live in Redis with a 24h TTL"
UTC = "Compare token expiry in UTC; local time logs users out early"


def _branch_memory(repo: Path, branch: str, **items: tuple[str, ...]) -> str:
    """``branch`` from main with its memory committed; main checked out again."""
    git(repo, "checkout", "-q", "-b", branch, "main")
    sha = commit_file(repo, f".gitmemory/branches/{branch}.md", memory_text(branch, **items),
                      f"memory of {branch}")
    git(repo, "checkout", "-q", "main")
    return sha


def _memory_at(repo: Path, rev: str, branch: str) -> markdown.Memory:
    text = git(repo, "show", f"{rev}:.gitmemory/branches/{branch}.md").stdout
    parsed = markdown.parse(text)
    assert parsed is not None
    return parsed


def _texts(memory: markdown.Memory, section: str) -> list[str]:
    return [item.text for item in memory.sections[section]]


def test_a_branch_cannot_be_promoted_into_itself(repo: Path) -> None:
    with pytest.raises(GitmemoryError, match="cannot be promoted into itself"):
        promote(Repo.open(), "main", "main", OfflineProvider())


def test_promote_folds_the_branchs_items_into_the_checked_out_target(repo: Path) -> None:
    _branch_memory(repo, "feature", decisions=(REDIS,))
    result = promote(Repo.open(), "feature", "main", OfflineProvider())
    assert (result.status, result.added, result.message) == ("success", 1, "from feature")
    assert result.commit_sha == git(repo, "rev-parse", "main").stdout.strip()
    assert _texts(_memory_at(repo, "main", "main"), "architectural-decisions") == [REDIS]
    assert (repo / ".gitmemory" / "branches" / "main.md").exists()  # the work tree followed
    assert REDIS in (repo / "CLAUDE.md").read_text()  # and the agent file was refreshed
    # nothing in .gitignore covered CLAUDE.md: its first write ignored it in .git/info/exclude
    assert git(repo, "status", "--porcelain").stdout == ""


def test_promote_into_a_branch_not_checked_out_is_a_commit_on_it(repo: Path) -> None:
    _branch_memory(repo, "release", conventions=("Release notes are written by hand",))
    _branch_memory(repo, "feature", bugs=(UTC,))
    before = git(repo, "rev-parse", "release").stdout.strip()
    result = promote(Repo.open(), "feature", "release", OfflineProvider())
    assert result.status == "success"
    assert git(repo, "rev-parse", "release^").stdout.strip() == before
    promoted = _memory_at(repo, "release", "release")
    assert _texts(promoted, "bug-patterns") == [UTC]
    assert _texts(promoted, "conventions") == ["Release notes are written by hand"]
    assert git(repo, "symbolic-ref", "--short", "HEAD").stdout.strip() == "main"


def test_a_merged_and_deleted_branch_is_promoted_from_the_copy_the_merge_brought(
        repo: Path) -> None:
    _branch_memory(repo, "feature", decisions=(REDIS,))
    git(repo, "merge", "-q", "--no-ff", "--no-edit", "feature")
    git(repo, "branch", "-q", "-d", "feature")
    assert _texts(source_memory(Repo.open(), "feature", "main"),
                  "architectural-decisions") == [REDIS]
    assert promote(Repo.open(), "feature", "main", OfflineProvider()).added == 1


def test_the_merged_copy_is_read_from_the_targets_tree_when_it_is_not_checked_out(
        repo: Path) -> None:
    _branch_memory(repo, "feature", decisions=(REDIS,))
    git(repo, "checkout", "-q", "-b", "release", "main")
    git(repo, "merge", "-q", "--no-ff", "--no-edit", "feature")
    git(repo, "checkout", "-q", "main")
    git(repo, "branch", "-q", "-D", "feature")
    assert _texts(source_memory(Repo.open(), "feature", "release"),
                  "architectural-decisions") == [REDIS]


def test_promoting_a_branch_without_memory_names_it(repo: Path) -> None:
    git(repo, "branch", "ghost")
    with pytest.raises(GitmemoryError) as caught:
        promote(Repo.open(), "ghost", "main", OfflineProvider())
    assert caught.value.one_line() == ("no memory for branch 'ghost' (hint: gitmemory list "
                                       "shows which branches have memory)")


def test_an_empty_memory_promotes_nothing(repo: Path) -> None:
    _branch_memory(repo, "empty")
    before = git(repo, "rev-parse", "main").stdout.strip()
    result = promote(Repo.open(), "empty", "main", OfflineProvider())
    assert (result.status, result.message) == ("skipped", "empty has no items to promote")
    assert git(repo, "rev-parse", "main").stdout.strip() == before


def test_a_failing_provider_falls_back_to_the_plain_merge_and_says_so(repo: Path) -> None:
    commit_file(repo, ".gitmemory/branches/main.md", memory_text("main", bugs=(UTC,)),
                "main memory")
    _branch_memory(repo, "feature", decisions=(REDIS,))
    llm = FakeLLM().enqueue(ProviderError("server", "the model is overloaded"))
    result = promote(Repo.open(), "feature", "main", llm)
    assert result.status == "success"
    assert any("fell back to a plain merge" in note for note in result.notes)
    merged = _memory_at(repo, "main", "main")
    assert _texts(merged, "bug-patterns") == [UTC]
    assert _texts(merged, "architectural-decisions") == [REDIS]


def test_consolidate_without_memory_does_nothing(repo: Path) -> None:
    result = consolidate(Repo.open(), "main", OfflineProvider())
    assert (result.status, result.message) == ("skipped", "no memory")


def test_consolidate_leaves_a_tidy_memory_and_its_date_alone(repo: Path) -> None:
    commit_file(repo, ".gitmemory/branches/main.md", memory_text("main", bugs=(UTC,)),
                "main memory")
    before = git(repo, "rev-parse", "main").stdout.strip()
    result = consolidate(Repo.open(), "main", OfflineProvider())
    assert (result.status, result.message) == ("skipped", "already tidy")
    assert git(repo, "rev-parse", "main").stdout.strip() == before


def test_consolidate_folds_an_item_said_twice(repo: Path) -> None:
    commit_file(repo, ".gitmemory/branches/main.md",
                memory_text("main", bugs=(UTC, UTC.replace("early", "early."))),
                "main memory")
    before = git(repo, "rev-parse", "main").stdout.strip()
    result = consolidate(Repo.open(), "main", OfflineProvider())
    assert result.status == "success"
    assert git(repo, "rev-parse", "main^").stdout.strip() == before
    assert _texts(_memory_at(repo, "main", "main"), "bug-patterns") == [UTC]


def test_the_promote_command_defaults_to_the_default_branch(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _branch_memory(repo, "feature", decisions=(REDIS,))
    assert command.promote("feature", None) == 0
    assert capsys.readouterr().out.startswith("main: success +1 ~0 -0 (from feature)")


def test_the_promote_command_refuses_a_target_that_is_no_local_branch(repo: Path) -> None:
    _branch_memory(repo, "feature", decisions=(REDIS,))
    with pytest.raises(GitmemoryError) as caught:
        command.promote("feature", "origin/main")
    assert caught.value.one_line() == ("no local branch 'origin/main' to promote into "
                                       "(hint: git branch lists them)")


def test_the_promote_command_without_any_default_branch_asks_for_into(repo: Path) -> None:
    git(repo, "branch", "-q", "-m", "main", "trunk")
    with pytest.raises(GitmemoryError, match="no default branch found"):
        command.promote("feature", None)


def test_fold_keeps_the_suffix_keys_of_the_branchs_items() -> None:
    """A key a newer version wrote on a merged branch's item (``confidence: high``) reaches
    the default branch's memory with the item, as the format promises."""
    from gitmemory.maintenance.promote import fold
    from gitmemory.memory.markdown import Item, Memory, parse
    from gitmemory.providers.offline import OfflineProvider

    source = parse("# Branch Memory: feature\n\n> Auto-generated by gitmemory | Format: 2\n\n"
                   "## Facts\n\n- Sessions live in Redis (refs: a1b2c3d; paths: app.py; "
                   "confidence: high)\n")
    assert source is not None
    existing = Memory("main")
    existing.sections["facts"] = [Item("The queue is FIFO", ("b2c3d4e",))]
    new, _ = fold("main", existing, source, OfflineProvider(), cap=50)
    assert new is not None
    (kept,) = [i for i in new.sections["facts"] if i.text == "Sessions live in Redis"]
    assert kept.extra == (("confidence", "high"),)


def test_consolidate_keeps_no_command_the_model_adds_that_no_file_confirms(
        repo: Path) -> None:
    """Tidying is a model's evolve step too (issue 34, item 5): a command it writes that no
    item held and no tracked file confirms is dropped, with a note; the items stay."""
    commit_file(repo, ".gitmemory/branches/main.md",
                memory_text("main", bugs=(UTC, UTC.replace("early", "early."))),
                "main memory")
    added = "Deploys go out with `fly deploy --remote-only` from main"
    llm = FakeLLM().enqueue(json.dumps({"sections": {
        "facts": [{"content": added}], "architectural-decisions": [], "conventions": [],
        "bug-patterns": [{"content": UTC}]}, "changes": []}))
    result = consolidate(Repo.open(), "main", llm)
    assert result.status == "success"
    memory = _memory_at(repo, "main", "main")
    assert _texts(memory, "bug-patterns") == [UTC]
    assert _texts(memory, "facts") == []
    assert any("fly deploy" in note for note in result.notes)


@pytest.mark.parametrize("model", [False, True])
def test_promote_keeps_both_history_records_as_written(repo: Path, model: bool) -> None:
    """The record is no provider's to evolve: a model's answer, which never holds it, must
    not take main's lines away, and the branch's lines join them as written."""
    git(repo, "checkout", "-q", "main")
    commit_file(repo, ".gitmemory/branches/main.md",
                memory_text("main", decisions=(REDIS,),
                            history=(("Add the session store", "aaaaaaa"),)), "main's memory")
    _branch_memory(repo, "feature", bugs=(UTC,),
                   history=(("fix(auth): compare expiry in UTC \u2014 local time logged "
                             "users out early", "bbbbbbb"),))
    answer = json.dumps({"sections": {"facts": [], "architectural-decisions": [
        {"content": REDIS, "refs": []}], "conventions": [],
        "bug-patterns": [{"content": UTC, "refs": []}]}, "changes": []})
    provider = FakeLLM().enqueue(answer) if model else OfflineProvider()
    assert promote(Repo.open(), "feature", "main", provider).status == "success"
    if isinstance(provider, FakeLLM):  # asked, and shown no line of either record
        (asked,) = provider.history
        assert "session store" not in asked.prompt and "logged users out" not in asked.prompt
    assert _texts(_memory_at(repo, "main", "main"), "history") == [
        "Add the session store",
        "fix(auth): compare expiry in UTC \u2014 local time logged users out early"]
