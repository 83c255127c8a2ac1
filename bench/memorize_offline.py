"""Offline memorize of 1,000 commits: time, runs, memory commits, git processes.

Builds a branch of realistic commits (conventional subjects, explanatory
bodies, trailers, code diffs) and runs ``gitmemory memorize --provider
offline`` as a user does (a new process each time) with
``max_commits_per_memorize`` at the number of commits and every other
setting at its default, again until nothing is pending.  One command should
read them all and make one memory commit.

Paired: with ``--against DIR`` (a checkout of another revision, e.g. ``git
worktree add /tmp/v0.1 c0f67df``) each sample of this checkout is taken right
after one of that revision, on its own copy of the same repository, so a shared
machine's drifting load hits both alike.  Both run with warm bytecode caches (a
``PYTHONPYCACHEPREFIX`` in the temporary directory, filled by an untimed first
run), as an installed package does.  Prints medians of wall and CPU time (the
commands and every process they start), runs, memory commits, items kept, and
the git processes of one run (``GIT_TRACE2_EVENT``), with the load average.

With ``--mirror`` the branch is a real history instead: a local clone of a
fetched mirror (``/work/.mirror/psf+requests/repo``), ``work`` at ``--rev`` and
``main`` ``--back`` first-parent commits before it; an absent mirror is skipped
with one line.

    python bench/memorize_offline.py [--commits 1000] [--samples 5] [--against DIR]
                                     [--per-run N] [--mirror DIR --rev SHA --back N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testing.gitrepo import git, isolated_env

HERE = Path(__file__).resolve().parent.parent
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
MEMORY = Path(".gitmemory") / "branches" / "work.md"


def build(root: Path, commits: int) -> Path:
    """A repository whose branch ``work`` has ``commits`` commits after ``main``'s root."""
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
    first = git(repo, "rev-list", "--max-parents=0", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-b", "work")  # all the commits; main keeps only the root
    git(repo, "update-ref", "refs/heads/main", first)
    return repo


def clone(root: Path, mirror: Path, rev: str, back: int) -> Path:
    """A clone of ``mirror`` whose ``work`` is ``rev`` and ``main`` ``back`` commits older."""
    repo = root / "repo"
    git(root, "clone", "-q", "--no-checkout", str(mirror), str(repo))
    git(repo, "checkout", "-q", "-b", "work", rev)
    older = git(repo, "rev-list", "--first-parent", f"--skip={back}", "-1", rev).stdout.strip()
    git(repo, "branch", "-f", "main", older)
    return repo


@dataclass
class Route:
    """One revision of gitmemory, its pristine copy of the repository, and its samples."""

    label: str
    source: Path
    env: dict[str, str]
    pristine: Path
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    runs: int = 0
    memory_commits: int = 0
    items: int = 0
    git_calls: Counter[str] = field(default_factory=Counter)

    def command(self, repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gitmemory", "memorize", "--provider",
                               "offline"], cwd=repo, env=env, capture_output=True, text=True,
                              check=True)

    def sample(self, scratch: Path, trace: Path | None = None) -> None:
        """Memorize until nothing is pending, on a fresh copy of the pristine repository."""
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(self.pristine, scratch, symlinks=True)
        env = dict(self.env, GIT_TRACE2_EVENT=str(trace)) if trace else self.env
        tip = git(scratch, "rev-parse", "work").stdout.strip()
        runs = 0
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        while True:
            done = self.command(scratch, env)
            runs += 1
            if "still pending" not in done.stdout or runs > 100:
                break
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        text = (scratch / MEMORY).read_text()
        if "Through:" not in text:
            raise SystemExit(f"{self.label}: no memory written:\n{done.stdout}{done.stderr}")
        self.runs = runs
        self.memory_commits = int(git(scratch, "rev-list", "--count", f"{tip}..work").stdout)
        self.items = sum(1 for line in text.splitlines() if line.startswith("- "))
        if trace:
            self.git_calls = count_git(trace)
            return
        self.wall.append(elapsed)
        self.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def count_git(trace: Path) -> Counter[str]:
    """Git processes by subcommand, from a ``GIT_TRACE2_EVENT`` log."""
    calls: Counter[str] = Counter()
    for line in trace.read_text().splitlines():
        event = json.loads(line)
        if event.get("event") == "start":
            argv = event["argv"][1:]
            while argv and argv[0].startswith("-"):
                argv = argv[2:] if argv[0] in ("-C", "-c") else argv[1:]
            calls[argv[0] if argv else "?"] += 1
    return calls


