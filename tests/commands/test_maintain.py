"""gitmemory/commands/maintain.py in process: an explicit run names its provider and says
what it did; a background run uses the offline extractor whatever is configured, says so in
the hook log's words, and redacts every line it writes there."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import output
from gitmemory.commands import maintain as command
from testing.fake_secrets import FAKE
from testing.gitrepo import commit_file, git


@pytest.fixture
def with_work(repo: Path) -> Path:
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "retry.py", "def retry():\n    return 1\n",
                "fix(api): retry on 503 because the gateway drops idle connections\n\n"
                "Memory-Convention: Retry idempotent calls once")
    git(repo, "checkout", "-q", "main")
    return repo


def test_an_explicit_run_names_its_provider_and_reports(with_work: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    git(with_work, "config", "gitmemory.provider", "offline")
    assert command.maintain("weekly", background=False) == 0
    out, err = capsys.readouterr()
    assert err.startswith("gitmemory: provider: offline (configured: provider = offline)")
    assert "memorize topic: success" in out
    assert "Gitmemory-Update: true" in git(with_work, "log", "-1", "--format=%B", "topic").stdout


def test_a_background_run_is_offline_local_and_redacted(with_work: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    git(with_work, "config", "gitmemory.provider", "anthropic")  # never used unasked
    tip = git(with_work, "rev-parse", "topic").stdout.strip()
    try:
        assert command.maintain("weekly", background=True) == 0
        output.say(f"a line that quotes {FAKE['ghp']}")
    finally:
        output.filter_with(None)
    out = capsys.readouterr().out
    assert "background maintenance (offline, local previews only)" in out
    assert "memorize topic: success" in out and "kept as a local preview" in out
    assert FAKE["ghp"] not in out
    assert git(with_work, "rev-parse", "topic").stdout.strip() == tip  # no memory commit
