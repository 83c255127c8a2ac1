"""A fake ``claude`` command for the claude-cli provider's tests.

``FakeClaude`` writes a small Python script named ``claude`` into a directory
of its own and serves queued behaviours to it through a JSON queue file; every
run appends its argv, stdin and a few environment variables to a log file.
The ``fake_claude`` fixture puts that directory first on ``PATH``.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPT = r'''#!{python}
import json, os, sys, time

queue_file = {queue!r}
log_file = {log!r}
stdin = sys.stdin.read()
with open(log_file, "a", encoding="utf-8") as fh:
    fh.write(json.dumps({{"argv": sys.argv[1:], "stdin": stdin, "cwd": os.getcwd(),
                         "env": {{k: os.environ.get(k) for k in
                                  ("GITMEMORY_DISABLE", "CLAUDECODE", "GIT_DIR")}}}}) + "\n")
with open(queue_file, encoding="utf-8") as fh:
    queue = json.load(fh)
if not queue:
    sys.stderr.write("fake claude: nothing queued\n")
    sys.exit(3)
step = queue.pop(0)
with open(queue_file, "w", encoding="utf-8") as fh:
    json.dump(queue, fh)
if step.get("grandchild_pid_file"):  # a child that inherits stdout and outlives us
    import subprocess
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    with open(step["grandchild_pid_file"], "w", encoding="utf-8") as fh:
        fh.write(str(child.pid))
time.sleep(step.get("sleep", 0))
sys.stdout.write(step.get("stdout", ""))
sys.stderr.write(step.get("stderr", ""))
sys.exit(step.get("exit", 0))
'''


def result_json(text: str, *, is_error: bool = False, subtype: str = "success",
                input_tokens: int = 90, output_tokens: int = 30,
                model: str = "claude-haiku-5-5") -> str:
    """What ``claude -p --output-format json`` prints (the fields that matter here)."""
    return json.dumps({
        "type": "result", "subtype": subtype, "is_error": is_error, "duration_ms": 1200,
        "num_turns": 1, "result": text, "session_id": "00000000-0000-0000-0000-000000000000",
        "total_cost_usd": 0.0012,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        "modelUsage": {model: {"inputTokens": input_tokens, "outputTokens": output_tokens}},
    }) + "\n"


class FakeClaude:
    def __init__(self, root: Path) -> None:
        self.bin_dir = root / "bin"
        self.bin_dir.mkdir(parents=True)
        self.queue_file = root / "queue.json"
        self.log_file = root / "calls.jsonl"
        self.queue_file.write_text("[]", encoding="utf-8")
        self.path = self.bin_dir / "claude"
        self.path.write_text(SCRIPT.format(python=sys.executable, queue=str(self.queue_file),
                                           log=str(self.log_file)), encoding="utf-8")
        self.path.chmod(self.path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)

    def _push(self, **step: Any) -> None:
        queue = json.loads(self.queue_file.read_text(encoding="utf-8"))
        queue.append(step)
        self.queue_file.write_text(json.dumps(queue), encoding="utf-8")

    def answer(self, text: str, **kw: Any) -> None:
        """A successful single-turn answer."""
        self._push(stdout=result_json(text, **kw))

    def error_result(self, text: str, exit: int = 1, subtype: str = "success") -> None:
        """An answer claude itself flags as an error (usage limit, login ...)."""
        self._push(stdout=result_json(text, is_error=True, subtype=subtype), exit=exit)

    def fail(self, exit: int, stderr: str = "", stdout: str = "") -> None:
        self._push(exit=exit, stderr=stderr, stdout=stdout)

    def hang(self, seconds: float, grandchild_pid_file: Path | None = None) -> None:
        """Sleep before answering; optionally first start a child that holds stdout open."""
        self._push(sleep=seconds, stdout=result_json('{"no_content_to_extract": true}'),
                   grandchild_pid_file=str(grandchild_pid_file or ""))

    @property
    def calls(self) -> list[dict[str, Any]]:
        if not self.log_file.exists():
            return []
        lines = self.log_file.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines]


@pytest.fixture
def fake_claude(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeClaude:
    """A fake ``claude`` first on PATH (POSIX only: it relies on a shebang line)."""
    if os.name != "posix":
        pytest.skip("the fake claude script needs a POSIX shebang")
    fake = FakeClaude(tmp_path / "fake-claude")
    monkeypatch.setenv("PATH", f"{fake.bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    return fake
