from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmemory.commits import Commit, FileChange
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.markdown import Item, Memory
from gitmemory.memory.similar import dedupe_key
from gitmemory.pipeline.evolve import EvolveRequest
from gitmemory.providers.offline import OfflineProvider
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.providers.offline.phrasing import LIMIT
from gitmemory.reading.memory_trailers import trailer_extractions
from gitmemory.sources.commits.extraction import ExtractRequest
from testing.fake_provider import evolve
from testing.fake_provider import extract as ask
from testing.offline_history import edit_diff, load_commits, make_commit

A = FileChange


def history() -> list[Commit]:
    """A feature branch as people really write it: explanations, noise and all."""
    return [
        make_commit("feat(auth): add JWT login",
                    "Tokens are signed with RS256 instead of HS256 so that other services\n"
                    "can verify them without holding the secret.\n\nCloses #41",
                    files=[A("src/app/tokens.py", 40, 0, status="A"),
                           A("tests/test_tokens.py", 30, 0, status="A")]),
        make_commit("fix(auth): token expiry compared in local time",
                    "Expiry was compared with datetime.now(), which caused early logouts for\n"
                    "users east of UTC because the helper dropped the tzinfo.\n\n"
                    "Always compare timestamps in UTC.\n\n"
                    "Co-authored-by: Bob Builder <bob@example.com>",
                    files=[A("src/app/tokens.py", 3, 2), A("tests/test_tokens.py", 12, 0)],
                    trailers=(("Signed-off-by", "Ada Tester <ada@example.com>"),)),
        make_commit("refactor(sessions)!: switch session storage from memcached to Redis",
                    "Memcached lost every session on restart.\n\n"
                    "BREAKING CHANGE: sessions created before this release are invalidated",
                    files=[A("src/app/sessions.py", 50, 40), A("tests/test_sessions.py", 20, 5)]),
        make_commit("WIP", files=[A("src/app/sessions.py", 1, 1)]),
        make_commit("Merge branch 'main' into feature/auth"),
        make_commit("fixup! feat(auth): add JWT login", files=[A("src/app/tokens.py", 1, 1)]),
        make_commit("Fix typo in README", files=[A("README.md", 1, 1)]),
        make_commit("Update README.md", files=[A("README.md", 10, 2)]),
        make_commit("bump: version 1.1.0 \u2192 1.2.0", files=[A("pyproject.toml", 1, 1)]),
        make_commit("build(deps): bump requests from 2.31.0 to 2.32.0",
                    "Bumps [requests](https://github.com/psf/requests) from 2.31.0 to 2.32.0.\n"
                    "- [Release notes](https://github.com/psf/requests/releases)\n",
                    author="dependabot[bot]"),
        make_commit("ABC-123: Migrate config loading to pydantic-settings",
                    "We migrated to pydantic-settings in order to validate environment\n"
                    "variables at startup instead of on first use.",
                    files=[A("src/app/config.py", 30, 25), A("pyproject.toml", 1, 0),
                           A("tests/test_config.py", 15, 3)],
                    diff=edit_diff("pyproject.toml", "dependencies = [",
                                   ['     "httpx>=0.27",', '+    "pydantic-settings>=2.0",',
                                    ' ]'])),
        make_commit("\U0001f41b Fix crash when the cache dir already exists",
                    "The root cause was os.makedirs called without exist_ok, raising\n"
                    "FileExistsError when two workers started at once.",
                    files=[A("src/app/cache.py", 1, 1)]),
        make_commit("ci: run the test suite on GitHub Actions",
                    files=[A(".github/workflows/ci.yml", 30, 0, status="A")]),
        make_commit("feat(sessions): store sessions in a table",
                    files=[A("app/migrations/0002_add_sessions.py", 20, 0, status="A"),
                           A("src/app/sessions.py", 5, 1)]),
        make_commit("docs(contributing): note that every migration must be reversible",
                    "Rollbacks in production run `alembic downgrade`, so a migration without\n"
                    "a downgrade blocks the release.",
                    files=[A("CONTRIBUTING.md", 3, 0)]),
        make_commit('Revert "feat(auth): remember-me cookie"',
                    "This reverts commit 0123456789abcdef0123456789abcdef01234567.\n\n"
                    "It broke the login page because the cookie path was wrong.",
                    files=[A("src/app/cookies.py", 0, 20)]),
        make_commit("fix: handle empty input", files=[A("src/app/parse.py", 2, 0)]),
        make_commit("feat: sessions expire", trailers=(
            ("Memory-Fact", "Sessions expire after 24 hours of inactivity"),)),
    ]


