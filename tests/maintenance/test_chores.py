"""Maintenance, promote and background runs, with real git and the offline provider."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from filelock import FileLock, Timeout

from gitmemory import output, state
from gitmemory.commands import maintain as command
from gitmemory.maintenance import chores, schedule
from gitmemory.maintenance.chores import writable
from gitmemory.memory import location
from gitmemory.repo import Repo
from testing.fake_provider import FakeLLM
from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up, wait_until

WORK = "fix(api): retry on 503 because the gateway drops idle connections after 60s"


def _branch_with_work(repo: Path, name: str) -> None:
    git(repo, "checkout", "-q", "-b", name, "main")
    commit_file(repo, f"{name}.py", f"NAME = {name!r}\n",
                f"{WORK}\n\nThe {name} client now retries once, because the gateway "
                "closes idle connections; always reuse the session.")
    git(repo, "checkout", "-q", "main")


def _has_memory(repo: Path, branch: str) -> bool:
    done = git(repo, "ls-tree", "-r", "--name-only", branch, "--", ".gitmemory/branches",
               check=False)
    return any(line.startswith(f".gitmemory/branches/{branch}") for line in
               done.stdout.splitlines())



@pytest.fixture
def ready(repo: Path) -> Path:
    set_up(repo)
    return repo


@pytest.mark.slow
def test_new_branches_respect_the_cap_and_the_log(ready: Path) -> None:
    for name in ("alpha", "beta", "gamma"):
        _branch_with_work(ready, name)
    git(ready, "branch", "idle")  # no commits of its own: nothing to memorize
    git(ready, "config", "gitmemory.maxBranchesPerRun", "2")
    first = gitmemory(ready, "maintain")
    done = [b for b in ("alpha", "beta", "gamma") if _has_memory(ready, b)]
    assert done == ["alpha", "beta"]
    assert "1 more branch(es) without memory wait for the next run" in first.stdout
    log = json.loads((ready / ".git" / "gitmemory" / "maintenance-log.json").read_text())
    assert log["deferred"]["new-branches"] == ["gamma"]
    assert log["lastNewBranchScan"]
    assert gitmemory(ready, "maintain").stdout.strip() == "nothing to do"  # nothing due now
    gitmemory(ready, "maintain", "--weekly")
    assert _has_memory(ready, "gamma")
    assert not _has_memory(ready, "idle")
    log = json.loads((ready / ".git" / "gitmemory" / "maintenance-log.json").read_text())
    assert "new-branches" not in log["deferred"]
    message = git(ready, "log", "-1", "--format=%B", "gamma").stdout
    assert "Gitmemory-Update: true" in message  # a memory commit on that branch


def test_branches_that_match_their_upstream_get_no_memory_commit(ready: Path,
                                                                 tmp_path: Path) -> None:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(ready, "remote", "add", "origin", str(remote))
    _branch_with_work(ready, "shared")
    _branch_with_work(ready, "mine")
    env = dict(os.environ, GITMEMORY_DISABLE="1")
    git(ready, "push", "-q", "-u", "origin", "shared", env=env)
    tip = git(ready, "rev-parse", "shared").stdout.strip()
    done = gitmemory(ready, "maintain", "--weekly")
    assert "1 branch(es) left alone: checked out, or matching their upstream" in done.stdout
    assert git(ready, "rev-parse", "shared").stdout.strip() == tip
    assert _has_memory(ready, "mine")
    assert not _has_memory(ready, "main")  # the default branch grows by promote


def test_corrupt_log_is_replaced_by_defaults(ready: Path) -> None:
    path = ready / ".git" / "gitmemory" / "maintenance-log.json"
    path.write_text("{not json")
    assert schedule.load(str(path.parent)) == schedule.defaults()
    gitmemory(ready, "maintain")
    log = json.loads(path.read_text())
    assert log["version"] == 1 and log["lastMonthlyReindex"]


def test_monthly_check_reports_without_rewriting(ready: Path) -> None:
    """Rewriting 200 memory files in the work tree made the next checkout abort: the
    check says what is wrong, and each file is tidied by its own branch's next write."""
    directory = ready / ".gitmemory" / "branches"
    (directory / "gone.md").write_text(memory_text("gone", facts=("Old fact",)))
    messy = memory_text("main", conventions=("Use tabs", "use tabs.")).replace("- ", "* ")
    (directory / "main.md").write_text(messy)
    (directory / "notes.md").write_text("just notes\n")
    git(ready, "add", "-A")
    git(ready, "commit", "-q", "-m", "memory files as people left them")
    done = gitmemory(ready, "maintain", "--monthly")
    assert "check .gitmemory/branches/main.md: not in normal form" in done.stdout
    assert "branch 'gone' no longer exists" in done.stdout
    assert "notes.md: not a memory file" in done.stdout
    assert (directory / "main.md").read_text() == messy
    assert git(ready, "status", "--porcelain").stdout == ""


