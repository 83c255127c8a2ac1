"""The memory merge driver on big files: ``gitmemory merge-file`` and a real ``git merge``.

Each size is a memory file of that many items (realistic sentences from a
vocabulary of a few thousand words, spread over the four sections, each with
refs); one side changes a detail of one item, the other side of another.
``gitmemory merge-file BASE OURS THEIRS PATH`` runs as git runs it (a new
process), and the result must hold both changes and every other item once.

Paired: with ``--against DIR`` (a checkout of another revision, e.g. ``git
worktree add /tmp/v0.2 4a9843b``) each sample of this checkout is taken right
after one of that revision.  A route whose sample takes longer than
``--slow`` seconds is sampled once; one that passes ``--timeout`` is killed
and reported as such.  Both run with warm bytecode caches.

Then ``git merge`` of two branches that each changed one item of a
``--git-items`` file, with the driver registered (``gitmemory init``): its
time, what became of the file (merged, or refused and left as a conflict)
and the temporary files left behind in the repository and in ``$TMPDIR``.

Between the two, ``--new``: each side adds that many new items to a
``--new-base``-item file (issue 31: past 1,000 on each side the driver gave up
and git's line merge wrote conflict markers): the time, and whether the result
holds every item or conflict markers.

    python bench/merge_driver.py [--sizes 500,2000,4000] [--samples 3] [--against DIR]
                                 [--new 1000,4000] [--new-base 500]
                                 [--git-items 100000] [--timeout 300]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.memory.markdown import SECTION_IDS, Item, Memory, generate
from testing.big_memory import memory
from testing.gitrepo import git, isolated_env

HERE = Path(__file__).resolve().parent.parent


def changed(base: Memory, position: float, stamp: str) -> tuple[Memory, str]:
    """``base`` with a detail of one item changed (the item at ``position`` of the facts)."""
    out = base.copy()
    facts = list(out.sections["facts"])
    k = int(len(facts) * position)
    text = facts[k].text + f" within {stamp} seconds"
    facts[k] = Item(text, facts[k].refs)
    out.sections["facts"] = facts
    out.updated = f"2026-11-2{1 + int(position * 4)}T10:30:00Z"
    return out, text


def python_env(root: Path, source: Path) -> dict[str, str]:
    env = isolated_env(root / "home")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(PYTHONPATH=str(source), PYTHONPYCACHEPREFIX=str(root / "pycache"))
    return env


def run_timed(argv: list[str], cwd: Path, env: dict[str, str], timeout: float
              ) -> tuple[float, int | None]:
    """Wall seconds and exit code; None when killed at ``timeout`` (its process group)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        code: int | None = proc.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        code = None
    return time.perf_counter() - start, code


def merge_file_sizes(root: Path, routes: list[tuple[str, Path]], args: argparse.Namespace
                     ) -> None:
    print(f"\ngitmemory merge-file, each side changing one item (median of {args.samples}; "
          f"one sample past {args.slow:g} s)")
    print(f"{'items':>7}  " + "  ".join(f"{label:>22}" for label, _ in routes))
    for size in args.sizes:
        base = memory(size)
        ours, mine = changed(base, 0.25, "30")
        theirs, other = changed(base, 0.75, "45")
        work = root / f"merge-{size}"
        work.mkdir()
        for name, mem in (("base", base), ("ours", ours), ("theirs", theirs)):
            (work / name).write_text(generate(mem))
        times: dict[str, list[float]] = {label: [] for label, _ in routes}
        killed: set[str] = set()
        for _ in range(args.samples):
            for label, source in routes:
                if label in killed or (times[label] and times[label][0] > args.slow):
                    continue
                shutil.copy(work / "ours", work / "result")
                seconds, code = run_timed(
                    [sys.executable, "-m", "gitmemory", "merge-file", str(work / "base"),
                     str(work / "result"), str(work / "theirs"), ".gitmemory/branches/main.md"],
                    work, python_env(root, source), args.timeout)
                times[label].append(seconds)
                if code is None:
                    killed.add(label)
                    continue
                text = (work / "result").read_text()
                if code != 0 or mine not in text or other not in text or \
                        text.count("\n- ") != size:
                    raise SystemExit(f"{label}: the merge of {size} items lost something")
        cells = []
        for label, _ in routes:
            value = statistics.median(times[label])
            cells.append(f"> {args.timeout:g} s, killed" if label in killed else
                         f"{value:8.2f} s ({len(times[label])}x)")
        print(f"{size:7}  " + "  ".join(f"{cell:>22}" for cell in cells))


def with_new(base: Memory, side: str, count: int) -> Memory:
    """``base`` with ``count`` new items spread over its sections, worded apart by ``side``."""
    out = base.copy()
    new = memory(count, seed=len(side) * 1000 + count)  # other sentences than the base's
    for sid in SECTION_IDS:
        out.sections[sid] = [*out.sections[sid], *new.sections[sid]]
    return out


