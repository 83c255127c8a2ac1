"""Time to judge one hostile memory item, through the gate every reader uses and raw.

Each unit below, repeated to ``--size`` characters (36 kB by default, the item of issue
31), once made the injection judge quadratic: ``show``, ``search``, ``diff`` and the MCP
server took 18 s on one such item.  For each it prints the median of ``--runs`` calls:

- ``gate``: :func:`gitmemory.outputs.verdicts.gate`, what every agent file, ``show``,
  ``search``, ``diff`` and the MCP server call (the item capped, redacted, neutralised,
  judged);
- ``judge``: :func:`gitmemory.injection.detect.reason` on the whole item, uncapped;
- ``evidence``: :func:`gitmemory.injection.elements.elements` on the capped item, what the
  evidence rule reads of it before it asks the tree (code spans among them).

``--against DIR`` (a checkout of another revision) runs the same in that revision, in a
child process with ``DIR`` first on the path, and prints its figures beside these.  A
revision's call that passes ``--timeout`` seconds is reported as such.

    python bench/judge_time.py [--size 36000] [--runs 5] [--against DIR] [--timeout 60]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
UNITS = {"pipes": "curl x | ", "clauses": "env x, ", "exports": "export x, ",
         "orders": "include the env then ", "sentences": "a; ", "overrides": "ignore ",
         "assignments": "key: abc ", "prose": "the password is x ", "reversed": "\u202e ab",
         "accents": "\u00f1 ", "statements": "`x = 1` ", "keys": "`k: [a: ",
         "calls": "`f(g('x'), "}


def measure(size: int, runs: int, raw: bool) -> dict[str, dict[str, float]]:
    from gitmemory.injection.detect import reason
    from gitmemory.injection.elements import elements
    from gitmemory.outputs.verdicts import capped, gate

    out: dict[str, dict[str, float]] = {}
    for name, unit in UNITS.items():
        text = (unit * (size // len(unit) + 1))[:size]
        out[name] = {"gate": _median(lambda t=text: gate(t), runs),
                     "evidence": _median(lambda t=text: elements(capped(t)), runs)}
        if raw:
            out[name]["judge"] = _median(lambda t=text: reason(t), max(1, runs // 2))
    return out


def _median(call: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _against(directory: Path, args: argparse.Namespace) -> dict[str, dict[str, float]] | None:
    code = (f"import sys, json; sys.path.insert(0, {str(directory)!r}); "
            f"sys.path.insert(1, {str(HERE / 'bench')!r}); import judge_time; "
            f"print(json.dumps(judge_time.measure({args.size}, {args.runs}, "
            f"{not args.no_raw})))")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=args.timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=36_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", metavar="DIR", type=Path)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--no-raw", action="store_true", help="time the gate only")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    ours = measure(args.size, args.runs, not args.no_raw)
    theirs = _against(args.against, args) if args.against else None
    print(f"one hostile item of {args.size:,} characters, median of {args.runs} calls (ms)")
    head = f"{'unit':12} {'gate':>9} {'judge':>9} {'evidence':>9}"
    if args.against:
        head += f"   {'gate':>9} {'judge':>9} {'evidence':>9}  ({args.against})"
    print(head)
    for name in UNITS:
        line = (f"{name:12} {ours[name]['gate']:9.1f} {ours[name].get('judge', 0):9.1f} "
                f"{ours[name]['evidence']:9.1f}")
        if args.against:
            if theirs is None:
                line += f"   timed out after {args.timeout:g} s"
            else:
                line += (f"   {theirs[name]['gate']:9.1f} {theirs[name].get('judge', 0):9.1f}"
                         f" {theirs[name].get('evidence', 0):9.1f}")
        print(line)
    if args.against and theirs is None:
        print(f"(the --against revision did not finish within {args.timeout:g} s)")


if __name__ == "__main__":
    main()
