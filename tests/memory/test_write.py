"""The one writer (memory/write.py): concurrent writers, crashes, the lock, neutralisation.

Concurrent writers are real processes in two linked worktrees of one repository, each
reading the file and then writing through the writer, which merges into what others
wrote meanwhile; crashes are real processes that die between writing the temporary
file and renaming it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from gitmemory.memory import filenames, lock, markdown, read
from gitmemory.memory.markdown import Memory
from gitmemory.repo import Repo
from testing.gitrepo import git, gitmemory
from testing.memory import add, update

BRANCH = "feature/shared"
WRITERS = 240

WRITER = r"""
import os, sys, time
from gitmemory.memory import lock
from gitmemory.memory.markdown import Item
from gitmemory.repo import Repo
from testing.memory import update

index, ready, go, trace = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
repo = Repo.open()
open(ready, "w").close()
while not os.path.exists(go):
    time.sleep(0.005)
real_locked = lock.locked

def traced(state_dir, timeout=lock.TIMEOUT):
    class Traced:
        def __enter__(self):
            self.inner = real_locked(state_dir, 600)
            self.inner.__enter__()
            fd = os.open(trace, os.O_WRONLY | os.O_APPEND)
            os.write(fd, f"enter {index}\n".encode())
            os.close(fd)
        def __exit__(self, *exc):
            fd = os.open(trace, os.O_WRONLY | os.O_APPEND)
            os.write(fd, f"leave {index}\n".encode())
            os.close(fd)
            return self.inner.__exit__(*exc)
    return Traced()

import gitmemory.memory.write as writer
writer.locked = traced

def change(memory):
    memory.sections["facts"].append(Item(f"Fact number {index:03d} from a concurrent writer"))
    return memory

update(repo, sys.argv[5], change)
"""

CRASHER = r"""
import os, signal, sys
from gitmemory.memory.markdown import Item
from gitmemory.repo import Repo
from testing.memory import update

how, branch = sys.argv[1], sys.argv[2]
repo = Repo.open()
real_replace = os.replace

def replace(src, dst):
    name = os.path.basename(src)
    if name.startswith(".") and name.endswith(".tmp"):  # the temporary file is written
        if how == "exit":
            os._exit(1)
        os.kill(os.getpid(), signal.SIGKILL)
    real_replace(src, dst)

os.replace = replace

def change(memory):
    memory.sections["facts"].append(Item("New fact that never lands"))
    return memory

