"""The offline rules keep a lesson only when the person stated it outright; precision first."""

from __future__ import annotations

import pytest

from gitmemory.providers.offline.stated import explicit

SESSION = "7f3c2a91"


def digest(*said: str) -> tuple[str, list[str], list[str]]:
    """A session as the offline rules read it: its short id, the person's messages and the
    files it edited."""
    return SESSION, list(said), ["shop/cache.py", "shop/views.py"]


def lessons(*said: str) -> list[tuple[str, str]]:
    return [(lesson.section, lesson.content) for lesson in explicit([digest(*said)])]


@pytest.mark.parametrize(("said", "section", "content"), [
    ("Remember: cache keys must include the tenant id, or tenants see each other's carts.",
     "conventions", "Cache keys must include the tenant id, or tenants see each other's carts."),
    ("From now on, run database migrations with `make migrate`, never with alembic directly",
     "conventions", "Run database migrations with `make migrate`, never with alembic directly."),
    ("Note for later: the staging proxy drops pipelined Redis commands",
     "bug-patterns", "The staging proxy drops pipelined Redis commands."),
    ("remember that the invoices table is partitioned by month",
     "facts", "The invoices table is partitioned by month."),
    ("Going forward we chose Postgres over Mongo because reports need joins",
     "architectural-decisions", "We chose Postgres over Mongo because reports need joins."),
    ("Ok that works.\n- Remember: fixtures live in tests/fixtures, one file per model\nthanks",
     "facts", "Fixtures live in tests/fixtures, one file per model."),
])
def test_a_lesson_stated_outright_is_kept_as_written(said: str, section: str,
                                                    content: str) -> None:
    assert lessons(said) == [(section, content)]


@pytest.mark.parametrize("said", [
    "No, never call Redis through the HTTP proxy here, it drops pipelined commands.",
    "Add Redis caching to the product page handler",
    "Remember: do it?",
    "Remember: can you check whether the proxy drops commands?",
    "From now on, answer in German please and keep it short",
    "From now on, be more concise in your replies to me",
    "Remember: we deploy today at five, so hurry up",
    "Remember: for now just skip the flaky test in CI",
    "Remember: the key is [REDACTED:github-token] for the webhook",
    "> Remember: quoted from an issue, not said by the person",
    "```\nRemember: inside a code block\n```",
    "    Remember: an indented log line from the terminal",
    "I want you to remember: this is not at the start of the line",
    "Remember:",
    "Please remember to update the changelog when you are done",
    "From now on I'll handle the deploys myself",
    "Keep in mind my laptop is slow with the full test suite",
    "Remember: " + "very long lesson " * 40,
])
def test_anything_else_is_left_out(said: str) -> None:
    assert lessons(said) == []


def test_a_lesson_stated_after_another_sentence_is_kept_and_a_secret_beside_it_is_not() -> None:
    """People write "No, X. Remember: Y." in one line, and add an unrelated sentence after
    a lesson.  The lead-in was only looked for at the start of a line, and a line holding a
    redacted secret anywhere lost its lesson too."""
    assert lessons("No, never use setTimeout for the backoff here: the tests use fake timers "
                   "and hang. Remember: retries must go through the injectable delay option.",
                   "From now on run `npm test` with AVA_FORCE_CI=1 here, otherwise ava watches. "
                   "Also my password for the registry is [REDACTED:password-in-text], keep it.",
                   "Remember: the cache is per tenant. Remember: the queue is per region.") == [
        ("conventions", "Retries must go through the injectable delay option."),
        ("conventions", "Run `npm test` with AVA_FORCE_CI=1 here, otherwise ava watches."),
        ("facts", "The cache is per tenant."), ("facts", "The queue is per region.")]
    (lesson,) = explicit([digest("Ok. Remember: the nightly job must run after the backup.")])
    assert lesson.said == "Remember: the nightly job must run after the backup."


def test_each_lesson_cites_its_session_and_the_persons_words() -> None:
    (lesson,) = explicit([digest("Remember: the nightly job must run after the backup")])
    assert (lesson.session, lesson.said, lesson.confidence) == (
        "7f3c2a91", "Remember: the nightly job must run after the backup", 0.95)
    twice = "Remember: the nightly job must run after the backup"
    assert len(explicit([digest(twice, "ok", twice)])) == 1


def test_a_lesson_is_about_the_edited_files_it_names_else_the_whole_repository() -> None:
    (cache,) = explicit([digest("Remember: cache keys must include the tenant id")])
    (tests,) = explicit([digest("Remember: run the tests with pnpm -r test")])
    assert (cache.paths, tests.paths) == (("shop/cache.py",), ())
