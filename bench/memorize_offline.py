"""Offline memorize throughput: 1,000 commits, and the git processes it takes.

Builds a branch of realistic commits (conventional subjects, explanatory
bodies, trailers, code diffs), then runs ``gitmemory memorize --provider
offline`` repeatedly until nothing is pending (each run reads at most
``max_commits_per_memorize`` commits; the benchmark raises it to read all
1,000 in one run, then repeats with the default of 50).  A ``git`` wrapper on
PATH counts every git process, by subcommand; the runs must end with the
memory's ``Through:`` at the tip of the branch.

    python bench/memorize_offline.py [--commits 1000]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testing.gitrepo import git, isolated_env

SUBJECTS = [
    "fix(api): retry once on 503 because the gateway drops idle connections",
    "feat(auth): store sessions in Redis with a 24h TTL",
    "refactor(db): switch to a connection pool instead of one connection per request",
    "perf(search): cache tokenised queries so repeated searches skip parsing",
    "docs: explain the release process",
    "test(billing): cover proration across month boundaries",
    "chore: bump version",
    "fix(scheduler): compare deadlines in UTC; local time caused jobs to run an hour early",
]
BODY = ("The root cause was {cause}. We {fix} instead of {old}, so that {goal}.\n\n"
        "Always {rule} in new code.")


def build(root: Path, commits: int) -> Path:
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    data = []
    for n in range(commits):
        subject = SUBJECTS[n % len(SUBJECTS)]
        body = BODY.format(cause=f"a race in worker {n % 13}", fix="lock the queue",
                           old="polling", goal="jobs never run twice", rule="hold the lock")
        trailer = "\n\nMemory-Convention: Queue access goes through QueueLock" if n % 97 == 0 \
            else ""
        message = f"{subject} (#{n})\n\n{body}{trailer}\n".encode()
        content = "".join(f"def handler_{n}_{k}(request):\n    return process(request, {k})\n"
                          for k in range(6)).encode()
        data += [b"commit refs/heads/main\n",
                 f"committer Bench <bench@example.com> {1_700_000_000 + n} +0000\n".encode(),
                 f"data {len(message)}\n".encode(), message,
                 f"M 100644 inline src/area_{n % 40}/module_{n % 211}.py\n".encode(),
                 f"data {len(content)}\n".encode(), content, b"\n"]
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(data),
                   check=True)
    git(repo, "checkout", "-q", "-f", "main")
    return repo


def counting_git(root: Path, counter: Path) -> Path:
    """A directory with a ``git`` that records each call, then runs the real one."""
    real = subprocess.run(["which", "git"], capture_output=True, text=True,
                          check=True).stdout.strip()
    shim_dir = root / "counting-bin"
    shim_dir.mkdir()
    shim = shim_dir / "git"
    shim.write_text(f"#!/bin/sh\necho \"$*\" >> '{counter}'\nexec '{real}' \"$@\"\n")
    shim.chmod(0o755)
    return shim_dir


def subcommand(argv: str) -> str:
    """``-C dir -c k=v log ...`` -> ``log``."""
    words = argv.split()
    while words and words[0] in ("-C", "-c"):
        words = words[2:]
    while words and words[0].startswith("--"):
        words = words[1:]
    return words[0] if words else "?"


def run_once(repo: Path, env: dict[str, str], counter: Path, per_run: int
             ) -> tuple[float, int, list[str]]:
    counter.write_text("")
    env = dict(env, GITMEMORY_MAX_COMMITS_PER_MEMORIZE=str(per_run),
               GITMEMORY_MAX_CONTEXT_CHARS="100000000")
    runs = 0
    start = time.perf_counter()
    while True:
        done = subprocess.run([sys.executable, "-m", "gitmemory", "memorize", "--provider",
                               "offline"], cwd=repo, env=env, capture_output=True, text=True,
                              check=True)
        runs += 1
        if "still pending" not in done.stdout:
            break
    elapsed = time.perf_counter() - start
    return elapsed, runs, [subcommand(line) for line in counter.read_text().split("\n") if line]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home")
        repo = build(root, args.commits)
        first = git(repo, "rev-list", "--max-parents=0", "HEAD").stdout.strip()
        git(repo, "checkout", "-q", "-b", "work")  # all the commits; main keeps only the root
        git(repo, "update-ref", "refs/heads/main", first)
        subprocess.run([sys.executable, "-m", "gitmemory", "init", "--hooks", "none"],
                       cwd=repo, env=dict(env, GITMEMORY_PROVIDER="offline"),
                       capture_output=True, check=True)
        counter = root / "git-calls"
        env["PATH"] = str(counting_git(root, counter)) + os.pathsep + env.get("PATH", "")
        print(f"offline memorize of {args.commits} commits on one branch")
        tip = git(repo, "rev-parse", "work").stdout.strip()
        for per_run in (args.commits, 50):
            (repo / ".gitmemory" / "branches" / "work.md").unlink(missing_ok=True)
            (repo / ".git" / "gitmemory" / "examined").unlink(missing_ok=True)
            elapsed, runs, calls = run_once(repo, env, counter, per_run)
            text = (repo / ".gitmemory" / "branches" / "work.md").read_text()
            if f"Through: {tip}" not in text:
                raise SystemExit("the runs stopped before the tip of the branch")
            items = sum(1 for line in text.splitlines() if line.startswith("- "))
            print(f"  max_commits_per_memorize={per_run:5}: {elapsed:6.2f} s in {runs} run(s), "
                  f"{elapsed / runs:.2f} s per run, {args.commits / elapsed:6.1f} commits/s, "
                  f"{items} items kept")
            kinds = sorted(Counter(calls).items())
            print(f"    {len(calls)} git processes, {len(calls) / runs:.1f} per run: "
                  + ", ".join(f"{name} {round(n / runs, 1):g}" for name, n in kinds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
