"""Every version of a memory or agent file a push carries is scanned, on every route
(issue 31, "Every version on every route"): a version only a merge commit wrote, a
commit named by a raw sha on the pre-commit route, and history another remote has but
the push's destination does not.  Real git, the native hook, bare remotes."""

from __future__ import annotations

import os
from pathlib import Path

from gitmemory.push.refs import scan_targets
from testing.gitrepo import commit_file, git, memory_text
from testing.pushes import offline_remote

TOKEN = "ghp_" + "Mx4Qw8Er2Ty6Ui0Op3As7Df1Gh5Jk9Lz2Xc4"
MEMORY = ".gitmemory/branches/topic.md"
CLEAN = memory_text("topic", facts=("Sessions live in Redis",))
LEAKY = memory_text("topic", facts=("Sessions live in Redis", f"CI pushes with {TOKEN}"))
UNHOOKED = dict(os.environ, GITMEMORY_DISABLE="1")


def _stopped(done: object) -> None:
    assert getattr(done, "returncode", 0) != 0, getattr(done, "stderr", "")
    stderr = str(getattr(done, "stderr", ""))
    assert "possible secret in .gitmemory/branches/topic.md" in stderr, stderr
    assert TOKEN not in stderr


def test_a_version_only_a_merge_commit_wrote_is_scanned(repo: Path, tmp_path: Path) -> None:
    """A token added in the merge (a conflict resolved by hand) and removed by the next
    commit: the history scan listed no diff for merge commits."""
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, MEMORY, CLEAN, "notes")
    git(repo, "checkout", "-q", "-b", "side", "main")
    commit_file(repo, "side.txt", "side\n", "side work")
    git(repo, "checkout", "-q", "topic")
    git(repo, "merge", "-q", "--no-ff", "--no-commit", "side", env=UNHOOKED)
    (repo / MEMORY).write_text(LEAKY)
    git(repo, "add", MEMORY)
    git(repo, "commit", "-q", "--no-edit", env=UNHOOKED)
    commit_file(repo, MEMORY, CLEAN, "take the token out again")
    _stopped(git(repo, "push", "origin", "topic", check=False))


def test_a_commit_typed_as_a_raw_sha_is_scanned_on_the_pre_commit_route(
        repo: Path, tmp_path: Path) -> None:
    """``git push origin clean <sha>:refs/heads/x`` with a sha on no local ref: without
    git's lines the scan read local tips only, though the typed refspecs were parsed."""
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "leaky")
    leaky = commit_file(repo, MEMORY, LEAKY, "notes")
    git(repo, "checkout", "-q", "main")
    git(repo, "branch", "-D", "leaky")
    git(repo, "reflog", "expire", "--expire=now", "--all")
    typed = ["git", "push", "origin", "main", f"{leaky}:refs/heads/x"]
    targets = scan_targets(str(repo), "", [], "origin", typed)
    assert leaky in targets.commits
    tag = ["git", "push", "--force", "origin", "+refs/notes/commits:refs/notes/commits",
           f"{leaky[:12]}:refs/tags/v1"]
    assert leaky in scan_targets(str(repo), "", [], "origin", tag).commits


def test_history_another_remote_has_counts_for_that_remote_only(
        repo: Path, tmp_path: Path) -> None:
    """A token added and removed on a branch one remote has is pushed to a second, new
    remote: history any remote-tracking ref reached counted as published."""
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, MEMORY, LEAKY, "notes")
    commit_file(repo, MEMORY, CLEAN, "take the token out")
    fork = tmp_path / "fork.git"
    git(tmp_path, "init", "-q", "--bare", str(fork))
    git(repo, "remote", "add", "fork", str(fork))
    git(repo, "push", "-q", "fork", "topic", env=UNHOOKED)  # the fork has it all
    second = tmp_path / "second.git"
    git(tmp_path, "init", "-q", "--bare", str(second))
    git(repo, "remote", "add", "second", str(second))
    _stopped(git(repo, "push", "second", "topic", check=False))
    assert git(repo, "ls-remote", "second").stdout == ""