def prepare(label: str, source: Path, repo: Path, root: Path, per_run: int, *,
            context: int = 0) -> Route:
    """A copy of ``repo`` set up by the gitmemory at ``source`` (``init --hooks none``);
    ``context`` raises ``max_context_chars``."""
    place = Path(tempfile.mkdtemp(dir=root))
    env = isolated_env(place / "home")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(PYTHONPATH=str(source), PYTHONPYCACHEPREFIX=str(root / "pycache"),
               GITMEMORY_MAX_COMMITS_PER_MEMORIZE=str(per_run))
    if context:
        env["GITMEMORY_MAX_CONTEXT_CHARS"] = str(context)
    pristine = place / "repo"
    shutil.copytree(repo, pristine, symlinks=True)
    tip = git(pristine, "rev-parse", "work").stdout.strip()
    subprocess.run([sys.executable, "-m", "gitmemory", "init", "--hooks", "none"],
                   cwd=pristine, env=dict(env, GITMEMORY_PROVIDER="offline"),
                   capture_output=True, check=True)
    # init reads a first batch: forget it, so that every sample starts from nothing
    git(pristine, "reset", "-q", "--hard", tip)
    (pristine / MEMORY).unlink(missing_ok=True)
    for name in ("examined", "carried", "previews"):
        path = pristine / ".git" / "gitmemory" / name
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
    return Route(label, source, env, pristine)


def report(routes: list[Route], args: argparse.Namespace) -> None:
    print(f"\nmedian of {args.samples} samples a route on {os.cpu_count()} CPUs "
          f"(load {os.getloadavg()[0]:.1f}), Python {sys.version.split()[0]}")
    print(f"{'route':28} {'wall':>7} {'cpu':>7} {'runs':>5} {'memory commits':>15} "
          f"{'items':>6} {'git/run':>8}")
    for route in routes:
        print(f"{route.label:28} {statistics.median(route.wall):6.2f}s "
              f"{statistics.median(route.cpu):6.2f}s {route.runs:5} {route.memory_commits:15} "
              f"{route.items:6} {sum(route.git_calls.values()) / route.runs:8.1f}")
    for route in routes:
        kinds = ", ".join(f"{name} {n / route.runs:g}"
                          for name, n in sorted(route.git_calls.items()))
        print(f"  {route.label}: git per run: {kinds}")
    if len(routes) > 1:
        ours, other = routes
        print(f"\nthis checkout / {other.label}: wall "
              f"{statistics.median(ours.wall) / statistics.median(other.wall):.2f}x, cpu "
              f"{statistics.median(ours.cpu) / statistics.median(other.cpu):.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--per-run", type=int, help="max_commits_per_memorize (default: "
                        "--commits, so that one run may read them all)")
    parser.add_argument("--against", metavar="DIR", type=Path,
                        help="A checkout of another gitmemory revision, timed in turn.")
    parser.add_argument("--mirror", type=Path, help="A real history to read instead.")
    parser.add_argument("--rev", default="1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e",
                        help="The mirror's commit to read up to (default: psf/requests').")
    parser.add_argument("--back", type=int, default=600,
                        help="First-parent commits between main and --rev in the mirror.")
    parser.add_argument("--against-context", type=int, default=100_000_000, metavar="CHARS",
                        help="max_context_chars for --against (0.1 reads 1,000 commits in "
                        "one run only with it raised; 0 keeps its default)")
    args = parser.parse_args()
    per_run = args.per_run or args.commits
    if args.mirror and not (args.mirror / "HEAD").exists():
        print(f"skipped: no mirror at {args.mirror}")
        return 0
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        if args.mirror:
            repo = clone(root, args.mirror, args.rev, args.back)
            count = git(repo, "rev-list", "--no-merges", "--count", "main..work").stdout.strip()
            what = f"{count} commits of {args.mirror} up to {args.rev[:12]}"
        else:
            repo = build(root, args.commits)
            what = f"{args.commits} commits on one branch"
        print(f"offline memorize of {what}, max_commits_per_memorize={per_run}, other "
              "settings at their defaults" + (f" (--against: max_context_chars="
                                                f"{args.against_context})"
                                                if args.against and args.against_context
                                                else ""))
        routes = [prepare("this checkout", HERE, repo, root, per_run)]
        if args.against:
            routes.append(prepare(f"against {args.against.name}", args.against.resolve(),
                                  repo, root, per_run, context=args.against_context))
        for n, route in enumerate(routes):  # warm the bytecode caches; count git processes
            route.sample(root / "scratch", root / f"trace-{n}")
        for _ in range(args.samples):
            for route in routes:
                route.sample(root / "scratch")
        report(routes, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
