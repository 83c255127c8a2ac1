"""Time a huge commit message adds to ``git push`` (issue 31, "Bounded time").

Builds a repository set up with ``gitmemory init`` (the offline provider, native hooks)
and a bare remote, then commits one change whose message is ``--mb`` megabytes of prose
(lines of ordinary words, a few of them shaped like the things redaction looks at), and
times ``git push`` of it: with gitmemory's pre-push hook, and with no hooks at all (the
same push to a fresh copy of the remote, ``core.hooksPath`` pointed at an empty
directory).  The difference is what the hook adds.  With ``--against DIR`` (a checkout
of another revision) the same push runs with that revision's hooks too.

    python bench/push_message.py [--mb 42] [--against DIR] [--timeout 300]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from testing.gitrepo import git, isolated_env  # noqa: E402 - after the path is set

PROSE = ("the cache layer keeps sessions in redis with a ttl of one hour so that a restart "
         "loses nothing and the worker retries failed jobs three times before it gives up "
         "password key token secret export curl run make test deploy")
WORDS = PROSE.split()


def message(megabytes: float) -> str:
    rng = random.Random(31)  # noqa: S311 - reproducible text, not secrets
    lines = ["Rework the session cache", ""]
    size = 0
    while size < megabytes * 1_000_000:
        line = " ".join(rng.choice(WORDS) for _ in range(12))
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines) + "\n"


def build(root: Path, name: str, env: dict[str, str], text: str) -> Path:
    repo = root / name
    git(root, "init", "-q", "-b", "main", str(repo), env=env)
    (repo / "app.py").write_text("VALUE = 1\n")
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "Start", env=env)
    subprocess.run([sys.executable, "-m", "gitmemory", "init"], cwd=repo, env=env,
                   capture_output=True, check=True)
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "Set up gitmemory", env=env)
    remote = root / f"{name}.git"
    git(root, "init", "-q", "--bare", str(remote), env=env)
    git(repo, "remote", "add", "origin", str(remote), env=env)
    git(repo, "push", "-q", "--no-verify", "origin", "main", env=env)
    (repo / "app.py").write_text("VALUE = 2\n")
    git(repo, "add", "-A", env=env)
    (root / f"{name}.msg").write_text(text)
    git(repo, "commit", "-q", "-F", str(root / f"{name}.msg"), env=env)
    return repo


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed_push(repo: Path, env: dict[str, str], timeout: float, hooks: bool = True
               ) -> tuple[float, float] | None:
    """(wall seconds, CPU seconds of every process) of the push, or None past ``timeout``."""
    args = ["git", "push", "-q", "origin", "main"]
    if not hooks:
        empty = repo.parent / "no-hooks"
        empty.mkdir(exist_ok=True)
        args = ["git", "-c", f"core.hooksPath={empty}", "push", "-q", "origin", "main"]
    started, cpu = time.perf_counter(), _cpu()
    try:
        subprocess.run(args, cwd=repo, env=env, capture_output=True, timeout=timeout,
                       check=False)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - started, _cpu() - cpu


def route(root: Path, name: str, source: Path, text: str, timeout: float) -> tuple[
        tuple[float, float] | None, tuple[float, float] | None]:
    env = isolated_env(root / f"home-{name}")
    env["PYTHONPATH"] = str(source)
    env["GITMEMORY_PROVIDER"] = "offline"
    repo = build(root, name, env, text)
    plain = repo.parent / f"{name}-plain"
    shutil.copytree(repo, plain, symlinks=True)
    bare = root / f"{name}-plain.git"
    shutil.copytree(root / f"{name}.git", bare)
    git(plain, "remote", "set-url", "origin", str(bare), env=env)
    return timed_push(plain, env, timeout, hooks=False), timed_push(repo, env, timeout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=42.0)
    parser.add_argument("--against", metavar="DIR", type=Path)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    text = message(args.mb)
    routes = [("this checkout", HERE)]
    if args.against:
        routes.append((str(args.against), args.against.resolve()))
    print(f"git push of one commit whose message is {len(text) / 1e6:.1f} MB "
          f"(load {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        for n, (label, source) in enumerate(routes):
            plain, hooked = route(Path(tmp), f"r{n}", source, text, args.timeout)
            if plain is None or hooked is None:
                print(f"{label:40} timed out after {args.timeout:g} s")
                continue
            print(f"{label:32} no hooks {plain[0]:6.2f} s   with gitmemory {hooked[0]:6.2f} s"
                  f"   added {hooked[0] - plain[0]:6.2f} s   (cpu: {plain[1]:5.2f} s, "
                  f"{hooked[1]:5.2f} s, added {hooked[1] - plain[1]:5.2f} s)")


if __name__ == "__main__":
    main()
