"""Agent session transcripts in the shapes Claude Code and Codex CLI write them.

Recorded for the suite, not copied from a real session: the records carry the
fields the real files carry (``parentUuid``, ``isSidechain``, ``cwd``,
``gitBranch``, ``sessionId``, ``message`` with the API's content blocks,
``toolUseResult``; Codex's ``session_meta``/``response_item``/``event_msg``
envelopes), compact JSON one record a line, the way both tools write them.
Paths and the secrets a person pastes are filled in at run time, so no
scanner mistakes this file for a leak.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SESSION_ID = "7f3c2a91-4b8e-4d21-9a6f-2c5e8b1d0e43"
CODEX_ID = "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5"
VERSION = "2.0.31"
# Assembled at run time: the token the person pastes into the session.
TOKEN = "ghp_" + "Z7q2Lm9Xt4Vb8Nw1Yc6Hs3Jd0PqUeRaGoK5i"
CORRECTION = ("No, never call Redis through the HTTP proxy here, it drops pipelined "
              "commands. Connect to cache.internal:6379 directly.")
REMEMBER = "Remember: cache keys must include the tenant id, or tenants see each other's carts."
LONG_OUTPUT_LINE = "E   redis.exceptions.ConnectionError: proxy closed the pipeline (MULTI/EXEC)"


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


class Recorder:
    """Builds one Claude Code session, line by line, as the CLI records it."""

    def __init__(self, cwd: str, branch: str, session_id: str = SESSION_ID) -> None:
        self.cwd, self.branch, self.session_id = cwd, branch, session_id
        self.records: list[dict[str, Any]] = []
        self.parent: str | None = None
        self.n = 0
        self.tool_n = 0

    def _base(self, kind: str, sidechain: bool = False) -> dict[str, Any]:
        self.n += 1
        uuid = f"{self.n:08x}-1c2d-4e5f-8a9b-{self.n:012x}"
        record = {"parentUuid": self.parent, "isSidechain": sidechain, "userType": "external",
                  "cwd": self.cwd, "sessionId": self.session_id, "version": VERSION,
                  "gitBranch": self.branch, "type": kind, "uuid": uuid,
                  "timestamp": f"2026-11-20T10:{self.n // 60:02d}:{self.n % 60:02d}.{self.n:03d}Z"}
        self.parent = uuid
        return record

    def add(self, record: dict[str, Any]) -> dict[str, Any]:
        self.records.append(record)
        return record

    def user(self, text: str | list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        record = self._base("user", extra.pop("sidechain", False))
        record["message"] = {"role": "user", "content": text}
        record.update(extra)
        return self.add(record)

    def assistant(self, *blocks: dict[str, Any], sidechain: bool = False) -> dict[str, Any]:
        record = self._base("assistant", sidechain)
        record["requestId"] = f"req_011CU{self.n:010d}"
        record["message"] = {"id": f"msg_01{self.n:010d}", "type": "message", "role": "assistant",
                             "model": "claude-sonnet-4-5-20250929", "content": list(blocks),
                             "stop_reason": None, "stop_sequence": None,
                             "usage": {"input_tokens": 4, "output_tokens": 120}}
        return self.add(record)

    def say(self, text: str, *, thinking: str = "") -> dict[str, Any]:
        blocks = [{"type": "thinking", "thinking": thinking, "signature": "EqQBCkYIBRgC"}] \
            if thinking else []
        return self.assistant(*blocks, {"type": "text", "text": text})

    def tool(self, name: str, sidechain: bool = False, **args: Any) -> str:
        self.tool_n += 1
        call = f"toolu_01A{self.tool_n:020d}"
        self.assistant({"type": "tool_use", "id": call, "name": name, "input": args},
                       sidechain=sidechain)
        return call

    def result(self, call: str, text: str, *, error: bool = False, sidechain: bool = False
               ) -> dict[str, Any]:
        block = {"tool_use_id": call, "type": "tool_result", "content": text}
        if error:
            block["is_error"] = True
        shown = ("Error: " + text[:200]) if error else {"stdout": text[:200]}
        return self.user([block], sidechain=sidechain, toolUseResult=shown)

    def bash(self, command: str, output: str, code: int = 0, **args: Any) -> str:
        """The agent runs ``command`` through the Bash tool and it ends with ``code``, as
        Claude Code records it: a failure is an error result whose text starts with
        ``Exit code N``; a success is the output alone, with the structured result."""
        call = self.tool("Bash", command=command, description="Run it", **args)
        block: dict[str, Any] = {"tool_use_id": call, "type": "tool_result"}
        if code:
            text = f"Exit code {code}\n{output}"
            block.update(content=text, is_error=True)
            self.user([block], toolUseResult=f"Error: {text}")
        else:
            block.update(content=output, is_error=False)
            self.user([block], toolUseResult={"stdout": output, "stderr": "",
                                              "interrupted": False, "isImage": False})
        return call

    def compaction(self, summary: str) -> None:
        boundary = self._base("system")
        boundary.update({"subtype": "compact_boundary", "content": "Conversation compacted",
                         "level": "info", "isMeta": False,
                         "compactMetadata": {"trigger": "manual", "preTokens": 48213}})
        self.add(boundary)
        self.user("This session is being continued from a previous conversation that ran out "
                  "of context. The conversation is summarized below:\n" + summary,
                  isCompactSummary=True, isVisibleInTranscriptOnly=True)

    def text(self) -> str:
        return "".join(dumps(r) + "\n" for r in self.records)


def correction_session(cwd: str, branch: str, *, token: str = TOKEN,
                       session_id: str = SESSION_ID) -> Recorder:
    """A session on the cache: the task, a failed run with 4,000 characters of output,
    the person's correction with its reason, a sub-agent's search, a compaction, a
    "Remember:" lesson, chit-chat, and a token pasted in passing."""
    rec = Recorder(cwd, branch, session_id)
    rec.add({"type": "summary", "summary": "Redis caching for product pages",
             "leafUuid": "00000000-0000-4000-8000-000000000000"})
    rec.user("Add Redis caching to the product page handler in shop/cache.py")
    rec.say("I'll look at the handler first.", thinking="The user wants caching. Maybe the "
            "proxy at localhost:8080 forwards to Redis; I could route through it.")
    read = rec.tool("Read", file_path=f"{cwd}/shop/cache.py")
    rec.result(read, "     1\tPRODUCT_TTL = 300\n     2\tdef product_page(pid):\n")
    edit = rec.tool("Edit", file_path=f"{cwd}/shop/cache.py", old_string="PRODUCT_TTL = 300",
                    new_string="PRODUCT_TTL = 300\nREDIS_URL = 'http://localhost:8080/redis'")
    rec.result(edit, f"The file {cwd}/shop/cache.py has been updated.")
    run = rec.tool("Bash", command="pytest -q tests/test_cache.py",
                   description="Run the cache tests")
    rec.result(run, failed_run(), error=True)
    rec.user(CORRECTION)
    rec.say("Understood: I'll connect to Redis directly and drop the proxy route.")
    task = rec.tool("Task", description="Find proxy usage", prompt="Search for proxy usage",
                    subagent_type="general-purpose")
    rec.user("Search the codebase for every use of the HTTP proxy.", sidechain=True)
    grep = rec.tool("Grep", sidechain=True, pattern="localhost:8080", path=cwd)
    rec.result(grep, "shop/cache.py:2", sidechain=True)
    rec.assistant({"type": "text", "text": "Only shop/cache.py uses the proxy."}, sidechain=True)
    rec.result(task, "Only shop/cache.py uses the proxy.")
    rec.compaction("1. The user asked for Redis caching of product pages.")
    rec.user([{"type": "text", "text": f"The CI deploy token is {token}, use it for the "
                                       "webhook test"}])
    rec.say(f"I'll send it as `Authorization: token {token}` to the webhook.")
    hook = rec.tool("Bash", command=f'curl -fsS -H "Authorization: token {token}" '
                                    "https://api.github.com/repos/shop/shop/hooks")
    rec.result(hook, f"curl: (22) The requested URL returned error: 401 (token {token})",
               error=True)
    rec.user("<command-name>/compact</command-name>\n<command-message>compact</command-message>")
    rec.user("Caveat: The messages below were generated by the user while running local "
             "commands. DO NOT respond to these messages.", isMeta=True)
    rec.user(REMEMBER)
    edit = rec.tool("Edit", file_path=f"{cwd}/shop/cache.py",
                    old_string="key = f'product:{pid}'",
                    new_string="key = f'product:{tenant}:{pid}'")
    rec.result(edit, f"The file {cwd}/shop/cache.py has been updated.")
    rec.add({"type": "file-history-snapshot", "messageId": "msg_x", "snapshot": {
        "trackedFileBackups": {}, "timestamp": "2026-11-20T10:59:00.000Z"}})
    rec.add({"type": "queue-operation", "operation": "enqueue", "content": "later"})
    rec.user("thanks, looks good")
    return rec


def failed_run() -> str:
    """4,000 characters and more of a failed pytest run, the cause at the end."""
    lines = [f"tests/test_cache.py::test_pipeline_{n:03d} FAILED" for n in range(90)]
    lines += ["", "    def test_pipeline_089(cache):", ">       cache.pipeline().execute()",
              LONG_OUTPUT_LINE, "=========== 90 failed in 3.21s ==========="]
    return "\n".join(lines)


def claude_projects(home: Path) -> Path:
    return home / ".claude" / "projects"


def write_claude(home: Path, cwd: str, rec: Recorder, *, garbage: bool = True) -> Path:
    """The transcript where Claude Code keeps it: ``~/.claude/projects/<cwd, every
    character other than a letter or digit as ->/<session id>.jsonl``."""
    folder = claude_projects(home) / "".join(c if c.isascii() and c.isalnum() else "-"
                                             for c in cwd)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{rec.session_id}.jsonl"
    text = rec.text()
    if garbage:  # a line cut short by a crash mid-write, then the session went on
        lines = text.splitlines(keepends=True)
        text = "".join(lines[:5]) + '{"parentUuid":"x","type":"user","mess\n' + \
            "".join(lines[5:])
    path.write_text(text)
    return path


def hook_input(event: str, transcript: str, cwd: str, session_id: str = SESSION_ID) -> str:
    """What Claude Code writes on a SessionEnd or PreCompact hook's stdin."""
    data: dict[str, Any] = {"session_id": session_id, "transcript_path": transcript,
                            "cwd": cwd, "hook_event_name": event}
    if event == "PreCompact":
        data.update({"trigger": "manual", "custom_instructions": ""})
    else:
        data.update({"reason": "prompt_input_exit", "permission_mode": "default"})
    return json.dumps(data)


