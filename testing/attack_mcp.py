"""``gitmemory mcp`` driven over stdio the way a client drives it, for ``bench/attacks.py``:
the handshake, then each tool call once the answer before it came, the whole exchange
bounded in time."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from testing.attack_lab import Lab, Run, kill_group


def exchange(lab: Lab, cwd: Path, calls: tuple[tuple[str, dict[str, object]], ...],
             timeout: float | None = None) -> tuple[Run, str]:
    """The run and every call's result, as one JSON text."""
    requests = [{"jsonrpc": "2.0", "id": n + 1, "method": "tools/call",
                 "params": {"name": name, "arguments": args}}
                for n, (name, args) in enumerate(calls)]
    hello = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "attacks", "version": "1"}}}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "gitmemory", "mcp"], cwd=cwd,
                            env=lab.env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            errors="replace", start_new_session=True)
    replies: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_lines, args=(proc, replies), daemon=True).start()
    deadline = started + (timeout or lab.timeout)
    results: list[object] = []
    timed_out = False
    assert proc.stdin is not None
    for n, message in enumerate([hello, *requests]):
        proc.stdin.write(json.dumps(message) + "\n")
        if n == 0:
            proc.stdin.write(json.dumps({"jsonrpc": "2.0",
                                         "method": "notifications/initialized"}) + "\n")
        proc.stdin.flush()
        reply = _reply(replies, message["id"], deadline)
        if reply is None:
            timed_out = True
            break
        if n:
            results.append(reply.get("result", reply.get("error")))
    proc.stdin.close()
    try:
        proc.wait(max(1.0, deadline - time.perf_counter()))
    except subprocess.TimeoutExpired:
        timed_out = True
    kill_group(proc)
    err = proc.stderr.read() if proc.stderr else ""
    lab.printed.append(err)
    done = Run(["gitmemory", "mcp"], proc.wait(), "", err, time.perf_counter() - started,
               timed_out)
    return done, json.dumps(results, ensure_ascii=False)


def _lines(proc: subprocess.Popen[str], into: queue.Queue[str | None]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        into.put(line)
    into.put(None)


def _reply(replies: queue.Queue[str | None], wanted: object, deadline: float
           ) -> dict[str, object] | None:
    """The reply with id ``wanted``; None when the server ended or time ran out."""
    while True:
        try:
            line = replies.get(timeout=max(0.01, deadline - time.perf_counter()))
        except queue.Empty:
            return None
        if line is None:
            return None
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(reply, dict) and reply.get("id") == wanted:
            return reply
