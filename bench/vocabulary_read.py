"""What the vocabulary rule costs when a tip's verdicts are not remembered yet.

Reads the vocabulary of a repository's tip (:func:`gitmemory.injection.wording.read`:
file names, the heads of its text files, the last commit messages) a few times, and
judges 200 ordinary sentences against it, printing medians in milliseconds and the
vocabulary's size.  A bare repository (a mirror) works; nothing is written.

    python bench/vocabulary_read.py REPO [REPO ...] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory import git
from gitmemory.injection import wording
from gitmemory.outputs.grounds import generated

SENTENCES = [f"The {w} cache is refreshed after every deploy of the {w} service"
             for w in ("tile", "user", "order", "session", "report")] * 40


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repos", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for repo in args.repos:
        tip = git.rev_parse("HEAD", repo)
        reads, judged = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            vocabulary = wording.read(repo, tip, generated)
            reads.append(time.perf_counter() - start)
            start = time.perf_counter()
            for text in SENTENCES:
                wording.reason(text, vocabulary)
            judged.append(time.perf_counter() - start)
        files = len(git.tree_names(tip, repo)) if tip else 0
        print(f"{repo}: {files:,} files, {len(vocabulary.exact):,} words; read "
              f"{statistics.median(reads) * 1000:.0f} ms, 200 items judged "
              f"{statistics.median(judged) * 1000:.1f} ms (median of {args.runs})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
