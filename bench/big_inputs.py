"""Time what big inputs cost the readers (issue 31, "Bounded time").

Three cases, each timed against the same command on a small input, so the figure is what
the size adds:

- ``flood``: ``git checkout`` of a branch whose memory holds 30,000 items that are all
  held back, against one whose memory holds two ordinary items;
- ``branches``: ``gitmemory list --json`` and the MCP server's ``list_branches`` and
  ``search_memory`` with 2,000 branches that have memory, against 10;
- ``transcript``: ``gitmemory memorize`` after an agent session of 60,000 transcript lines
  (67 MB), against one of 20 lines.

Each case is built as the held-out time attacks build it (bench/attacks/heldout/
timing.py), in a temporary directory, and run with this checkout's gitmemory or, with
``--against DIR``, with that checkout's too (its own ``.venv`` when it has one).  Wall
seconds and the CPU seconds of every process (the machine may be shared) are printed.

    python bench/big_inputs.py [--case flood|branches|transcript] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "bench" / "attacks" / "heldout"))

import timing  # noqa: E402 - after the path is set

from testing.attack_lab import Lab, Run  # noqa: E402


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(call: Callable[[], Run | list[Run]]) -> tuple[float, float]:
    before = _cpu()
    done = call()
    runs = done if isinstance(done, list) else [done]
    return sum(r.seconds for r in runs), _cpu() - before


def flood(lab: Lab) -> tuple[tuple[float, float], tuple[float, float]]:
    repo = timing._flood(lab)
    small = _timed(lambda: repo.git("checkout", "-q", "small"))
    big = _timed(lambda: repo.git("checkout", "-q", "flood"))
    return small, big


def branches(lab: Lab) -> tuple[tuple[float, float], tuple[float, float]]:
    def served(count: int) -> tuple[float, float]:
        repo = timing._branches(lab, count)
        return _timed(lambda: [repo.gm("list", "--json"), repo.mcp(
            ("list_branches", {}), ("search_memory", {"query": "order lookups"}))[0]])
    return served(10), served(2000)


def transcript(lab: Lab) -> tuple[tuple[float, float], tuple[float, float]]:
    repo = lab.repo()
    repo.init({}, "--agent-hook")
    return (_timed(lambda: timing._transcript_run(lab, repo, "few", 10)),
            _timed(lambda: timing._transcript_run(lab, repo, "many", 30_000)))


CASES = {"flood": (flood, "checkout, 30,000 held items"),
         "branches": (branches, "list --json + MCP, 2,000 branches"),
         "transcript": (transcript, "memorize, a 67 MB transcript")}


def python_of(source: Path) -> str:
    venv = source / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", choices=sorted(CASES), action="append")
    parser.add_argument("--against", metavar="DIR", type=Path)
    args = parser.parse_args()
    sources = [("this checkout", HERE)]
    if args.against:
        sources.append((str(args.against), args.against.resolve()))
    print(f"seconds: small input, big input, added (wall | cpu); load "
          f"{os.getloadavg()[0]:.1f}")
    own = sys.executable
    for name in args.case or list(CASES):
        build, what = CASES[name]
        for label, source in sources:
            with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
                lab = Lab(Path(tmp) / "lab", timeout=600)
                lab.env["PYTHONPATH"] = str(source)
                sys.executable = python_of(source)  # what the lab runs gitmemory with
                try:
                    (small_wall, small_cpu), (big_wall, big_cpu) = build(lab)
                finally:
                    sys.executable = own
                    lab.close()
            print(f"{what:36} {label:24} wall {small_wall:6.2f} {big_wall:6.2f} "
                  f"+{big_wall - small_wall:6.2f}   cpu {small_cpu:6.2f} {big_cpu:6.2f} "
                  f"+{big_cpu - small_cpu:6.2f}")


if __name__ == "__main__":
    main()