def codex_rollout(cwd: str, branch: str, session_id: str = CODEX_ID) -> list[dict[str, Any]]:
    """A Codex CLI rollout: session meta with the working directory and git branch, the
    environment boilerplate, a lesson stated outright, a shell call, a patch, reasoning,
    and the event messages that repeat the response items."""
    def at(n: int) -> str:
        return f"2026-11-21T09:00:{n:02d}.000Z"

    def item(n: int, payload: dict[str, Any]) -> dict[str, Any]:
        return {"timestamp": at(n), "type": "response_item", "payload": payload}

    said = ("From now on, run database migrations with `make migrate`, never with alembic "
            "directly: alembic skips the tenant schemas.")
    patch = ("*** Begin Patch\n*** Update File: shop/db.py\n@@\n-MIGRATE = 'alembic upgrade head'"
             "\n+MIGRATE = 'make migrate'\n*** End Patch\n")
    return [
        {"timestamp": at(0), "type": "session_meta", "payload": {
            "id": session_id, "timestamp": at(0), "cwd": cwd, "originator": "codex_cli_rs",
            "cli_version": "0.58.0", "instructions": None, "source": "cli",
            "model_provider": "openai",
            "git": {"commit_hash": "3f2c1e0a9b", "branch": branch,
                    "repository_url": "git@example.com:shop/shop.git"}}},
        item(1, {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": f"<environment_context>\n  <cwd>{cwd}</cwd>\n"
                                           "</environment_context>"}]}),
        item(2, {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": said}]}),
        {"timestamp": at(2), "type": "event_msg", "payload": {
            "type": "user_message", "message": said, "kind": "plain"}},
        {"timestamp": at(3), "type": "turn_context", "payload": {
            "cwd": cwd, "approval_policy": "on-request", "model": "gpt-5-codex"}},
        item(4, {"type": "reasoning", "summary": [{"type": "summary_text", "text": "**Plan**"}],
                 "encrypted_content": "gAAAAABo"}),
        item(5, {"type": "function_call", "name": "shell", "call_id": "call_1",
                 "arguments": json.dumps({"command": ["bash", "-lc", "grep -rn alembic shop"],
                                          "workdir": cwd})}),
        item(6, {"type": "function_call_output", "call_id": "call_1", "output": json.dumps(
            {"output": "shop/db.py:1:MIGRATE = 'alembic upgrade head'\n",
             "metadata": {"exit_code": 0, "duration_seconds": 0.1}})}),
        item(7, {"type": "custom_tool_call", "status": "completed", "call_id": "call_2",
                 "name": "apply_patch", "input": patch}),
        item(8, {"type": "custom_tool_call_output", "call_id": "call_2",
                 "output": json.dumps({"output": "Success. Updated the following files:\n"
                                                 "M shop/db.py\n", "metadata": {"exit_code": 0}})}),
        item(9, {"type": "message", "role": "assistant", "content": [
            {"type": "output_text", "text": "Switched the migration command to make migrate."}]}),
        {"timestamp": at(9), "type": "event_msg", "payload": {
            "type": "agent_message", "message": "Switched the migration command."}},
        {"timestamp": at(10), "type": "event_msg", "payload": {
            "type": "token_count", "info": None}},
    ]


def codex_home(home: Path) -> Path:
    return home / ".codex"


def write_codex(home: Path, records: list[dict[str, Any]], day: str = "2026/11/21",
                session_id: str = CODEX_ID) -> Path:
    folder = codex_home(home) / "sessions" / day
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"rollout-{day.replace('/', '-')}T09-00-00-{session_id}.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in records))
    return path


def environ_home() -> Path:
    return Path(os.environ["HOME"])


def codex_meta(cwd: str, branch: str, session_id: str = CODEX_ID) -> dict[str, Any]:
    """A rollout's first line: where and on which branch the session ran."""
    return {"timestamp": "2026-11-21T09:00:00.000Z", "type": "session_meta", "payload": {
        "id": session_id, "timestamp": "2026-11-21T09:00:00.000Z", "cwd": cwd,
        "originator": "codex_cli_rs", "cli_version": "0.58.0", "instructions": None,
        "source": "cli", "model_provider": "openai",
        "git": {"commit_hash": "3f2c1e0a9b", "branch": branch,
                "repository_url": "git@example.com:shop/shop.git"}}}


def codex_shell(n: int, cwd: str, command: str, output: str, code: int = 0, *,
                freeform: bool = False) -> list[dict[str, Any]]:
    """Codex running ``command`` through its shell tool (``bash -lc``) and the call's
    output: JSON with the exit code in its metadata, or (``freeform``, the newer
    ``shell_command`` tool) text that starts with ``Exit code: N``."""
    at = f"2026-11-21T09:{n // 60:02d}:{n % 60:02d}.000Z"
    call = f"call_{n}"
    if freeform:
        arguments = {"command": command, "workdir": cwd}
        shown = f"Exit code: {code}\nWall time: 0.8 seconds\nOutput:\n{output}"
        name = "shell_command"
    else:
        arguments = {"command": ["bash", "-lc", command], "workdir": cwd, "timeout_ms": 120000}
        shown = json.dumps({"output": output,
                            "metadata": {"exit_code": code, "duration_seconds": 0.8}})
        name = "shell"
    return [
        {"timestamp": at, "type": "response_item", "payload": {
            "type": "function_call", "name": name, "call_id": call,
            "arguments": json.dumps(arguments)}},
        {"timestamp": at, "type": "response_item", "payload": {
            "type": "function_call_output", "call_id": call, "output": shown}},
        {"timestamp": at, "type": "event_msg", "payload": {
            "type": "exec_command_end", "call_id": call, "exit_code": code}},
    ]
