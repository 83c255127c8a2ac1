"""Where a memorize run's result goes (pipeline/store.py): a local preview, carried
bookkeeping, or the branch's memory; and ``maintain``'s check of a memory against its tip."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import git
from gitmemory.memory import location, previews, read
from gitmemory.memory.markdown import Item, Memory, generate
from gitmemory.pipeline import prune, store
from gitmemory.pipeline.mode import BACKGROUND, COMMIT, DRY_RUN
from gitmemory.pipeline.plan import Plan, Result
from gitmemory.repo import Repo
from testing.agents import write_memory
from testing.gitrepo import commit_file
from testing.gitrepo import git as run_git


def _set_up(repo: Path) -> Repo:
    """main with a committed memory of two items: one about kept.py, one about gone.py."""
    commit_file(repo, "kept.py", "x = 1\n", "add kept")
    commit_file(repo, "gone.py", "y = 1\n", "add gone")
    write_memory(repo, "main", conventions=(("About kept.py", ("kept.py",)),
                                            ("About gone.py", ("gone.py",))))
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "memory")
    return Repo.open(str(repo))


def _items(repo: Path, branch: str = "main") -> list[str]:
    found = read.in_work_tree(str(repo), branch)
    assert found is not None
    return [i.text for items in found.memory.sections.values() for i in items]


def _commits(repo: Path) -> int:
    return int(run_git(repo, "rev-list", "--count", "HEAD").stdout)


def test_check_of_a_memory_that_matches_its_branch_changes_nothing(repo: Path) -> None:
    handle = _set_up(repo)
    before = _commits(repo)
    result = store.check(handle, "main")
    assert (result.status, result.message) == ("skipped", "memory matches the branch")
    assert _commits(repo) == before


def test_check_removes_an_item_whose_file_is_gone_in_a_memory_commit(repo: Path) -> None:
    handle = _set_up(repo)
    run_git(repo, "rm", "-q", "gone.py")
    run_git(repo, "commit", "-q", "-m", "drop gone.py")
    result = store.check(handle, "main")
    assert (result.status, result.removed, result.items_changed) == ("success", 1, True)
    assert result.message == "memory checked against the branch"
    assert result.notes[0] == "removed (stale: gone.py gone): About gone.py"
    assert result.commit_sha is not None
    assert run_git(repo, "log", "-1", "--format=%H").stdout.strip() == result.commit_sha
    assert _items(repo) == ["About kept.py"]
    assert "About gone.py" not in run_git(repo, "show", "HEAD:.gitmemory/branches/main.md").stdout


@pytest.mark.parametrize(("case", "message"), [
    ("no memory", "no memory"),
    ("no branch", "no memory"),
    ("merging", "a merge is under way on main"),
])
def test_check_leaves_a_branch_alone_when_there_is_nothing_to_check(
        repo: Path, case: str, message: str) -> None:
    if case == "merging":
        _set_up(repo)
        commit_file(repo, "clash.txt", "base\n", "base")
        run_git(repo, "checkout", "-q", "-b", "other")
        commit_file(repo, "clash.txt", "theirs\n", "theirs")
        run_git(repo, "checkout", "-q", "main")
        commit_file(repo, "clash.txt", "ours\n", "ours")
        run_git(repo, "merge", "-q", "other", check=False)
    branch = "nowhere" if case == "no branch" else "main"
    result = store.check(Repo.open(str(repo)), branch)
    assert (result.status, result.message) == ("skipped", message)


def _plan(handle: Repo, branch: str = "main") -> Plan:
    loc = location.locate(handle.toplevel, branch)
    found = read.at(handle.toplevel, loc)
    assert found is not None
    tip = git.rev_parse(git.HEADS + branch, handle.toplevel)
    return Plan(loc, found.text, found.memory, [], 0, "", tip)


def _stale_check(repo: Path) -> tuple[Repo, Plan, prune.Pruned]:
    handle = _set_up(repo)
    run_git(repo, "rm", "-q", "gone.py")
    run_git(repo, "commit", "-q", "-m", "drop gone.py")
    work = _plan(handle)
    return handle, work, prune.refresh(handle, "main", work.memory, work.tip)


def test_keep_true_on_a_dry_run_says_what_would_go_and_writes_nothing(repo: Path) -> None:
    handle, work, checked = _stale_check(repo)
    before = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    result = store.keep_true(handle, work, checked, Result("main", "skipped"), DRY_RUN)
    assert result.notes == ["would be removed (stale: gone.py gone): About gone.py"]
    assert result.status == "skipped" and result.commit_sha is None
    assert (repo / ".gitmemory" / "branches" / "main.md").read_text() == before


def test_keep_true_in_a_run_nobody_asked_for_stores_nothing(repo: Path) -> None:
    handle, work, checked = _stale_check(repo)
    commits = _commits(repo)
    result = store.keep_true(handle, work, checked, Result("main", "skipped"), BACKGROUND)
    assert (result.status, result.notes) == ("skipped", [])
    assert _commits(repo) == commits
    assert "About gone.py" in _items(repo)


def test_a_background_result_is_kept_as_a_local_preview(repo: Path) -> None:
    handle = _set_up(repo)
    work = _plan(handle)
    new = Memory("main", {"conventions": [Item("Previewed item")]})
    result = Result("main", "success", items_changed=True)
    assert not store.store(handle, work, new, result, mode=BACKGROUND)  # nothing marked
    assert result.message == "kept as a local preview"
    preview = previews.load(handle.info.state_dir, "main")
    assert preview is not None and preview.sections["conventions"][0].text == "Previewed item"
    assert "Previewed item" not in _items(repo)


def test_a_result_that_changes_no_item_is_carried_not_stored(repo: Path
                                                                             ) -> None:
    handle = _set_up(repo)
    work = _plan(handle)
    assert work.memory is not None
    new = work.memory.copy()
    new.through = work.tip
    result = Result("main", "success")
    commits = _commits(repo)
    assert not store.store(handle, work, new, result, mode=COMMIT)  # the commits: examined
    assert result.message == "no item's text changed; the bookkeeping waits for the next change"
    assert _commits(repo) == commits
    carried = previews.carried(handle.info.state_dir, "main", work.text)
    assert carried is not None and carried[0].through == work.tip


def test_a_real_change_is_committed_and_drops_what_was_held_locally(repo: Path) -> None:
    handle = _set_up(repo)
    work = _plan(handle)
    state_dir = handle.info.state_dir
    previews.store(state_dir, "main", generate(Memory("main")))
    previews.carry(state_dir, "main", generate(Memory("main")), work.text)
    new = Memory("main", {"conventions": [Item("About kept.py", (), ("kept.py",)),
                                          Item("A new convention")]})
    result = Result("main", "success", added=1, items_changed=True)
    assert store.store(handle, work, new, result, mode=COMMIT)
    assert result.commit_sha == run_git(repo, "rev-parse", "HEAD").stdout.strip()
    assert _items(repo) == ["About kept.py", "A new convention"]
    assert previews.load(state_dir, "main") is None
    assert previews.carried(state_dir, "main", work.text) is None
    assert "A new convention" in (repo / "CLAUDE.md").read_text()  # the agent files follow


def test_a_memory_saved_while_an_agent_file_is_refused_says_so(repo: Path,
                                                              tmp_path: Path) -> None:
    handle = _set_up(repo)
    outside = tmp_path / "notes.md"
    outside.write_text("mine\n")
    (repo / "CLAUDE.md").symlink_to(outside)
    work = _plan(handle)
    new = Memory("main", {"conventions": [Item("A new convention")]})
    result = Result("main", "success", items_changed=True)
    store.save(handle, work.location, work.text, new, result=result, commit=False)
    assert _items(repo) == ["A new convention"]  # the memory is written all the same
    (note,) = result.notes
    assert note.startswith("agent files not refreshed: ") and "symlink" in note
    assert outside.read_text() == "mine\n"


def test_items_that_only_gained_a_ref_are_said_so(repo: Path) -> None:
    """http.zig's memorize printed "success +0 ~3 -0 (no item changed; ...)": three items
    had gained the new commit's ref, which the count shows; the message says that, not
    that nothing changed."""
    handle = _set_up(repo)
    work = _plan(handle)
    assert work.memory is not None
    new = work.memory.copy()
    new.through = work.tip
    result = Result("main", "success", updated=3)
    assert not store.store(handle, work, new, result, mode=COMMIT)
    assert result.line() == "main: success +0 ~3 -0 (no item's text changed; 3 only gained " \
        "a ref; the bookkeeping waits for the next change)"
