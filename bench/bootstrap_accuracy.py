"""How right the bootstrap is: the commands and versions it reads from real repositories,
against labels read by hand.

Each repository of ``bench/bootstrap/*.toml`` is a local mirror fetched beforehand
(``/work/.mirror/<owner>+<name>/repo``, or ``--mirrors DIR``), read at its pinned
commit with :func:`gitmemory.sources.repository.read_commit` (the tree alone: the
same function every memorize runs).  For test, lint, format and build the first
code span of the ``Tests:``, ``Lint:``, ``Format:`` and ``Build:`` items is compared
with the label's answers; for the runtime, the ecosystem's version item.

- right: it matches an answer (equal, or the answer with more arguments; a leading
  ``cd <dir> &&`` and ``uv run``/``bundle exec``/``python -m`` wrappers aside), or
  the label says "none" and nothing was written;
- absent: nothing was written where the label has a command (for the runtime: no
  item, or one that names no version);
- wrong: anything else, including a command where the label says "none".

    python bench/bootstrap_accuracy.py [--split tune|heldout|unseen|final|all] [--verbose]

A mirror that is absent, or lacks its pinned commit, is skipped with one line.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.sources.repository import read_commit

LABELS = Path(__file__).resolve().parent / "bootstrap"
FIELDS = ("test", "lint", "format", "build", "runtime")
# tune: tuned on; heldout: never tuned on before its first run; unseen and final: chosen
# and labelled later, each before the extractor first ran on them.
SPLITS = ("tune", "heldout", "unseen", "final")
SLOT = {"test": "Tests", "lint": "Lint", "format": "Format", "build": "Build"}
RUNTIME = {"python": "Python", "js": "Node", "go": "Go", "rust": "Rust", "jvm": "Java",
           "ruby": "Ruby", "dotnet": ".NET", "cpp": ("C++", "C")}
_SPAN = re.compile(r"`([^`]+)`")


@dataclass
class Tally:
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, verdict: str) -> None:
        self.counts[verdict] += 1

    def line(self) -> str:
        total = sum(self.counts.values()) or 1
        right = self.counts["right"]
        return (f"{right:3d} right ({100 * right / total:3.0f}%) {self.counts['absent']:3d} "
                f"absent {self.counts['wrong']:3d} wrong")


def normal(command: str) -> str:
    """One spelling for comparing: wrappers, ``cd dir &&`` and cosmetic flags aside."""
    command = re.sub(r"^cd \S+ &&\s*", "", command.strip())
    command = re.sub(r"^uv run(?: --?[\w-]+(?:[= ][\w.-]+)?)* ", "", command)
    command = re.sub(r"^bundle exec ", "", command)
    command = re.sub(r"^python3? -m ", "", command)
    command = re.sub(r"^(pnpm|yarn) run ", r"\1 ", command)
    command = re.sub(r"^npm run test\b", "npm test", command)
    command = re.sub(r"^tox run\b", "tox", command)
    command = re.sub(r" (?:--verbose|-v|--stacktrace|-B)(?= |$)", "", command)
    return " ".join(command.split())


def matches(found: str, answers: list[str]) -> bool:
    got = normal(found)
    return any(got == normal(a) or got.startswith(normal(a) + " ") for a in answers
               if a != "none")


def verdict(found: str | None, answers: list[str], runtime: bool = False) -> str:
    if found is None:
        return "right" if "none" in answers else "absent"
    if runtime and not re.search(r"\d", found):
        return "right" if "none" in answers else "absent"  # an item naming no version
    if runtime:
        ok = any(re.search(rf"(?<![\d.]){re.escape(a)}(?![\d])", found) for a in answers
                 if a != "none")
        return "right" if ok else "wrong"
    return "right" if matches(found, answers) else "wrong"


def field_of(texts: list[str], name: str, ecosystem: str) -> str | None:
    if name == "runtime":
        slots = RUNTIME[ecosystem]
        slots = slots if isinstance(slots, tuple) else (slots,)
        return next((t for t in texts for s in slots if t.startswith(s + ":")), None)
    item = next((t for t in texts if t.startswith(SLOT[name] + ":")), None)
    span = _SPAN.search(item or "")
    return span.group(1) if span else None


def has_commit(git_dir: Path, sha: str) -> bool:
    return subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "-e",
                           f"{sha}^{{commit}}"], capture_output=True, check=False).returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="all")
    parser.add_argument("--mirrors", default="/work/.mirror")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    splits = SPLITS if args.split == "all" else (args.split,)
    for split in splits:
        run_split(split, Path(args.mirrors), args.verbose)


def run_split(split: str, mirrors: Path, verbose: bool) -> None:
    repos = tomllib.loads((LABELS / f"{split}.toml").read_text())["repo"]
    by_field = {f: Tally() for f in FIELDS}
    by_eco: dict[str, Tally] = defaultdict(Tally)
    seconds: list[float] = []
    read = 0
    for repo in repos:
        git_dir = mirrors / repo["name"].replace("/", "+") / "repo"
        if not git_dir.is_dir() or not has_commit(git_dir, repo["commit"]):
            print(f"skip {repo['name']}: no mirror with commit {repo['commit'][:10]}")
            continue
        start = time.perf_counter()
        texts = [r.text for r in read_commit(str(git_dir), repo["commit"], [])]
        seconds.append(time.perf_counter() - start)
        read += 1
        for name in FIELDS:
            found = field_of(texts, name, repo["ecosystem"])
            said = verdict(found, repo[name], runtime=name == "runtime")
            by_field[name].add(said)
            by_eco[repo["ecosystem"]].add(said)
            if verbose and said != "right":
                print(f"  {said:6s} {repo['name']:36s} {name:8s} got {found!r}; "
                      f"want {repo[name]}")
    print(f"\n== {split}: {read} repositories, {len(by_eco)} ecosystems, "
          f"read in {sum(seconds):.2f}s (slowest {max(seconds or [0]):.2f}s)")
    for name in FIELDS:
        print(f"  {name:9s} {by_field[name].line()}")
    for eco in sorted(by_eco):
        print(f"  {eco:9s} {by_eco[eco].line()}   (all fields)")


if __name__ == "__main__":
    main()
