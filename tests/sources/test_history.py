"""Reading the commits memorize works on (history.py), against real git."""

from __future__ import annotations

import itertools
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gitmemory.errors import GitmemoryError
from gitmemory.sources.commits.history import History, file_patches
from testing.gitrepo import git, gitmemory

CONVENTION = "Memory-Convention: Handlers return early on bad input"


def test_separate_git_dir_named_by_the_environment(tmp_path: Path) -> None:
    store, work = tmp_path / "store.git", tmp_path / "work"
    work.mkdir()
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(store))
    env = dict(os.environ, GIT_DIR=str(store), GIT_WORK_TREE=str(work))
    (work / "app.py").write_text("def handle(x):\n    return None\n")
    git(work, "add", "app.py", env=env)
    git(work, "commit", "-q", "-m", f"feat: add the handler\n\n{CONVENTION}", env=env)
    git(work, "config", "gitmemory.provider", "offline", env=env)
    done = gitmemory(work, "memorize", check=False, env=env)
    assert done.returncode == 0, done.stderr
    assert "main: success" in done.stdout
    assert "Handlers return early" in (work / ".gitmemory" / "branches" / "main.md").read_text()


def test_collect_in_a_linked_worktree(repo: Path, tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
    (linked / "b.py").write_text("x = 1\n")
    git(linked, "add", "b.py")
    git(linked, "commit", "-q", "-m", f"feat: b\n\n{CONVENTION}")
    sha = git(linked, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(linked)).collect([sha], [])
    assert commit.trailers == (("Memory-Convention", "Handlers return early on bad input"),)
    assert [f.path for f in commit.files] == ["b.py"]


def test_messages_in_a_legacy_encoding_arrive_as_text(repo: Path) -> None:
    """With i18n.commitEncoding=latin1 git stores (and by default prints) latin-1 bytes."""
    git(repo, "config", "i18n.commitEncoding", "latin1")
    (repo / "cafe.py").write_text("x = 1\n")
    git(repo, "add", "cafe.py")
    message = "feat: café module\n\nMemory-Convention: Café names keep their accents\n"
    done = subprocess.run(["git", "commit", "-q", "-F", "-"], cwd=repo,
                          input=message.encode("latin-1"), capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(repo)).collect([sha], [])
    assert commit.subject == "feat: café module"
    assert commit.trailers == (("Memory-Convention", "Café names keep their accents"),)


def test_huge_text_files_are_listed_but_not_read(repo: Path) -> None:
    """A 2 MB generated file would cost its whole diff in memory and redaction time,
    though the context keeps 2,000 characters of a commit's diff."""
    (repo / "dump.csv").write_text("".join(f"row,{n},generated value\n"
                                           for n in range(80_000)))
    (repo / "app.py").write_text("def load():\n    return open('dump.csv')\n")
    git(repo, "add", "dump.csv", "app.py")
    git(repo, "commit", "-q", "-m", "feat: load the dump")
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(repo)).collect([sha], [])
    files = {f.path: f for f in commit.files}
    assert files["dump.csv"].binary and not files["app.py"].binary
    assert "generated value" not in commit.diff
    assert "return open('dump.csv')" in commit.diff


def test_a_long_patch_is_read_up_to_a_bounded_prefix_but_a_changelog_whole(
        repo: Path) -> None:
    """A generated file's 90 kB patch cost redaction time in proportion, though nothing
    after its first lines is read by anyone: offline memorize of 1,000 commits took 1.6
    times 0.3's.  A file's patch is cut at a line, the commit's too; a changelog's patch
    is kept whole, each of its entries may be an item."""
    from gitmemory.sources.commits.history import MAX_DIFF, MAX_FILE_PATCH

    (repo / "CHANGES.md").write_text("".join(f"- Entry {n}: the parser keeps its state.\n"
                                             for n in range(600)))
    (repo / "gen.py").write_text("".join(f"TABLE_{n} = {n * 7}\n" for n in range(6_000)))
    for n in range(6):
        (repo / f"gen{n}.py").write_text("".join(f"ROW_{k} = {k}\n" for k in range(1_500)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "feat: generated tables")
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(repo)).collect([sha], [])
    patches = dict(file_patches(commit.diff))
    assert "Entry 599: the parser keeps its state." in patches["CHANGES.md"]
    assert "TABLE_0 = 0" in patches["gen.py"] and "TABLE_5999" not in patches["gen.py"]
    assert len(patches["gen.py"]) <= MAX_FILE_PATCH and patches["gen.py"].endswith("\n")
    assert sum(len(p) for f, p in patches.items() if f != "CHANGES.md") <= MAX_DIFF
    assert {f.path for f in commit.files} >= {"gen.py", "gen5.py", "CHANGES.md"}


