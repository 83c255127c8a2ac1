"""How long ``gitmemory init`` takes on a real repository of each ecosystem, offline.

For each repository a local clone of its fetched mirror is made under a temporary
directory (``git clone`` of ``/work/.mirror/<owner>+<name>/repo``, no network), then
``gitmemory init --hooks none`` runs in it as a user would (a child process, with no
API key and no ``claude`` on PATH, so the offline provider), timed by wall clock,
best of ``--runs`` (each run on a fresh clone).  Also timed, in-process: the
bootstrap's own part of it (the tip's files and recent history read with
:func:`gitmemory.sources.repository.snapshot`, then every item derived).

    python bench/bootstrap_init.py [--runs 3] [--mirrors /work/.mirror] [--show]

``--show`` prints the CLAUDE.md each init wrote.  A mirror that is absent is skipped
with one line.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.reading.project import bootstrap_extractions
from gitmemory.sources.repository import snapshot

REPOSITORIES = (("python", "pallets/flask"), ("js", "vitejs/vite"), ("go", "gin-gonic/gin"),
                ("rust", "BurntSushi/ripgrep"), ("jvm", "square/retrofit"),
                ("ruby", "rack/rack"), ("dotnet", "App-vNext/Polly"), ("cpp", "fmtlib/fmt"))


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC", "GITMEMORY"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not (Path(p) / "claude").exists())
    env.update(GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.com",
               GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.com")
    return env


def _init_once(mirror: Path, root: Path, n: int) -> tuple[float, Path]:
    clone = root / f"clone-{n}"
    subprocess.run(["git", "clone", "-q", str(mirror), str(clone)], check=True,
                   capture_output=True)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "gitmemory", "init", "--hooks", "none"],
                          cwd=clone, capture_output=True, text=True, env=_env(), check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"init failed in {clone}: {done.stderr.strip()}")
    return seconds, clone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mirrors", default="/work/.mirror")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    print(f"{'ecosystem':10s} {'repository':24s} {'init (best)':>12s} {'bootstrap':>10s} "
          f"{'items':>6s}")
    for ecosystem, name in REPOSITORIES:
        mirror = Path(args.mirrors) / name.replace("/", "+") / "repo"
        if not mirror.is_dir():
            print(f"skip {name}: no mirror at {mirror}")
            continue
        with tempfile.TemporaryDirectory(prefix="gm-init-") as tmp:
            times = [_init_once(mirror, Path(tmp), n) for n in range(args.runs)]
            best, clone = min(times)
            start = time.perf_counter()
            items = bootstrap_extractions(snapshot(str(clone), "HEAD", list(DEFAULT_EXCLUDES)))
            reading = time.perf_counter() - start
            print(f"{ecosystem:10s} {name:24s} {best:11.2f}s {reading:9.2f}s {len(items):6d}")
            if args.show:
                print((clone / "CLAUDE.md").read_text())


if __name__ == "__main__":
    main()
