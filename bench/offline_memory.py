"""Run the offline provider over a real repository's history and print the memory file.

    python bench/offline_memory.py REPO [REV_RANGE] [--limit N] [--branch NAME]

All the commits at once, where ``gitmemory memorize`` reads 50 per run: what
the rules make of a whole range (docs/offline-example.md compares the two).
Commits are read with memorize's own reader; the items are grouped as
memorize groups them for a branch with no memory yet (min_confidence 0.75,
30 items per section) and rendered in the memory file format, dated by the
newest commit; the time extraction took goes to stderr.  ``--all`` lists
every extraction with its confidence instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.markdown import Memory, generate
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.reading.memory_trailers import trailer_extractions
from testing.offline_history import load_commits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repo")
    parser.add_argument("rev_range", nargs="?", default="HEAD")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--branch", default="main")
    parser.add_argument("--min-confidence", type=float, default=0.75)
    parser.add_argument("--max-items", type=int, default=30)
    parser.add_argument("--all", action="store_true", help="list every extraction instead")
    args = parser.parse_args()
    commits = load_commits(args.repo, args.rev_range, limit=args.limit)
    start = time.perf_counter()
    found = extract_commits(commits)
    seconds = time.perf_counter() - start
    found = trailer_extractions(commits) + found
    if args.all:
        for e in found:
            print(f"{e.confidence:.2f} {e.section:24} {e.content} ({', '.join(e.refs)})")
        return 0
    confident = [e for e in found if e.confidence >= args.min_confidence]
    sections = deterministic_merge(Memory(args.branch), confident, args.max_items).sections
    newest = commits[-1] if commits else None
    updated = _utc(newest.date) if newest else None
    print(generate(Memory(args.branch, sections, updated=updated,
                          through=newest.sha if newest else None)), end="")
    print(f"\n<!-- {len(commits)} commits, {len(found)} extractions, "
          f"extract took {seconds * 1000:.0f} ms -->", file=sys.stderr)
    return 0


def _utc(iso: str) -> str:
    """The newest commit's date as ``2026-01-01T00:00:00Z`` (so the output is repeatable)."""
    moment = datetime.fromisoformat(iso).astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


if __name__ == "__main__":
    raise SystemExit(main())