def test_weekly_consolidation_deduplicates_branches_not_checked_out(ready: Path) -> None:
    git(ready, "checkout", "-q", "-b", "topic")
    commit_file(ready, ".gitmemory/branches/topic.md",
                memory_text("topic", conventions=("Use tabs", "Use tabs", "Name tests test_*")),
                "topic memory")
    git(ready, "checkout", "-q", "main")
    (ready / ".gitmemory" / "branches").mkdir(parents=True, exist_ok=True)
    (ready / ".gitmemory" / "branches" / "main.md").write_text(
        memory_text("main", conventions=("Use tabs", "Use tabs")))
    git(ready, "add", "-A")
    git(ready, "commit", "-q", "-m", "main memory")
    main_tip = git(ready, "rev-parse", "main").stdout.strip()
    done = gitmemory(ready, "maintain", "--weekly")
    assert "consolidate topic: success" in done.stdout
    shown = git(ready, "show", "topic:.gitmemory/branches/topic.md").stdout
    assert shown.count("- Use tabs") == 1
    assert git(ready, "rev-parse", "main").stdout.strip() == main_tip  # checked out: left
    assert "left alone" in done.stdout
    assert git(ready, "status", "--porcelain").stdout == ""


IMPORT_TIME = "Plugins register their hooks in `setup()`, never at import time"
IMPORTED = "Plugins register their hooks in `setup()`, never when the module is imported"


def test_consolidation_folds_the_same_point_said_twice(ready: Path) -> None:
    git(ready, "checkout", "-q", "-b", "topic")
    # the items name `setup()`: the tree defines it (an item naming a call the tree does
    # not hold goes, docs/design.md "Memory")
    commit_file(ready, "plugins/base.py", "def setup():\n    pass\n", "plugin base")
    text = memory_text("topic", conventions=(f"{IMPORT_TIME} (refs: aaaaaaa)",
                                             f"{IMPORTED} (refs: bbbbbbb)"))
    commit_file(ready, ".gitmemory/branches/topic.md", text, "topic memory")
    git(ready, "checkout", "-q", "main")  # consolidation commits on branches not checked out
    done = gitmemory(ready, "maintain", "--full")
    assert "consolidate topic: success" in done.stdout
    assert "already tidy" not in done.stdout
    after = git(ready, "show", "topic:.gitmemory/branches/topic.md").stdout
    assert f"- {IMPORT_TIME} (refs: aaaaaaa, bbbbbbb)" in after
    assert "when the module is imported" not in after


@pytest.mark.slow
def test_promote_folds_a_merged_branch_into_main(ready: Path) -> None:
    git(ready, "checkout", "-q", "-b", "feature")
    commit_file(ready, ".gitmemory/branches/feature.md",
                memory_text("feature", decisions=("Sessions live in Redis with a 24h TTL",)),
                "feature memory")
    git(ready, "checkout", "-q", "main")
    git(ready, "merge", "-q", "--no-ff", "--no-edit", "feature")
    git(ready, "branch", "-d", "feature")  # the file came along with the merge
    done = gitmemory(ready, "promote", "feature")
    assert "main: success +1" in done.stdout
    text = (ready / ".gitmemory" / "branches" / "main.md").read_text()
    assert "Sessions live in Redis with a 24h TTL" in text
    assert "Sessions live in Redis" in (ready / "CLAUDE.md").read_text()
    assert "Sessions live in Redis" not in gitmemory(ready, "promote", "feature").stdout
    again = (ready / ".gitmemory" / "branches" / "main.md").read_text()
    assert again.count("Sessions live in Redis") == 1  # promoting twice adds nothing


@pytest.mark.slow
def test_promote_folds_an_item_main_already_holds_in_other_words(ready: Path) -> None:
    directory = ready / ".gitmemory" / "branches"
    (directory / "main.md").write_text(
        memory_text("main", conventions=(f"{IMPORT_TIME} (refs: aaaaaaa)",)))
    git(ready, "add", "-A")
    git(ready, "commit", "-q", "-m", "main memory")
    git(ready, "checkout", "-q", "-b", "feature")
    commit_file(ready, ".gitmemory/branches/feature.md",
                memory_text("feature", conventions=(f"{IMPORTED} (refs: bbbbbbb)",)),
                "feature memory")
    git(ready, "checkout", "-q", "main")
    git(ready, "merge", "-q", "--no-ff", "--no-edit", "feature")
    assert "main: success +0 ~1" in gitmemory(ready, "promote", "feature").stdout
    after = (directory / "main.md").read_text()
    assert f"- {IMPORT_TIME} (refs: aaaaaaa, bbbbbbb)" in after
    assert "when the module is imported" not in after


