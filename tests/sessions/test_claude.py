"""Claude Code's transcript lines: what the person typed, what the agent said and did;
sub-agents, compaction summaries, meta lines and unknown types make no words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.sessions import claude
from gitmemory.sessions.events import Event
from testing import transcripts
from testing.transcripts import CORRECTION, REMEMBER, TOKEN, Recorder

CWD = "/home/dev/src/shop"


def all_events(rec: Recorder) -> list[Event]:
    found = []
    for line in rec.text().splitlines():
        record = claude.parse_line(line.encode())
        assert record is not None
        found += claude.events(record)
    return found


def test_the_person_the_agent_and_the_tools_of_a_recorded_session() -> None:
    found = all_events(transcripts.correction_session(CWD, "feature/cache"))
    said = [e.text for e in found if e.kind == "user"]
    assert said == ["Add Redis caching to the product page handler in shop/cache.py",
                    CORRECTION, f"The CI deploy token is {TOKEN}, use it for the webhook test",
                    REMEMBER, "thanks, looks good"]
    agent = [e.text for e in found if e.kind == "agent"]
    assert agent[0] == "I'll look at the handler first."
    assert not any("proxy at localhost:8080" in e.text for e in found)  # thinking dropped
    tools = [(e.tool, e.target) for e in found if e.kind == "tool"]
    assert ("Read", f"{CWD}/shop/cache.py") in tools
    assert ("Bash", "pytest -q tests/test_cache.py") in tools
    edits = [e.edited for e in found if e.edited]
    assert edits == [f"{CWD}/shop/cache.py"] * 2
    failed = [e for e in found if e.kind == "result" and e.error]
    assert len(failed) == 2 and len(failed[0].text) > 4000 and "401" in failed[1].text


def test_sub_agents_count_only_for_the_files_they_edit() -> None:
    rec = Recorder(CWD, "main")
    rec.user("Look for the proxy and fix it.", sidechain=True)
    rec.say("Found it.")
    rec.records[-1]["isSidechain"] = True
    rec.tool("Write", sidechain=True, file_path=f"{CWD}/shop/proxy.py", content="x")
    found = all_events(rec)
    assert [(e.kind, e.edited) for e in found] == [("tool", f"{CWD}/shop/proxy.py")]


def test_compaction_meta_and_command_wrappers_are_not_the_persons_words() -> None:
    rec = Recorder(CWD, "main")
    rec.compaction("The user asked for caching. Remember: this is a summary.")
    rec.user("<command-name>/model</command-name>\n<command-args>opus</command-args>")
    rec.user("<local-command-stdout>Set model to opus</local-command-stdout>")
    rec.user("<bash-input>rm -rf build</bash-input>")
    rec.user("Remember: a meta line is not typed by the person.", isMeta=True)
    rec.user("[Request interrupted by user for tool use]")
    rec.add({"type": "summary", "summary": "Remember: summaries are not typed either",
             "leafUuid": "x"})
    assert all_events(rec) == []


@pytest.mark.parametrize("record", [
    {"type": "file-history-snapshot", "snapshot": {}},
    {"type": "progress", "data": {"type": "hook_progress"}},
    {"type": "user", "message": "not an object"},
    {"type": "assistant", "message": {"content": "text instead of blocks"}},
    {"type": "assistant", "message": {"content": [{"type": "image", "source": {}}, 7, None]}},
    {"type": "a-type-from-next-year", "message": {"content": [{"type": "text", "text": "x"}]}},
])
def test_unknown_or_odd_lines_are_ignored_not_fatal(record: dict[str, object]) -> None:
    assert claude.events(record) == []


def test_lines_that_are_not_json_objects_parse_to_none() -> None:
    for line in (b'{"type":"user","mess', b"[1, 2]", b"\xff\xfe", b"nan", b"[" * 100_000):
        assert claude.parse_line(line) is None


def test_context_names_the_branch_but_not_a_detached_head() -> None:
    assert claude.context({"cwd": CWD, "gitBranch": "feature/x"}) == (CWD, "feature/x")
    assert claude.context({"cwd": CWD, "gitBranch": "HEAD"}) == (CWD, "")
    assert claude.context({}) == ("", "")


@pytest.mark.parametrize(("cwd", "name"), [
    ("/home/dev/src/shop", "-home-dev-src-shop"),
    ("/Users/me/git/my_repo", "-Users-me-git-my-repo"),
    ("/home/dev/github.com/a b", "-home-dev-github-com-a-b"),
    ("/home/dev/Проект", "-home-dev-------"),
])
def test_project_directories_are_named_as_claude_code_names_them(cwd: str, name: str) -> None:
    assert claude.project_dir_name(cwd) == name


def test_a_transcript_is_found_by_session_id(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    rec = Recorder("/work/my_repo", "main")
    rec.user("hello there")
    path = transcripts.write_claude(tmp_path, "/work/my_repo", rec)
    assert claude.find_transcript(rec.session_id, "/work/my_repo") == str(path)
    # a long path Claude Code shortens with a hash: found under any project directory
    other = tmp_path / ".claude" / "projects" / "-work-long-name-a1b2c3"
    other.mkdir()
    (other / "abc-123.jsonl").write_text(json.dumps({"type": "user"}) + "\n")
    assert claude.find_transcript("abc-123", "/work/long-name") == str(other / "abc-123.jsonl")
    assert claude.find_transcript("missing", "/work/my_repo") is None
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert claude.find_transcript(rec.session_id, "/work/my_repo") is None


def test_reminders_claude_code_appends_are_not_the_persons_words() -> None:
    rec = Recorder(CWD, "main")
    rec.user([{"type": "text", "text": "Fix the cache keys"},
              {"type": "text", "text": "<system-reminder>\nContents of CLAUDE.md:\nRemember: "
                                       "an instruction file, not the person\n"
                                       "</system-reminder>"},
              {"type": "image", "source": {"type": "base64", "data": "iVBOR"}}])
    rec.user("Keep it short <system-reminder>Remember: appended</system-reminder> please")
    rec.user("<system-reminder>cut off, never closed")
    assert [e.text for e in all_events(rec)] == ["Fix the cache keys", "Keep it short  please"]


def test_origin_reads_another_repositorys_transcript_no_further(tmp_path: Path) -> None:
    """The first line naming a directory decides: one that is not ours ends the reading,
    so the branch a later line names is never seen."""
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps({"type": "summary", "summary": "x"}) + "\n" +
                    json.dumps({"type": "user", "cwd": "/elsewhere"}) + "\n" +
                    json.dumps({"type": "user", "cwd": "/elsewhere", "gitBranch": "dev"}) + "\n")
    assert claude.origin(str(path), lambda cwd: False) == ("/elsewhere", "")
    assert claude.origin(str(path), lambda cwd: True) == ("/elsewhere", "dev")
