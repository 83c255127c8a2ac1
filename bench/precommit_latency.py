"""What a ``git checkout`` costs on the pre-commit route, beside the native hooks and no hooks.

Builds one repository (``--commits`` commits, ``--memories`` memory files; two
branches whose memory differs, so every checkout rewrites ``CLAUDE.md``) and
copies it once per route, then times checkouts to the other branch and back,
each route in turn within every round, so that a shared machine's drifting
load hits every route alike:

- git alone (no hooks),
- gitmemory's native shims (``gitmemory install``),
- gitmemory's post-checkout hook through the pre-commit framework, built by
  pre-commit from a snapshot of this checkout (``language: python``, this
  repository's ``.pre-commit-hooks.yaml``), as a team's config runs it,
- pre-commit running a hook that does nothing (``language: system``, entry
  ``true``): pre-commit's own floor, which no hook can go below,
- with ``--against DIR`` (a checkout of another revision: ``git worktree add
  DIR REV``), that revision's hooks through pre-commit too.

It prints the median wall time of one checkout and what each route adds to
git alone, the CPU time (user + sys, the processes started included), and where
the pre-commit route's time goes: Python's start, pre-commit's imports, and
gitmemory's hook run alone in pre-commit's environment.

    python bench/precommit_latency.py [--commits 10000] [--memories 200] [--runs 21]
                                      [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hook_latency import build_repo
from testing.gitrepo import git
from testing.precommit_repo import ROOT, isolated_env, pre_commit, snapshot_checkout, wire

NOOP_CONFIG = """default_install_hook_types: [post-checkout]
repos:
  - repo: local
    hooks:
      - id: noop
        name: a hook that does nothing
        entry: "true"
        language: system
        always_run: true
        pass_filenames: false
        stages: [post-checkout]
"""


class Timer:
    """Median wall and CPU time of each labelled command, sampled in turn."""

    def __init__(self) -> None:
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}

    def time(self, label: str, cmd: list[str], cwd: Path, env: dict[str, str]) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, env=env, check=True, capture_output=True)
        self.wall.setdefault(label, []).append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu.setdefault(label, []).append(
            after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)

    def ms(self, label: str) -> tuple[float, float]:
        return (statistics.median(self.wall[label]) * 1000,
                statistics.median(self.cpu[label]) * 1000)

    def clear(self) -> None:
        self.wall.clear()
        self.cpu.clear()


def hook_env(home: Path, rev: str) -> Path:
    """The virtualenv pre-commit built (under ``home``) for gitmemory at commit ``rev``."""
    for clone in sorted(home.glob("repo*")):
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=clone, capture_output=True,
                              text=True, check=False).stdout.strip()
        found = sorted(clone.glob("py_env-*"))
        if head == rev and found:
            return found[0]
    raise AssertionError(f"no pre-commit environment for {rev} under {home}")


def set_up(root: Path, base: Path, env: dict[str, str], against: Path | None
           ) -> tuple[dict[str, Path], Path]:
    """One copy of ``base`` per route, each with its hooks installed; and the environment
    pre-commit built for this checkout's hooks."""
    routes: dict[str, Path] = {}

    def copy(name: str) -> Path:
        path = root / name
        shutil.copytree(base, path, symlinks=True)
        routes[name] = path
        return path

    copy("git alone")
    native = copy("native hooks")
    subprocess.run([sys.executable, "-m", "gitmemory", "install"], cwd=native, env=env,
                   check=True, capture_output=True)
    source, this = snapshot_checkout(ROOT, root / "src-this", env)
    wire(copy("pre-commit: gitmemory"), source, this, env, ("gitmemory-post-checkout",))
    if against is not None:
        source, rev = snapshot_checkout(against, root / "src-against", env)
        wire(copy("pre-commit: --against"), source, rev, env, ("gitmemory-post-checkout",))
    noop = copy("pre-commit: no-op hook")
    (noop / ".pre-commit-config.yaml").write_text(NOOP_CONFIG)
    done = pre_commit(noop, "install", "--install-hooks", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return routes, hook_env(Path(env["PRE_COMMIT_HOME"]), this)


def measure(routes: dict[str, Path], venv: Path, env: dict[str, str], runs: int,
            warmup: int = 3) -> Timer:
    timer = Timer()
    gitmemory_repo = routes["pre-commit: gitmemory"]
    sha = git(gitmemory_repo, "rev-parse", "HEAD").stdout.strip()
    hook_alone = [str(venv / "bin" / "gitmemory"), "hook", "post-checkout", sha, sha, "1"]
    for n in range(warmup + runs):
        if n == warmup:
            timer.clear()
        for label, repo in routes.items():
            for target in ("feature/a", "main"):
                timer.time(label, ["git", "checkout", "-q", target], repo, env)
        timer.time("python3 -c pass", [sys.executable, "-c", "pass"], gitmemory_repo, env)
        timer.time("import pre_commit.main", [sys.executable, "-c", "import pre_commit.main"],
                   gitmemory_repo, env)
        timer.time("gitmemory's hook alone", hook_alone, gitmemory_repo,
                   dict(env, PRE_COMMIT="1"))
    for label in ("native hooks", "pre-commit: gitmemory"):
        assert "Convention 0 of main" in (routes[label] / "CLAUDE.md").read_text(), label
    return timer


def report(timer: Timer, routes: dict[str, Path], runs: int) -> None:
    pre_commit_version = subprocess.run([sys.executable, "-m", "pre_commit", "--version"],
                                        capture_output=True, text=True, check=True).stdout
    git_version = subprocess.run(["git", "version"], capture_output=True, text=True,
                                 check=True).stdout
    print(f"\nmedian of {runs * 2} checkouts a route on {os.cpu_count()} CPUs (load "
          f"{os.getloadavg()[0]:.1f}); Python {sys.version.split()[0]}, "
          f"{git_version.strip()}, {pre_commit_version.strip()}\n")
    bare_wall, bare_cpu = timer.ms("git alone")
    print(f"{'one checkout':28} {'wall':>8} {'added':>8}   {'CPU':>8} {'added':>8}")
    for label in routes:
        wall, cpu = timer.ms(label)
        print(f"{label:28} {wall:6.1f}ms {wall - bare_wall:6.1f}ms   {cpu:6.1f}ms "
              f"{cpu - bare_cpu:6.1f}ms")
    print("\nwhere the pre-commit route's time goes (each run alone):")
    for label in ("python3 -c pass", "import pre_commit.main", "gitmemory's hook alone"):
        wall, cpu = timer.ms(label)
        print(f"  {label:26} {wall:6.1f}ms wall {cpu:6.1f}ms CPU")
    floor = timer.ms("pre-commit: no-op hook")[0] - bare_wall
    ours = timer.ms("pre-commit: gitmemory")[0] - bare_wall
    print(f"\npre-commit's floor (a hook that does nothing) adds {floor:.1f} ms; gitmemory's "
          f"hook through pre-commit adds {ours:.1f} ms, {ours - floor:.1f} ms of it "
          "gitmemory's (its environment's health check and the hook)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--memories", type=int, default=200)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--against", metavar="DIR", type=Path,
                        help="A checkout of another gitmemory revision (git worktree add DIR "
                             "REV): its hook through pre-commit, timed in turn with these.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home", root / "pre-commit")
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        print(f"building a repository with {args.commits} commits and {args.memories} "
              "memory files, and the pre-commit environments (pip install) ...", flush=True)
        (root / "base").mkdir()
        base = build_repo(root / "base", args.commits, args.memories)
        routes, venv = set_up(root, base, env, args.against.resolve() if args.against else None)
        report(measure(routes, venv, env, args.runs), routes, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