@pytest.mark.slow
def test_promote_on_merge_says_how_and_changes_nothing(ready: Path) -> None:
    """A hook changes no tracked file: after the merge it says how to promote."""
    git(ready, "config", "gitmemory.promoteOnMerge", "true")
    git(ready, "checkout", "-q", "-b", "feature")
    commit_file(ready, ".gitmemory/branches/feature.md",
                memory_text("feature", bugs=("Timeouts were swallowed; always re-raise",)),
                "feature memory")
    git(ready, "checkout", "-q", "main")
    tip_before = git(ready, "rev-parse", "main").stdout.strip()
    done = git(ready, "merge", "--no-ff", "--no-edit", "feature")
    assert done.returncode == 0
    assert "gitmemory promote feature" in done.stderr
    time.sleep(1)
    assert git(ready, "rev-list", "--count", f"{tip_before}..main").stdout.strip() == "2"
    assert not (ready / ".gitmemory" / "branches" / "main.md").exists()
    assert git(ready, "status", "--porcelain").stdout == ""


def test_background_maintenance_never_delays_the_checkout(ready: Path) -> None:
    _branch_with_work(ready, "topic")
    git(ready, "branch", "other")
    state = ready / ".git" / "gitmemory"
    env = dict(os.environ, GITMEMORY_BACKGROUND_MAINTENANCE="true")
    writers = FileLock(str(state / "lock"))
    with writers:  # every memory write waits for this lock
        done = git(ready, "checkout", "-q", "other", env=env)
        assert done.returncode == 0
        # The checkout is over; the maintenance it started is still running,
        # stuck behind our lock: the hook returned before the work was done.
        running = FileLock(str(state / "maintenance.lock"), timeout=0)

        def busy() -> bool:
            try:
                with running:
                    return False
            except Timeout:
                return True

        assert wait_until(busy, 20)
        assert not (state / "previews").exists()
    assert wait_until(lambda: (state / "previews").is_dir() and any((state / "previews").iterdir()),
                 60)
    assert not _has_memory(ready, "topic")  # a local preview, no memory commit
    assert float((state / "maintenance.next").read_text()) > time.time()
    git(ready, "checkout", "-q", "main", env=env)  # not due again: nothing started
    assert wait_until(lambda: not busy(), 20)


def test_writable_allows_local_work_and_refuses_a_branch_that_matches_its_upstream(
        repo: Path, tmp_path: Path) -> None:

    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    _branch_with_work(repo, "topic")
    opened = Repo.open()

    def allowed(branch: str) -> bool:
        return writable(opened, branch, location.locate(str(repo), branch))

    assert allowed("topic")  # no upstream: the memory commit travels with the first push
    git(repo, "push", "-q", "-u", "origin", "topic", env=dict(os.environ, GITMEMORY_DISABLE="1"))
    assert not allowed("topic")  # the commit would make it diverge from origin/topic
    git(repo, "checkout", "-q", "topic")
    commit_file(repo, "more.py", "X = 2\n", "more work")
    git(repo, "checkout", "-q", "main")
    assert allowed("topic")  # commits not pushed yet: the memory commit joins them
    assert not allowed("main")  # checked out here


def test_an_unattended_run_refuses_a_provider_that_sends_anything(repo: Path) -> None:

    with pytest.raises(ValueError, match="offline extractor only"):
        chores.run(Repo.open(), FakeLLM(), unattended=True)


def test_the_next_run_is_due_no_sooner_than_five_minutes(repo: Path) -> None:

    now = datetime(2026, 3, 1, tzinfo=UTC)
    log = schedule.defaults()
    log["lastNewBranchScan"] = (now - timedelta(days=3)).isoformat()
    assert chores._next_due(log, now) == now + timedelta(minutes=5)
    assert chores._next_due(schedule.defaults(), now) == now + timedelta(days=1)


def test_background_maintenance_leaves_a_run_under_way_alone(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state_dir = repo / ".git" / "gitmemory"
    state_dir.mkdir()
    with FileLock(state.MAINTENANCE_LOCK.at(str(state_dir))):
        try:
            assert command.maintain(None, background=True) == 0
        finally:
            output.filter_with(None)
    assert capsys.readouterr() == ("", "")
    assert not (state_dir / state.MAINTENANCE_LOG.name).exists()  # it ran nothing


def test_the_monthly_check_reads_only_regular_memory_files(repo: Path, tmp_path: Path) -> None:
    """A symlink, a hidden file or another file type in the memory directory is not read;
    a branch that exists only on a remote still exists."""
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True)
    outside = tmp_path / "outside.md"
    outside.write_text("not memory at all\n")
    (directory / "link.md").symlink_to(outside)
    (directory / ".draft.md").write_text("scratch\n")
    (directory / "notes.txt").write_text("scratch\n")
    (directory / "shared.md").write_text(memory_text("shared", facts=("Only on the remote",)))
    git(repo, "update-ref", "refs/remotes/origin/shared", "HEAD")
    report = chores.Report()
    assert chores.check(Repo.open(), FakeLLM(), [], report) == []
    assert report.lines == []
