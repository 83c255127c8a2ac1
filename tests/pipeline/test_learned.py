"""Sessions in a memorize run, with the model faked at our interface: which lessons are
kept, which wait, what a failure leaves for the next run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import markdown
from gitmemory.memory.filenames import find
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import DRY_RUN, WORK_TREE
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sessions import notes
from gitmemory.sources.sessions import waiting
from testing.fake_provider import FakeLLM
from testing.gitrepo import commit_file, git
from testing.transcripts import CORRECTION, SESSION_ID, Recorder

NOTHING = json.dumps({"no_content_to_extract": True})
SHORT = SESSION_ID[:8]


def lesson(content: str, said: str | None = None, **extra: object) -> dict[str, object]:
    return {"section": "conventions", "content": content, "confidence": 0.9,
            "session": SHORT, "said": said, **extra}


def answer(*lessons: dict[str, object]) -> str:
    return json.dumps({"lessons": list(lessons)})


@pytest.fixture
def session(repo: Path) -> Path:
    """Branch feature with one commit, sessions on, one noted session on it."""
    git(repo, "config", "gitmemory.sessions", "true")
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "shop/cache.py", "REDIS_URL = 'redis://cache.internal:6379/0'\n",
                "Cache product pages")
    rec = Recorder(str(repo), "feature")
    rec.user("Add caching to the product pages")
    rec.user(CORRECTION)
    rec.tool("Edit", file_path=f"{repo}/shop/cache.py", old_string="a", new_string="b")
    transcript = repo.parent / "session.jsonl"
    transcript.write_text(rec.text())
    note = notes.Note("claude-code", SESSION_ID, str(transcript), branch="feature",
                      cwd=str(repo))
    note.started = "2026-11-20T10:00:00Z"
    notes.save(str(repo / ".git" / "gitmemory"), note)
    return repo


def items(repo: Path) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    path = find(str(repo / ".gitmemory" / "branches"), "feature")
    if path is None:
        return []
    parsed = markdown.parse(Path(path).read_text())
    assert parsed is not None
    return [(i.text, i.refs, i.paths) for sid in markdown.SECTION_IDS
            if sid != markdown.HISTORY for i in parsed.sections[sid]]  # the sessions' items


def the_note(repo: Path) -> notes.Note:
    found = notes.load(str(repo / ".git" / "gitmemory"), "claude-code", SESSION_ID)
    assert found is not None
    return found


def test_a_stated_lesson_is_kept_with_the_session_and_the_files_it_edited(session: Path
                                                                         ) -> None:
    llm = FakeLLM().enqueue(NOTHING, answer(lesson(
        "Redis is reached directly, never through the HTTP proxy, which drops pipelined "
        "commands", said="never call Redis through the HTTP proxy here")))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "success"
    assert "Never repeat an item" not in llm.history[1].prompt  # no memory yet
    assert items(session) == [("Redis is reached directly, never through the HTTP proxy, "
                               "which drops pipelined commands", (f"session:{SHORT}",),
                               ("shop/cache.py",))]
    assert the_note(session).digested == Path(the_note(session).transcript).stat().st_size
    assert "sessions: 1 read, 1 lesson(s) kept" in result.notes


def test_a_quote_the_person_never_typed_does_not_make_a_lesson_stated(session: Path) -> None:
    llm = FakeLLM().enqueue(NOTHING, answer(
        lesson("Deploys need two approvals from the platform team",
               said="deploys need two approvals"),
        lesson("Redis goes direct, not through the HTTP proxy", said="HTTP proxy"),  # short
        lesson("Unrelated claim about the billing service", said=CORRECTION[:60])))
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert items(session) == []
    held = waiting.load(str(session / ".git" / "gitmemory"))
    assert len(held) == 3 and all(h.branch == "feature" for h in held)


def test_unknown_sessions_and_low_confidence_are_dropped(session: Path) -> None:
    llm = FakeLLM().enqueue(NOTHING, answer(
        lesson("From another session entirely", said=CORRECTION, session="deadbeef"),
        lesson("Redis goes direct, never through the HTTP proxy", said=CORRECTION,
               confidence=0.5)))
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert items(session) == []
    assert waiting.load(str(session / ".git" / "gitmemory")) == []


def test_an_invalid_answer_is_asked_again(session: Path) -> None:
    llm = FakeLLM().enqueue(NOTHING, '{"lessons": [{"section": "nope"}]}', answer(lesson(
        "Redis goes direct, never through the HTTP proxy", said=CORRECTION)))
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert "could not be used" in llm.history[2].prompt
    assert [text for text, _, _ in items(session)] == [
        "Redis goes direct, never through the HTTP proxy"]


def test_a_provider_failure_leaves_the_session_for_the_next_run(session: Path) -> None:
    llm = FakeLLM().enqueue(NOTHING, ProviderError("server", "the model is overloaded"))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert any("sessions wait for the next run" in n for n in result.notes)
    assert the_note(session).digested == 0
    llm.enqueue(answer(lesson("Redis goes direct, never through the HTTP proxy",
                              said=CORRECTION)))
    memorize(Repo.open(), "feature", llm, WORK_TREE)  # no new commit: the session alone
    assert [text for text, _, _ in items(session)] == [
        "Redis goes direct, never through the HTTP proxy"]


def test_a_dry_run_sends_nothing_and_records_nothing(session: Path) -> None:
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, DRY_RUN)
    assert llm.history == []
    assert "--- fake: session prompt ---" in result.preview
    assert f"User: {CORRECTION}" in result.preview
    assert the_note(session).digested == 0


def test_another_branchs_sessions_wait_for_that_branch(session: Path) -> None:
    git(session, "checkout", "-q", "-b", "other")
    commit_file(session, "other.py", "X = 1\n", "Another change")
    result = memorize(Repo.open(), "other", OfflineProvider(), WORK_TREE)
    assert not any("sessions" in n for n in result.notes)
    assert the_note(session).digested == 0


def test_waiting_lessons_expire(session: Path) -> None:
    state_dir = str(session / ".git" / "gitmemory")
    llm = FakeLLM().enqueue(NOTHING, answer(lesson("Caching uses NEVER_COMMITTED_NAME",
                                                   paths=["shop/cache.py"])))
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    (held,) = waiting.load(state_dir)
    held.runs = waiting.MAX_RUNS - 1
    waiting.save(state_dir, [held])
    commit_file(session, "shop/db.py", "DB = 1\n", "Another commit")
    llm.enqueue(NOTHING)
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert waiting.load(state_dir)[0].runs == waiting.MAX_RUNS
    commit_file(session, "shop/db.py", "DB = 2\n", "And another")
    llm.enqueue(NOTHING)
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert waiting.load(state_dir) == []
    assert items(session) == []


def test_a_transcript_that_cannot_be_read_is_one_line_of_the_report(session: Path) -> None:
    Path(the_note(session).transcript).write_text("this is not json\n" * 3)
    result = memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    assert f"session {SHORT}: the transcript is not JSON lines" in result.notes


def test_a_resumed_sessions_copied_history_is_not_sent_again(session: Path) -> None:
    llm = FakeLLM().enqueue(NOTHING, NOTHING)
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    old = Path(the_note(session).transcript).read_text()
    resumed = session.parent / "resumed.jsonl"
    resumed.write_text(old + json.dumps({  # the old lines, copied, then the new ones
        "type": "user", "uuid": "fresh-0001", "timestamp": "2026-11-21T08:00:00Z",
        "cwd": str(session), "message": {"role": "user",
                                         "content": "Remember: the resumed part."}}) + "\n")
    note = notes.Note("claude-code", "5b0e8c7d-1111-4222-8333-444455556666", str(resumed),
                      branch="feature", cwd=str(session))
    notes.save(str(session / ".git" / "gitmemory"), note)
    llm.enqueue(NOTHING)
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    prompt = llm.history[-1].prompt
    assert "Remember: the resumed part." in prompt
    assert "Add caching to the product pages" not in prompt


def _one_session(repo: Path, *said: str) -> None:
    """Replace the fixture's session with one in which the person says ``said``."""
    rec = Recorder(str(repo), "feature")
    for text in said:
        rec.user(text)
    rec.tool("Edit", file_path=f"{repo}/shop/cache.py", old_string="a", new_string="b")
    transcript = repo.parent / "session.jsonl"
    transcript.write_text(rec.text())


