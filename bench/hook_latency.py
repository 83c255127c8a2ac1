"""Time added to ``git checkout`` and ``git commit`` by gitmemory's hooks.

Builds a repository with 10,000 commits and 200 memory files, then times
alternating branch checkouts (whose memory differs, so CLAUDE.md is rewritten
every time) and empty commits:

- with no hooks (the baseline),
- with the native shims that ``gitmemory install`` writes,
- with the same hooks run through the pre-commit framework,

beside a bare ``python3 -c pass``.  Prints medians and the ratios.

    python bench/hook_latency.py [--commits 10000] [--memories 200] [--runs 31]
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

from testing.gitrepo import git, isolated_env, memory_text


def build_repo(root: Path, commits: int, memories: int) -> Path:
    """A repository with ``commits`` commits (via fast-import) and memory files."""
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    lines = []
    when = 1_700_000_000
    for n in range(commits):
        message = f"Change {n}: adjust module {n % 97}\n".encode()
        content = f"value = {n}\n".encode()
        lines.append(b"commit refs/heads/main\n")
        lines.append(f"committer Bench <bench@example.com> {when + n} +0000\n".encode())
        lines.append(f"data {len(message)}\n".encode() + message)
        lines.append(f"M 100644 inline src/module_{n % 500}.py\n".encode())
        lines.append(f"data {len(content)}\n".encode() + content + b"\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(lines),
                   check=True)
    git(repo, "checkout", "-q", "-f", "main")
    branches = repo / ".gitmemory" / "branches"
    branches.mkdir(parents=True)
    for n in range(memories):
        branch = "main" if n == 0 else ("feature/a" if n == 1 else f"topic/{n}")
        items = tuple(f"Convention {k} of {branch}: keep module {k} pure" for k in range(8))
        bugs = tuple(f"Bug pattern {k} of {branch}: timezone drift in job {k}" for k in range(4))
        name = branch.replace("/", "_") + ".md"
        (branches / name).write_text(memory_text(branch, conventions=items, bugs=bugs,
                                                 facts=("A fact",), decisions=("A decision",)))
    (repo / "CLAUDE_base.md").write_text("# Project\n\nGuidance for every branch.\n" * 20)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add memory")
    git(repo, "branch", "feature/a")
    return repo


CPU: dict[str, float] = {}  # label -> median CPU ms of the timed processes (user + sys)


def _timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``cmd`` and every process it started.  CPU time
    says what the hooks cost even when other work on the machine stretches wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def median_ms(cmd: list[str], cwd: Path, runs: int, env: dict[str, str],
              label: str = "") -> float:
    times, cpus = [], []
    for _ in range(runs):
        wall, cpu = _timed(cmd, cwd, env)
        times.append(wall)
        cpus.append(cpu)
    if label:
        CPU[label] = statistics.median(cpus) * 1000
    return statistics.median(times) * 1000


def checkout_ms(repo: Path, runs: int, env: dict[str, str], label: str = "") -> float:
    """Median of the checkouts main -> feature/a and back."""
    times, cpus = [], []
    for n in range(runs):
        target = "feature/a" if n % 2 == 0 else "main"
        wall, cpu = _timed(["git", "checkout", "-q", target], repo, env)
        times.append(wall)
        cpus.append(cpu)
    if label:
        CPU[label] = statistics.median(cpus) * 1000
    return statistics.median(times) * 1000


def commit_ms(repo: Path, runs: int, env: dict[str, str], label: str = "") -> float:
    return median_ms(["git", "commit", "-q", "--allow-empty", "-m", "bench"], repo, runs, env,
                     label)


def clear_hooks(repo: Path) -> None:
    hooks = repo / ".git" / "hooks"
    shutil.rmtree(hooks, ignore_errors=True)
    hooks.mkdir()


def install_native(repo: Path, env: dict[str, str]) -> None:
    clear_hooks(repo)
    subprocess.run([sys.executable, "-m", "gitmemory", "install"], cwd=repo, env=env,
                   check=True, capture_output=True)


def install_pre_commit(repo: Path, root: Path, env: dict[str, str]) -> None:
    """The real route: pre-commit builds its environment from a snapshot of this checkout
    (``language: python``, this repository's ``.pre-commit-hooks.yaml``)."""
    from testing.precommit_repo import ROOT, snapshot_checkout, wire

    clear_hooks(repo)
    source, rev = snapshot_checkout(ROOT, root / "gitmemory-src", env)
    # Untracked, so that it stays in place on every branch.
    wire(repo, source, rev, env, ("gitmemory-post-checkout", "gitmemory-post-commit"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--memories", type=int, default=200)
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--no-pre-commit", action="store_true",
                        help="Skip the pre-commit column (it builds an environment first).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home")
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
        print(f"building a repository with {args.commits} commits and {args.memories} "
              "memory files ...", flush=True)
        repo = build_repo(root, args.commits, args.memories)
        runs = args.runs
        python = median_ms([sys.executable, "-c", "pass"], repo, runs, env, "python")
        clear_hooks(repo)
        base_co = checkout_ms(repo, runs, env, "base checkout")
        base_ci = commit_ms(repo, runs, env, "base commit")
        install_native(repo, env)
        native_co = checkout_ms(repo, runs, env, "native checkout")
        native_ci = commit_ms(repo, runs, env, "native commit")
        assert "Convention 0 of" in (repo / "CLAUDE.md").read_text()
        rows = [("git alone", base_co, base_ci), ("native hooks", native_co, native_ci)]
        if not args.no_pre_commit:
            print("building the pre-commit environment (pip install of this checkout) ...",
                  flush=True)
            env["PRE_COMMIT_HOME"] = str(root / "pre-commit-home")
            install_pre_commit(repo, root, env)
            rows.append(("pre-commit hooks", checkout_ms(repo, runs, env),
                         commit_ms(repo, runs, env)))
        print(f"\nmedian of {runs} runs on {os.cpu_count()} CPUs, Python "
              f"{sys.version.split()[0]}, {git(repo, 'version').stdout.strip()}")
        print(f"python3 -c pass: {python:7.1f} ms\n")
        print(f"{'route':18} {'checkout':>9} {'added':>8} {'commit':>9} {'added':>8}")
        for name, co, ci in rows:
            print(f"{name:18} {co:7.1f}ms {co - base_co:6.1f}ms {ci:7.1f}ms "
                  f"{ci - base_ci:6.1f}ms")
        native_added = native_co - base_co
        print(f"\nnative post-checkout adds {native_added:.1f} ms "
              f"({native_added / python:.2f}x a bare python3 -c pass)")
        cpu_co = CPU["native checkout"] - CPU["base checkout"]
        cpu_ci = CPU["native commit"] - CPU["base commit"]
        print(f"CPU time (user + sys, all processes): python3 -c pass {CPU['python']:.1f} ms; "
              f"native hooks add {cpu_co:.1f} ms per checkout, {cpu_ci:.1f} ms per commit")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        if len(rows) > 2:
            pc_added = rows[2][1] - base_co
            print(f"pre-commit route adds {pc_added:.1f} ms: "
                  f"{pc_added / max(native_added, 0.1):.1f}x the native route")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
