"""Claude Code's SessionEnd and PreCompact hooks only note the session: offsets, branch,
edited files and the person's words (redacted); silent, local, fail open."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from gitmemory.sessions import notes
from testing.agent_sessions import gitmemory_bin, run_session_hook
from testing.gitrepo import git, gitmemory, set_up
from testing.transcripts import (
    SESSION_ID,
    TOKEN,
    Recorder,
    correction_session,
    hook_input,
    write_claude,
)


@pytest.fixture
def hooked(repo: Path) -> Path:
    """A repository set up with ``init --agent-hook``, on a feature branch."""
    set_up(repo)
    gitmemory(repo, "init", "--agent-hook")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add the agent hooks")
    git(repo, "checkout", "-q", "-b", "feature/cache")
    return repo


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    return gitmemory_bin(tmp_path / "bin")


def home() -> Path:
    return Path(os.environ["HOME"])


def state(repo: Path) -> Path:
    return repo / ".git" / "gitmemory"


def the_note(repo: Path) -> notes.Note:
    note = notes.load(str(state(repo)), "claude-code", SESSION_ID)
    assert note is not None
    return note


def test_the_hook_notes_the_session_and_keeps_the_persons_words_redacted(
        hooked: Path, bin_dir: Path) -> None:
    transcript = write_claude(home(), str(hooked), correction_session(str(hooked),
                                                                      "feature/cache"))
    done = run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                             str(hooked)), bin_dir)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    note = the_note(hooked)
    assert (note.branch, note.transcript, note.captured) == (
        "feature/cache", str(transcript), transcript.stat().st_size)
    assert note.edited == ["shop/cache.py"]
    kept = [k["text"] for k in note.kept]
    assert "thanks, looks good" in kept and len(kept) == 5
    assert any("[REDACTED:github-token]" in str(text) for text in kept)
    assert TOKEN not in (state(hooked) / "sessions" / f"claude-code-{SESSION_ID}.json"
                         ).read_text()
    assert git(hooked, "status", "--porcelain").stdout == ""


@pytest.mark.slow
def test_a_session_compacted_three_times_is_read_once(hooked: Path, bin_dir: Path) -> None:
    rec = Recorder(str(hooked), "feature/cache")
    rec.user("Remember: the first part is read once.")
    path = write_claude(home(), str(hooked), rec, garbage=False)
    for _ in range(3):
        run_session_hook(hooked, "PreCompact", hook_input("PreCompact", str(path),
                                                          str(hooked)), bin_dir)
    rec.user("Remember: the part after the compactions is read once too.")
    path.write_text(rec.text())
    run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(path), str(hooked)),
                     bin_dir)
    assert [k["text"] for k in the_note(hooked).kept] == [
        "Remember: the first part is read once.",
        "Remember: the part after the compactions is read once too."]


def test_an_empty_transcript_path_is_found_by_session_id(hooked: Path, bin_dir: Path) -> None:
    rec = Recorder(str(hooked), "feature/cache")
    rec.user("Remember: PreCompact sometimes arrives without a transcript path.")
    path = write_claude(home(), str(hooked), rec, garbage=False)
    run_session_hook(hooked, "PreCompact", hook_input("PreCompact", "", str(hooked)), bin_dir)
    assert the_note(hooked).transcript == str(path)


def test_the_branch_comes_from_the_transcript_else_the_checkout(hooked: Path,
                                                                bin_dir: Path) -> None:
    rec = Recorder(str(hooked), "")
    rec.user("Remember: this transcript names no branch.")
    path = write_claude(home(), str(hooked), rec, garbage=False)
    run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(path), str(hooked)),
                     bin_dir)
    assert the_note(hooked).branch == "feature/cache"


def test_the_hook_notes_the_session_without_gitmemory_on_the_path(hooked: Path) -> None:
    """Issue 33: the hooks did nothing unless `gitmemory` was on Claude Code's PATH."""
    transcript = write_claude(home(), str(hooked), correction_session(str(hooked),
                                                                      "feature/cache"))
    done = run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                             str(hooked)), None)
    assert (done.returncode, done.stderr) == (0, "")
    assert the_note(hooked).branch == "feature/cache"


@pytest.mark.parametrize("stdin", ["", "not json", "[1, 2]", json.dumps({
    "session_id": "../../etc/passwd", "transcript_path": "/etc/passwd",
    "cwd": "/", "hook_event_name": "SessionEnd"}), json.dumps({
        "session_id": SESSION_ID, "transcript_path": "/x", "hook_event_name": "Stop"})])
@pytest.mark.slow
def test_odd_input_notes_nothing_and_says_nothing(hooked: Path, bin_dir: Path,
                                                  stdin: str) -> None:
    done = run_session_hook(hooked, "SessionEnd", stdin, bin_dir)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert notes.every(str(state(hooked))) == []


def test_another_repositorys_session_is_never_read(hooked: Path, bin_dir: Path,
                                                   tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    rec = Recorder(str(other), "main")
    rec.user("Remember: this belongs to another repository.")
    path = write_claude(home(), str(other), rec, garbage=False)
    run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(path), str(other)),
                     bin_dir)
    assert notes.every(str(state(hooked))) == []


def test_sessions_off_notes_nothing(hooked: Path, bin_dir: Path) -> None:
    git(hooked, "config", "gitmemory.sessions", "false")
    path = write_claude(home(), str(hooked), correction_session(str(hooked), "feature/cache"))
    run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(path), str(hooked)),
                     bin_dir)
    assert notes.every(str(state(hooked))) == []


def test_a_missing_transcript_is_one_line_in_the_log(hooked: Path, bin_dir: Path) -> None:
    done = run_session_hook(hooked, "SessionEnd", hook_input(
        "SessionEnd", str(home() / "gone.jsonl"), str(hooked)), bin_dir)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    log = _logged(state(hooked) / "hooks.log")
    assert log.count("\n") == 1 and "the transcript is gone" in log


def _logged(path: Path, timeout: float = 20.0) -> str:
    """The log's text once the detached reader has written it: under load the reader's
    fork can still be a shell when the hook returns, unseen by ``wait_for_readers``."""
    deadline = time.monotonic() + timeout
    while not (path.exists() and path.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return path.read_text() if path.exists() else ""


def test_without_gitmemory_the_hook_does_nothing_silently(hooked: Path) -> None:
    git(hooked, "config", "merge.gitmemory.python", "/gone/venv/bin/python3")  # and no PATH
    path = write_claude(home(), str(hooked), correction_session(str(hooked), "feature/cache"))
    done = run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(path),
                                                             str(hooked)), None)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert notes.every(str(state(hooked))) == []


@pytest.mark.slow
def test_gitmemory_disable_turns_the_hook_off(hooked: Path, bin_dir: Path) -> None:
    path = write_claude(home(), str(hooked), correction_session(str(hooked), "feature/cache"))
    run_session_hook(hooked, "SessionEnd", hook_input("SessionEnd", str(path), str(hooked)),
                     bin_dir, env=dict(os.environ, GITMEMORY_DISABLE="1"))
    assert notes.every(str(state(hooked))) == []
