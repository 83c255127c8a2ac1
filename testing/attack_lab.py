"""A lab for attacks on gitmemory, end to end (``bench/attacks.py``).

Each attack gets a :class:`Lab`: a temporary directory with its own ``HOME`` and an
isolated git configuration, repositories driven by the real ``git``, the real CLI in
child processes (each run bounded by a timeout and timed), bare remotes, and fake
Messages APIs on loopback.  What the attack plants (:meth:`Lab.plant`) is looked for
afterwards wherever gitmemory could leak it: the memory and agent files, memory commits
and file names on every remote the lab made, every request a fake model received, every
line gitmemory printed (its commands, and the hook lines of git commands), and every CI
job summary.  Nothing here contacts a host: the provider is offline unless an attack
starts a fake model, and hosts in attacks are only ever looked for in outputs.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from testing.attack_checks import context, exposed, is_agent_file, mask, published
from testing.fake_anthropic import FAKE_KEY, FakeAnthropic
from testing.gitrepo import isolated_env

ROOT = Path(__file__).resolve().parent.parent  # the checkout whose gitmemory is attacked

ALL_OUTPUTS = ("claude", "claude-rules", "agents", "gemini", "cursor", "copilot", "windsurf")
# A commit a memorize run finds worth sending (not trivial, not formatting only).
SERVICE = ('"""Order lookups, cached."""\n\nimport functools\n\n\n'
           '@functools.lru_cache(maxsize=1024)\ndef order(order_id: int) -> dict[str, int]:\n'
           '    return {"id": order_id, "total": order_id * 3}\n')


@dataclass
class Run:
    """One child process: what it printed, its exit code and how long it took."""

    args: list[str]
    code: int
    out: str
    err: str
    seconds: float
    timed_out: bool = False

    @property
    def text(self) -> str:
        return self.out + self.err


@dataclass
class Attack:
    category: str
    name: str
    run: Callable[[Lab], list[str] | None]


REGISTRY: list[Attack] = []


def attack(category: str, name: str) -> Callable[[Callable[[Lab], list[str] | None]],
                                                  Callable[[Lab], list[str] | None]]:
    """Register a scenario: it returns the ways it got through (None or [] when it held)."""
    def register(func: Callable[[Lab], list[str] | None]) -> Callable[[Lab], list[str] | None]:
        REGISTRY.append(Attack(category, name, func))
        return func
    return register


@dataclass
class Lab:
    """One attack's sandbox; :meth:`close` removes it and stops what it started."""

    root: Path
    timeout: float = 120.0
    env: dict[str, str] = field(default_factory=dict)
    secrets: list[str] = field(default_factory=list)
    remotes: list[Path] = field(default_factory=list)
    summaries: list[Path] = field(default_factory=list)
    printed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    models: list[FakeAnthropic] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self.env = isolated_env(self.root / "home")
        # Never a real provider: offline unless an attack starts a fake model.
        self.env.update({"GITMEMORY_PROVIDER": "offline", "PATH": _path_without_claude(),
                         "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"})
        # git may reach local paths only: no URL in an attack can make it contact a host.
        with open(self.env["GIT_CONFIG_GLOBAL"], "a") as config:
            config.write('[protocol]\n\tallow = never\n[protocol "file"]\n\tallow = always\n')

    # -- processes -------------------------------------------------------------------

    def run(self, args: list[str], cwd: Path, *, env: dict[str, str] | None = None,
            stdin: str | None = None, timeout: float | None = None) -> Run:
        """Run ``args`` with the lab's environment (plus ``env``), bounded and timed; the
        whole process group is killed when the bound passes."""
        started = time.perf_counter()
        proc = subprocess.Popen(args, cwd=cwd, env={**self.env, **(env or {})},
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, errors="replace",
                                start_new_session=True)
        try:
            out, err = proc.communicate(stdin, timeout=timeout or self.timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            kill_group(proc)
            out, err = proc.communicate()
            timed_out = True
        return Run(args, proc.returncode, out, err, time.perf_counter() - started, timed_out)

    def git(self, cwd: Path, *args: str, env: dict[str, str] | None = None,
            stdin: str | None = None, check: bool = True, timeout: float | None = None) -> Run:
        done = self.run(["git", *args], cwd, env=env, stdin=stdin, timeout=timeout)
        # Hooks print through git: keep what gitmemory said, not git's own lines.
        self.printed.extend(line for line in done.text.splitlines()
                            if "gitmemory" in line.lower())
        if check and (done.code != 0 or done.timed_out):
            raise LabError(f"git {' '.join(args)} failed ({done.code}): {done.err.strip()[-400:]}")
        return done

    def gitmemory(self, cwd: Path, *args: str, env: dict[str, str] | None = None,
                  stdin: str | None = None, timeout: float | None = None) -> Run:
        done = self.run([sys.executable, "-m", "gitmemory", *args], cwd, env=env, stdin=stdin,
                        timeout=timeout)
        self.printed.append(done.text)
        return done

    # -- things an attack makes ------------------------------------------------------

    def repo(self, name: str = "repo", *, init: bool = True, files: dict[str, str] | None = None,
             settings: dict[str, str] | None = None) -> Repo:
        """A repository on ``main`` with a README (and ``files``) committed; with ``init``,
        ``gitmemory init`` (native hooks, offline) committed too, ``settings`` (key: TOML
        value) set in its ``.gitmemory/config.toml``."""
        path = self.root / name
        path.mkdir(parents=True)
        repo = Repo(self, path)
        self.git(path, "init", "-q", "-b", "main")
        repo.write("README.md", "# demo\n\nA small service.\n")
        for rel, text in (files or {}).items():
            repo.write(rel, text)
        repo.commit_all("Initial commit", hooks=False)
        if init:
            repo.init(settings)
        return repo

    def bare(self, name: str = "remote.git") -> Path:
        """A bare repository whose contents count as published."""
        path = self.root / name
        self.git(self.root, "init", "-q", "--bare", "-b", "main", str(path))
        self.remotes.append(path)
        return path

    def origin(self, repo: Repo, name: str = "origin", bare: str = "remote.git") -> Path:
        """A bare remote ``name`` for ``repo`` holding its ``main`` (pushed without hooks)."""
        path = self.bare(bare)
        repo.git("remote", "add", name, str(path))
        repo.git("push", "-q", name, "main", env={"GITMEMORY_DISABLE": "1"})
        return path

    def model(self) -> FakeAnthropic:
        """A fake Messages API on loopback; the lab's environment points the SDK at it."""
        fake = FakeAnthropic().start()
        self.models.append(fake)
        self.env.update({"ANTHROPIC_API_KEY": FAKE_KEY, "ANTHROPIC_BASE_URL": fake.url,
                         "ANTHROPIC_CONFIG_DIR": str(self.root / "anthropic-config")})
        return fake

    def plant(self, *secrets: str) -> None:
        """Secrets that must reach no remote, model request, printed line or CI log."""
        self.secrets.extend(secrets)

    def summary(self, name: str = "step-summary.md") -> Path:
        path = self.root / name
        self.summaries.append(path)
        return path

    def expect(self, holds: bool, what: str) -> None:
        """A precondition of the attack: when it fails, the route was never exercised and
        the attack proves nothing (reported as an error, not as held)."""
        if not holds:
            raise LabError(f"set-up did not happen: {what}")

    def sent(self) -> str:
        """Everything every fake model received."""
        return "\n".join(r.text for fake in self.models for r in fake.requests)

    def note(self, text: str) -> None:
        """A figure to print beside the attack's verdict (seconds, counts)."""
        self.notes.append(text)

    # -- what got out ----------------------------------------------------------------

    def leaks(self) -> list[str]:
        """Every channel a planted secret (or a run of :data:`WINDOW` of its characters)
        reached."""
        if not self.secrets:
            return []
        channels: list[tuple[str, str]] = [(f"remote {p.name}", published(self.run, p))
                                           for p in self.remotes]
        for n, fake in enumerate(self.models):
            requests = fake.requests
            channels.append((f"model request (fake {n + 1})",
                             "\n".join(r.text for r in requests)))
        channels.append(("printed line", "\n".join(self.printed)))
        channels.extend((f"CI log {p.name}", p.read_text(errors="replace"))
                        for p in self.summaries if p.exists())
        found = []
        for secret in dict.fromkeys(self.secrets):
            for where, text in channels:
                hit = exposed(secret, text)
                if hit:
                    found.append(f"{mask(secret)} reached {where}: ...{context(text, hit)}...")
        return found

    def close(self) -> None:
        for fake in self.models:
            fake.close()
        shutil.rmtree(self.root, ignore_errors=True)


class LabError(Exception):
    """A step of an attack's set-up failed (not a verdict on the defence)."""


@dataclass
class Repo:
    lab: Lab
    path: Path

    def git(self, *args: str, env: dict[str, str] | None = None, check: bool = True,
            stdin: str | None = None, timeout: float | None = None) -> Run:
        return self.lab.git(self.path, *args, env=env, check=check, stdin=stdin,
                            timeout=timeout)

    def gm(self, *args: str, env: dict[str, str] | None = None, stdin: str | None = None,
           timeout: float | None = None) -> Run:
        return self.lab.gitmemory(self.path, *args, env=env, stdin=stdin, timeout=timeout)

    def init(self, settings: dict[str, str] | None = None, *args: str) -> Run:
        done = self.gm("init", *args)
        if done.code != 0:
            raise LabError(f"gitmemory init failed: {done.text.strip()[-400:]}")
        self.configure({"provider": '"offline"', **(settings or {})})
        self.commit_all("Set up gitmemory", hooks=False)
        return done

    def configure(self, settings: dict[str, str]) -> None:
        """Set top-level keys of ``.gitmemory/config.toml`` (values written as TOML)."""
        cfg = self.path / ".gitmemory" / "config.toml"
        lines = cfg.read_text().splitlines() if cfg.exists() else []
        for key, value in settings.items():
            at = next((n for n, line in enumerate(lines) if line.startswith(f"{key} = ")), None)
            if at is None:
                lines.append(f"{key} = {value}")
            else:
                lines[at] = f"{key} = {value}"
        self.write(".gitmemory/config.toml", "\n".join(lines) + "\n")

    def write(self, rel: str, text: str | bytes) -> Path:
        path = self.path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        return path

    def commit(self, rel: str, text: str, message: str, *, hooks: bool = True) -> str:
        self.write(rel, text)
        self.git("add", "-f", "--", rel)
        return self._commit(message, hooks)

    def commit_all(self, message: str, *, hooks: bool = True) -> str:
        self.git("add", "-A", env=None if hooks else {"GITMEMORY_DISABLE": "1"})
        return self._commit(message, hooks)

    def _commit(self, message: str, hooks: bool) -> str:
        env = None if hooks else {"GITMEMORY_DISABLE": "1"}
        self.git("commit", "-q", "--allow-empty", "-F", "-", stdin=message, env=env)
        return self.head()

    def work(self, message: str = "Cache order lookups\n\nThe store answers slowly.",
             rel: str = "src/app/service.py", hooks: bool = True) -> str:
        """A commit a memorize run finds worth sending; its sha."""
        return self.commit(rel, SERVICE + f"# {self.head()[:7]}\n", message, hooks=hooks)

    def push(self, *args: str, policy: str = "follow", check: bool = False,
             env: dict[str, str] | None = None) -> Run:
        """``git push ARGS`` with the hooks on and ``push_policy`` as given."""
        return self.git("push", *args, check=check,
                        env={"GITMEMORY_PUSH_POLICY": policy, **(env or {})})

    def head(self, rev: str = "HEAD") -> str:
        return self.git("rev-parse", rev).out.strip()

    def memory(self, branch: str, text: str) -> Path:
        """Write ``text`` as ``branch``'s memory file (a plain branch name: lowercase ASCII
        letters, digits, ``-`` and ``/``)."""
        return self.write(f".gitmemory/branches/{branch.replace('/', '_')}.md", text)

    def mcp(self, *calls: tuple[str, dict[str, object]], timeout: float | None = None
            ) -> tuple[Run, str]:
        """``gitmemory mcp`` here: the run and every tool call's result as one JSON text."""
        from testing.attack_mcp import exchange

        return exchange(self.lab, self.path, calls, timeout)

    def agent_files(self) -> dict[str, str]:
        """Every agent file in the work tree that git does not track (gitmemory's)."""
        tracked = set(self.git("ls-files", "-z").out.split("\0"))
        found = {}
        for path in sorted(self.path.rglob("*")):
            rel = path.relative_to(self.path).as_posix()
            if path.is_file() and not rel.startswith(".git/") and is_agent_file(rel) and \
                    rel not in tracked:
                found[rel] = path.read_text(errors="replace")
        return found


def through_commit(lab: Lab, sentence: str, *secrets: str, path: str = "docs/env.md",
                   text: str = "The environment.\n") -> Repo:
    """``sentence`` in a commit's body and its ``Memory-Fact`` trailer, ``path`` changed to
    ``text``: sent to a fake model by ``memorize`` (the trailer becomes memory whichever
    provider reads), then pushed (twice, so the memory commit travels).  The model reads
    first: a run goes on where the last one stopped, so after the push's own memorize
    there would be nothing left to send."""
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(*secrets)
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit(path, text, f"docs: note the environment\n\n{sentence}\n\n"
                f"Memory-Fact: {sentence}", hooks=False)
    model = lab.model()
    model.text('{"no_content_to_extract": true}')
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("note the environment" in lab.sent(), "the commit was sent to the model")
    repo.push("origin", "feature")
    repo.push("origin", "feature")
    return repo


def _path_without_claude() -> str:
    """PATH without any directory that holds a ``claude`` program: no real CLI runs."""
    parts = os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
    return os.pathsep.join(p for p in parts if not os.path.exists(os.path.join(p, "claude")))


def kill_group(proc: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