def extract(commits: list[Commit]) -> list[Extraction]:
    return extract_commits(commits)


def confident(found: list[Extraction], section: str) -> list[str]:
    return [e.content for e in found if e.section == section and e.confidence >= 0.75]


def one_with(items: list[str], *words: str) -> str:
    hits = [i for i in items if all(w.lower() in i.lower() for w in words)]
    assert hits, f"no item with {words!r} in {items!r}"
    return hits[0]


def test_provider_is_offline_with_no_arguments() -> None:
    provider = OfflineProvider()
    assert provider.name == "offline"


def test_a_fix_that_explains_its_cause_becomes_a_bug_pattern() -> None:
    bugs = confident(extract(history()), "bug-patterns")
    expiry = one_with(bugs, "expiry", "datetime.now()")  # the author's sentence names it
    assert "early logouts" in expiry or "tzinfo" in expiry
    assert one_with(bugs, "cache dir", "exist_ok")
    assert one_with(bugs, "Reverted", "cookie path was wrong")


def test_a_fix_without_a_cause_is_left_out() -> None:
    """"Fixed: handle empty input" would only restate the subject."""
    assert not [e for e in extract(history()) if "empty input" in e.content]


def test_decisions_keep_their_reason() -> None:
    decisions = confident(extract(history()), "architectural-decisions")
    jwt = one_with(decisions, "RS256", "instead of HS256")
    assert "verify them without" in jwt
    assert one_with(decisions, "pydantic-settings", "validate environment")


def test_breaking_changes_become_decisions() -> None:
    decisions = confident(extract(history()), "architectural-decisions")
    assert one_with(decisions, "breaking change", "sessions created before this release")


def test_stated_rules_become_conventions() -> None:
    conventions = confident(extract(history()), "conventions")
    assert one_with(conventions, "Always compare timestamps in UTC")
    assert one_with(conventions, "every migration must be reversible", "alembic downgrade")


def test_paths_become_facts_and_dependency_churn_does_not() -> None:
    facts = confident(extract(history()), "facts")
    assert one_with(facts, "migrations live in app/migrations/")
    assert one_with(facts, "adds migrations", "0002_add_sessions.py")
    assert not any("GitHub Actions" in f or "dependencies" in f for f in facts)


def test_test_layout_becomes_a_convention() -> None:
    conventions = confident(extract(history()), "conventions")
    assert one_with(conventions, "Tests mirror modules", "tests/test_")


def test_noise_gives_nothing() -> None:
    found = extract(history())
    text = "\n".join(e.content for e in found).lower()
    for noise in ("wip", "typo", "readme", "merge branch", "fixup", "1.2.0", "requests",
                  "co-authored", "signed-off", "closes #41", "bob builder", "abc-123",
                  "this reverts commit"):
        assert noise not in text, noise


def test_memory_trailers_are_left_to_the_pipeline() -> None:
    commits = history()
    found = extract(commits)
    assert not any("24 hours of inactivity" in e.content for e in found)
    assert trailer_extractions(commits)[0].content == "Sessions expire after 24 hours of inactivity"


def test_every_item_is_one_short_line_with_refs_to_its_commits() -> None:
    commits = history()
    shorts = {c.short for c in commits}
    for e in extract(commits):
        assert "\n" not in e.content
        assert len(e.content) <= LIMIT, e.content
        assert e.refs, e.content
        assert set(e.refs) <= shorts
        assert 0.0 <= e.confidence <= 1.0


