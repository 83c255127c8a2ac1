"""Which pushed refs pre-push memorizes (push/hook.py), driven by real ``git push``."""

from __future__ import annotations

from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git
from testing.pushes import offline_remote


@pytest.fixture
def topic(repo: Path, tmp_path: Path) -> Path:
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "retry.py", "def retry():\n    pass\n",
                "feat(retry): add the retry loop\n\n"
                "Memory-Convention: Retry loops always back off exponentially")
    return repo


@pytest.mark.parametrize("spec", [["HEAD"], ["-u", "HEAD"], ["@"], ["HEAD:refs/heads/other"]])
@pytest.mark.slow
def test_pushing_head_memorizes_the_checked_out_branch(topic: Path, spec: list[str]) -> None:
    """git names the local ref HEAD for these; `git push -u origin HEAD` is the usual
    way tools and agents push a new branch."""
    tip = git(topic, "rev-parse", "HEAD").stdout.strip()
    done = git(topic, "push", "origin", *spec, check=False)
    assert "memory for topic committed as" in done.stderr, done.stderr
    assert git(topic, "rev-parse", "HEAD^").stdout.strip() == tip
    assert git(topic, "push", "origin", *spec, check=False).returncode == 0


def test_pushing_an_older_commit_of_head_memorizes_nothing(topic: Path) -> None:
    done = git(topic, "push", "origin", "HEAD~1:refs/heads/older", check=False)
    assert done.returncode == 0, done.stderr
    assert "memory" not in done.stderr


@pytest.mark.parametrize("name", ["topic\u2028line", "nb\u00a0space", "nel\u0085x"])
@pytest.mark.slow
def test_branch_names_with_unicode_breaks_and_spaces(topic: Path, name: str) -> None:
    """git allows any non-ASCII character in a branch name; pre-push's stdin lines
    split on "\\n" and single spaces only.  The terminal is shown a line separator or a
    NEL as an escape (output.visible), never the character itself."""
    from gitmemory.output import visible

    git(topic, "branch", "-m", name)
    done = git(topic, "push", "origin", name, check=False)
    assert f"memory for {visible(name)} committed as" in done.stderr, done.stderr


@pytest.mark.slow
def test_memory_written_by_hand_run_memorize_needs_no_second_push(topic: Path) -> None:
    """`gitmemory memorize` commits on the branch; the push that follows carries it."""
    from testing.gitrepo import gitmemory

    assert "committed on topic as" in gitmemory(topic, "memorize").stdout
    assert git(topic, "status", "--porcelain").stdout == ""
    first = git(topic, "push", "origin", "topic", check=False)
    assert first.returncode == 0, first.stderr
    assert "gitmemory" not in first.stderr
    shown = git(topic, "show", "origin/topic:.gitmemory/branches/topic.md").stdout
    assert "Retry loops always back off exponentially" in shown


@pytest.mark.slow
def test_a_file_that_is_not_this_branchs_memory_is_not_committed(topic: Path) -> None:
    git(topic, "push", "origin", "topic", check=False)  # memory commit, push stopped
    assert git(topic, "push", "origin", "topic", check=False).returncode == 0
    memory = topic / ".gitmemory" / "branches" / "topic.md"
    memory.write_text("# Branch Memory: someone-else\n\nscratch notes\n")
    done = git(topic, "push", "origin", "topic", check=False)
    assert done.returncode == 0, done.stderr
    assert git(topic, "status", "--porcelain").stdout.strip() == \
        "M .gitmemory/branches/topic.md"


@pytest.mark.slow
def test_a_branch_named_after_a_key_is_pushed_with_no_memory_file_of_that_name(
        topic: Path) -> None:
    """sealed25 (spent): a branch named after a key gave its memory file that name, and a
    push published it.  gitmemory names such a file with the key masked; one written by
    hand under the branch's plain name stops the push, and no line it prints holds the
    key."""
    import os

    from testing.gitrepo import memory_text

    key = "9c4e1a7b3f2d8065e1b9a3c7d5f04b28"  # 32 hex digits: many vendors' API keys
    name = f"rotate/pager-{key}"
    git(topic, "branch", "-m", name)
    commit_file(topic, f".gitmemory/branches/rotate_pager-{key}.md",
                memory_text("rotate/pager", conventions=("Page the on-call twice",)), "notes")
    done = git(topic, "push", "origin", name, check=False,
               env={**os.environ, "GITMEMORY_PUSH_POLICY": "off"})
    assert done.returncode != 0
    assert "push stopped" in done.stderr
    assert key not in done.stderr
