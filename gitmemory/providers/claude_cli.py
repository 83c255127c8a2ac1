"""The ``claude-cli`` provider: Claude Code's ``claude`` command in print mode.

One single-turn call per prompt: ``claude -p --output-format json --max-turns 1``
with our own system prompt in place of Claude Code's and its tools switched
off, the prompt on stdin, no shell.  It runs in an empty temporary directory
(so no project ``CLAUDE.md``, settings or hooks join in), with gitmemory's
hooks disabled and the variables that tie a child to a git repository or to an
outer Claude Code session removed.  The whole process group is killed when the
deadline passes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime

from gitmemory import git
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.base import PENDING_HINT, LLMProvider
from gitmemory.providers.calls import Completion

DEFAULT_MODEL = "haiku"  # the CLI's alias for its current Haiku model
INSTALL_HINT = ("install Claude Code (https://claude.com/product/claude-code), or set "
                "provider = \"anthropic\" or \"offline\" in .gitmemory/config.toml")
_RATE = lazy_regex(r"usage limit|rate.?limit|limit reached|hit your limit|out of (extra )?usage"
                   r"|\b429\b", re.IGNORECASE)
_AUTH = lazy_regex(r"/login|not logged in|log ?in again|invalid api key|authentication"
                   r"|oauth token|\b401\b", re.IGNORECASE)
_RESET = lazy_regex(r"\|(\d{9,11})\b")
_NESTED_ENV = ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT")


@dataclass
class ClaudeCliProvider(LLMProvider):
    """``send`` by running the ``claude`` command; see the module docstring."""

    name = "claude-cli"

    model: str = DEFAULT_MODEL
    executable: str = "claude"

    def argv(self, system: str) -> list[str]:
        return [self.executable, "-p", "--output-format", "json", "--max-turns", "1",
                "--model", self.model, "--system-prompt", system, "--tools", ""]

    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        code, out, err = self._run(self.argv(system), prompt, timeout)
        return parse_output(code, out, err, self.model)

    def _run(self, argv: list[str], stdin: str, timeout: float) -> tuple[int, str, str]:
        with tempfile.TemporaryDirectory(prefix="gitmemory-claude-") as cwd:
            try:
                proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd, env=_child_env(),
                                        text=True, encoding="utf-8", errors="replace",
                                        start_new_session=True)
            except FileNotFoundError:
                raise ProviderError("not-found", f"claude-cli: command {self.executable!r} not "
                                    "found", hint=INSTALL_HINT) from None
            except PermissionError:
                raise ProviderError("not-found", f"claude-cli: cannot run {self.executable!r} "
                                    "(permission denied)", hint=INSTALL_HINT) from None
            try:
                out, err = proc.communicate(stdin, timeout=timeout)
            except subprocess.TimeoutExpired:
                _kill(proc)
                waited = f"{timeout:.0f} s" if timeout >= 1 else f"{timeout:.1f} s"
                raise ProviderError("timeout", f"claude-cli: no answer within {waited}",
                                    hint=PENDING_HINT + "; the limit is time_limit") from None
        return proc.returncode, out, err


def _child_env() -> dict[str, str]:
    env = git.clean_env()
    for name in _NESTED_ENV:
        env.pop(name, None)
    env["GITMEMORY_DISABLE"] = "1"
    return env


def _kill(proc: subprocess.Popen[str]) -> None:
    """Kill the child and anything it started, then reap it."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(proc.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows
            proc.kill()
    except ProcessLookupError:
        pass
    with contextlib.suppress(subprocess.TimeoutExpired):  # a grandchild holding the pipes
        proc.communicate(timeout=5)


def parse_output(code: int, out: str, err: str, model: str) -> Completion:
    """The answer in ``claude --output-format json`` output, or the error it reports."""
    data = _result_object(out)
    if data is None:
        if code != 0:
            raise failure(err or out, code)
        raise InvalidOutput("claude printed no JSON result")
    text = data.get("result")
    is_error = data.get("is_error") is True or data.get("subtype", "success") != "success"
    if code != 0 or is_error:
        if data.get("subtype") == "error_max_turns":
            raise InvalidOutput("claude tried to take more than one turn")
        raise failure(text if isinstance(text, str) and text else
                      err or str(data.get("subtype") or "error"), code)
    if not isinstance(text, str) or not text.strip():
        raise InvalidOutput("the answer holds no text")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    assert isinstance(usage, dict)
    models = data.get("modelUsage")
    if isinstance(models, dict) and models:
        model = str(next(iter(models)))
    return Completion(text=text, model=model, input_tokens=_int(usage.get("input_tokens")),
                      output_tokens=_int(usage.get("output_tokens")))


def _result_object(out: str) -> dict[str, object] | None:
    """The ``{"type": "result", ...}`` object: the whole output or its last JSON line."""
    candidates = [out.strip(), *reversed(out.strip().splitlines())]
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and ("result" in data or data.get("type") == "result"):
            return data
    return None


def failure(text: str, code: int) -> ProviderError:
    """One clear error for what claude said when it failed."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), f"exit code {code}")
    line = line[:200]
    if _RATE.search(line):
        reset = _RESET.search(line)
        if reset:
            when = datetime.fromtimestamp(int(reset.group(1)), UTC).strftime("%Y-%m-%d %H:%M")
            line = line[:reset.start()] + f" (resets {when} UTC)"
        return ProviderError("rate-limit", f"claude-cli: {line}", hint=PENDING_HINT)
    if _AUTH.search(line):
        return ProviderError("auth", f"claude-cli: {line}",
                             hint="run `claude` once to log in, or choose another provider")
    if "unknown option" in line.lower():
        return ProviderError("request", f"claude-cli: {line}",
                             hint="update Claude Code (`claude update`)")
    return ProviderError("server", f"claude-cli: claude failed (exit code {code}): {line}",
                         hint=PENDING_HINT)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
