"""The command lines a session ran and how each ended, read from Claude Code transcripts and
Codex rollouts as the tools write them; and which of them ran a memory's command."""

from __future__ import annotations

import json

from gitmemory.sessions import claude, codex
from gitmemory.sessions.runs import ran
from gitmemory.sources.runs.commands import at_top, given, own, runs
from testing.transcripts import TOKEN, Recorder, codex_meta, codex_shell

TOP = "/work/shop"


def claude_runs(rec: Recorder) -> list[tuple[str, str, int]]:
    found = [e for r in rec.records for e in claude.events(r)]
    return [(r.command, r.cwd, r.code) for r in ran(found, TOP)]


def test_claude_code_bash_calls_and_their_exit_status() -> None:
    rec = Recorder(TOP, "main")
    rec.bash("make test", "make: *** No rule to make target 'test'.  Stop.", 2)
    rec.bash("pytest -q", "4 passed in 0.12s")
    rec.bash("npm run dev", "Command running in background with ID: bash_1",
             run_in_background=True)  # still running: how it ends is not known
    call = rec.tool("Bash", command="cargo test")
    rec.user([{"tool_use_id": call, "type": "tool_result", "content": "Command timed out "
               "after 2m 0.0s", "is_error": True}])  # no exit status
    call = rec.tool("Bash", command="go test ./...")
    rec.user([{"tool_use_id": call, "type": "tool_result", "content": "ok"}],
             toolUseResult={"stdout": "ok", "stderr": "", "interrupted": True})
    rec.bash("cat <<'EOF' > x.txt\nhello\nEOF", "")  # a script of several lines
    rec.bash(f"curl -H 'Authorization: token {TOKEN}' https://api.example.com", "{}")
    rec.tool("Read", file_path=f"{TOP}/Makefile")
    assert claude_runs(rec) == [("make test", TOP, 2), ("pytest -q", TOP, 0)]


def test_a_failed_runs_output_is_kept_redacted() -> None:
    rec = Recorder(TOP, "main")
    rec.bash("npm test", f"npm error Missing script: \"test\"\nnpm error token {TOKEN}", 1)
    found = ran([e for r in rec.records for e in claude.events(r)], TOP)
    assert "Missing script" in found[0].output and TOKEN not in found[0].output


def test_codex_shell_calls_old_and_new_output_forms() -> None:
    records = [codex_meta(TOP, "main"),
               *codex_shell(1, TOP, "npm test", 'npm error Missing script: "test"', 1),
               *codex_shell(2, f"{TOP}/web", "npm run test:unit", "3 passed", freeform=True),
               *codex_shell(3, TOP, "make lint", "ruff check .", 0, freeform=True)]
    records.append({"timestamp": "2026-11-21T09:00:09.000Z", "type": "response_item",
                    "payload": {"type": "function_call", "name": "exec_command",
                                "call_id": "call_9", "arguments": json.dumps(
                                    {"cmd": "tox -e lint", "workdir": TOP})}})
    records.append({"timestamp": "2026-11-21T09:00:10.000Z", "type": "response_item",
                    "payload": {"type": "function_call_output", "call_id": "call_9",
                                "output": "Chunk ID: 4a1b\nWall time: 1.2 seconds\nProcess "
                                          "exited with code 255\nOutput:\nROOT: HandledError"}})
    found = [e for r in records for e in codex.events(r)]
    assert [(r.command, r.cwd, r.code) for r in ran(found, TOP)] == [
        ("npm test", TOP, 1), ("npm run test:unit", f"{TOP}/web", 0), ("make lint", TOP, 0),
        ("tox -e lint", TOP, 255)]
    assert [e.error for e in found if e.kind == "result"] == [True, False, False, True]


def test_a_run_counts_at_the_top_of_a_work_tree_as_one_simple_command() -> None:
    tops = [TOP]
    assert at_top("make test", TOP, tops) == ["make", "test"]
    assert at_top(f"cd {TOP} && make test 2>&1", "/tmp", tops) == ["make", "test"]
    assert at_top("cd .. && make test", f"{TOP}/web", tops) == ["make", "test"]
    assert at_top("make test", f"{TOP}/web", tops) is None  # another directory's command
    for line in ("make test | tail -20", "make lint && make test", "make test; echo done",
                 "CI=1 make test", "make test > out.txt", "echo $(make test)"):
        assert at_top(line, TOP, tops) is None, line


def test_which_item_a_run_ran() -> None:
    assert given("Tests: `make test` runs `pytest -q`; CI runs it too") == ("Tests", "make test")
    assert given("Type checks: `mypy src`") == ("Type checks", "mypy src")
    assert given("Commands in `web/`: test `pnpm test`") is None
    assert given("Python: 3.11 and later (requires-python)") is None
    assert runs(["npm", "run", "test"], "npm test")
    assert runs(["make", "test", "TESTS=tests/test_cart.py"], "make test")
    assert not runs(["make", "test-unit"], "make test")
    assert not runs(["pytest"], "pytest -q")


def test_a_run_is_judged_on_the_items_words() -> None:
    assert own(["pytest", "-q", "tests/test_cart.py"], "pytest -q") == ["pytest", "-q"]
    assert own(["npm", "run", "test", "--", "--watch=false"], "npm test") == \
        ["npm", "run", "test"]
    assert own(["make", "test"], "make test") == ["make", "test"]
