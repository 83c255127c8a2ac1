"""The claude-cli provider, against a fake ``claude`` executable on PATH."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.calls import Completion
from gitmemory.providers.claude_cli import ClaudeCliProvider, failure, parse_output
from gitmemory.sources.commits.extraction import EXTRACT_SYSTEM, ExtractRequest
from testing.fake_claude import FakeClaude, fake_claude
from testing.fake_provider import extract

__all__ = ["fake_claude"]  # the fixture, imported for pytest

GOOD = json.dumps({"extractions": [{"section": "conventions", "content": "Tests use tmp_path",
                                    "confidence": 0.95, "refs": ["a1b2c3d"]}]})
CONTEXT = "commit a1b2c3d\nSubject: Use tmp_path in every test"


def _request(deadline: float | None = None) -> ExtractRequest:
    return ExtractRequest(branch="main", commits=[], context=CONTEXT, deadline=deadline)


def _error(provider: ClaudeCliProvider, deadline: float | None = None) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        extract(provider, _request(deadline))
    assert "\n" not in caught.value.one_line()
    return caught.value


def test_success_runs_claude_in_print_mode_with_the_prompt_on_stdin(
        fake_claude: FakeClaude, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CLAUDECODE", "1")  # as when a Claude Code session runs git push
    monkeypatch.setenv("GIT_DIR", str(tmp_path / "repo.git"))  # as inside a git hook
    fake_claude.answer(GOOD, input_tokens=512, output_tokens=64, model="claude-haiku-9")
    usage: list[Completion] = []
    provider = ClaudeCliProvider(model="haiku", on_usage=usage.append)
    (item,) = extract(provider, _request())
    assert item.content == "Tests use tmp_path"
    (call,) = fake_claude.calls
    argv = call["argv"]
    assert argv[:6] == ["-p", "--output-format", "json", "--max-turns", "1", "--model"]
    assert argv[6] == "haiku"
    assert argv[argv.index("--system-prompt") + 1] == EXTRACT_SYSTEM
    assert argv[argv.index("--tools") + 1] == ""
    assert CONTEXT not in argv
    assert CONTEXT in call["stdin"]
    assert call["env"] == {"GITMEMORY_DISABLE": "1", "CLAUDECODE": None, "GIT_DIR": None}
    assert Path(call["cwd"]).name.startswith("gitmemory-claude-")
    assert not Path(call["cwd"]).exists()  # the scratch directory is cleaned up
    assert (usage[0].input_tokens, usage[0].output_tokens) == (512, 64)
    assert usage[0].model == "claude-haiku-9"


def test_code_fenced_answer_and_a_retry_on_invalid_output(fake_claude: FakeClaude) -> None:
    fake_claude.answer("I could not find anything.")
    fake_claude.answer(f"```json\n{GOOD}\n```")
    assert len(extract(ClaudeCliProvider(), _request())) == 1
    assert len(fake_claude.calls) == 2
    assert "could not be used" in fake_claude.calls[1]["stdin"]


def test_not_found_says_to_install_claude_code(tmp_path: Path) -> None:
    error = _error(ClaudeCliProvider(executable=str(tmp_path / "no-such-claude")))
    assert error.kind == "not-found"
    assert "not found" in error.message
    assert "install Claude Code" in error.hint


def test_usage_limit_answer_is_a_rate_limit(fake_claude: FakeClaude) -> None:
    fake_claude.error_result("Claude AI usage limit reached|1762952400")
    error = _error(ClaudeCliProvider())
    assert error.kind == "rate-limit"
    assert error.message == ("claude-cli: Claude AI usage limit reached "
                             "(resets 2025-11-12 13:00 UTC)")
    assert len(fake_claude.calls) == 1


def test_newer_limit_wording_on_stderr_is_a_rate_limit(fake_claude: FakeClaude) -> None:
    fake_claude.fail(1, stderr="You've hit your limit · resets 4pm (Europe/Berlin)\n")
    error = _error(ClaudeCliProvider())
    assert error.kind == "rate-limit"
    assert "hit your limit" in error.message


def test_non_zero_exit_reports_the_first_line_of_stderr(fake_claude: FakeClaude) -> None:
    fake_claude.fail(2, stderr="Error: something broke inside claude\n  at stack frame\n")
    error = _error(ClaudeCliProvider())
    assert error.kind == "server"
    assert error.message == ("claude-cli: claude failed (exit code 2): "
                             "Error: something broke inside claude")


def test_login_problem_is_an_auth_error(fake_claude: FakeClaude) -> None:
    fake_claude.error_result("Invalid API key · Please run /login")
    assert _error(ClaudeCliProvider()).kind == "auth"


def test_old_claude_without_a_flag_says_to_update(fake_claude: FakeClaude) -> None:
    fake_claude.fail(1, stderr="error: unknown option '--tools'\n")
    error = _error(ClaudeCliProvider())
    assert error.kind == "request"
    assert "claude update" in error.hint


@pytest.mark.slow
def test_hanging_claude_is_killed_at_the_deadline(fake_claude: FakeClaude) -> None:
    fake_claude.hang(60)
    started = time.monotonic()
    error = _error(ClaudeCliProvider(), deadline=time.monotonic() + 2)
    assert error.kind == "timeout"
    assert "no answer within" in error.message
    assert time.monotonic() - started < 2 + 5


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status  # a zombie has exited already


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
@pytest.mark.slow
def test_timeout_kills_what_claude_started_too(fake_claude: FakeClaude, tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    fake_claude.hang(60, grandchild_pid_file=pid_file)
    error = _error(ClaudeCliProvider(), deadline=time.monotonic() + 2)
    assert error.kind == "timeout"
    pid = int(pid_file.read_text(encoding="utf-8"))
    for _ in range(50):
        if not _alive(pid):
            break
        time.sleep(0.1)
    assert not _alive(pid)


def test_empty_output_with_exit_zero_is_invalid_output(fake_claude: FakeClaude) -> None:
    for _ in range(3):
        fake_claude.fail(0)
    with pytest.raises(InvalidOutput, match="no JSON result"):
        extract(ClaudeCliProvider(), _request())
    assert len(fake_claude.calls) == 3


def test_a_second_turn_is_invalid_output_not_a_crash() -> None:
    out = json.dumps({"type": "result", "subtype": "error_max_turns", "is_error": True})
    with pytest.raises(InvalidOutput, match="more than one turn"):
        parse_output(1, out, "", "haiku")


@pytest.mark.parametrize(("text", "kind"), [
    ("Claude usage limit reached. Your limit will reset at 9am (America/Chicago).",
     "rate-limit"),
    ("You're out of extra usage · resets 1pm (America/Los_Angeles)", "rate-limit"),
    ('API Error: 429 {"type":"error","error":{"type":"rate_limit_error"}}', "rate-limit"),
    ("Not logged in · Please run /login", "auth"),
    ("", "server"),
])
def test_failure_texts_are_classified(text: str, kind: str) -> None:
    assert failure(text, 1).kind == kind


def test_a_claude_that_cannot_be_run_says_how_to_install(tmp_path: Path) -> None:
    script = tmp_path / "claude"
    script.write_text("#!/bin/sh\necho hi\n")
    script.chmod(0o644)
    error = _error(ClaudeCliProvider(executable=str(script)))
    assert error.kind == "not-found"
    assert error.message == f"claude-cli: cannot run {str(script)!r} (permission denied)"
    assert "install Claude Code" in error.hint


def test_a_limit_with_a_reset_time_says_when_in_utc() -> None:
    error = failure("Claude AI usage limit reached|1767225600", 1)
    assert error.kind == "rate-limit"
    assert error.message == "claude-cli: Claude AI usage limit reached (resets 2026-01-01 " \
                            "00:00 UTC)"


def test_an_unknown_failure_names_the_exit_code_and_the_first_line() -> None:
    error = failure("\n\n  Segmentation fault\nmore\n", 139)
    assert (error.kind, error.message) == (
        "server", "claude-cli: claude failed (exit code 139): Segmentation fault")
    assert failure("", 2).message == "claude-cli: claude failed (exit code 2): exit code 2"


def test_the_result_is_found_after_other_json_lines() -> None:
    out = "\n".join([json.dumps({"type": "system", "subtype": "init"}),
                     "not json at all",
                     json.dumps({"type": "result", "subtype": "success", "result": GOOD,
                                 "usage": {"input_tokens": True, "output_tokens": 7}})])
    done = parse_output(0, out, "", "haiku")
    assert done.text == GOOD
    assert (done.model, done.input_tokens, done.output_tokens) == ("haiku", 0, 7)


@pytest.mark.parametrize(("code", "out", "err", "said"), [
    (1, "", "Error: unknown option '--tools'", "update Claude Code"),
    (1, json.dumps({"type": "result", "subtype": "error_during_execution"}), "",
     "claude failed (exit code 1): error_during_execution"),
    (0, json.dumps({"type": "result", "is_error": True, "result": "Invalid API key · "
                    "Please run /login"}), "", "run `claude` once to log in"),
])
def test_failures_reported_in_the_result_object(code: int, out: str, err: str,
                                                said: str) -> None:
    with pytest.raises(ProviderError) as caught:
        parse_output(code, out, err, "haiku")
    assert said in caught.value.one_line()


def test_a_result_without_text_is_invalid_output() -> None:
    out = json.dumps({"type": "result", "subtype": "success", "result": "   "})
    with pytest.raises(InvalidOutput, match="holds no text"):
        parse_output(0, out, "", "haiku")
