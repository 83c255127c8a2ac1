"""The whole history in one command (issue 29, item 3): memorize reads the whole pending
range in one run (offline all of it, a model in as many calls as it takes, within a
budget), continues where it stopped, and init learns from the recent history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import markdown
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import COMMIT
from gitmemory.pipeline.plan import plan
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from testing.fake_anthropic import FakeAnthropic
from testing.fake_provider import FakeLLM
from testing.gitrepo import commit_file, git, gitmemory

NOTHING = '{"no_content_to_extract": true}'


def _explained(repo: Path, count: int, start: int = 0) -> list[str]:
    """``count`` commits, each with a body that says why, in files of their own."""
    return [commit_file(repo, f"src/area{n % 9}/mod{n}.py",
                        "".join(f"def handler_{n}_{k}(request):\n    return request.value\n"
                                for k in range(12)),
                        f"fix(area{n % 9}): handler {n} returns a fresh value\n\n"
                        f"Handler {n} cached the request, because `RequestCache` kept one per "
                        "worker; the cause was a shared default argument.")
            for n in range(start, start + count)]


def _memory(repo: Path, branch: str) -> markdown.Memory:
    path = repo / ".gitmemory" / "branches" / f"{branch}.md"
    found = markdown.parse(path.read_text())
    assert found is not None
    return found


@pytest.mark.slow
def test_one_memorize_reads_the_whole_pending_range_offline(repo: Path) -> None:
    """Runs used to read fifty commits each: 150 commits took four runs."""
    git(repo, "checkout", "-q", "-b", "feature")
    shas = [commit_file(repo, f"src/api/m{n % 7}.py", f"X = {n}\n",
                        f"feat(api): add handler {n} for the mobile clients") for n in range(120)]
    done = gitmemory(repo, "memorize", "--provider", "offline")
    assert "still pending" not in done.stdout, done.stdout
    assert _memory(repo, "feature").through == shas[-1]


def test_the_same_since_again_continues_where_the_last_run_stopped(repo: Path) -> None:
    """``--since`` says where to begin: passing it again used to start over at the same
    commit."""
    git(repo, "checkout", "-q", "-b", "feature")
    git(repo, "config", "gitmemory.maxCommitsPerMemorize", "5")
    shas = _explained(repo, 12)
    first = memorize(Repo.open(), "feature", OfflineProvider(), COMMIT, since=shas[0])
    assert (first.commits, first.remaining) == (5, 6)
    assert [c.sha for c in plan(Repo.open(), "feature", since=shas[0]).commits] == shas[6:11]
    second = memorize(Repo.open(), "feature", OfflineProvider(), COMMIT, since=shas[0])
    assert (second.commits, second.remaining) == (5, 1)
    assert _memory(repo, "feature").through == shas[10]
    # a later --since than where memory stops is where the run begins
    assert [c.sha for c in plan(Repo.open(), "feature", since=shas[10]).commits] == shas[11:]


def test_a_model_reads_the_whole_range_in_as_many_calls_as_it_takes(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    git(repo, "config", "gitmemory.maxContextChars", "3000")
    _explained(repo, 24)
    model = FakeLLM().enqueue(*[NOTHING] * 40)
    said: list[str] = []
    result = memorize(Repo.open(), "feature", model, COMMIT, progress=said.append)
    assert (result.commits, result.remaining) == (24, 0), result.line()
    calls = len(model.history)
    assert calls >= 3
    assert said[-1].startswith(f"read 24 of 24 commit(s) in {calls} call(s), ~")
    assert said[-1].endswith(" tokens")


def test_a_budget_stops_the_run_cleanly_and_the_next_run_goes_on(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    git(repo, "config", "gitmemory.maxContextChars", "3000")
    git(repo, "config", "gitmemory.memorizeBudget", "3000")
    shas = _explained(repo, 24)
    model = FakeLLM().enqueue(*[NOTHING] * 40)
    first = memorize(Repo.open(), "feature", model, COMMIT)
    assert first.status != "error", first.line()
    assert 0 < first.commits < 24 and first.remaining == 24 - first.commits
    assert any("memorize_budget" in note for note in first.notes), first.notes
    calls = len(model.history)
    second = memorize(Repo.open(), "feature", model, COMMIT)
    assert second.commits > 0 and len(model.history) > calls
    read = plan(Repo.open(), "feature").commits
    assert not read or read[0].sha == shas[first.commits + second.commits]


@pytest.mark.slow
def test_memorize_says_what_a_long_run_will_cost_before_it_sends(repo: Path,
                                                                  fake_anthropic: FakeAnthropic
                                                                  ) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    git(repo, "config", "gitmemory.maxContextChars", "3000")
    _explained(repo, 24)
    for _ in range(40):
        fake_anthropic.text(NOTHING)
    done = gitmemory(repo, "memorize")
    estimate = next(line for line in done.stderr.splitlines() if "would send" in line)
    assert "24 commit(s)" in estimate and "call(s)" in estimate and "tokens" in estimate
    assert "memorize_budget" in estimate
    assert "read 24 of 24 commit(s)" in done.stderr
    assert "still pending" not in done.stdout


def test_a_declined_estimate_sends_nothing(repo: Path) -> None:
    from gitmemory.commands.memorize import approver

    git(repo, "checkout", "-q", "-b", "feature")
    git(repo, "config", "gitmemory.maxContextChars", "3000")
    _explained(repo, 24)
    model = FakeLLM()
    asked: list[str] = []
    result = memorize(Repo.open(), "feature", model, COMMIT,
                      approve=approver(yes=False, ask=lambda q: asked.append(q) or False))
    assert asked and "Send them?" in asked[0]
    assert model.history == [] and result.commits == 0
    assert "not sent" in result.message


def test_init_learns_from_the_default_branchs_recent_history_offline(repo: Path) -> None:
    git(repo, "config", "gitmemory.provider", "offline")
    git(repo, "config", "gitmemory.historyWindow", "20")
    old = commit_file(repo, "src/legacy.py", "X = 1\n",
                      "fix(legacy): keep the legacy parser\n\nThe cause was `LegacyParser` "
                      "reading tabs as spaces.")
    shas = _explained(repo, 25)
    done = gitmemory(repo, "init", "--hooks", "none").stdout
    assert "still pending" not in done
    memory = _memory(repo, "main")
    assert memory.through == shas[-1]
    texts = " ".join(i.text for items in memory.sections.values() for i in items)
    refs = {r for items in memory.sections.values() for i in items for r in i.refs}
    assert "RequestCache" in texts
    assert "LegacyParser" not in texts and old[:7] not in refs  # older than the window
    assert not any(s[:7] in refs for s in shas[:5])


def test_init_with_a_model_says_what_the_history_would_cost(repo: Path,
                                                            fake_anthropic: FakeAnthropic
                                                            ) -> None:
    _explained(repo, 12)
    done = gitmemory(repo, "init", "--hooks", "none").stdout
    assert fake_anthropic.requests == []
    line = next(line for line in done.splitlines() if "history:" in line)
    assert "13 commit(s)" in line and "call(s)" in line and "tokens" in line
    assert "gitmemory memorize" in line
    data = json.loads(gitmemory(repo, "status", "--json", check=False).stdout)
    assert data["pending_commits"] == 13  # the initial commit too
