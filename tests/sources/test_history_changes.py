"""A commit's files and line counts, read from its patch as ``git --numstat`` lists them
(history.py): what the patch cannot tell is asked of git, for those commits only."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory import git as door
from gitmemory.sources.commits import history
from gitmemory.sources.commits.history import History
from testing.gitrepo import git


def _numstat(repo: Path, sha: str) -> list[history.FileChange]:
    """The commit's files as git's own --numstat and --summary list them."""
    out = git(repo, "-c", "core.quotePath=false", "show", "--format=", "--numstat",
              "--summary", "--find-renames", sha).stdout
    return history._numstat(out)


def _commit(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every git command started from here on, run or streamed."""
    asked: list[list[str]] = []
    real, streamed = door._execute, door.stream
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    monkeypatch.setattr(door, "stream", lambda args, cwd, env: (
        asked.append(args), streamed(args, cwd, env))[1])
    return asked


def test_a_plain_batch_lists_its_files_from_the_patch_alone(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines added and removed (a removed `-- comment` and an added `++ x` are lines, not
    headers), files added and deleted, a rename with edits, a quoted path, a binary
    change: git's counts, and git diffs each file once (no --numstat)."""
    (repo / "db").mkdir()
    (repo / "db" / "schema.sql").write_text("-- the users table\ncreate table users;\n")
    (repo / "old.txt").write_text("gone\n")
    (repo / "tool.py").write_text("".join(f"line {n}\n" for n in range(30)))
    (repo / "logo.bin").write_bytes(b"\0PNG1")
    first = _commit(repo, "base")
    (repo / "db" / "schema.sql").write_text("++ a counter\ncreate table users;\nx\n")
    (repo / "old.txt").unlink()
    (repo / "tool.py").unlink()
    (repo / "tools").mkdir()
    (repo / "tools" / "tool.py").write_text("".join(f"line {n}\n" for n in range(31)))
    (repo / 'a "quoted"\\name.txt').write_text("q\n")
    (repo / "logo.bin").write_bytes(b"\0PNG2")
    second = _commit(repo, "change")
    asked = _spy(monkeypatch)
    commits = History(str(repo)).collect([first, second], [])
    assert [list(c.files) for c in commits] == [_numstat(repo, first), _numstat(repo, second)]
    assert {f.status for f in commits[1].files} == {"A", "D", "M", "R"}
    assert [argv for argv in asked if "show" in argv] and \
        not any("--numstat" in argv for argv in asked)


def test_what_the_patch_cannot_tell_is_asked_of_git(repo: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A binary file renamed whole, or whose mode alone changed, shows no line and no
    "Binary files" in its patch; a file made a symbolic link is two patches and one
    change; an empty file is added: the same files git's --numstat lists."""
    (repo / "key.snk").write_bytes(b"\0\1\2key")
    (repo / "run.bin").write_bytes(b"\0exe")
    (repo / "link").write_text("target\n")
    first = _commit(repo, "base")
    (repo / "assets").mkdir()
    os.rename(repo / "key.snk", repo / "assets" / "key.snk")
    (repo / "run.bin").chmod(0o755)
    (repo / "link").unlink()
    os.symlink("run.bin", repo / "link")
    (repo / "empty.txt").write_text("")
    (repo / "text.md").write_text("words\n")
    second = _commit(repo, "move")
    asked = _spy(monkeypatch)
    [one, two] = History(str(repo)).collect([first, second], [])
    assert list(two.files) == _numstat(repo, second)
    assert list(one.files) == _numstat(repo, first)
    assert [f.binary for f in two.files if f.path == "assets/key.snk"] == [True]
    assert [f.status for f in two.files if f.path == "link"] == ["M"]
    numstat = [argv for argv in asked if "--numstat" in argv]
    assert len(numstat) == 1 and second in numstat[0] and first not in numstat[0]


def test_a_patch_that_holds_the_record_separator_keeps_every_file(repo: Path) -> None:
    """A text file may hold any byte, the one that parts show's records too (a compressed
    object in a test fixture): the patch is cut there as before, and the files after it
    are still listed with their counts."""
    (repo / "fixture.txt").write_bytes(b"start\n")
    (repo / "z.py").write_text("a = 1\n")
    first = _commit(repo, "base")
    (repo / "fixture.txt").write_bytes(b"start\nbefore \x1e after\n")
    (repo / "z.py").write_text("a = 2\nb = 3\n")
    second = _commit(repo, "fixture")
    (repo / "z.py").write_text("a = 4\nb = 3\n")
    third = _commit(repo, "after")
    commits = History(str(repo)).collect([first, second, third], [])
    assert [list(c.files) for c in commits] == [_numstat(repo, sha)
                                                for sha in (first, second, third)]
    assert [f.path for f in commits[1].files] == ["fixture.txt", "z.py"]
    assert "z.py" in commits[2].diff
