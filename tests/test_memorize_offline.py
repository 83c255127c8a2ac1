"""``gitmemory memorize --provider offline`` run after run on one branch: the offline rules
fed by the real history reader, evolved into the file batch by batch."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gitmemory.memory import markdown
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import WORK_TREE
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from testing.gitrepo import commit_file, git, gitmemory

WORKFLOWS = ("ci", "lint", "docs")
BUGS = ("Empty ids reached the database because the validator skipped blank strings.",
        "Pagination repeated the last page because the cursor was compared as text.",
        "Deleted routes kept answering, caused by a cache that was never invalidated.")


def _batch(repo: Path, n: int) -> None:
    """Four commits: the `api` scope three times, one workflow file, one explained fix."""
    commit_file(repo, f".github/workflows/{WORKFLOWS[n]}.yml", f"on: push # {n}\n",
                f"ci: run the {WORKFLOWS[n]} workflow on push")
    for k in range(2):
        commit_file(repo, "src/api/routes.py", f"ROUTES = {n * 10 + k}\n",
                    f"feat(api): add endpoint {n}-{k}")
    commit_file(repo, "src/api/routes.py", f"ROUTES = {n * 10 + 9}\n",
                f"fix(api): bug number {n}\n\n{BUGS[n]}")


def _lines(repo: Path) -> list[str]:
    path = repo / ".gitmemory" / "branches" / "feature.md"
    memory = markdown.parse(path.read_text())
    assert memory is not None
    return [i.text for sid, items in memory.sections.items() if sid != "history"
            for i in items]  # the items: the record's lines are counted apart


def test_batch_after_batch_each_fact_stays_one_line(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    git(repo, "config", "gitmemory.maxCommitsPerMemorize", "4")
    for n in range(3):
        _batch(repo, n)
    counts = []
    for _ in range(3):
        before = _lines(repo) if (repo / ".gitmemory").exists() else []
        result = memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
        after = _lines(repo)
        assert result.status == "success", result.line()
        assert result.added == len(set(after) - set(before))
        counts.append((result.added, result.removed))
    lines = _lines(repo)
    assert not any("GitHub Actions" in line for line in lines)
    assert not any("lives in" in line for line in lines)  # the scope says it already
    assert sum("Conventional Commits" in line for line in lines) == 1
    assert sum("bug number" in line for line in lines) == 3, lines
    assert all(removed == 0 for _, removed in counts)


@pytest.mark.slow
def test_the_command_reads_a_long_backlog_in_one_run(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    for n in range(60):
        commit_file(repo, f"src/api/m{n % 7}.py", f"X = {n}\n",
                    f"feat(api): add handler {n} for the mobile clients")
    first = gitmemory(repo, "memorize", "--provider", "offline")
    assert "still pending" not in first.stdout
    assert "no new commits" in gitmemory(repo, "memorize", "--provider", "offline").stdout
    lines = _lines(repo)
    assert len(lines) == len(set(lines))
    assert sum("Conventional Commits" in line for line in lines) == 1


def _fast_import(repo: Path, branch: str, commits: int) -> str:
    """``commits`` explained commits on ``branch`` after HEAD, written by fast-import; its tip."""
    parent = git(repo, "rev-parse", "HEAD").stdout.strip()
    data = [f"reset refs/heads/{branch}\nfrom {parent}\n".encode()]
    for n in range(commits):
        message = (f"fix(queue): lock the queue in worker {n} instead of polling\n\n"
                   f"The root cause was a race in worker {n % 13}: two pollers took one "
                   "job. Always hold QueueLock while taking a job.\n").encode()
        content = "".join(f"def handler_{n}_{k}(request):\n    return process(request)\n"
                          for k in range(6)).encode()
        data += [f"commit refs/heads/{branch}\n".encode(),
                 f"committer Ada <ada@example.com> {1_700_000_000 + n} +0000\n".encode(),
                 f"data {len(message)}\n".encode(), message,
                 f"M 100644 inline src/area_{n % 40}/module_{n % 211}.py\n".encode(),
                 f"data {len(content)}\n".encode(), content, b"\n"]
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(data),
                   check=True)
    git(repo, "checkout", "-q", "-f", branch)
    return git(repo, "rev-parse", branch).stdout.strip()


@pytest.mark.slow
def test_one_memorize_reads_1000_commits_offline_and_makes_one_memory_commit(repo: Path
                                                                             ) -> None:
    """The offline extractor reads commits, not a model's prompt: the context budget
    (max_context_chars, at its default) does not cut its batch into runs."""
    tip = _fast_import(repo, "feature", 1000)
    done = gitmemory(repo, "memorize", "--provider", "offline")
    assert "still pending" not in done.stdout, done.stdout
    assert git(repo, "rev-list", "--count", f"{tip}..feature").stdout.strip() == "1"
    memory = markdown.parse((repo / ".gitmemory" / "branches" / "feature.md").read_text())
    assert memory is not None and memory.through == tip
    assert any("QueueLock" in line for line in _lines(repo))


def test_memorize_keeps_what_a_newer_version_wrote(repo: Path) -> None:
    """A file of a newer format, with a header field, a session ref and a suffix key this
    version does not know: a run adds its items and keeps all of them as they were."""
    git(repo, "checkout", "-q", "-b", "feature")
    path = repo / ".gitmemory" / "branches" / "feature.md"
    path.parent.mkdir(parents=True)
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    path.write_text(
        "# Branch Memory: feature\n\n> Auto-generated by gitmemory | Last updated: "
        f"2027-01-01T00:00:00Z | Through: {tip} | Format: 3 | Sessions: 1\n\n## Facts\n\n"
        "- Sessions live in Redis (refs: session:4f3a9b2c; paths: README.md; confidence: "
        "high)\n\n## Architectural Decisions\n\n_No entries yet._\n\n## Conventions\n\n"
        "_No entries yet._\n\n## Bug Patterns\n\n_No entries yet._\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Memory from a newer gitmemory")
    for n in range(3):
        _batch(repo, n)
    result = memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    text = path.read_text()
    assert "| Format: 3 | Sessions: 1\n" in text
    assert "- Sessions live in Redis (refs: session:4f3a9b2c; paths: README.md; " \
        "confidence: high)\n" in text
    assert len(_lines(repo)) > 1


def test_a_secret_in_a_patch_the_offline_route_reads_never_reaches_the_memory(
        repo: Path) -> None:
    """The offline route reads patches unredacted (nothing leaves the machine); what it
    keeps from a changelog entry that carries a token is redacted before it is stored."""
    from testing.fake_secrets import FAKE

    token = FAKE["ghp"]
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "CHANGELOG.md", "# Changelog\n\n## Unreleased\n\n- The deploy key is "
                f"replaced by {token}, because the old key leaked in a build log.\n",
                "docs: changelog for the key rotation")
    commit_file(repo, "src/api/routes.py", "ROUTES = 1\n",
                f"fix(api): rotate the key\n\nThe old key leaked because {token} was logged.")
    dry = gitmemory(repo, "memorize", "--provider", "offline", "--dry-run")
    assert token not in dry.stdout + dry.stderr
    gitmemory(repo, "memorize", "--provider", "offline")
    text = (repo / ".gitmemory" / "branches" / "feature.md").read_text()
    assert token not in text and "leaked" in text


def test_a_comment_mark_made_a_figure_is_no_edited_figure(repo: Path) -> None:
    """Flux.jl's "#" line replaced by a "1" line: the same text but for a figure only when
    both hold as many figures; the offline run read one line as the other and crashed."""
    commit_file(repo, "src/layers.jl", "sizes = [\n    #\n    3,\n]\n", "Add the sizes")
    commit_file(repo, "src/layers.jl", "sizes = [\n    1\n    3,\n]\n",
                "Start the sizes at one\n\nThe first layer was left without a size, so the "
                "model could not be built from the list.")
    result = memorize(Repo.open(), "main", OfflineProvider(), WORK_TREE)
    assert result.status == "success", result.line()
