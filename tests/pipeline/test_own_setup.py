"""gitmemory's own commits never reach a model (issue 34, item 5): the set-up commit
(`.gitmemory/config.toml`, `CLAUDE_base.md`, gitmemory's `.gitignore` and
`.gitattributes` lines) is not pending, whoever made it and whatever it says; a commit
that also changes anything else is the person's work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.pipeline import pending
from gitmemory.repo import Repo
from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, gitmemory

FEATURE = ("fix(auth): compare token expiry in UTC\n\nExpiry was compared in local time, "
           "which logged users out early because the servers run in UTC.")
ANSWER = json.dumps({"extractions": [{
    "section": "bug-patterns", "confidence": 0.9, "refs": [],
    "content": "Token expiry in auth.py is compared in UTC; local time logged users out"}]})


def _pending(repo: Path, start: str | None = None) -> list[str]:
    return pending.shas(Repo.open(str(repo)), "main", pending.Range(start))


def _head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").stdout.strip()


@pytest.mark.slow
def test_the_set_up_commit_is_never_sent_to_the_model(
        repo: Path, fake_anthropic: FakeAnthropic) -> None:
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n", FEATURE)
    git(repo, "config", "gitmemory.provider", "anthropic")
    fake_anthropic.text(ANSWER)
    said = gitmemory(repo, "init").stdout  # a model is not sent the history unasked
    assert "still pending: gitmemory memorize reads them" in said and not fake_anthropic.requests
    assert "main: success" in gitmemory(repo, "memorize").stdout  # the first memory: one call
    assert len(fake_anthropic.requests) == 1
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    setup = _head(repo)
    assert setup not in _pending(repo)
    done = gitmemory(repo, "memorize")
    assert len(fake_anthropic.requests) == 1, done.stdout  # nothing to learn: no call
    commit_file(repo, "auth.py", "def expired(t):\n    return t <= utcnow()\n",
                "fix(auth): a token expires at its expiry time\n\nA token was accepted for "
                "one more second because the comparison was strict.")
    fake_anthropic.text(json.dumps({"no_content_to_extract": True}))
    gitmemory(repo, "memorize")
    assert len(fake_anthropic.requests) == 2
    sent = fake_anthropic.requests[-1].text
    assert "one more second" in sent
    assert setup[:7] not in sent and "Set up gitmemory" not in sent
    assert "CLAUDE_base.md" not in sent and "merge=gitmemory" not in sent


def test_a_set_up_commit_by_anyone_under_any_message_is_gitmemory_s(repo: Path) -> None:
    start = _head(repo)
    git(repo, "config", "gitmemory.provider", "offline")
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "chore: add the team's agent memory")
    setup = _head(repo)
    base = repo / "CLAUDE_base.md"
    commit_file(repo, "CLAUDE_base.md", base.read_text() + "\nRun make check first.\n",
                "docs: guidance for agents")
    tuned = commit_file(repo, ".gitmemory/config.toml",
                        (repo / ".gitmemory/config.toml").read_text() + "\n",
                        "chore: tune gitmemory")
    assert not {setup, tuned} & set(_pending(repo, start))
    assert len(_pending(repo, start)) == 0


def test_a_commit_that_also_changes_other_files_is_the_person_s_work(repo: Path) -> None:
    start = _head(repo)
    git(repo, "config", "gitmemory.provider", "offline")
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    ignore = repo / ".gitignore"
    ignored = commit_file(repo, ".gitignore", ignore.read_text() + "node_modules/\n",
                          "chore: ignore node_modules")
    mixed = commit_file(repo, "CLAUDE_base.md", "# Notes\n", "docs: notes")
    (repo / "app.py").write_text("X = 1\n")
    (repo / "CLAUDE_base.md").write_text("# Notes\n\nmore\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "feat: app and notes")
    both = _head(repo)
    stated = commit_file(repo, ".gitmemory/config.toml",
                         (repo / ".gitmemory/config.toml").read_text() + "\n",
                         "chore: tune\n\nMemory-Convention: Memory is merged by the driver")
    assert _pending(repo, start) == [ignored, both, stated]
    assert mixed not in _pending(repo, start)


def test_the_agents_settings_gitmemory_registers_itself_in_are_its_own_lines(
        repo: Path) -> None:
    """`init --agent-hook --mcp` also writes `.claude/settings.json` and `.mcp.json`: a
    commit that adds only gitmemory's entries there is gitmemory's; one that adds the
    team's own hook is the person's, even beside gitmemory's."""
    start = _head(repo)
    git(repo, "config", "gitmemory.provider", "offline")
    gitmemory(repo, "init", "--agent-hook", "--mcp")
    assert (repo / ".claude" / "settings.json").is_file() and (repo / ".mcp.json").is_file()
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    setup = _head(repo)
    settings = repo / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    data["hooks"]["PreToolUse"][0]["hooks"].append({"type": "command",
                                                     "command": "npm run lint"})
    settings.write_text(json.dumps(data, indent=2))
    git(repo, "commit", "-q", "-am", "chore: lint on every write")
    lint = _head(repo)
    assert _pending(repo, start) == [lint]
    assert setup not in _pending(repo, start)
