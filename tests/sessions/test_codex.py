"""Codex CLI rollouts: found by working directory, read only when they are this
repository's; their items turned into the same events as Claude Code's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.sessions import codex, notes
from gitmemory.sessions.lines import Lines
from testing import transcripts


@pytest.fixture
def codex_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return home


def events_of(records: list[dict[str, object]]) -> list[codex.Event]:
    return [e for r in records for e in codex.events(r)]


def test_a_rollout_becomes_the_persons_words_the_agent_and_its_tools() -> None:
    found = events_of(transcripts.codex_rollout("/work/shop", "feature/db"))
    said = [e.text for e in found if e.kind == "user"]
    assert len(said) == 1 and said[0].startswith("From now on, run database migrations")
    assert [e.text for e in found if e.kind == "agent"] == [
        "Switched the migration command to make migrate."]
    tools = [(e.tool, e.target, e.edited) for e in found if e.kind == "tool"]
    assert tools == [("shell", "grep -rn alembic shop", ""),
                     ("apply_patch", "shop/db.py", "shop/db.py")]
    assert all(not e.error for e in found if e.kind == "result")


def test_a_failed_call_and_an_older_rollout_without_envelopes() -> None:
    failed = {"timestamp": "t", "type": "response_item", "payload": {
        "type": "function_call_output", "call_id": "c",
        "output": json.dumps({"output": "boom", "metadata": {"exit_code": 2}})}}
    (event,) = codex.events(failed)
    assert (event.kind, event.text, event.error) == ("result", "boom", True)
    old = {"type": "message", "role": "user",
           "content": [{"type": "input_text", "text": "Remember: the old format counts too"}]}
    assert [e.text for e in codex.events(old)] == ["Remember: the old format counts too"]
    for ignored in ({"type": "event_msg", "payload": {"type": "user_message", "message": "x"}},
                    {"type": "compacted", "payload": {"message": "summary"}},
                    {"type": "response_item", "payload": {"type": "reasoning"}},
                    {"type": "response_item", "payload": {"type": "message",
                                                          "role": "developer"}},
                    {"type": "response_item", "payload": "not an object"},
                    {"type": "something-new", "payload": {}}):
        assert codex.events(ignored) == []


def test_only_this_repositorys_rollouts_are_noted(codex_env: Path, tmp_path: Path) -> None:
    state_dir = str(tmp_path / "state")
    top = tmp_path / "shop"
    top.mkdir()
    ours = transcripts.write_codex(codex_env, transcripts.codex_rollout(str(top), "feature/db"))
    other_records = transcripts.codex_rollout(str(tmp_path / "elsewhere"), "main",
                                              session_id="019a0000-0000-7000-8000-000000000001")
    other = transcripts.write_codex(codex_env, other_records, day="2026/11/22",
                                    session_id="019a0000-0000-7000-8000-000000000001")
    new = codex.discover(state_dir, [str(top)])
    assert [(n.source, n.id, n.branch, n.transcript) for n in new] == [
        ("codex", transcripts.CODEX_ID, "feature/db", str(ours))]
    assert notes.load(state_dir, "codex", transcripts.CODEX_ID) is not None
    index = json.loads(Path(state_dir, "sessions", "codex.json").read_text())
    assert index == [str(other)]  # looked at once, never again
    other.write_text("not json any more\n")
    assert codex.discover(state_dir, [str(top)]) == []


def test_a_dry_run_finds_rollouts_without_noting_them(codex_env: Path, tmp_path: Path) -> None:
    state_dir = str(tmp_path / "state")
    top = tmp_path / "shop"
    top.mkdir()
    transcripts.write_codex(codex_env, transcripts.codex_rollout(str(top), "main"))
    assert len(codex.discover(state_dir, [str(top)], record=False)) == 1
    assert notes.every(state_dir) == []
    assert not Path(state_dir, "sessions", "codex.json").exists()


def test_a_rollout_still_being_started_is_looked_at_again(codex_env: Path,
                                                          tmp_path: Path) -> None:
    top = tmp_path / "shop"
    top.mkdir()
    path = transcripts.write_codex(codex_env, [])
    path.write_text('{"timestamp":"t","type":"session_meta","payload":{"id":"x","cwd":')
    state_dir = str(tmp_path / "state")
    assert codex.discover(state_dir, [str(top)]) == []
    path.write_text(transcripts.dumps(transcripts.codex_rollout(str(top), "main")[0]) + "\n")
    assert len(codex.discover(state_dir, [str(top)])) == 1


def test_codex_home_is_honoured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex"))
    folder = tmp_path / "codex" / "sessions" / "2026" / "01" / "02"
    folder.mkdir(parents=True)
    (folder / "rollout-a.jsonl").write_text("{}\n")
    (folder / "notes.txt").write_text("x")
    assert codex.rollouts() == [str(folder / "rollout-a.jsonl")]
    assert list(Lines(str(folder / "rollout-a.jsonl"))) == [b"{}"]
