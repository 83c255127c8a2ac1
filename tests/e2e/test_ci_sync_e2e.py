"""``gitmemory ci sync`` end to end, as a server merges: two pull requests merged into a
bare repository with plain git (no merge driver, no hooks; merge commit, squash,
rebase), then the job in a fresh checkout.  No conflict; both branches' items in main's
memory; both merged files gone; a second run commits nothing; two runs racing on one
server both land without losing an item."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.server import remote as remote_module
from gitmemory.server.sync import Options, sync
from testing.ci import MODES, Server
from testing.gitrepo import git, gitmemory

LOGIN = "Sessions live in Postgres because Redis evictions logged users out"
EXPIRY = "Token expiry is compared in UTC; local time logged users out early"
MERGED = [".gitmemory/branches/feature_a.md", ".gitmemory/branches/feature_b.md"]


def _two_merged(tmp_path: Path, mode: str) -> Server:
    server = Server(tmp_path)
    server.branch("feature/a", LOGIN)
    server.branch("feature/b", EXPIRY)  # both from the same main: neither knows the other
    server.merge("feature/a", mode)
    server.merge("feature/b", mode)  # plain git: it would stop here on a conflict
    return server


@pytest.mark.parametrize("mode", MODES)
def test_the_job_folds_both_pull_requests_and_removes_their_files(tmp_path: Path,
                                                                   mode: str) -> None:
    server = _two_merged(tmp_path, mode)
    merged_tip = server.tip()
    done = gitmemory(server.checkout(), "ci", "sync")
    assert "folded: feature/a +1 ~0 -0, feature/b +1 ~0 -0" in done.stdout
    assert f"removed: {', '.join(MERGED)}" in done.stdout
    assert "pushed: " in done.stdout
    assert {LOGIN, EXPIRY, "The entry point is app.py"} <= set(server.items())
    assert server.files() == ["main.md"]
    # one commit, on top of what the server merged, by the bot, marked for CI to skip
    assert git(server.bare, "rev-parse", "main~1").stdout.strip() == merged_tip
    author, subject = git(server.bare, "log", "-1", "--format=%an <%ae>%n%s",
                          "main").stdout.splitlines()
    assert author == "gitmemory[bot] <gitmemory-bot@users.noreply.github.com>"
    assert subject == "gitmemory: update memory for main [skip ci]"
    # the merged branches' commits were read on their branches: not sent again
    assert "memorized: the new commits were all read on their merged branches" in done.stdout


@pytest.mark.parametrize("mode", MODES)
def test_a_second_run_with_nothing_new_commits_nothing(tmp_path: Path, mode: str) -> None:
    server = _two_merged(tmp_path, mode)
    gitmemory(server.checkout(), "ci", "sync")
    tip = server.tip()
    again = gitmemory(server.checkout(), "ci", "sync")
    assert server.tip() == tip
    assert "up to date: nothing new, no commit" in again.stdout
    assert "folded" not in again.stdout


@pytest.mark.parametrize("mode", MODES)
def test_pull_requests_merged_between_runs_never_conflict(tmp_path: Path, mode: str) -> None:
    """The job changes main's file and removes merged files between merges; a pull request
    started before, and one brought up to date with main since, still merge cleanly."""
    server = Server(tmp_path)
    server.branch("feature/a", LOGIN)
    server.branch("feature/b", EXPIRY)
    server.branch("feature/c", "Feature flags are read once at start-up")
    server.merge("feature/a", mode)
    gitmemory(server.checkout(), "ci", "sync")
    git(server.dev, "checkout", "-q", "feature/c")  # "update branch": main merged into it
    git(server.dev, "pull", "-q", "--no-rebase", "origin", "main")
    git(server.dev, "push", "-q", "origin", "feature/c")
    server.merge("feature/b", mode)
    gitmemory(server.checkout(), "ci", "sync")
    server.merge("feature/c", mode)
    gitmemory(server.checkout(), "ci", "sync")
    assert {LOGIN, EXPIRY, "Feature flags are read once at start-up"} <= set(server.items())
    assert server.files() == ["main.md"]


def test_two_runs_racing_on_one_server_both_land_without_losing_an_item(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run A reads main with one pull request merged; before it pushes, a second pull
    request merges and run B lands its commit.  A's push is refused as not a fast-forward:
    it rebases its one commit onto B's, main's file merged three-way, and lands."""
    server = Server(tmp_path)
    server.branch("feature/a", LOGIN)
    server.branch("feature/b", EXPIRY)
    server.merge("feature/a", "merge")
    first = server.checkout()
    real_push = remote_module.Remote.push
    raced: list[str] = []

    def push_after_the_other_run(self: remote_module.Remote, sha: str, branch: str
                                 ) -> remote_module.Pushed:
        if not raced:
            server.merge("feature/b", "merge")
            raced.append(gitmemory(server.checkout(), "ci", "sync").stdout)
        return real_push(self, sha, branch)

    monkeypatch.setattr(remote_module.Remote, "push", push_after_the_other_run)
    summary = sync(str(first), Options(pause=0))
    assert "pushed: " in raced[0]
    assert summary.rebases == 1
    assert summary.pushed_to == "main"
    assert {LOGIN, EXPIRY} <= set(server.items())
    assert server.files() == ["main.md"]
    # never forced: every commit the server had is still in main's history
    for sha in git(server.bare, "rev-list", "--all").stdout.split():
        assert git(server.bare, "merge-base", "--is-ancestor", sha, "main",
                   check=False).returncode == 0 or sha == server.tip("feature/b")
    monkeypatch.setattr(remote_module.Remote, "push", real_push)
    assert sync(str(server.checkout()), Options()).commit is None
