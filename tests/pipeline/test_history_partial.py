"""A partial clone (``git clone --filter=blob:none``) lacks the blobs of older commits:
memorize reads those commits without their diffs and never fetches what is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.sources.commits.history import History
from testing.gitrepo import commit_file, git, gitmemory

BODIES = ("Lock the queue instead of polling it, because two workers took the same job.",
          "The cause was the retry loop reading a stale cursor after a reconnect.",
          "Switch to monotonic time rather than the wall clock, so a clock jump never "
          "expires a lease early.")


def _missing(clone: Path) -> set[str]:
    """Objects the clone knows of but lacks (rev-list --missing never fetches them)."""
    out = git(clone, "rev-list", "--objects", "--missing=print", "--all").stdout
    return {line[1:] for line in out.splitlines() if line.startswith("?")}


@pytest.fixture
def clone(repo: Path, tmp_path: Path) -> Path:
    """A blob-less clone of ``repo`` (served over file://), whose three older commits'
    blobs are missing, with one commit of its own on ``feature``."""
    for n, body in enumerate(BODIES):
        commit_file(repo, "src/queue.py", f"VERSION = {n}\n", f"fix(queue): bug {n}\n\n{body}")
    commit_file(repo, "src/queue.py", "VERSION = 9\n", "fix(queue): bug 9")
    # a rename with an edit: telling it from a delete and an add reads both blobs
    commit_file(repo, "src/worker.py", "".join(f"STEP_{n} = {n}\n" for n in range(20)),
                "feat(worker): add the worker")
    git(repo, "mv", "src/worker.py", "src/workers.py")
    (repo / "src" / "workers.py").write_text("".join(f"STEP_{n} = {n}\n" for n in range(21)))
    git(repo, "commit", "-q", "-am", "refactor(worker): rename the module")
    commit_file(repo, "src/queue.py", "VERSION = 9.1\n", "fix(queue): bug 9.1")
    git(repo, "config", "uploadpack.allowFilter", "true")
    path = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--filter=blob:none", f"file://{repo}", str(path))
    git(path, "checkout", "-q", "-b", "feature")
    commit_file(path, "src/queue.py", "VERSION = 10\n", "fix(queue): bug 10\n\nA local fix.")
    assert _missing(path), "the clone should lack the older blobs"
    return path


def test_commits_without_blobs_are_read_without_their_diffs_and_nothing_is_fetched(
        clone: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = _missing(clone)
    shas = git(clone, "rev-list", "--reverse", "HEAD").stdout.split()
    commits = History(str(clone)).collect(shas, [])
    assert [c.subject for c in commits][-8:] == [
        "fix(queue): bug 0", "fix(queue): bug 1", "fix(queue): bug 2", "fix(queue): bug 9",
        "feat(worker): add the worker", "refactor(worker): rename the module",
        "fix(queue): bug 9.1", "fix(queue): bug 10"]
    by_subject = {c.subject: c for c in commits}
    for n, body in enumerate(BODIES):
        old = by_subject[f"fix(queue): bug {n}"]
        assert old.body == body
        assert [f.path for f in old.files] == ["src/queue.py"]
        assert old.diff == ""
    local = by_subject["fix(queue): bug 10"]
    assert "+VERSION = 10" in local.diff and "-VERSION = 9.1" in local.diff
    renamed = by_subject["refactor(worker): rename the module"]
    assert {(f.path, f.status) for f in renamed.files} == {("src/worker.py", "D"),
                                                           ("src/workers.py", "A")}
    assert _missing(clone) == missing  # no lazy fetch, though the origin is right there
    err = capsys.readouterr().err
    assert err.count("partial clone") == 1, err


def test_memorize_in_a_partial_clone_whose_origin_is_gone(clone: Path, repo: Path) -> None:
    repo.rename(repo.with_name("gone"))
    git(clone, "config", "gitmemory.provider", "offline")
    root = git(clone, "rev-list", "--max-parents=0", "HEAD").stdout.strip()
    done = gitmemory(clone, "memorize", "--since", root, check=False)
    assert done.returncode == 0, done.stderr
    assert "feature: success" in done.stdout, done.stdout
    assert "git show failed" not in done.stdout + done.stderr
    assert done.stderr.count("partial clone") == 1, done.stderr
    memory = (clone / ".gitmemory" / "branches" / "feature.md").read_text()
    assert "stale cursor" in memory, memory


def test_memorize_in_a_partial_clone_fetches_nothing(clone: Path) -> None:
    """The first memory of a branch also reads the recent history's file names (the
    repository source): those names never need a blob either."""
    missing = _missing(clone)
    git(clone, "config", "gitmemory.provider", "offline")
    root = git(clone, "rev-list", "--max-parents=0", "HEAD").stdout.strip()
    done = gitmemory(clone, "memorize", "--since", root)
    assert "feature: success" in done.stdout, done.stdout
    assert _missing(clone) == missing, done.stderr
