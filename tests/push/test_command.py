"""gitmemory/push/command.py: the ``git push`` a pre-push hook runs under, found among
the processes above it (``/proc``), whatever global options were typed before ``push``.
How a dry run is told and the command to run again: tests/e2e/test_team_breakages_e2e.py."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from gitmemory.push import command

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.mark.parametrize(("argv", "push"), [
    (["git", "push"], True),
    (["/usr/bin/git", "push", "origin"], True),
    (["git.exe", "push"], True),
    (["git", "-C", "push", "status"], False),  # "push" is -C's directory here
    (["git", "-c", "core.x=1", "--git-dir", "d", "push", "-u"], True),
    (["git", "--no-pager", "push"], True),
    (["git", "pull"], False),
    (["git", "--bare"], False),  # no subcommand at all
    (["gitk", "push"], False),
    (["/bin/sh", "git", "push"], False),
])
def test_a_push_is_told_after_gits_global_options(argv: list[str], push: bool) -> None:
    assert command._is_push(argv) is push


def test_the_words_after_push_skip_the_global_options_and_their_values() -> None:
    argv = ["git", "-C", "repo", "-c", "a=b", "--exec-path", "/x", "push", "-u", "o", "b"]
    assert command.after_subcommand(argv) == ["-u", "o", "b"]
    assert command.after_subcommand([]) == []
    assert command.dry_run(argv) is False
    assert command.dry_run([*argv[:-2], "--dry-run"]) is True


def test_a_user_and_password_in_a_url_are_masked_and_nothing_else_is() -> None:
    assert command._unsecret("https://ann:pw@example.com/r.git") == \
        "https://***@example.com/r.git"
    assert command._unsecret("ssh://git@example.com/r.git") == "ssh://***@example.com/r.git"
    for word in ("origin", "git@example.com:r.git", "https://example.com/a@b",
                 "--push-option=x"):
        assert command._unsecret(word) == word


@pytest.fixture
def fake_push() -> Iterator[tuple[int, int, list[str]]]:
    """A process whose command line reads ``git -c 'sleep 30 & ...' push --dry-run origin``
    (a shell under git's name) and its child: (the push's pid, the child's pid, argv)."""
    argv = ["git", "-c", 'sleep 30 & echo "$!"; wait', "push", "--dry-run", "origin"]
    shell = subprocess.Popen(argv, executable="/bin/sh", stdout=subprocess.PIPE, text=True)
    assert shell.stdout is not None
    child = int(shell.stdout.readline())
    try:
        yield shell.pid, child, argv
    finally:
        os.kill(child, 15)
        shell.wait(timeout=10)


@linux
def test_the_typed_push_is_found_above_a_descendant(fake_push: tuple[int, int, list[str]]
                                                    ) -> None:
    shell, child, argv = fake_push
    assert command._parent(child) == shell
    assert command._cmdline(shell) == argv
    assert command.typed(child) == argv  # the walk passes the child, then finds the push
    assert command.typed(shell) == argv
    assert command.dry_run(command.typed(child)) is True


@linux
def test_no_push_above_is_none() -> None:
    assert command.typed() is None  # pytest was not started by git push
    assert command.typed(1) is None
    assert command.typed(0) is None


@linux
def test_a_process_that_is_gone_reads_as_nothing() -> None:
    gone = 2 ** 22 + 1  # above the kernel's largest pid
    assert command._cmdline(gone) is None
    assert command._parent(gone) == 0
    assert command.typed(gone) is None
