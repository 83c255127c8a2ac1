"""How long ``gitmemory list`` and ``gitmemory status`` take on a repository with many branches.

Builds a repository (with ``git fast-import``) whose default branch has
``--commits`` commits and ``--branches`` topic branches; each topic branch
carries its own memory file (``Through:`` at its fork point) and
``--pending`` commits after it, so every row of ``list`` has memory and
pending commits to count.  Then runs each command as a user does (a new
process) and prints the median wall time and how many git processes one run
started (counted with ``GIT_TRACE2_EVENT``).

    python bench/list_status.py [--branches 200] [--commits 2000] [--pending 3] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.memory.filenames import MEMORY_DIR, name_for
from testing.gitrepo import git, isolated_env, memory_text

WHEN = 1_700_000_000


def _commit(ref: str, when: int, message: str, files: dict[str, str],
            parent: str | None = None) -> bytes:
    body = message.encode()
    out = [f"commit {ref}\n".encode()]
    out.append(f"committer Bench <bench@example.com> {when} +0000\n".encode())
    out.append(f"data {len(body)}\n".encode() + body + b"\n")
    if parent:
        out.append(f"from {parent}\n".encode())
    for path, text in files.items():
        data = text.encode()
        out.append(f"M 100644 inline {path}\n".encode())
        out.append(f"data {len(data)}\n".encode() + data + b"\n")
    return b"".join(out)


def build_repo(root: Path, commits: int, branches: int, pending: int) -> Path:
    """``main`` with ``commits`` commits and its memory; ``topic/N`` branches forked along
    it, each with its memory (``Through:`` the fork point) and ``pending`` commits after."""
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    stream = [_commit("refs/heads/main", WHEN + n, f"Change {n}: adjust module {n % 97}",
                      {f"src/module_{n % 300}.py": f"value = {n}\n"})
              for n in range(1, commits + 1)]
    _import(repo, stream)
    line = git(repo, "rev-list", "--reverse", "main").stdout.split()
    tip = line[-1]
    stream = [_commit("refs/heads/main", WHEN + commits + 1, "Remember main",
                      {f"{MEMORY_DIR}/{name_for('main')}": memory_text(
                          "main", conventions=("Keep modules pure",), through=tip)},
                      parent=tip)]
    clock = WHEN + commits + 10
    for b in range(branches):
        branch = f"topic/{b}"
        fork = line[max(0, len(line) - 1 - (b * 7) % len(line))]
        items = tuple(f"Convention {k} of {branch}: keep module {k} pure" for k in range(6))
        files = {f"{MEMORY_DIR}/{name_for(branch)}": memory_text(
            branch, conventions=items, bugs=("Timezone drift in jobs",), through=fork)}
        for k in range(pending):
            clock += 1
            files[f"topics/t{b}.py"] = f"step = {k}\n"
            stream.append(_commit(f"refs/heads/{branch}", clock,
                                  f"feat: {branch} step {k}\n\nBecause step {k} needs it.",
                                  files, parent=fork if k == 0 else None))
            files = {}
    _import(repo, stream)
    git(repo, "checkout", "-q", "-f", "main")
    subprocess.run([sys.executable, "-m", "gitmemory", "init"], cwd=repo, check=True,
                   capture_output=True)
    return repo


def _import(repo: Path, stream: list[bytes]) -> None:
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(stream),
                   check=True)


def measure(repo: Path, args: list[str], runs: int, env: dict[str, str],
            trace: Path) -> tuple[float, int, str]:
    """(median seconds, git processes in one run, the output of the last run)."""
    times = []
    out = ""
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "gitmemory", *args], cwd=repo, env=env,
                              capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - start)
        out = done.stdout
    trace.unlink(missing_ok=True)
    subprocess.run([sys.executable, "-m", "gitmemory", *args], cwd=repo,
                   env={**env, "GIT_TRACE2_EVENT": str(trace)}, capture_output=True, check=True)
    starts = sum(1 for line in trace.read_text().splitlines()
                 if json.loads(line).get("event") == "start")
    return statistics.median(times), starts, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--branches", type=int, default=200)
    parser.add_argument("--commits", type=int, default=2000)
    parser.add_argument("--pending", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home")
        env["GITMEMORY_PROVIDER"] = "offline"
        os.environ.update(env)
        print(f"building {args.branches} branches with memory and {args.pending} pending "
              f"commits each, on {args.commits} commits ...", flush=True)
        repo = build_repo(root, args.commits, args.branches, args.pending)
        print(f"\nmedian of {args.runs} runs, {os.cpu_count()} CPUs, "
              f"{git(repo, 'version').stdout.strip()}")
        listed = ""
        for name, command in (("list", ["list"]), ("list --json", ["list", "--json"]),
                              ("status", ["status"])):
            seconds, processes, out = measure(repo, command, args.runs, env, root / "trace")
            print(f"gitmemory {name:12} {seconds * 1000:8.0f} ms  {processes:4} git processes")
            if name == "list --json":
                listed = out
        rows = json.loads(listed)
        pending = sorted({row["pending"] for row in rows if row["branch"].startswith("topic/")})
        print(f"\n{len(rows)} rows; pending per topic branch: {pending}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