def merge_file_new(root: Path, routes: list[tuple[str, Path]], args: argparse.Namespace
                   ) -> None:
    print(f"\ngitmemory merge-file, each side adding new items to a {args.new_base}-item file "
          f"(median of {args.samples}; one sample past {args.slow:g} s)")
    print(f"{'new':>7}  " + "  ".join(f"{label:>36}" for label, _ in routes))
    for count in args.new:
        base = memory(args.new_base)
        work = root / f"new-{count}"
        work.mkdir()
        for name, mem in (("base", base), ("ours", with_new(base, "ours", count)),
                          ("theirs", with_new(base, "theirs", count))):
            (work / name).write_text(generate(mem))
        cells = []
        for _label, source in routes:
            times, outcome = [], ""
            for _ in range(args.samples):
                if times and times[0] > args.slow:
                    break
                shutil.copy(work / "ours", work / "result")
                seconds, code = run_timed(
                    [sys.executable, "-m", "gitmemory", "merge-file", str(work / "base"),
                     str(work / "result"), str(work / "theirs"), ".gitmemory/branches/main.md"],
                    work, python_env(root, source), args.timeout)
                times.append(seconds)
                text = (work / "result").read_text()
                outcome = "killed" if code is None else "conflict markers" if "<<<<<<<" in \
                    text else f"{text.count(chr(10) + '- ')} items"
            cells.append(f"{statistics.median(times):7.2f} s ({len(times)}x) {outcome}")
        print(f"{count:7}  " + "  ".join(f"{cell:>36}" for cell in cells))


def leftovers(repo: Path, tmpdir: Path) -> list[str]:
    """Temporary files a merge left: untracked files in the repository, files in TMPDIR."""
    status = git(repo, "status", "--porcelain", "--ignored", "--untracked-files=all").stdout
    found = [line[3:] for line in status.splitlines() if line.startswith(("??", "!!"))
             and "CLAUDE.md" not in line]
    return found + [f"$TMPDIR/{name}" for name in os.listdir(tmpdir)]


def git_merge(root: Path, label: str, source: Path, items: int, timeout: float) -> None:
    """Two branches each change one item of an ``items``-item file; ``git merge`` them."""
    place = Path(tempfile.mkdtemp(dir=root))
    env = python_env(place, source)
    tmpdir = place / "tmp"
    tmpdir.mkdir()
    env["TMPDIR"] = str(tmpdir)
    repo = place / "repo"
    git(place, "init", "-q", "-b", "main", str(repo), env=env)
    subprocess.run([sys.executable, "-m", "gitmemory", "init", "--hooks", "none"], cwd=repo,
                   env=dict(env, GITMEMORY_PROVIDER="offline"), capture_output=True, check=True)
    path = repo / ".gitmemory" / "branches" / "main.md"
    base = memory(items)
    path.write_text(generate(base))
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "memory", env=env)
    git(repo, "checkout", "-q", "-b", "other", env=env)
    path.write_text(generate(changed(base, 0.75, "45")[0]))
    git(repo, "commit", "-q", "-am", "theirs", env=env)
    git(repo, "checkout", "-q", "main", env=env)
    path.write_text(generate(changed(base, 0.25, "30")[0]))
    git(repo, "commit", "-q", "-am", "ours", env=env)
    seconds, code = run_timed(["git", "merge", "-q", "--no-edit", "other"], repo, env,
                              timeout)
    if code is None:
        outcome = f"killed after {timeout:g} s"
    else:
        text = path.read_text()
        outcome = ("conflict markers" if "<<<<<<<" in text else "merged") + \
            f", exit {code}"
    left = leftovers(repo, tmpdir)
    print(f"{label:28} {seconds:8.2f} s  {outcome}; temporary files left: "
          f"{len(left)}{' (' + ', '.join(left[:4]) + ')' if left else ''}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=lambda s: [int(n) for n in s.split(",")],
                        default=[500, 2000, 4000])
    parser.add_argument("--samples", type=int, default=3)
    parser.add_argument("--slow", type=float, default=10.0)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--new", type=lambda s: [int(n) for n in s.split(",") if n],
                        default=[1000, 4000],
                        help="new items each side adds (the second table; empty: skip it)")
    parser.add_argument("--new-base", type=int, default=500,
                        help="items of the file both sides add to")
    parser.add_argument("--git-items", type=int, default=100_000,
                        help="items of the file a real git merge merges (0: skip it)")
    parser.add_argument("--against", metavar="DIR", type=Path,
                        help="A checkout of another gitmemory revision, timed in turn.")
    args = parser.parse_args()
    routes = [("this checkout", HERE)]
    if args.against:
        routes.append((f"against {args.against.name}", args.against.resolve()))
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        for _, source in routes:  # warm the bytecode caches
            subprocess.run([sys.executable, "-m", "gitmemory", "--help"], cwd=root,
                           env=python_env(root, source), capture_output=True, check=True)
        merge_file_sizes(root, routes, args)
        if args.new:
            merge_file_new(root, routes, args)
        if args.git_items:
            print(f"\ngit merge of two branches that each changed one item of a "
                  f"{args.git_items}-item memory file")
            for label, source in routes:
                git_merge(root, label, source, args.git_items, args.timeout)
        print(f"\n{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, Python "
              f"{sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
