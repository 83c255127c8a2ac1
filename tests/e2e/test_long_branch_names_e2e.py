"""Branch names near git's limit: every file name gitmemory derives from one (the memory
file, its temporary file, previews, carried results) stays under 255 bytes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory import files
from gitmemory.memory import filenames, previews
from testing.gitrepo import commit_file, git, gitmemory, memory_text
from testing.pushes import offline_remote

LONG = "feature/" + "x" * 232  # 240 characters: a plain memory file name of 243 bytes
LONGEST = "a" * 250  # the longest git makes a loose ref of: 250 + ".lock" is 255 bytes
WIDEST = "b" * 252  # the longest plain name: 252 + ".md" is 255 bytes (a packed ref)


@pytest.mark.parametrize("branch", [LONG, LONGEST, "f/" + "\u00e9" * 120])
def test_memorize_dry_run_and_a_carried_run_work_on_a_long_branch(repo: Path,
                                                                  branch: str) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "set up")
    git(repo, "checkout", "-q", "-b", branch)
    commit_file(repo, "retry.py", "def retry():\n    pass\n",
                "feat(retry): add the retry loop\n\n"
                "Memory-Convention: Retry loops always back off exponentially")
    dry = gitmemory(repo, "memorize", "--dry-run", "--provider", "offline")
    assert "skipped (dry run" in dry.stdout, dry.stdout + dry.stderr
    done = gitmemory(repo, "memorize", "--provider", "offline")
    assert "success" in done.stdout and "committed on" in done.stdout, done.stdout + done.stderr
    names = os.listdir(repo / filenames.MEMORY_DIR)
    assert names and all(len(n.encode()) <= 255 for n in names)
    commit_file(repo, "CHANGELOG.md", "## 1.0.1\n", "chore: bump version")
    carried = gitmemory(repo, "memorize", "--provider", "offline")
    assert carried.returncode == 0, carried.stdout + carried.stderr


def test_every_name_derived_from_the_longest_branch_fits(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    text = memory_text(WIDEST, conventions=("Keep it short",))
    assert filenames.name_for(WIDEST) == WIDEST + ".md"
    path = previews.store(str(state), WIDEST, text)
    assert len(os.path.basename(path).encode()) <= 255
    previews.carry(str(state), WIDEST, text, None)
    assert previews.carried(str(state), WIDEST, None) is not None
    assert len(files.temp_name(filenames.name_for(WIDEST)).encode()) <= 255
    target = tmp_path / filenames.name_for(WIDEST)
    files.atomic_write(str(target), text)
    assert target.read_text() == text


def test_pre_push_memorizes_a_long_branch(repo: Path, tmp_path: Path) -> None:
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", LONG)
    commit_file(repo, "retry.py", "def retry():\n    pass\n",
                "feat(retry): add the retry loop\n\n"
                "Memory-Convention: Retry loops always back off exponentially")
    env = dict(os.environ, GITMEMORY_PUSH_POLICY="follow")
    done = git(repo, "push", "origin", LONG, env=env, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "memory for" in done.stderr and "internal error" not in done.stderr


def test_a_shortened_temporary_file_is_still_swept_after_a_crash(tmp_path: Path) -> None:
    name = files.temp_name(filenames.name_for(WIDEST), pid=2_000_000_000)  # no such process
    assert len(name.encode()) <= 255 and name.startswith("." + WIDEST[:100])
    (tmp_path / name).write_text("half written")
    assert files.sweep_temps(str(tmp_path)) == [str(tmp_path / name)]
