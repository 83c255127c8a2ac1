"""Commit triage (pipeline/triage.py): bot, release and repeated commits are never sent,
and still count as read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.config import DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS
from gitmemory.memory import markdown
from gitmemory.memory.candidates import Extraction
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import DRY_RUN, WORK_TREE
from gitmemory.providers.anthropic_provider import AnthropicProvider
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sources.commits import extraction, triage
from testing.fake_anthropic import FakeAnthropic, fake_anthropic
from testing.gitrepo import commit_file, git

__all__ = ["fake_anthropic"]  # the fixture, imported for pytest

NOTHING = '{"no_content_to_extract": true}'
BOT = {"GIT_AUTHOR_NAME": "dependabot[bot]",
       "GIT_AUTHOR_EMAIL": "49699333+dependabot[bot]@users.noreply.github.com"}
FEATURE = ("feat(cache): keep parsed templates in an LRU cache\n\n"
           "Parsing dominated request time, so parsed templates are cached; the cache "
           "holds 512 entries because larger ones did not raise the hit rate.\n")


def _bot_commit(repo: Path, body: str = "") -> str:
    (repo / ".github").mkdir(exist_ok=True)
    (repo / ".github" / "ci.yml").write_text("uses: actions/cache@v4 # BOTMARKER\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Bump actions/cache from 3 to 4\n\nBumps [actions/cache] "
        "from 3 to 4. BOTMARKER release notes" + body,
        env={**os.environ, **BOT})
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _release_commit(repo: Path, version: str, trailer: str = "") -> str:
    (repo / "CHANGES.rst").write_text(f"Version {version}\n-------------\n\n"
                                      "Released 2026-05-01\n\n-   Templates are cached.\n")
    (repo / "pyproject.toml").write_text(f'[project]\nname = "app"\nversion = "{version}"\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"release version {version}" + trailer)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


@pytest.fixture
def branch(repo: Path) -> Path:
    """A branch whose first commit starts the CHANGES.rst and pyproject.toml a release edits."""
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / "CHANGES.rst").write_text("Version 1.2.0\n-------------\n\nUnreleased\n\n"
                                      "-   Templates are cached.\n")
    (repo / "pyproject.toml").write_text('[project]\nname = "app"\nversion = "1.2.0.dev"\n')
    commit_file(repo, "app/templates.py", "CACHE = LRU(512)\n", FEATURE)
    return repo


def _through(repo: Path) -> str | None:
    text = (repo / ".gitmemory" / "branches" / "feature.md").read_text()
    memory = markdown.parse(text)
    return memory.through if memory else None


@pytest.mark.slow
def test_bot_and_release_commits_never_reach_the_api_and_count_as_read(
        branch: Path, fake_anthropic: FakeAnthropic) -> None:
    bot = _bot_commit(branch)
    release = _release_commit(branch, "1.2.0")
    fake_anthropic.text(json.dumps({"extractions": [{
        "section": "architectural-decisions", "confidence": 0.9, "refs": [],
        "content": "Parsed templates are cached in an LRU of 512 entries"}]}))
    result = memorize(Repo.open(), "feature", AnthropicProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    (sent,) = fake_anthropic.requests  # one extraction; nothing to evolve
    assert "LRU cache" in sent.text
    assert "BOTMARKER" not in sent.text and "dependabot" not in sent.text
    assert "release version" not in sent.text and "Released 2026" not in sent.text
    assert bot[:7] not in sent.text and release[:7] not in sent.text
    assert _through(branch) == release  # the skipped commits are read: Through is past them
    again = memorize(Repo.open(), "feature", AnthropicProvider(), WORK_TREE)
    assert (again.status, again.message) == ("skipped", "no new commits")
    assert len(fake_anthropic.requests) == 1


def test_a_run_of_only_bot_and_release_commits_sends_nothing_and_marks_them_read(
        branch: Path, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(NOTHING)
    memorize(Repo.open(), "feature", AnthropicProvider(), WORK_TREE)
    assert len(fake_anthropic.requests) == 1
    _bot_commit(branch)
    _release_commit(branch, "1.2.0")
    result = memorize(Repo.open(), "feature", AnthropicProvider(), WORK_TREE)
    assert result.status == "skipped"
    assert result.message == "none of 2 commit(s) worth sending (1 by bots, 1 bookkeeping)"
    assert len(fake_anthropic.requests) == 1  # nothing more reached the API
    again = memorize(Repo.open(), "feature", AnthropicProvider(), WORK_TREE)
    assert (again.status, again.message) == ("skipped", "no new commits")


def test_offline_extractor_is_not_shown_skipped_commits(
        branch: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _bot_commit(branch)
    seen: list[list[str]] = []
    rules = extraction.extract_commits

    def recording(commits: list[Commit]) -> list[Extraction]:
        seen.append([c.subject for c in commits])
        return rules(commits)

    monkeypatch.setattr(extraction, "extract_commits", recording)
    memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    assert seen == [[FEATURE.split("\n", maxsplit=1)[0]]]


def test_a_release_commit_keeps_its_memory_trailer_a_bot_does_not(branch: Path) -> None:
    memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    _bot_commit(branch, "\n\nMemory-Convention: Always pin actions to a tag")
    _release_commit(branch, "1.2.0", "\n\nMemory-Fact: Releases are cut from main by hand")
    result = memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    text = (branch / ".gitmemory" / "branches" / "feature.md").read_text()
    assert "Releases are cut from main by hand" in text
    assert "pin actions" not in text


def test_dry_run_lists_each_skipped_commit_with_its_reason(branch: Path) -> None:
    bot = _bot_commit(branch)
    release = _release_commit(branch, "1.2.0")
    done = subprocess.run([sys.executable, "-m", "gitmemory", "memorize", "--dry-run",
                           "--provider", "offline"], cwd=branch, capture_output=True,
                          text=True, check=True)
    lines = done.stdout.splitlines()
    assert f"skipped {bot[:7]} 'Bump actions/cache from 3 to 4': by a bot (dependabot[bot])" \
        in lines
    assert any(line.startswith(f"skipped {release[:7]} 'release version 1.2.0': release "
                               "bookkeeping") for line in lines)
    assert "1 commit(s) to send, 2 skipped" in done.stdout
    assert "BOTMARKER" not in done.stdout.split("nothing leaves this machine")[-1]
    assert not (branch / ".git" / "gitmemory" / "examined").exists()  # dry run: no mark


def test_merges_are_listed_in_a_dry_run(branch: Path) -> None:
    git(branch, "checkout", "-q", "-b", "side")
    commit_file(branch, "side.py", "SIDE = 1\n", "feat: the side module holds the side rules")
    git(branch, "checkout", "-q", "feature")
    git(branch, "merge", "-q", "--no-ff", "--no-edit", "side")
    result = memorize(Repo.open(), "feature", OfflineProvider(), DRY_RUN)
    assert "merge commit without changes of its own" in result.preview


# unit: the rules ---------------------------------------------------------------------------

def _commit(subject: str = "feat: x", *, author: str = "Ada", committer: str = "Ada",
            files: tuple[FileChange, ...] = (FileChange("app.py", 1, 1),),
            diff: str = "", sha: str = "a" * 40) -> Commit:
    return Commit(sha=sha, author=author, date="2026-01-01T00:00:00Z", subject=subject,
                  files=files, diff=diff, committer=committer)


def _patch(path: str, minus: list[str], plus: list[str], start: int = 10) -> str:
    body = "".join(f"-{line}\n" for line in minus) + "".join(f"+{line}\n" for line in plus)
    return (f"diff --git a/{path} b/{path}\nindex 1..2 100644\n--- a/{path}\n+++ b/{path}\n"
            f"@@ -{start},{len(minus)} +{start},{len(plus)} @@\n{body}")


def _reason(commit: Commit) -> tuple[str, str] | None:
    return triage.skip_reason(commit, DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS)


@pytest.mark.parametrize(("author", "committer"), [
    ("dependabot[bot]", "GitHub"), ("pre-commit-ci[bot]", "pre-commit-ci[bot]"),
    ("pytest bot", "github-actions[bot]"), ("github-actions", "github-actions"),
    ("Renovate Bot", "Renovate Bot"), ("semantic-release", "semantic-release"),
])
def test_automation_accounts_are_bots(author: str, committer: str) -> None:
    found = _reason(_commit(author=author, committer=committer))
    assert found is not None and found[0] == triage.BOT


@pytest.mark.parametrize("name", ["Marc Hernandez Cabot", "robotherapist", "Abbot", "GitHub"])
def test_people_with_bot_in_their_name_are_not_bots(name: str) -> None:
    assert _reason(_commit(author=name, committer=name,
                           diff=_patch("app.py", ["a = 1"], ["a = 2"]))) is None


def test_skip_authors_brackets_are_literal() -> None:
    assert triage.automation(_commit(author="Tobo"), ["*[bot]"]) == ""
    assert triage.automation(_commit(author="x[bot]"), ["*[bot]"]) == "by a bot (x[bot])"


def test_version_and_changelog_header_only_is_release_bookkeeping() -> None:
    diff = (_patch("CHANGES.rst", ["Unreleased"], ["Released 2022-04-28"], 1)
            + _patch("src/click/__init__.py", ['__version__ = "8.1.0.dev"'],
                     ['__version__ = "8.1.0"']))
    files = (FileChange("CHANGES.rst", 1, 1), FileChange("src/click/__init__.py", 1, 1),
             FileChange("uv.lock", 3, 3))
    found = _reason(_commit("release version 8.1.0", files=files, diff=diff))
    assert found == (triage.BOOKKEEPING, "release bookkeeping: changelog headers, lock files, "
                                         "version strings only")


def test_a_release_subject_with_generated_notes_and_no_code_is_release_bookkeeping() -> None:
    diff = (_patch("CHANGELOG.md", [], ["## v10.6.1", "* **config**: Eliminate warnings"], 1)
            + _patch("pyproject.toml", ['version = "10.6.0"'], ['version = "10.6.1"']))
    files = (FileChange("CHANGELOG.md", 2, 0), FileChange("pyproject.toml", 1, 1))
    found = _reason(_commit("chore: release v10.6.1", files=files, diff=diff))
    assert found is not None and found[1].startswith("release bookkeeping, no source")
    # the same files under a subject that is no release: the changelog entry is work
    assert _reason(_commit("docs: explain the config warning", files=files, diff=diff)) is None


def test_a_release_commit_that_changes_code_is_sent() -> None:
    diff = (_patch("pyproject.toml", ['version = "1.0"'], ['version = "1.1"'])
            + _patch("app.py", ["return a"], ["return b"]))
    files = (FileChange("pyproject.toml", 1, 1), FileChange("app.py", 1, 1))
    assert _reason(_commit("release version 1.1", files=files, diff=diff)) is None


def test_a_changed_python_requirement_or_a_tuned_value_is_work() -> None:
    python = _patch("pyproject.toml", ['requires-python = ">=3.8"'],
                    ['requires-python = ">=3.9"'])
    tuned = _patch("app.py", ["RATIO = 0.75"], ["RATIO = 0.8"])
    for path, diff in (("pyproject.toml", python), ("app.py", tuned)):
        assert _reason(_commit(files=(FileChange(path, 1, 1),), diff=diff)) is None


def test_pinned_requirements_and_pin_bumps_are_bookkeeping() -> None:
    diff = (_patch("requirements/dev.txt", ["click==8.0.4", "    # via pip-tools"],
                   ["click==8.1.0", "    # via pip-tools"])
            + _patch(".pre-commit-config.yaml", ["    rev: v0.1.0"], ["    rev: v0.2.0"]))
    files = (FileChange("requirements/dev.txt", 2, 2), FileChange(".pre-commit-config.yaml",
                                                                  1, 1))
    found = _reason(_commit("update requirements", files=files, diff=diff))
    assert found == (triage.BOOKKEEPING, "bookkeeping: pinned requirements, version strings "
                                         "only")


def test_a_style_commit_is_skipped() -> None:
    found = _reason(_commit("style: apply black", diff=_patch("app.py", ["x=1"], ["x = 1"])))
    assert found == (triage.BOOKKEEPING, "formatting only")


def test_a_cherry_pick_in_the_same_batch_is_a_repeat() -> None:
    diff = _patch("app.py", ["a = 1"], ["a = 2"])
    first, again = _commit(diff=diff, sha="1" * 40), _commit(diff=diff, sha="2" * 40)
    sorting = triage.triage([first, again], DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS)
    assert [c.sha for c in sorting.sent] == [first.sha]
    assert sorting.skipped[0].reason == "the same change as 1111111"


def test_covered_counts_skipped_commits_up_to_the_next_unread() -> None:
    work = _patch("app.py", ["a = 1"], ["a = 2"])
    commits = [_commit(sha="1" * 40, diff=work),
               _commit(sha="2" * 40, author="dependabot[bot]"),
               _commit(sha="3" * 40, diff=_patch("b.py", ["b = 1"], ["b = 2"])),
               _commit(sha="4" * 40, author="dependabot[bot]")]
    sorting = triage.triage(commits, DEFAULT_SKIP_AUTHORS, [])
    assert [c.sha[0] for c in sorting.sent] == ["1", "3"]
    assert sorting.covered(1) == 2  # commit 1 and the bot commit after it; 3 waits
    assert sorting.covered(2) == 4
    assert sorting.summary() == "skipped 2 commit(s): 2 by bots"


def test_a_bookkeeping_change_with_a_stated_reason_is_sent() -> None:
    diff = _patch("pyproject.toml", ['"pydantic>=1.10"'], ['"pydantic>=2.5"'])
    files = (FileChange("pyproject.toml", 1, 1),)
    assert _reason(_commit("build: bump pydantic", files=files, diff=diff)) is not None
    explained = _commit("build: require pydantic 2.5 because 2.4 mis-validates unions",
                        files=files, diff=diff)
    assert _reason(explained) is None


def test_a_dependency_update_that_fixes_an_advisory_is_sent() -> None:
    """resty: "CVE-2021-43565 CVE-2022-27191 fix" changed go.mod and go.sum only and was
    skipped as bookkeeping, so the advisory it closed never reached any provider."""
    diff = _patch("go.mod", ["\tgolang.org/x/net v0.8.0"], ["\tgolang.org/x/net v0.10.0"])
    files = (FileChange("go.mod", 1, 1), FileChange("go.sum", 2, 2))
    assert _reason(_commit("update golang.org/x/net", files=files, diff=diff)) is not None
    for subject in ("CVE-2021-43565 CVE-2022-27191 fix (#662)",
                    "update golang.org/x/net package for vuln CVE-2023-45288 (#804)"):
        assert _reason(_commit(subject, files=files, diff=diff)) is None, subject


def test_the_same_lines_in_another_file_are_no_repeat() -> None:
    first = _commit(diff=_patch("a.py", [], ["x = 1"]), sha="1" * 40)
    other = _commit(diff=_patch("b.py", [], ["x = 1"]), sha="2" * 40)
    sorting = triage.triage([first, other], DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS)
    assert len(sorting.sent) == 2


def test_a_version_bump_explained_in_its_body_is_sent() -> None:
    diff = _patch(".pre-commit-hooks.yaml", ['  minimum_pre_commit_version: "0.15.4"'],
                  ['  minimum_pre_commit_version: "1.4.3"'])
    files = (FileChange(".pre-commit-hooks.yaml", 1, 1),)
    bare = _commit("fix(pre-commit): Set min pre-commit to v1.4.3", files=files, diff=diff)
    assert _reason(bare) is not None
    explained = Commit(**{**bare.__dict__, "body": (
        "pre-commit 1.4.3, released 2018-01-02, is the minimum pre-commit version at which "
        "language_version: python3 is translated to the correct py launcher call on Windows.")})
    assert _reason(explained) is None
    release = Commit(**{**explained.__dict__, "subject": "release version 1.4.3"})
    assert _reason(release) is not None  # a release's notes restate other commits


def test_a_dry_run_of_skipped_commits_marks_nothing(branch: Path) -> None:
    memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    examined = branch / ".git" / "gitmemory" / "examined"
    before = examined.read_text() if examined.exists() else ""
    bot = _bot_commit(branch)
    result = memorize(Repo.open(), "feature", OfflineProvider(), DRY_RUN)
    assert f"skipped {bot[:7]}" in result.preview
    assert (examined.read_text() if examined.exists() else "") == before
    real = memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    assert real.message == "none of 1 commit(s) worth sending (1 by bots)"
    assert memorize(Repo.open(), "feature", OfflineProvider(),
                    WORK_TREE).message == "no new commits"


def test_a_bots_commit_only_bots_coauthored_stays_a_bots() -> None:
    """A co-author who is a person makes a bot's commit a person's too (uuid's release
    pull request, whose notes its maintainer wrote); one who is a bot does not."""
    bot = "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>"
    only_bots = replace(_commit(author="github-actions[bot]"),
                        trailers=(("Co-authored-by", bot),
                                  ("Co-authored-by", "dependabot[bot] <support@github.com>")))
    person = replace(only_bots, trailers=(*only_bots.trailers,
                                          ("Co-authored-by", "Robin Kay <robin@example.org>")))
    assert triage.automation(only_bots, DEFAULT_SKIP_AUTHORS).startswith("by a bot")
    assert triage.automation(person, DEFAULT_SKIP_AUTHORS) == ""
