"""A lesson nobody stated is confirmed only by what the branch committed after the session
began, in the files it names, and not reverted since."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory.memory.candidates import Lesson
from gitmemory.sources.sessions.confirm import Afterwards, shows
from testing.gitrepo import git

BEFORE = "2026-11-01T10:00:00Z"
SESSION_START = "2026-11-10T09:00:00Z"


def commit(repo: Path, name: str, text: str, when: str) -> str:
    (repo / name).parent.mkdir(parents=True, exist_ok=True)
    (repo / name).write_text(text)
    git(repo, "add", "-A")
    env = dict(os.environ, GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    git(repo, "commit", "-q", "-m", f"change {name}", env=env)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def lesson(content: str, *paths: str) -> Lesson:
    return Lesson("bug-patterns", content, 0.9, "7f3c2a91", paths=paths)


@pytest.fixture
def history(repo: Path) -> Path:
    commit(repo, "shop/cache.py", "REDIS_URL = 'http://localhost:8080/redis'\n", BEFORE)
    return repo


def tip(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def test_the_change_the_lesson_describes_confirms_it(history: Path) -> None:
    commit(history, "shop/cache.py", "REDIS_URL = 'redis://cache.internal:6379/0'\n",
           "2026-11-10T12:00:00Z")
    after = Afterwards(str(history), tip(history))
    assert after.confirms(lesson("Redis is reached at cache.internal:6379, not the proxy",
                                 "shop/cache.py"), SESSION_START)
    assert not after.confirms(lesson("Redis is reached at cache.internal:6379",
                                     "shop/db.py"), SESSION_START)  # not the file it names
    assert not after.confirms(lesson("Sessions expire after MAX_SESSION_AGE",
                                     "shop/cache.py"), SESSION_START)  # not what changed
    assert not after.confirms(lesson("Redis is reached at cache.internal:6379"),
                              SESSION_START)  # names no file


def test_a_change_made_before_the_session_does_not_confirm_it(history: Path) -> None:
    after = Afterwards(str(history), tip(history))
    assert not after.confirms(lesson("The proxy at localhost:8080 fronts Redis",
                                     "shop/cache.py"), SESSION_START)


def test_a_change_made_then_reverted_confirms_nothing(history: Path) -> None:
    commit(history, "shop/cache.py", "REDIS_URL = 'redis://cache.internal:6379/0'\n",
           "2026-11-10T12:00:00Z")
    commit(history, "shop/cache.py", "REDIS_URL = 'http://localhost:8080/redis'\n",
           "2026-11-10T13:00:00Z")
    after = Afterwards(str(history), tip(history))
    assert not after.confirms(lesson("Redis is reached at cache.internal:6379",
                                     "shop/cache.py"), SESSION_START)


def test_pathspec_magic_in_a_models_paths_is_taken_literally(history: Path) -> None:
    commit(history, "shop/cache.py", "TIMEOUT_MS = 250\n", "2026-11-10T12:00:00Z")
    after = Afterwards(str(history), tip(history))
    assert not after.confirms(lesson("TIMEOUT_MS is 250", ":(glob)**"), SESSION_START)
    assert not after.confirms(lesson("TIMEOUT_MS is 250", "shop/*.py"), SESSION_START)
    assert after.confirms(lesson("TIMEOUT_MS is 250", "shop/cache.py"), SESSION_START)


@pytest.mark.parametrize(("content", "added", "expected"), [
    ("Use make_key() for cache keys", "def make_key(tenant, pid):", True),
    ("Keys carry the tenant prefix", "prefix = tenant + ':'", True),  # two plain words
    ("Keys carry the tenant prefix", "tenant = 1", False),  # one is not enough
    ("The retry count is three", "RETRIES = 3", False),
    ("Use `RetryPolicy` for HTTP calls", "policy = RetryPolicy(3)", True),
    ("Never use the proxy", "", False),
])
def test_what_the_added_lines_must_show(content: str, added: str, expected: bool) -> None:
    assert shows(content, added) is expected