def test_refs_point_at_the_commit_the_knowledge_came_from() -> None:
    commits = history()
    found = extract(commits)
    cache = next(e for e in found if "exist_ok" in e.content)
    assert cache.refs == (commits[11].short,)


def test_items_are_not_duplicated() -> None:
    found = extract(history())
    keys = [(e.section, dedupe_key(e.content)) for e in found]
    assert len(keys) == len(set(keys))


def test_the_same_knowledge_twice_is_one_item_with_both_refs() -> None:
    body = "Always run migrations inside a transaction."
    runner = [A("app/db/migrate.py", 3, 1)]
    commits = [make_commit("chore(db): tune the migration runner", body, files=runner),
               make_commit("chore(db): retry migrations", body, files=runner)]
    rules = [e for e in extract(commits)
             if e.section == "conventions" and "transaction" in e.content]
    assert len(rules) == 1
    assert rules[0].refs == (commits[0].short, commits[1].short)


def test_extraction_is_deterministic() -> None:
    assert extract(history()) == extract(history())


def test_no_commits_no_items() -> None:
    assert extract([]) == []


def test_evolve_is_the_deterministic_merge() -> None:
    existing = Memory("feature/auth", {"facts": [Item("Uses Redis", ("aaaaaaa",))]})
    evolution = evolve(OfflineProvider(), EvolveRequest(
        "feature/auth", existing, [Extraction("facts", "uses redis", 0.9, ("bbbbbbb",)),
                                   Extraction("facts", "CI runs on GitHub Actions", 0.9,
                                              ("ccccccc",))], max_items_per_section=30))
    assert evolution.sections["facts"] == [Item("Uses Redis", ("aaaaaaa", "bbbbbbb")),
                                           Item("CI runs on GitHub Actions", ("ccccccc",))]


def test_grouped_memory_reads_as_knowledge() -> None:
    confident = [e for e in extract(history()) if e.confidence >= 0.75]
    sections = deterministic_merge(Memory("x"), confident, 30).sections
    assert all(sections[s] for s in ("facts", "architectural-decisions", "conventions",
                                     "bug-patterns"))
    lines = [i.text for items in sections.values() for i in items]
    subjects = {c.subject for c in history()}
    assert not any(line in subjects for line in lines)  # not a list of commit subjects


# --- the same rules on commits read from a real repository --------------------------------


