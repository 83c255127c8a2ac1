"""How long placing items whose file was rewritten into new paths takes (the check of a
memorize run, ``gitmemory/pipeline/relocate.py``).

Builds a repository whose first commit has ``--files`` modules of 40 functions each and
one ``legacy.py``; the second removes ``legacy.py`` and puts its functions into
``pkg/`` (a rewrite: no rename git can see).  Each of ``--items`` items cites
``legacy.py`` and names a function that moved and one that is gone.  Prints the median
wall time of placing them all, and how many were placed.

    python bench/relocate.py [--files 2000] [--items 10,100,300] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.memory.markdown import Item
from gitmemory.pipeline import relocate
from testing.gitrepo import git

WHEN = 1_700_000_000
PER_FILE = 40


def _commit(when: int, message: str, files: dict[str, str | None]) -> bytes:
    """One commit on main (fast-import puts it after the branch's last one)."""
    body = message.encode()
    out = [b"commit refs/heads/main\n",
           f"committer Bench <bench@example.com> {when} +0000\n".encode(),
           f"data {len(body)}\n".encode() + body + b"\n"]
    for path, text in files.items():
        if text is None:
            out.append(f"D {path}\n".encode())
            continue
        data = text.encode()
        out.append(f"M 100644 inline {path}\n".encode())
        out.append(f"data {len(data)}\n".encode() + data + b"\n")
    return b"".join(out)


def _module(names: list[str], uses: list[str]) -> str:
    body = [f"def {name}(value):\n    return {use}(value) + 1\n" for name, use in
            zip(names, uses, strict=True)]
    return "\n\n".join(body)


def build_repo(root: Path, files: int, moved: int) -> tuple[Path, str, str]:
    """The repository, the commit before the rewrite and the one after."""
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    modules = {}
    for m in range(files):
        names = [f"compute_{m}_{k}" for k in range(PER_FILE)]
        uses = [f"compute_{(m + 1) % files}_{k}" for k in range(PER_FILE)]
        modules[f"src/module_{m}.py"] = _module(names, uses)
    legacy = [f"legacy_step_{k}" for k in range(moved)]
    first: dict[str, str | None] = {**modules, "legacy.py": _module(legacy, ["int"] * moved)}
    rewrite: dict[str, str | None] = {"legacy.py": None}
    for start in range(0, moved, PER_FILE):
        part = legacy[start:start + PER_FILE]
        rewrite[f"pkg/steps_{start // PER_FILE}.py"] = _module(part, ["float"] * len(part))
    stream = _commit(WHEN, "Legacy steps", first) + \
        _commit(WHEN + 1, "Rewrite the steps into pkg/", rewrite)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=stream, check=True)
    tip = git(repo, "rev-parse", "main").stdout.strip()
    return repo, git(repo, "rev-parse", "main^").stdout.strip(), tip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--items", default="10,100,300")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    counts = [int(n) for n in args.items.split(",")]
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        repo, start, tip = build_repo(Path(tmp), args.files, max(counts))
        print(f"{args.files} modules of {PER_FILE} functions; legacy.py rewritten into pkg/")
        for count in counts:
            items = [Item(f"`legacy_step_{k}()` rounds before it adds; `legacy_gone_{k}` "
                          "went with Python 2", ("abc1234",), ("legacy.py",))
                     for k in range(count)]
            times, placed = [], 0
            for _ in range(args.runs):
                began = time.perf_counter()
                placed = len(relocate.relocated(str(repo), items, tip, start, []))
                times.append(time.perf_counter() - began)
            print(f"{count:>5} items ({2 * count} names): {statistics.median(times):.2f} s, "
                  f"{placed} placed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
