"""Structural facts that keep the checkout and commit hooks inside their budget."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from testing.gitrepo import git, memory_text
from testing.gitrepo import gitmemory as run_cli
from testing.hooks import run_hook

HEAVY = ("click", "git", "anthropic", "filelock", "httpx", "pydantic")
COSTLY_STDLIB = ("subprocess", "tomllib", "typing", "dataclasses", "pathlib", "tempfile",
                 "collections", "urllib.request", "http.client")  # the last two: openai

def _run_hook(repo: Path, *args: str, stdin: str = "") -> tuple[int, list[str]]:
    probed = run_hook(repo, *args, stdin=stdin)
    return probed.code, probed.modules


@pytest.fixture
def wired(repo: Path) -> Path:
    run_cli(repo, "init", "--hooks", "none")
    (repo / ".gitmemory" / "branches").mkdir(exist_ok=True)
    (repo / ".gitmemory" / "branches" / "main.md").write_text(
        memory_text("main", conventions=("Keep it fast",)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "wire")
    return repo


@pytest.mark.parametrize("hook", ["post-checkout", "post-commit", "post-merge"])
def test_hot_hooks_import_no_heavy_library(wired: Path, hook: str) -> None:
    (wired / "CLAUDE.md").unlink(missing_ok=True)
    args = {"post-checkout": ["0" * 40, "HEAD", "1"], "post-commit": [],
            "post-merge": ["0"]}[hook]
    code, modules = _run_hook(wired, hook, *args)
    assert code == 0
    for name in HEAVY:
        assert name not in modules, f"{hook} imported {name}"
    for name in COSTLY_STDLIB:
        assert name not in modules, f"{hook} imported {name}"
    if hook == "post-checkout":
        assert "Keep it fast" in (wired / "CLAUDE.md").read_text()  # it did its work


@pytest.mark.parametrize("hook", ["post-checkout", "post-commit", "post-merge"])
def test_under_pre_commit_the_hooks_import_what_they_import_natively(wired: Path, hook: str
                                                                    ) -> None:
    """Issue 33: on the pre-commit route every hook checked whether the clone was set up,
    and the check imported shutil and shlex (zlib, bz2, lzma, re, enum): tens of
    milliseconds on each checkout that the native route does not pay."""
    (wired / ".pre-commit-config.yaml").write_text(
        "repos:\n- repo: https://github.com/gitmemory/gitmemory\n  rev: v0.4.32\n  hooks:\n"
        "  - id: gitmemory-post-checkout\n")
    git(wired, "add", ".pre-commit-config.yaml")
    git(wired, "commit", "-q", "-m", "pre-commit")
    args = {"post-checkout": ["0" * 40, "HEAD", "1"], "post-commit": [],
            "post-merge": ["0"]}[hook]
    native = run_hook(wired, hook, *args)
    ran = run_hook(wired, hook, *args, env=dict(os.environ, PRE_COMMIT="1"))
    assert ran.code == native.code == 0
    assert set(ran.modules) - set(native.modules) <= {"gitmemory.setup", "gitmemory.setup.adopt"}


def test_post_rewrite_imports_no_heavy_library(wired: Path) -> None:
    code, modules = _run_hook(wired, "post-rewrite", "amend",
                              stdin="a" * 40 + " " + "b" * 40 + "\n")
    assert code == 0
    assert not set(HEAVY) & set(modules)


def test_console_script_runs_hooks_without_click(wired: Path) -> None:
    """The pre-commit route calls ``gitmemory hook``: it must not load the CLI stack."""
    probe = ("import sys; from gitmemory.entry import main; "
             "code = main(['hook', 'post-checkout', '0' * 40, 'HEAD', '1']); "
             "print(code, sorted(m for m in ('click', 'git', 'anthropic') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=wired, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "0 []"


def test_the_console_script_ends_a_checkout_hook_as_the_shim_does(wired: Path) -> None:
    """Issue 33: on the pre-commit route ``gitmemory hook post-checkout`` (the console script)
    paid for the interpreter's teardown, which the native shim skips with ``os._exit``."""
    probe = ("import atexit, sys; atexit.register(lambda: print('torn down')); "
             "sys.argv = ['gitmemory', 'hook', '{hook}', *{args!r}]; "
             "from gitmemory.entry import main; code = main(); print('returned', code)")
    for hook, args, quick in (("post-checkout", ["0" * 40, "HEAD", "1"], True),
                              ("post-commit", [], True), ("pre-push", ["origin", "x"], False)):
        done = subprocess.run([sys.executable, "-c", probe.format(hook=hook, args=args)],
                              cwd=wired, capture_output=True, text=True, check=False,
                              input="")
        assert done.returncode == 0, done.stderr
        assert done.stdout == ("" if quick else "returned 0\ntorn down\n"), hook


def test_post_checkout_with_every_output_stays_on_the_standard_library(wired: Path) -> None:
    from testing.agents import ALL_OUTPUTS, write_memory

    git(wired, "config", "gitmemory.outputs", ALL_OUTPUTS)
    (wired / "src" / "api").mkdir(parents=True)
    (wired / "src" / "api" / "routes.py").write_text("ROUTES = []\n")
    write_memory(wired, "main", conventions=(("Handlers return dicts", ("src/api/",)),
                                             "Keep it fast"))
    code, modules = _run_hook(wired, "post-checkout", "0" * 40, "HEAD", "1")
    assert code == 0
    for name in (*HEAVY, *COSTLY_STDLIB):
        assert name not in modules, f"post-checkout imported {name}"
    assert "Handlers return dicts" in (wired / ".cursor/rules/gitmemory-src-api.mdc").read_text()
    assert "Keep it fast" in (wired / "CLAUDE.md").read_text()


def test_the_agent_session_hook_imports_no_heavy_library(repo: Path) -> None:
    """Claude Code's session hooks check their input and start the reader; what they load
    is as light as the checkout hook's, plus json (whose decoder loads re and collections,
    about 5 ms)."""
    from testing.agent_sessions import wait_for_readers
    from testing.transcripts import Recorder, hook_input

    run_cli(repo, "init", "--hooks", "none", "--agent-hook")
    rec = Recorder(str(repo), "main")
    rec.user("Remember: the hook reads nothing itself.")
    transcript = repo.parent / "t.jsonl"
    transcript.write_text(rec.text())
    code, modules = _run_hook(repo, "agent-session",
                              stdin=hook_input("SessionEnd", str(transcript), str(repo)))
    assert code == 0
    json_needs = {"collections"}
    for name in (*HEAVY, *(set(COSTLY_STDLIB) - json_needs), "gitmemory.secrets.redact",
                 "gitmemory.pipeline", "gitmemory.providers", "gitmemory.sessions.digest"):
        assert name not in modules, f"agent-session imported {name}"
    wait_for_readers()
    assert "the hook reads nothing itself" in next(
        (repo / ".git" / "gitmemory" / "sessions").glob("claude-code-*.json")).read_text()