def test_a_huge_message_is_read_up_to_a_bounded_prefix(repo: Path) -> None:
    """Any commit may carry a message of 42 MB, and each rule after the read (redaction,
    the offline extractor) reads what it is given: a push took 40 s longer (issue 31)."""
    from gitmemory.sources.commits.history import MAX_MESSAGE

    (repo / "big.py").write_text("x = 1\n")
    git(repo, "add", "big.py")
    body = "The cache keeps sessions for an hour.\n" * 100_000
    message = f"feat: sessions\n\n{body}\nMemory-Convention: Sessions expire after an hour\n"
    done = subprocess.run(["git", "commit", "-q", "-F", "-"], cwd=repo, input=message,
                          text=True, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(repo)).collect([sha], [])
    assert len(commit.subject) + len(commit.body) <= MAX_MESSAGE + 2_000
    assert commit.body.startswith("The cache keeps sessions for an hour.")
    assert commit.trailers == (("Memory-Convention", "Sessions expire after an hour"),)


@given(st.text(alphabet="ab\x1e\n", max_size=60), st.lists(st.integers(0, 60), max_size=8))
def test_records_read_as_they_come_are_the_records_of_the_whole(text: str,
                                                                  cuts: list[int]) -> None:
    """git show's output is read in pieces cut anywhere: the records are the same."""
    from gitmemory.sources.commits.history import RS, _records

    text = RS + text
    bounds = sorted({0, len(text), *(c for c in cuts if c < len(text))})
    pieces = [text[a:b] for a, b in itertools.pairwise(bounds)]
    assert list(_records(pieces)) == text.split(RS)[1:]


def test_the_diff_holds_one_line_of_context_around_a_change(repo: Path) -> None:
    """What is sent keeps one line before a change (docs/design.md, "Data flow"); reading
    git's usual three on each side cost redaction and parsing for lines no one sees."""
    lines = [f"line_{n} = {n}\n" for n in range(20)]
    (repo / "values.py").write_text("".join(lines))
    git(repo, "add", "values.py")
    git(repo, "commit", "-q", "-m", "feat: values")
    lines[10] = "line_10 = 'ten'\n"
    (repo / "values.py").write_text("".join(lines))
    git(repo, "commit", "-q", "-am", "fix: ten is a word")
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(repo)).collect([sha], [])
    context = [line for line in commit.diff.split("\n") if line.startswith(" line_")]
    assert context == [" line_9 = 9", " line_11 = 11"]
    assert "-line_10 = 10" in commit.diff and "+line_10 = 'ten'" in commit.diff


def test_collect_closes_gits_pipes_itself(repo: Path) -> None:
    """Each collect waits for git and closes its pipes before it returns, also when it
    stops early: nothing is left for the garbage collector to close at some later time."""
    import gc

    if not os.path.isdir("/proc/self/fd"):
        return
    (repo / "a.py").write_text("x = 1\n")
    git(repo, "add", "a.py")
    git(repo, "commit", "-q", "-m", "feat: a")
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    history = History(str(repo))
    history.collect([sha], [])  # what a first call opens for the process stays open
    gc.disable()
    try:
        before = set(os.listdir("/proc/self/fd"))
        for _ in range(5):
            history.collect([sha], [])
        with pytest.raises(GitmemoryError, match="git log failed"):
            history.collect([sha, "0" * 40], [])  # log fails: show is abandoned
        after = set(os.listdir("/proc/self/fd"))
    finally:
        gc.enable()
    assert not after - before  # opened here and left open (another thread may close some)
