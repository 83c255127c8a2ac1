"""A clone that lacks an object (an incomplete mirror, a damaged object store): the
commit whose patch git cannot show is listed without it, and the others are read.
Once a run read the whole pending range, one unreadable blob failed every run
("git show failed: fatal: unable to read ...") and nothing was memorized."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import git as door
from gitmemory.sources.commits.history import History
from testing.gitrepo import commit_file, git


def test_a_commit_whose_blob_is_missing_is_listed_without_its_patch(repo: Path) -> None:
    before = commit_file(repo, "src/a.py", "A = 1\n", "feat(a): add A")
    lost = commit_file(repo, "src/big.py", "B = 2\n", "feat(b): add B")
    after = commit_file(repo, "src/c.py", "C = 3\n", "feat(c): add C\n\nC replaces B "
                        "because B was slow.")
    blob = git(repo, "rev-parse", f"{lost}:src/big.py").stdout.strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    commits = History(str(repo)).collect([before, lost, after], [])
    assert [c.sha for c in commits] == [before, lost, after]
    assert "+A = 1" in commits[0].diff and "+C = 3" in commits[2].diff
    assert commits[1].subject == "feat(b): add B" and "B = 2" not in commits[1].diff


def test_the_commits_after_one_git_cannot_show_are_read_in_one_show_again(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each commit after the lost one was shown alone: drizzle-orm's mirror, which lacks a
    blob 30 commits into a run of 880, cost 860 processes.  Now the one git stopped on
    goes alone and the rest in one show again, whatever their number."""
    before = commit_file(repo, "src/a.py", "A = 1\n", "feat(a): add A")
    lost = commit_file(repo, "src/big.py", "B = 2\n", "feat(b): add B")
    after = [commit_file(repo, f"src/c{n}.py", f"C{n} = {n}\n", f"feat(c): add C{n}")
             for n in range(20)]
    blob = git(repo, "rev-parse", f"{lost}:src/big.py").stdout.strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    shows: list[list[str]] = []
    real_run, real_stream = door._execute, door.stream
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        shows.append(argv) if "show" in argv else None, real_run(argv, stdin, env))[1])
    monkeypatch.setattr(door, "stream", lambda args, cwd, env: (
        shows.append(args) if "show" in args else None, real_stream(args, cwd, env))[1])
    commits = History(str(repo)).collect([before, lost, *after], [])
    assert [c.sha for c in commits] == [before, lost, *after]
    assert "+A = 1" in commits[0].diff and "B = 2" not in commits[1].diff
    assert all(f"+C{n} = {n}" in c.diff for n, c in enumerate(commits[2:]))
    assert len(shows) <= 6
