"""A session's digest: the person's words whole, the agent's trimmed, tools as name and
file, failed output cut, thinking dropped, every field redacted, within the budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.sessions import digest
from gitmemory.sessions.notes import Note
from testing.transcripts import (
    CORRECTION,
    LONG_OUTPUT_LINE,
    REMEMBER,
    SESSION_ID,
    TOKEN,
    Recorder,
    correction_session,
    dumps,
)

TOP = "/home/dev/src/shop"


def note_for(path: Path, **fields: object) -> Note:
    note = Note("claude-code", SESSION_ID, str(path), branch="feature/cache", cwd=TOP)
    note.started = "2026-11-20T10:00:01.001Z"
    for name, value in fields.items():
        setattr(note, name, value)
    return note


def recorded(tmp_path: Path, rec: Recorder) -> Path:
    path = tmp_path / f"{rec.session_id}.jsonl"
    path.write_text(rec.text())
    return path


def test_the_digest_of_a_recorded_session(tmp_path: Path) -> None:
    rec = correction_session(TOP, "feature/cache")
    rec.say("Long explanation. " * 100)
    found = digest.read(note_for(recorded(tmp_path, rec)), [TOP], DEFAULT_EXCLUDES, 32_000)
    text = found.text
    assert text.startswith('### session 7f3c2a91 (Claude Code, started 2026-11-20 10:00, '
                           'branch "feature/cache")\nFiles edited: shop/cache.py\n')
    assert f"User: {CORRECTION}" in text and f"User: {REMEMBER}" in text
    assert "Tool: Read shop/cache.py" in text and "Tool: Bash pytest -q tests/test_cache.py" in text
    assert LONG_OUTPUT_LINE in text  # the end of the failed run: where the cause is
    assert "test_pipeline_000" not in text and len(text) < 3_000  # 4,000+ chars, cut
    assert "Agent: Long explanation." in text and "more chars]" in text
    assert "localhost:8080" not in text  # thinking
    assert "Search the codebase" not in text  # the sub-agent's prompt
    assert "continued from a previous conversation" not in text
    assert TOKEN not in text and "[REDACTED:github-token]" in text
    assert found.said[1] == CORRECTION and found.edited == ["shop/cache.py"]
    assert found.end == (tmp_path / f"{SESSION_ID}.jsonl").stat().st_size
    assert found.problem is None


def test_over_budget_the_persons_words_are_the_last_to_go(tmp_path: Path) -> None:
    path = recorded(tmp_path, correction_session(TOP, "feature/cache"))
    def shown(budget: int) -> tuple[int, int, int]:
        text = digest.read(note_for(path), [TOP], DEFAULT_EXCLUDES, budget).text
        assert len(text) <= budget
        return text.count("\nUser: "), text.count("\nAgent: "), text.count("\nTool")

    assert shown(32_000) == (5, 3, 8)
    assert shown(1_000) == (5, 3, 0)  # tool calls and failed output go first
    assert shown(700) == (5, 0, 0)  # then the agent's words
    small = digest.read(note_for(path), [TOP], DEFAULT_EXCLUDES, 700).text
    assert f"User: {CORRECTION}" in small and "left out for length" in small
    tiny = digest.read(note_for(path), [TOP], DEFAULT_EXCLUDES, 200).text
    assert len(tiny) <= 200 and tiny.endswith(digest.CUT)


def test_what_a_run_read_is_not_read_again_nor_copies_appended_later(tmp_path: Path) -> None:
    rec = Recorder(TOP, "main")
    rec.user("Remember: the first run reads this.")
    path = recorded(tmp_path, rec)
    first = digest.read(note_for(path), [TOP], [], 32_000)
    copies = rec.text()  # a second /compact re-appends the history it held, same uuids
    rec.user("Remember: only this is new.")
    path.write_text(rec.text()[:len(copies)] + copies + dumps(rec.records[-1]) + "\n")
    second = digest.read(note_for(path, digested=first.end, mark=first.mark), [TOP], [], 32_000)
    assert second.said == ["Remember: only this is new."]


def test_a_deleted_transcript_leaves_the_words_the_hook_kept(tmp_path: Path) -> None:
    note = note_for(tmp_path / "deleted.jsonl", digested=10, captured=500)
    note.kept = [{"at": 5, "ts": "t", "text": "already distilled"},
                 {"at": 120, "ts": "t", "text": "Remember: kept by the hook, redacted."}]
    found = digest.read(note, [TOP], [], 32_000)
    assert found.said == ["Remember: kept by the hook, redacted."]
    assert (found.problem, found.end) == ("the transcript is gone", 500)


@pytest.mark.parametrize("content", ["this is not json\nnor this\n", "[1]\n[2]\n"])
def test_a_transcript_that_is_not_json_lines_is_skipped_with_one_line(tmp_path: Path,
                                                                      content: str) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(content)
    found = digest.read(note_for(path), [TOP], [], 32_000)
    assert found.empty and found.end == len(content)
    assert found.problem in ("the transcript is not JSON lines", None)


def test_excluded_files_and_paths_outside_the_repository(tmp_path: Path) -> None:
    rec = Recorder(TOP, "main")
    call = rec.tool("Read", file_path=f"{TOP}/.env")
    rec.result(call, "DB_PASSWORD=hunter2-but-longer-value\nError: cannot parse", error=True)
    rec.tool("Write", file_path="/etc/hosts", content="x")
    rec.tool("Edit", file_path=f"{TOP}/secrets/prod.yaml", old_string="a", new_string="b")
    rec.user("Remember: secrets stay out of the digest.")
    found = digest.read(note_for(recorded(tmp_path, rec)), [TOP], DEFAULT_EXCLUDES, 32_000)
    assert "Tool: Read (an excluded file)" in found.text
    assert "hunter2" not in found.text and "cannot parse" not in found.text
    assert "Tool: Write (outside the repository)" in found.text
    assert found.edited == []  # /etc/hosts is outside, secrets/** is excluded


def test_lines_of_another_working_directory_are_passed_over(tmp_path: Path) -> None:
    rec = Recorder("/somewhere/else", "main")
    rec.user("Remember: written in another repository.")
    path = recorded(tmp_path, rec)
    assert digest.read(note_for(path), [TOP], [], 32_000).said == []
    assert json.loads(path.read_text().splitlines()[0])["cwd"] == "/somewhere/else"


@pytest.mark.parametrize("at", range(100, 140, 3))
def test_a_token_is_redacted_before_a_field_is_cut(tmp_path: Path, at: int) -> None:
    """A cut through a token would leave a piece of it that no rule recognises."""
    rec = Recorder(TOP, "main")
    padding = "x" * at
    rec.tool("Bash", command=f"echo {padding} {TOKEN}")
    call = rec.tool("Bash", command="deploy")
    rec.result(call, f"{TOKEN} " + "y" * (at * 2), error=True)
    rec.say("z" * (at * 2) + f" {TOKEN}")
    text = digest.read(note_for(recorded(tmp_path, rec)), [TOP], [], 32_000).text
    for piece in (TOKEN[:12], TOKEN[4:16], TOKEN[-12:]):
        assert piece not in text


def test_a_resumed_session_does_not_read_the_old_sessions_lines_again(tmp_path: Path) -> None:
    """Resuming can start a new transcript with copies of the old one's lines (same
    uuids); what another session's digest read is passed over."""
    old = Recorder(TOP, "main")
    old.user("Remember: the old session said this.")
    first = digest.read(note_for(recorded(tmp_path, old)), [TOP], [], 32_000)
    new = Recorder(TOP, "main", session_id="5b0e8c7d-1111-4222-8333-444455556666")
    new.records = [dict(r, sessionId=new.session_id) for r in old.records]
    new.n, new.parent = old.n, old.parent
    new.user("Remember: only the resumed part is new.")
    path = tmp_path / "new.jsonl"
    path.write_text(new.text())
    second = digest.read(Note("claude-code", new.session_id, str(path), cwd=TOP), [TOP], [],
                         32_000, elsewhere=frozenset(first.seen))
    assert second.said == ["Remember: only the resumed part is new."]