@pytest.fixture
def real_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".gitconfig").write_text("[user]\n\tname = Ada Tester\n\temail = ada@example.com\n"
                                     "[commit]\n\tgpgsign = false\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for key in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(key, raising=False)
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    return repo


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def _commit(repo: Path, message: str, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        _git(repo, "add", name)
    (repo.parent / "msg").write_text(message)
    _git(repo, "commit", "-q", "-F", str(repo.parent / "msg"))


def test_real_git_history_gives_the_same_knowledge(real_repo: Path) -> None:
    _commit(real_repo, "Initial commit", {"README.md": "hello\n"})
    _commit(real_repo, "build: package with hatchling\n\nMemory-Convention: Run tests with "
            "pytest -q\n", {"pyproject.toml": '[project]\nname = "app"\ndependencies = [\n'
                            '    "click>=8",\n]\n'})
    _commit(real_repo, "fix(db): close connections on shutdown\n\n"
            "Connections leaked because the pool was never closed when the worker\n"
            "received SIGTERM.\n\nSigned-off-by: Ada Tester <ada@example.com>\n",
            {"app/db.py": "def close():\n    pass\n"})
    _commit(real_repo, "Use httpx for outgoing HTTP calls\n\nWe switched from requests to httpx so "
            "that HTTP calls can share one async client.\n",
            {"pyproject.toml": '[project]\nname = "app"\ndependencies = [\n    "click>=8",\n'
                               '    "httpx>=0.27",\n]\n'})
    _commit(real_repo, "ci: add GitHub Actions workflow",
            {".github/workflows/ci.yml": "on: push\n"})
    commits = load_commits(real_repo, "HEAD")
    assert commits[0].subject == "Initial commit"
    assert commits[2].trailers == (("Signed-off-by", "Ada Tester <ada@example.com>"),)
    assert "Signed-off-by" not in commits[2].body
    found = extract(commits)
    by_section = {s: confident(found, s) for s in ("facts", "architectural-decisions",
                                                   "conventions", "bug-patterns")}
    assert one_with(by_section["bug-patterns"], "db", "never closed")
    assert one_with(by_section["architectural-decisions"], "requests to httpx",
                    "share one async client")
    assert not by_section["facts"]  # the workflow and the manifest are the bootstrap's
    assert not any("pytest -q" in e.content for e in found)
    assert [e.content for e in trailer_extractions(commits)] == ["Run tests with pytest -q"]
    bug = next(e for e in found if "never closed" in e.content)
    assert bug.refs == (commits[2].short,)


# --- anything people type --------------------------------------------------------------------

_WORDS = st.sampled_from([
    "fix", "feat(api):", "because", "root cause", "instead of", "switch to", "always", "never",
    "must", "BREAKING CHANGE:", "Memory-Fact:", "* fix(x): y", "- item", "```", "    code",
    "Closes #1", "https://x.y/z", "\U0001f41b", ":bug:", "ABC-1:", "(#12)", "\n", "\n\n",
    "This commit", "We", "so that", "workaround", "`code`", "\u2014", "--", "Revert \"",
    "Merge pull request", "\r\n", "\t", "e.g.", "v1.2.3", "caused by", "was not", "."])
_TEXT = st.lists(st.one_of(_WORDS, st.text(max_size=12)), max_size=40).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(subject=_TEXT, body=_TEXT)
def test_any_message_gives_clean_one_line_items(subject: str, body: str) -> None:
    commit = make_commit(subject.replace("\n", " ")[:200], body,
                         files=[A("src/app/x.py", 1, 1)])
    for e in extract([commit]):
        assert e.content.strip()
        assert "\n" not in e.content
        assert "\r" not in e.content
        assert len(e.content) <= LIMIT
        assert e.refs == (commit.short,)


def test_long_messages_are_left_out_never_cut() -> None:
    scope = "very/long/scope/name/for/a/module"
    long = " ".join(["the parser silently dropped the trailing field"] * 12)
    commits = [make_commit(f"fix({scope}): {long}", f"It failed because {long}."),
               make_commit(f"refactor({scope}): switch to {long}", f"So that {long}."),
               make_commit(f"feat({scope}): {long}"),
               make_commit(f"fix({scope}): handle {long}")]
    for e in extract(commits):
        assert len(e.content) <= LIMIT, e.content
        assert "..." not in e.content


def test_successive_runs_do_not_pile_up_the_same_knowledge() -> None:
    def run(n: int) -> list[Commit]:
        return [make_commit(f"feat(db): add table {n}-{k}",
                            files=[A(f"app/migrations/{n}{k:03}_t.py", 3, 0, status="A"),
                                   A(f"src/app/t{n}{k}.py", 3, 0, status="A"),
                                   A(f"tests/test_t{n}{k}.py", 1, 0, status="A")])
                for k in range(4)]

    provider = OfflineProvider()
    memory = Memory("feature/api")
    for n in range(3):
        found = [e for e in ask(provider, ExtractRequest("feature/api", run(n), ""))
                 if e.confidence >= 0.75]
        evolution = evolve(provider, EvolveRequest("feature/api", memory, found))
        memory = Memory("feature/api", evolution.sections)
    texts = [i.text for items in memory.sections.values() for i in items]
    assert sum("This branch adds migrations" in t for t in texts) == 1
    assert sum(t.startswith("Tests mirror modules") for t in texts) == 1
