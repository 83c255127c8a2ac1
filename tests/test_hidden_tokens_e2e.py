"""Tokens hidden from the raw text: split by a zero-width space or a soft hyphen, or typed
in full-width letters, in a hand-edited memory file.  Every reader folds them back into a
working token, so the scan reads the folded form and every shown or sent text is redacted
after folding: the pre-push scan, CLAUDE.md and every agent file, the render cache,
``search``, and the prompts ``--dry-run`` prints."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up
from testing.pushes import offline_remote

TOKEN = "ghp_" + "Zq8Lm2Tq9vNsR4xK7wPb3YdH6cFj1GtA5eUo"  # assembled: no scanner trips here
STRIPE = "sk_live_" + "51KfQwErTyUiOp7AsDfGhJkLzX"


def _full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


HIDDEN = {
    "zero-width space": TOKEN[:12] + "\u200b" + TOKEN[12:],
    "soft hyphen": TOKEN[:9] + "\u00ad" + TOKEN[9:],
    "full-width": _full_width(TOKEN),
    "word joiner and full-width": _full_width(STRIPE[:10]) + "\u2060" + STRIPE[10:],
}
ALL_OUTPUTS = 'outputs = ["claude", "claude-rules", "agents", "gemini", "cursor", "copilot", ' \
              '"windsurf"]\n'


def _secrets(hidden: str) -> list[str]:
    """The hidden form, what folding makes of it, and pieces of the secret (a terminal
    shows an invisible character as an escape such as \\u200b, between the pieces)."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", hidden.replace("\u200b", "").replace(
        "\u00ad", "").replace("\u2060", ""))
    return [hidden, folded, folded[4:24], folded[-12:]]


@pytest.fixture(params=list(HIDDEN), ids=list(HIDDEN))
def hidden(request: pytest.FixtureRequest) -> str:
    return HIDDEN[request.param]


def _teammate_branch(repo: Path, hidden: str) -> None:
    """A branch whose memory a teammate edited by hand: one repository-wide item, one
    about src/app/, one fact; committed without the hooks (as a push with --no-verify)."""
    set_up(repo, "offline")
    (repo / ".gitmemory" / "config.toml").write_text('provider = "offline"\n' + ALL_OUTPUTS)
    (repo / "src" / "app").mkdir(parents=True)
    (repo / "src" / "app" / "bot.py").write_text("BOT = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "All agents")
    git(repo, "checkout", "-q", "-b", "feature")
    text = memory_text("feature", conventions=(f"The deploy bot authenticates with {hidden}",),
                       facts=(f"The sandbox key is {hidden}",))
    text = text.replace("## Conventions\n\n", "## Conventions\n\n- The bot in "
                        f"src/app/bot.py sends {hidden} on every call (paths: src/app/bot.py)\n")
    (repo / ".gitmemory" / "branches" / "feature.md").write_text(text)
    env = dict(os.environ, GITMEMORY_DISABLE="1")
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "notes by hand", env=env)
    git(repo, "checkout", "-q", "main")
    git(repo, "checkout", "-q", "feature")  # the hooks render every agent file


def _agent_files(repo: Path) -> dict[str, str]:
    found = {}
    for path in repo.rglob("*"):
        rel = path.relative_to(repo).as_posix()
        if path.is_file() and not rel.startswith((".git/", ".gitmemory/", "src/")) and \
                rel.endswith((".md", ".mdc", ".instructions.md")):
            found[rel] = path.read_text()
    return found


def test_every_agent_file_and_the_render_cache_hold_no_working_token(
        repo: Path, hidden: str) -> None:
    _teammate_branch(repo, hidden)
    files = _agent_files(repo)
    assert {"CLAUDE.md", "AGENTS.override.md", "GEMINI.gitmemory.md"} <= set(files), sorted(files)
    assert any(rel.startswith(".claude/rules/") for rel in files), sorted(files)
    assert any(rel.startswith(".cursor/rules/") for rel in files), sorted(files)
    assert any(rel.startswith(".github/instructions/") for rel in files), sorted(files)
    assert any(rel.startswith(".windsurf/rules/") for rel in files), sorted(files)
    shown = "\n".join(files.values())
    assert "The deploy bot authenticates with [REDACTED:" in shown
    assert "sends [REDACTED:" in shown
    for secret in _secrets(hidden):
        assert secret not in shown, secret
    # The cache is keyed on the lines as the memory file holds them; what it keeps for
    # each is what the agent files show: no working token.
    cache = (repo / ".git" / "gitmemory" / "render.cache").read_bytes()
    for secret in _secrets(hidden)[1:3]:
        assert secret.encode() not in cache, secret


def test_search_shows_no_working_token(repo: Path, hidden: str) -> None:
    _teammate_branch(repo, hidden)
    for args in (["search", "deploy bot"], ["search", "sandbox", "--json"],
                 ["show", "feature"]):
        done = gitmemory(repo, *args)
        for secret in _secrets(hidden):
            assert secret not in done.stdout, (args, secret)
    assert "[REDACTED:" in gitmemory(repo, "search", "deploy bot").stdout


def test_the_prompts_send_no_working_token(repo: Path, hidden: str,
                                           fake_anthropic: FakeAnthropic) -> None:
    _teammate_branch(repo, hidden)
    commit_file(repo, "src/app/retry.py", "def retry():\n    pass\n",
                "feat(retry): add the retry loop\n\n"
                "Memory-Convention: Retry loops always back off exponentially")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic")
    assert "evolve prompt" in done.stdout, done.stdout + done.stderr
    for secret in _secrets(hidden):
        assert secret not in done.stdout, secret
    assert "The deploy bot authenticates with [REDACTED:" in done.stdout

    fake_anthropic.text(EXTRACTED)
    fake_anthropic.text(EVOLVED)
    done = gitmemory(repo, "memorize", "--provider", "anthropic")
    assert len(fake_anthropic.requests) == 2, done.stdout + done.stderr
    sent = "\n".join(request.text for request in fake_anthropic.requests)
    for secret in _secrets(hidden):
        assert secret not in sent, secret
    assert "The deploy bot authenticates with [REDACTED:" in sent


EXTRACTED = json.dumps({"extractions": [{
    "section": "conventions", "confidence": 0.95, "refs": [],
    "content": "Retry loops always back off exponentially"}]})
EVOLVED = json.dumps({"sections": {"facts": [], "architectural-decisions": [], "conventions": [
    {"content": "Retry loops always back off exponentially", "refs": []}], "bug-patterns": []},
    "changes": []})


def test_the_pre_push_scan_reads_the_folded_form(repo: Path, tmp_path: Path,
                                                 hidden: str) -> None:
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "feature")
    # A fact: not injected into CLAUDE.md by default, so only the scan of the file sees it.
    commit_file(repo, ".gitmemory/branches/feature.md",
                memory_text("feature", facts=(f"The sandbox key is {hidden}",)), "notes")
    done = git(repo, "push", "origin", "feature", check=False,
               env=dict(os.environ, GITMEMORY_PUSH_POLICY="off"))
    assert done.returncode != 0, done.stdout + done.stderr
    assert ".gitmemory/branches/feature.md line" in done.stderr
    for secret in _secrets(hidden):
        assert secret not in done.stdout + done.stderr
    assert git(repo, "ls-remote", "origin", "feature").stdout == ""