def test_a_transcript_is_read_once_for_its_digest_and_its_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sessions source and the runs source both read a session: a 40 MB transcript was
    opened, parsed and redacted twice, and each line's working directory resolved again
    (5.9 s for memorize, 0.24 s in 0.3)."""
    rec = Recorder(TOP, "main")
    rec.user("Remember: order fixtures are created per test, never shared.")
    for _ in range(50):
        rec.result(rec.tool("Bash", command="pytest -q"), "ok")
    path = recorded(tmp_path, rec)
    opened: list[str] = []
    real_lines = digest.Lines
    monkeypatch.setattr(digest, "Lines", lambda *a, **k: opened.append(a[0]) or real_lines(
        *a, **k))
    resolved: list[str] = []
    real_inside = digest.inside
    monkeypatch.setattr(digest, "inside", lambda top, p: resolved.append(p) or real_inside(
        top, p))
    note = note_for(path)
    found = digest.read(note, [TOP], [], 32_000)
    events = digest.events_since(note, [TOP], frozenset())
    assert opened == [str(path)]
    assert len(resolved) <= 2  # the session's directory once (and the digest's top)
    assert "Tool: Bash pytest -q (x50)" in found.text
    assert sum(1 for e in events if e.kind == "tool") == 50
    rec.user("Remember: appended later.")
    path.write_text(rec.text())  # the transcript grew: read anew
    assert digest.read(note, [TOP], [], 32_000).said[-1] == "Remember: appended later."
    assert len(opened) == 2
