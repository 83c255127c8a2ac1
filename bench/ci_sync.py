"""How long ``gitmemory ci sync`` takes, and how many git processes it starts.

Builds a server (a bare repository) whose default branch merged ``--merged``
pull requests (half by merge commit, half squashed; their branches deleted)
while ``--live`` other branches are still open, each with its memory file;
then runs the job as CI does (a fresh clone, a new process, the offline
provider) and prints the wall time and the git processes of the run that
folds everything, and of a second run that finds nothing new.

    python bench/ci_sync.py [--merged 20] [--live 20] [--runs 3]
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

from testing.ci import Server
from testing.gitrepo import isolated_env


def build(root: Path, merged: int, live: int) -> Server:
    server = Server(root)
    for n in range(merged + live):
        server.branch(f"topic/{n}", f"Topic {n} keeps its cache in module {n}")
    for n in range(merged):
        server.merge(f"topic/{n}", "merge" if n % 2 else "squash")
    return server


def run(server: Server, env: dict[str, str]) -> tuple[float, int, str]:
    """One job in a fresh clone: seconds, git processes, the summary's last line."""
    checkout = server.checkout()
    trace = checkout.parent / f"{checkout.name}.trace"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "gitmemory", "ci", "sync"], cwd=checkout,
                          env={**env, "GIT_TRACE2_EVENT": str(trace)}, capture_output=True,
                          text=True, check=True)
    seconds = time.perf_counter() - start
    starts = sum(1 for line in trace.read_text().splitlines()
                 if json.loads(line).get("event") == "start")
    return seconds, starts, done.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merged", type=int, default=20)
    parser.add_argument("--live", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    firsts, seconds = [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = isolated_env(Path(tmp) / "home")
        env["GITMEMORY_MAX_BRANCHES_PER_RUN"] = str(args.merged)
        os.environ.update(env)
        for n in range(args.runs):
            root = Path(tmp) / f"server{n}"
            root.mkdir()
            server = build(root, args.merged, args.live)
            firsts.append(run(server, env))
            seconds.append(run(server, env))
    for label, runs in (("folds everything", firsts), ("nothing new", seconds)):
        wall = statistics.median(r[0] for r in runs)
        procs = statistics.median(r[1] for r in runs)
        print(f"{label:16}  {wall:6.2f} s  {procs:4.0f} git processes  ({runs[0][2]})")
    print(f"({args.merged} merged pull requests, {args.live} open branches, median of "
          f"{args.runs}; offline provider)")


if __name__ == "__main__":
    main()
