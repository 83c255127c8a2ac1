"""A secret's text followed along every route it can take out of a clone (issue 31), for
the e2e tests of each family of shapes: a commit message to the prompt ``--dry-run``
prints, a ``Memory-Fact`` trailer through the pre-push hook to the remote, a memory file
written by hand to the pre-push scan's lines, and a teammate's memory file to the agent
files and the readers.  ``topic`` is the word the note is about ("gateway", "monitor"):
the test's own, so that a reader's search finds it."""

from __future__ import annotations

import os
from pathlib import Path

from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up
from testing.pushes import offline_remote

ANTHROPIC = dict(os.environ, ANTHROPIC_API_KEY="sk-ant-dummy")


def message_to_prompt(repo: Path, text: str, secret: str, topic: str) -> None:
    commit_file(repo, "notes.txt", "x\n", f"docs: note the {topic} settings\n\n{text}\n")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic", env=ANTHROPIC)
    assert "--- anthropic: prompt ---" in done.stdout, done.stdout + done.stderr
    assert secret not in done.stdout
    assert "[REDACTED:" in done.stdout


def trailer_to_remote(repo: Path, tmp_path: Path, text: str, secret: str, topic: str) -> None:
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "feature")
    message = f"docs: note the {topic} settings\n\nMemory-Fact: The settings are {text}"
    commit_file(repo, "env.md", "x\n", message)
    env = dict(os.environ, GITMEMORY_PUSH_POLICY="follow")
    first = git(repo, "push", "-q", "origin", "feature", env=env, check=False)
    second = git(repo, "push", "-q", "origin", "feature", env=env, check=False)
    shipped = git(tmp_path / "remote.git", "log", "--all", "-p", "--format=%B").stdout
    assert ".gitmemory/branches/feature.md" in shipped  # the memory did travel
    # The user's own commit message goes as written; the memory made from it does not.
    assert secret not in shipped.replace(message, "")
    printed = first.stdout + first.stderr + second.stdout + second.stderr
    assert secret not in printed


def hand_written_push(repo: Path, tmp_path: Path, text: str, secret: str, topic: str) -> None:
    """A memory file with the secret written by hand: the push stops, printing its place
    and not the secret."""
    offline_remote(repo, tmp_path)
    memory = repo / ".gitmemory" / "branches" / "main.md"
    memory.write_text(f"# Branch Memory: main\n\n## Facts\n\n- The {topic} keeps {text}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"Note the {topic}",
        env=dict(os.environ, GITMEMORY_DISABLE="1"))
    done = git(repo, "push", "origin", "main",
               env=dict(os.environ, GITMEMORY_PUSH_POLICY="follow"), check=False)
    assert done.returncode != 0
    assert ".gitmemory/branches/main.md line 5" in done.stderr
    assert secret not in done.stderr + done.stdout


def teammate_to_readers(repo: Path, text: str, secret: str, topic: str) -> None:
    """A memory file edited by hand and checked out: CLAUDE.md, ``show`` and ``search``
    go through the one gate, which redacts what it holds."""
    set_up(repo, "offline")
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / ".gitmemory" / "branches" / "feature.md").write_text(memory_text(
        "feature", conventions=(f"The {topic} settings are {text}",)))
    env = dict(os.environ, GITMEMORY_DISABLE="1")
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "notes by hand", env=env)
    git(repo, "checkout", "-q", "main")
    git(repo, "checkout", "-q", "feature")  # the hooks render the agent files
    shown = [(repo / "CLAUDE.md").read_text()] + [
        gitmemory(repo, *args).stdout for args in (["show", "feature"], ["show", "--json"],
                                                   ["search", topic])]
    assert f"{topic} settings" in shown[1]  # shown, or marked as held back
    for out in shown:
        assert secret not in out
