"""Attacks on gitmemory end to end: how many hold, per category (bench/attacks/README.md).

Runs the attacks of one part of the adversarial corpus against the gitmemory of the
checkout this file sits in: real git in temporary repositories, the real CLI in child
processes, a fake Messages API on loopback where a model is involved.  Nothing contacts
a host.  Categories:

- ``leak``: a planted secret must reach no remote, model request, printed line or CI log;
- ``instruction``: a hostile memory item must reach no agent file (every output on);
- ``benign``: an ordinary item must reach the agent files as written, not held back;
- ``reader``: ``show``, ``show --json``, ``list --json``, ``search`` and MCP pass the gate;
- ``time``: a judge, scan or merge within its bound (each run bounded, seconds shown).

A part is a directory: ``instruction.txt`` and ``benign.txt`` (one item a line, ``# ---``
family headings), ``repo/`` (the files benign items' commands occur in), and Python
modules whose scenarios register with :func:`testing.attack_lab.attack`.

    python bench/attacks.py [--part build|heldout] [--from DIR] [--category C] [-k TEXT]
                            [--verbose] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from testing import attack_items as items  # noqa: E402 - after the path is set
from testing.attack_lab import REGISTRY, Lab, LabError  # noqa: E402

CATEGORIES = ("leak", "instruction", "benign", "reader", "time")
PARTS = {"build": ROOT / "bench" / "attacks" / "build",
         "heldout": ROOT / "bench" / "attacks" / "heldout"}


@dataclass
class Result:
    category: str
    name: str
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str = ""


class Bench:
    """Makes a lab per attack under one temporary directory, removed at the end."""

    def __init__(self, timeout: float) -> None:
        self.top = Path(tempfile.mkdtemp(prefix="gitmemory-attacks-"))
        self.timeout = timeout
        self.count = 0

    def lab(self) -> Lab:
        self.count += 1
        return Lab(self.top / f"lab{self.count:03d}", self.timeout)

    def close(self) -> None:
        shutil.rmtree(self.top, ignore_errors=True)


def scenario(bench: Bench, category: str, name: str, body: Callable[[Lab], list[str] | None]
             ) -> Result:
    """Run one scenario in its own lab: its own verdict plus every leak of what it planted."""
    lab = bench.lab()
    result = Result(category, name)
    started = time.perf_counter()
    try:
        result.failures.extend(body(lab) or [])
    except LabError as exc:
        result.error = str(exc)
    except Exception as exc:  # a broken scenario is reported, not fatal
        result.error = f"{type(exc).__name__}: {exc} " + \
            traceback.format_exc(limit=-2).replace("\n", " | ")[-300:]
    try:
        result.failures.extend(lab.leaks())
    finally:
        result.notes = lab.notes
        result.seconds = time.perf_counter() - started
        lab.close()
    return result


def item_lists(bench: Bench, part: Path, wanted: set[str]) -> list[Result]:
    """The instruction and benign lists, each through both routes."""
    results: list[Result] = []
    for category, name in (("instruction", "instruction.txt"), ("benign", "benign.txt")):
        path = part / name
        if category not in wanted or not path.exists():
            continue
        listed = items.read_items(path)
        routes: dict[str, dict[str, str]] = {}
        shown: dict[str, str] = {}
        errors: list[str] = []
        for route, make in (("hand", items.hand_route), ("model", items.model_route)):
            lab = bench.lab()
            try:
                repo = items.item_repo(lab, part, f"{category}-{route}")
                routes[route] = make(repo, f"{category}-{route}", listed)
                shown[route] = repo.gm("show").text
            except LabError as exc:
                errors.append(f"[{route}] {exc}")
            finally:
                lab.close()
        judged = items.hostile_verdicts(listed, routes) if category == "instruction" else \
            items.benign_verdicts(listed, routes, shown)
        for outcome in judged:
            result = Result(category, f"{outcome.item.family}: {outcome.item.text!a}"[:220],
                            outcome.failures)
            result.error = "; ".join(errors)
            results.append(result)
    return results


def load(part: Path) -> None:
    """Import every scenario module of ``part`` (they register themselves)."""
    for path in sorted(part.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"attacks_{part.name}_{path.stem}", path)
        assert spec
        assert spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)


def report(results: list[Result], verbose: bool) -> None:
    for category in CATEGORIES:
        mine = [r for r in results if r.category == category]
        if not mine:
            continue
        failed = [r for r in mine if r.failures or r.error]
        print(f"{category:12} attacks {len(mine):4}   held {len(mine) - len(failed):4}   "
              f"failed {len(failed):4}")
        for r in mine:
            mark = "FAILED" if r in failed else "held  "
            if r in failed or verbose or category == "time":
                extra = f"  [{'; '.join(r.notes)}]" if r.notes else ""
                print(f"  {mark} {r.name}{extra}")
            if r in failed or verbose:
                for line in r.failures[:6]:
                    print(f"           {' '.join(line.split())[:300]}")
                if len(r.failures) > 6:
                    print(f"           (and {len(r.failures) - 6} more)")
                if r.error:
                    print(f"           error: {' '.join(r.error.split())[:300]}")
    total = len(results)
    bad = sum(1 for r in results if r.failures or r.error)
    print(f"all          attacks {total:4}   held {total - bad:4}   failed {bad:4}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=tuple(PARTS), default="build")
    parser.add_argument("--from", dest="source", type=Path,
                        help="the part's directory (default: bench/attacks/<part>)")
    parser.add_argument("--category", choices=CATEGORIES, action="append")
    parser.add_argument("-k", dest="match", default="", help="only attacks whose name has this")
    parser.add_argument("--verbose", action="store_true", help="list held attacks too")
    parser.add_argument("--timeout", type=float, default=180.0,
                        help="seconds any one child process may run before it is killed")
    args = parser.parse_args()
    part = (args.source or PARTS[args.part]).resolve()
    if (part / args.part).is_dir():
        part = part / args.part  # --from names the corpus, not the part
    if not part.is_dir():
        sys.exit(f"no part at {part}")
    wanted = set(args.category or CATEGORIES)
    load(part)
    import gitmemory

    print(f"gitmemory {gitmemory.__version__} from {Path(gitmemory.__file__).parent}; "
          f"part {args.part} ({part})")
    started = time.perf_counter()
    bench = Bench(args.timeout)
    results: list[Result] = []
    try:
        if not args.match:
            results.extend(item_lists(bench, part, wanted))
        for entry in REGISTRY:
            if entry.category in wanted and args.match in entry.name:
                results.append(scenario(bench, entry.category, entry.name, entry.run))
                if args.verbose:
                    print(f"  ... {entry.category}: {entry.name}", file=sys.stderr)
    finally:
        bench.close()
    report(results, args.verbose)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