update(repo, branch, change)
"""


def _fact(index: int) -> str:
    return f"Fact number {index:03d} from a concurrent writer"


def _add(text: str) -> Callable[[Memory], Memory]:
    return add("facts", text)


def _facts(handle: Repo) -> list[str]:
    found = read.in_work_tree(handle.toplevel, BRANCH)
    assert found is not None
    return [i.text for i in found.memory.sections["facts"]]


def _env() -> dict[str, str]:
    """The children import the test helpers too."""
    return {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}


def _wait_for(paths: list[Path], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not all(p.exists() for p in paths):
        assert time.monotonic() < deadline, "writers did not start"
        time.sleep(0.05)


@pytest.mark.slow
def test_240_writers_in_two_worktrees_lose_nothing(repo: Path, tmp_path: Path) -> None:
    second = tmp_path / "second"
    git(repo, "worktree", "add", "-q", "-b", "other", str(second))
    worktrees = [repo, second]
    control = tmp_path / "control"
    control.mkdir()
    trace = control / "trace"
    trace.touch()
    go = control / "go"
    env = {**os.environ, "GITMEMORY_MAX_ITEMS_PER_SECTION": "1000",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    ready = [control / f"ready-{i}" for i in range(WRITERS)]
    children = [subprocess.Popen(
        [sys.executable, "-c", WRITER, str(i), str(ready[i]), str(go), str(trace), BRANCH],
        cwd=worktrees[i % 2], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for i in range(WRITERS)]
    try:
        _wait_for(ready, 300)
        go.touch()  # all at once
        results = [(child.wait(600), child.communicate()[1]) for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    assert [code for code, _ in results] == [0] * WRITERS, [e for c, e in results if c][:1]

    for start, tree in enumerate(worktrees):
        handle = Repo.open(str(tree))
        path = filenames.find(filenames.memory_dir(handle.toplevel), BRANCH)
        assert path is not None
        parsed = markdown.parse(Path(path).read_text())
        assert parsed is not None and parsed.branch == BRANCH
        counts = Counter(item.text for item in parsed.sections["facts"])
        assert counts == Counter(_fact(i) for i in range(start, WRITERS, 2))  # each once
        assert [p.name for p in Path(path).parent.iterdir()] == [Path(path).name]
    lines = trace.read_text().splitlines()
    assert len(lines) == 2 * WRITERS
    for enter, leave in zip(lines[::2], lines[1::2], strict=True):
        # one writer inside the lock at a time, across both worktrees: the common dir's
        assert enter.startswith("enter ") and leave == "leave " + enter.split()[1]
    assert (repo / ".git" / "gitmemory" / "lock").exists()
    assert not (repo / ".git" / "worktrees" / "second" / "gitmemory").exists()


@pytest.fixture
def shared(repo: Path) -> Path:
    """gitmemory initialised, feature/shared's memory holding one fact, all committed."""
    gitmemory(repo, "init")
    update(Repo.open(str(repo)), BRANCH, _add("Old fact that must survive"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory with memory")
    return repo


@pytest.mark.parametrize("how", ["exit", "sigkill"])
@pytest.mark.slow
def test_a_crash_before_the_rename_keeps_the_old_file(shared: Path, how: str) -> None:
    handle = Repo.open(str(shared))
    path = Path(filenames.find(filenames.memory_dir(handle.toplevel), BRANCH) or "")
    before = path.read_bytes()
    done = subprocess.run([sys.executable, "-c", CRASHER, how, BRANCH], cwd=shared,
                          capture_output=True, text=True, check=False, env=_env())
    assert done.returncode == (1 if how == "exit" else -9), done.stderr

    assert path.read_bytes() == before
    found = read.in_work_tree(handle.toplevel, BRANCH)
    assert found is not None and found.where() == str(path)
    assert _facts(handle) == ["Old fact that must survive"]
    leftovers = [p for p in path.parent.iterdir() if p != path]
    assert len(leftovers) == 1  # the crash really came after the temporary file was written
    temp = leftovers[0]
    assert temp.name.startswith(f".{path.name}.") and temp.name.endswith(".tmp")
    assert "New fact that never lands" in temp.read_text()
    assert filenames.list_files(str(path.parent)) == [(BRANCH, str(path))]
    assert git(shared, "status", "--porcelain").stdout == ""  # ignored, never committed

    update(handle, BRANCH, _add("Next fact"))  # the lock was not left held
    assert not temp.exists()  # the next writer swept the dead one's temporary file
    assert _facts(handle) == ["Old fact that must survive", "Next fact"]


def test_the_writer_writes_only_on_change_and_keeps_one_line_as_written(shared: Path) -> None:
    handle = Repo.open(str(shared))
    path = Path(update(handle, BRANCH, lambda memory: memory))
    stamp = path.stat().st_mtime_ns, path.stat().st_ino
    assert update(handle, BRANCH, _add("old fact that must survive.")) == str(path)
    assert (path.stat().st_mtime_ns, path.stat().st_ino) == stamp  # a duplicate: no write
    update(handle, BRANCH, _add("Two\nlines and a \u202eflip <b>"))
    text = _facts(handle)[-1]
    # One printable line; the rest as written: neutralising is the reader's (docs/design.md,
    # "Where two rules meet"), so the tag stays; the override's run as it was shown.
    assert text == "Two lines and a >b< pilf"


def test_writing_inside_the_lock_does_not_deadlock(shared: Path) -> None:
    handle = Repo.open(str(shared))
    with lock.locked(handle.info.state_dir, timeout=1):
        update(handle, BRANCH, _add("Written while the caller holds the lock"))
    done = subprocess.run([sys.executable, "-c", CRASHER.replace("os.replace = replace", ""),
                           "exit", BRANCH], cwd=shared, capture_output=True, text=True,
                          check=False, env=_env())
    assert done.returncode == 0, done.stderr  # released: another process gets it at once


def test_the_writer_refuses_memory_for_another_branch(shared: Path) -> None:
    handle = Repo.open(str(shared))
    with pytest.raises(ValueError, match="memory for 'main' written where"):
        update(handle, BRANCH, lambda memory: Memory("main"))


def test_a_new_memory_file_keeps_its_mode_after_updates(shared: Path) -> None:
    handle = Repo.open(str(shared))
    path = Path(update(handle, BRANCH, _add("First")))
    path.chmod(0o640)
    update(handle, BRANCH, _add("Second"))
    assert path.stat().st_mode & 0o777 == 0o640
