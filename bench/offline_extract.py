"""Time the offline rules for commits (extract_commits) on 1,000 synthetic but realistic commits.

    python bench/offline_extract.py [--commits N] [--repeat R]

The commits mix conventional and free-form subjects, explanatory bodies,
squash-merge bullets, noise (WIP, bumps, bots), trailers, 1-12 changed files
and unified diffs of a few kilobytes, some touching pyproject.toml, CI and
migrations.  Prints the median time of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.commits import Commit, FileChange
from gitmemory.providers.offline.extractor import extract_commits

AREAS = ["auth", "api", "cache", "db", "cli", "config", "billing", "search", "ui", "jobs"]
SUBJECTS = [
    "feat({a}): add {w} support to the {a} layer",
    "fix({a}): {w} lost after restart",
    "refactor({a}): switch {w} handling to the new client",
    "perf({a}): cache {w} lookups",
    "docs({a}): explain how {w} works",
    "test({a}): cover {w} edge cases",
    "ci: run {w} checks on every push",
    "Fix crash when {w} is empty",
    "Add {w} option to the {a} command",
    "ABC-{n}: Migrate {w} to the {a} service",
    "\U0001f41b Fix {w} race in {a}",
    "WIP",
    "bump: version 1.{n}.0 \u2192 1.{n}.1",
    "Merge branch 'main' into feature/{a}",
    "fixup! feat({a}): add {w}",
    "Update README.md",
]
BODIES = [
    "The {w} value was compared in local time because the helper dropped the tzinfo,\n"
    "which caused early expiry for users east of UTC.\n\nAlways compare timestamps in UTC.",
    "We switched from the old {w} client to the shared one so that retries and timeouts\n"
    "are configured in one place.\n\nCloses #{n}",
    "Replace the ad-hoc {w} parser with the standard library one. The old parser\n"
    "silently dropped trailing fields.",
    "* fix({a}): handle empty {w}\n\nThe root cause was a missing guard in the loader.\n\n"
    "* test({a}): add a regression test\n\n---------\n\nCo-authored-by: Bob <bob@example.com>",
    "BREAKING CHANGE: the {w} endpoint now requires authentication",
    "Work around a {w} bug in the upstream SDK by retrying once.",
    "",
    "",
]
WORDS = ["token", "session", "invoice", "webhook", "schema", "index", "cursor", "queue",
         "retry", "locale", "cookie", "timeout", "payload", "header", "snapshot"]


def synthetic_commits(count: int, seed: int = 7) -> list[Commit]:
    rng = random.Random(seed)  # noqa: S311 (repeatable test data)
    return [_commit(rng, n) for n in range(count)]


def _commit(rng: random.Random, n: int) -> Commit:
    area, word = rng.choice(AREAS), rng.choice(WORDS)
    fill = {"a": area, "w": word, "n": n}
    subject = rng.choice(SUBJECTS).format(**fill)
    body = rng.choice(BODIES).format(**fill)
    files = [_file(rng, area) for _ in range(rng.randint(1, 12))]
    if n % 50 == 0:
        files.append(FileChange("pyproject.toml", 1, 0))
    if n % 97 == 0:
        files.append(FileChange(f"app/migrations/{n:04d}_{word}.py", 30, 0, status="A"))
    if n % 120 == 0:
        files.append(FileChange(".github/workflows/ci.yml", 5, 2))
    diff = "".join(_diff(rng, f.path, n) for f in files)
    sha = hashlib.sha1(f"{n}{subject}".encode()).hexdigest()  # noqa: S324
    trailers = (("Signed-off-by", "Ada Tester <ada@example.com>"),) if n % 3 else ()
    return Commit(sha, "Ada Tester", "2026-01-01T00:00:00Z", subject, body, trailers,
                  tuple(files), diff)


def _file(rng: random.Random, area: str) -> FileChange:
    name = rng.choice(WORDS)
    path = rng.choice([f"src/app/{area}/{name}.py", f"tests/test_{name}.py",
                       f"src/app/{area}/__init__.py", f"docs/{area}.md"])
    return FileChange(path, rng.randint(1, 80), rng.randint(0, 40),
                      status=rng.choice("MMMMA"))


def _diff(rng: random.Random, path: str, n: int) -> str:
    if path == "pyproject.toml":
        lines = ['     "click>=8.1",', f'+    "package-{n}>=1.0",', " ]"]
        context = "dependencies = ["
    else:
        lines = [f"+    value_{i} = compute_{i}(payload, retries={i})" if i % 3 else
                 f"-    value_{i} = legacy_{i}(payload)" for i in range(rng.randint(5, 60))]
        context = "def handler(payload):"
    return (f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
            f"@@ -1,{len(lines)} +1,{len(lines)} @@ {context}\n" + "\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commits", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    commits = synthetic_commits(args.commits)
    diff_bytes = sum(len(c.diff) for c in commits)
    times = []
    found = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        found = extract_commits(commits)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"offline extract: {len(commits)} commits ({diff_bytes / 1e6:.1f} MB of diff) "
          f"-> {len(found)} items in {median * 1000:.0f} ms median of {args.repeat} "
          f"({median / len(commits) * 1e6:.0f} us per commit)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
