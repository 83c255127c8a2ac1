"""Nothing that runs unasked moves a ref, writes the index, changes a tracked file or
calls a network provider (docs/design.md, "What runs unasked").  Each test is a
reproduction from a team's everyday git, driven by real git and the real hooks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up, wait_until

WORK = ("fix(api): retry on 503 because the gateway drops idle connections after 60s\n\n"
        "The client now retries once, because the gateway closes idle connections; "
        "always reuse the session.")



def _work_on(repo: Path, branch: str, start: str = "main") -> str:
    git(repo, "checkout", "-q", "-b", branch, start)
    return commit_file(repo, f"{branch.replace('/', '_')}.py", f"NAME = {branch!r}\n", WORK)


def _refs(repo: Path) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads").stdout
    return dict(line.split(" ") for line in out.splitlines())


def _checkout_with_background_maintenance(repo: Path, *args: str) -> None:
    """``git checkout`` with background maintenance on, then wait for the run it started
    to finish (its report lands in the hook log)."""
    state = repo / ".git" / "gitmemory"
    log = state / "hooks.log"
    before = log.read_text().count("background maintenance") if log.exists() else 0
    env = dict(os.environ, GITMEMORY_BACKGROUND_MAINTENANCE="true")
    git(repo, "checkout", "-q", *args, env=env)
    assert wait_until(lambda: log.exists() and
                 log.read_text().count("background maintenance") > before), "no run started"
    from filelock import FileLock, Timeout

    def finished() -> bool:
        try:
            with FileLock(str(state / "maintenance.lock"), timeout=0):
                return True
        except Timeout:
            return False

    assert wait_until(finished)


@pytest.fixture
def team(repo: Path) -> Path:
    """Set up, with work in progress on two local branches and main checked out."""
    set_up(repo, "offline")
    _work_on(repo, "feature/b")
    _work_on(repo, "fix/c")
    git(repo, "checkout", "-q", "main")
    return repo


def test_background_maintenance_moves_no_ref_and_touches_no_tracked_file(team: Path) -> None:
    before = _refs(team)
    _checkout_with_background_maintenance(team, "-b", "feature/a")
    after = _refs(team)
    assert {k: v for k, v in after.items() if k != "refs/heads/feature/a"} == before
    assert git(team, "status", "--porcelain").stdout == ""
    previews = team / ".git" / "gitmemory" / "previews"
    assert sorted(p.name for p in previews.iterdir()) == ["feature_b.md", "fix_c.md"]


def test_what_background_maintenance_learns_is_shown_on_checkout_as_a_preview(
        team: Path) -> None:
    _checkout_with_background_maintenance(team, "-b", "feature/a")
    git(team, "checkout", "-q", "feature/b")
    text = (team / "CLAUDE.md").read_text()
    assert "always reuse the session" in text.lower() or "gateway" in text
    assert "Not committed yet" in text
    assert git(team, "status", "--porcelain").stdout == ""


def test_background_maintenance_leaves_a_branch_being_rebased_alone(team: Path) -> None:
    """A memory commit on the branch a rebase is working on made `git rebase` end with
    "could not update refs/heads/feature/r" and the rebase half done."""
    _work_on(team, "feature/r")
    commit_file(team, "shared.txt", "feature side\n", "feat: feature side of shared.txt")
    git(team, "checkout", "-q", "main")
    commit_file(team, "shared.txt", "main side\n", "feat: main side of shared.txt")
    git(team, "checkout", "-q", "feature/r")
    assert git(team, "rebase", "main", check=False).returncode != 0  # stops on the conflict
    tip = _refs(team)["refs/heads/feature/r"]
    gitmemory(team, "maintain", "--background")
    assert _refs(team)["refs/heads/feature/r"] == tip
    (team / "shared.txt").write_text("both sides\n")
    git(team, "add", "shared.txt")
    done = git(team, "-c", "core.editor=true", "rebase", "--continue", check=False)
    assert done.returncode == 0, done.stderr
    assert "could not update" not in done.stderr


def test_a_checkout_never_calls_a_network_provider(team: Path,
                                                   fake_anthropic: FakeAnthropic) -> None:
    """With ANTHROPIC_API_KEY set, `git checkout -b other` sent an unpushed branch's
    commits to the API from background maintenance."""
    git(team, "config", "--unset", "gitmemory.provider")
    _work_on(team, "exp")
    _checkout_with_background_maintenance(team, "-b", "other")
    assert fake_anthropic.requests == []
    log = (team / ".git" / "gitmemory" / "hooks.log").read_text()
    assert "(anthropic)" not in log


def test_commits_a_checkout_read_are_still_offered_to_a_model(
        team: Path, fake_anthropic: FakeAnthropic) -> None:
    """Background maintenance memorized a new branch offline and marked its commits
    examined; `memorize --provider anthropic` then found "no new commits"."""
    git(team, "config", "--unset", "gitmemory.provider")
    _work_on(team, "exp")
    _checkout_with_background_maintenance(team, "-b", "other")
    fake_anthropic.text(json.dumps({"no_content_to_extract": True}))
    done = gitmemory(team, "memorize", "exp", "--provider", "anthropic")
    assert "no new commits" not in done.stdout
    assert len(fake_anthropic.requests) == 1
    assert "gateway drops idle connections" in fake_anthropic.requests[0].text


def test_what_the_offline_extractor_found_empty_is_offered_to_a_model(
        team: Path, fake_anthropic: FakeAnthropic) -> None:
    git(team, "checkout", "-q", "-b", "quiet", "main")
    commit_file(team, "notes.txt", "".join(f"step {n}: check the box\n" for n in range(20)),
                "chore: notes for the release checklist\n\nWritten down after the last "
                "release, step by step.")
    assert "nothing worth remembering" in gitmemory(team, "memorize", "--provider",
                                                    "offline").stdout
    fake_anthropic.text(json.dumps({"no_content_to_extract": True}))
    gitmemory(team, "memorize", "--provider", "anthropic")
    assert len(fake_anthropic.requests) == 1
    assert "release checklist" in fake_anthropic.requests[0].text
    assert "no new commits" in gitmemory(team, "memorize", "--provider", "anthropic").stdout


def test_the_monthly_check_rewrites_nothing_and_the_next_checkout_works(repo: Path) -> None:
    """With many memory files, the background "repair" rewrote them in the work tree and
    the next `git checkout` aborted: "Your local changes would be overwritten"."""
    set_up(repo, "offline")
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    for n in range(30):
        messy = memory_text(f"b{n}", conventions=("Use tabs", "use tabs.")).replace("- ", "* ")
        (directory / f"b{n}.md").write_text(messy)
        git(repo, "branch", f"b{n}")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "memory files as the team left them")
    git(repo, "checkout", "-q", "-b", "side")
    commit_file(repo, ".gitmemory/branches/b3.md", memory_text("b3", facts=("Side fact",)),
                "side edits b3's memory")
    git(repo, "checkout", "-q", "main")
    state = repo / ".git" / "gitmemory"
    (state / "maintenance-log.json").write_text(json.dumps({"version": 1}))
    _checkout_with_background_maintenance(repo, "-b", "elsewhere")
    assert git(repo, "status", "--porcelain").stdout == ""
    done = git(repo, "checkout", "side", check=False)
    assert done.returncode == 0, done.stderr


def test_memorize_leaves_nothing_for_a_checkout_to_carry(repo: Path) -> None:
    """`memorize` on main left `M .gitmemory/branches/main.md`; `git checkout feature`
    carried it over and `git commit -am` committed main's memory on feature."""
    set_up(repo, "offline")
    git(repo, "branch", "feature")
    commit_file(repo, "api.py", "RETRIES = 1\n", WORK)
    gitmemory(repo, "memorize")
    assert git(repo, "status", "--porcelain").stdout == ""
    git(repo, "checkout", "-q", "feature")
    commit_file(repo, "other.py", "x = 1\n", "feat: other")
    (repo / "other.py").write_text("x = 2\n")
    git(repo, "commit", "-q", "-am", "routine commit")
    changed = git(repo, "log", "--format=", "--name-only", "main..feature").stdout
    assert ".gitmemory" not in changed


def test_an_older_copy_on_the_other_branch_does_not_block_the_checkout(repo: Path) -> None:
    set_up(repo, "offline")
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "main.md").write_text(memory_text("main", facts=("Old fact",)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "main memory")
    git(repo, "branch", "feature")  # keeps this older copy of main's memory
    commit_file(repo, ".gitmemory/branches/main.md",
                memory_text("main", facts=("Old fact", "Newer fact")), "main memory grows")
    commit_file(repo, "api.py", "RETRIES = 1\n", WORK)
    gitmemory(repo, "memorize")
    done = git(repo, "checkout", "feature", check=False)
    assert done.returncode == 0, done.stderr
