"""Search over every branch's memory: 500 branches x 100 items, read from refs.

Builds a repository (with ``git fast-import``) where ``main`` and every one of
``--branches`` branches carries its own memory file of ``--items`` items
(realistic sentences over a shared vocabulary, with refs and paths), then
times ``gitmemory search`` end to end as a user runs it (a new process each
time: Python start-up, click, git processes, parsing, ranking), first with
an empty parse cache and then warm, and the search alone inside one process.
A ``git`` wrapper on PATH counts the git processes of one search.

    python bench/search_memory.py [--branches 500] [--items 100] [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.memory.filenames import name_for
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory, generate
from testing.gitrepo import git, isolated_env

SUBJECTS = ["sessions", "the billing worker", "the search index", "auth tokens", "the scheduler",
            "the HTTP client", "database migrations", "the cache layer", "feature flags",
            "the upload service", "rate limits", "the event bus", "webhooks", "the CLI",
            "background jobs", "the config loader", "metrics", "the payment gateway"]
VERBS = ["are stored in", "retry through", "go through", "are validated by", "are cached in",
         "are signed with", "time out after", "are batched by", "fall back to", "are logged by"]
OBJECTS = ["Redis with a 24h TTL", "a connection pool", "RS256 keys from the vault",
           "a 30 second deadline", "the outbox table", "QueueLock", "exponential backoff",
           "UTC timestamps", "the read replica", "S3 presigned URLs", "protobuf schemas",
           "the feature flag service", "idempotency keys", "a circuit breaker"]
WHY = ["because the gateway drops idle connections", "so jobs never run twice",
       "since local time caused early logouts", "to keep p99 under 200 ms",
       "after an outage in March", "so tests stay deterministic", ""]
QUERIES = ["redis session ttl", "retry backoff gateway", "idempotency keys payment",
           "UTC timestamps scheduler", "circuit breaker", "QueueLock"]


def item(rng: random.Random, n: int) -> Item:
    text = " ".join(filter(None, [rng.choice(SUBJECTS).capitalize(), rng.choice(VERBS),
                                  rng.choice(OBJECTS), rng.choice(WHY)]))
    return Item(f"{text} (case {n})", refs=(f"{rng.getrandbits(28):07x}",),
                paths=(f"src/area_{n % 40}/module_{n % 97}.py",))


def memory(branch: str, items: int, rng: random.Random) -> str:
    sections = {sid: [item(rng, n) for n in range(k, items, 4)]
                for k, sid in enumerate(SECTION_IDS)}
    return generate(Memory(branch, sections, updated="2026-11-21T10:30:00Z", through="a" * 40))


def build(root: Path, branches: int, items: int) -> Path:
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    rng = random.Random(14)  # noqa: S311 - test data, not secrets
    data: list[bytes] = []
    names = ["main"] + [f"feature/topic-{n}" for n in range(branches)]
    for n, branch in enumerate(names):
        text = memory(branch, items, rng).encode()
        data += [f"commit refs/heads/{branch}\n".encode(), b"mark :%d\n" % (n + 1),
                 f"committer Bench <bench@example.com> {1_700_000_000 + n} +0000\n".encode(),
                 b"data 4\nmem\n"]
        if n:
            data.append(b"from :1\n")
        data += [f"M 100644 inline .gitmemory/branches/{name_for(branch)}\n".encode(),
                 f"data {len(text)}\n".encode(), text, b"\n"]
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(data),
                   check=True)
    git(repo, "checkout", "-q", "-f", "main")
    return repo


def counting_git(root: Path) -> Path:
    """A ``git`` on PATH that logs each call's subcommand, then runs the real git."""
    real = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True,
                          check=True).stdout.strip()
    shim = root / "bin"
    shim.mkdir()
    # log the subcommand: the first argument that is not an option or an option's value
    (shim / "git").write_text(
        "#!/bin/sh\n"
        f'log="{root}/git.log"\n'
        'for a in "$@"; do case "$prev" in -C|-c) prev=; continue;; esac\n'
        '  case "$a" in -*) prev="$a";; *) echo "$a" >> "$log"; break;; esac; done\n'
        f'exec {real} "$@"\n')
    (shim / "git").chmod(0o755)
    return shim


CPU: list[float] = []  # CPU time of each timed run: the search and its git processes


def timed(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    """Wall-clock milliseconds of one run, and its output; its CPU time goes to CPU."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append((after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime) * 1000)
    return wall, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--branches", type=int, default=500)
    parser.add_argument("--items", type=int, default=100)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home")
        os.environ.update(env)
        start = time.perf_counter()
        repo = build(root, args.branches, args.items)
        print(f"built {args.branches + 1} branches x {args.items} items in "
              f"{time.perf_counter() - start:.1f} s")
        cli = [sys.executable, "-m", "gitmemory", "search", "--json"]
        cold, out = timed([*cli, QUERIES[0]], repo, env)
        answer = json.loads(out)
        assert answer["searched"]["branches"] == args.branches + 1, answer["searched"]
        assert answer["hits"], "no hits"
        print(f"searched {answer['searched']['items']} items of "
              f"{answer['searched']['branches']} branches")
        print(f"gitmemory search, empty parse cache: {cold:.0f} ms")
        cold_cpu = CPU[-1]
        warm = [timed([*cli, QUERIES[n % len(QUERIES)]], repo, env)[0] for n in range(args.runs)]
        print(f"gitmemory search, warm: median {statistics.median(warm):.0f} ms, "
              f"max {max(warm):.0f} ms over {args.runs} runs and {len(QUERIES)} queries")
        print(f"  CPU time (gitmemory and its git processes): empty cache {cold_cpu:.0f} ms, "
              f"warm median {statistics.median(CPU[-args.runs:]):.0f} ms")
        print(f"  load average while measuring: {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} CPUs")
        base, _ = timed([sys.executable, "-m", "gitmemory", "--version"], repo, env)
        print(f"  of which start-up (gitmemory --version): {base:.0f} ms")
        in_process(repo, args.runs)
        logged = dict(env, PATH=f"{counting_git(root)}{os.pathsep}{env['PATH']}")
        timed([*cli, QUERIES[1]], repo, logged)
        calls = (root / "git.log").read_text().splitlines()
        print(f"git processes per search: {len(calls)} ({', '.join(calls)})")


def in_process(repo: Path, runs: int) -> None:
    from gitmemory.memory.catalog import Catalog
    from gitmemory.recall.search import search
    from gitmemory.repo import Repo

    os.chdir(repo)
    repo_ = Repo.open()
    reads, ranks = [], []
    for n in range(runs):
        start = time.perf_counter()
        sources = Catalog(repo_.toplevel, repo_.info.state_dir).entries()
        middle = time.perf_counter()
        search(sources, QUERIES[n % len(QUERIES)], repo_.toplevel, limit=10)
        reads.append((middle - start) * 1000)
        ranks.append((time.perf_counter() - middle) * 1000)
    print(f"in one process: reading every branch's memory median {statistics.median(reads):.0f}"
          f" ms, ranking and judging median {statistics.median(ranks):.0f} ms")


if __name__ == "__main__":
    main()