def test_a_short_lesson_the_person_stated_is_kept_offline_whatever_its_length(
        session: Path) -> None:
    """Issue 33: "no, use pnpm not npm. Remember: run the tests with pnpm -r test" was
    held "waiting for a commit to confirm" and expired: the check against the person's own
    words wanted long words."""
    _one_session(session, "no, use pnpm not npm. Remember: run the tests with pnpm -r test")
    result = memorize(Repo.open(), "feature", OfflineProvider(), WORK_TREE)
    assert ("Run the tests with pnpm -r test.", (f"session:{SHORT}",), ()) in items(session)
    assert waiting.load(str(session / ".git" / "gitmemory")) == []
    assert "sessions: 1 read, 1 lesson(s) kept" in result.notes


def test_a_lesson_about_the_whole_repository_is_not_scoped_to_the_file_edited(
        session: Path) -> None:
    """Issue 33: a lesson about how to run the tests was scoped to whichever file the
    session edited, so it reached only that file's rule files.  A model that gives no
    paths ([]) means the whole repository; one that says nothing lets the edits stand in."""
    _one_session(session, CORRECTION, "Remember: run the tests with pnpm -r test")
    llm = FakeLLM().enqueue(NOTHING, answer(
        lesson("Run the tests with `pnpm -r test`, never with npm", paths=[],
               said="Remember: run the tests with pnpm -r test"),
        lesson("Redis is reached directly, never through the HTTP proxy",
               said="never call Redis through the HTTP proxy here")))
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert sorted(items(session)) == [
        ("Redis is reached directly, never through the HTTP proxy", (f"session:{SHORT}",),
         ("shop/cache.py",)),
        ("Run the tests with `pnpm -r test`, never with npm", (f"session:{SHORT}",), ())]
