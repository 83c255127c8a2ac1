"""Time the pre-push scan takes over many versions of a memory file (issue 31, "Bounded time").

Builds a repository whose branch holds ``--versions`` commits, each a new version of one
memory file of about 40 kB (500 items and one that changes), made with ``git fast-import``
and no hooks, and times :func:`gitmemory.push.scan.scan_push` of the branch against the
commit it started from, in a child process: once for one version, once for all of them.
The difference is what the versions cost.  With ``--against DIR`` (a checkout of another
revision, e.g. ``git archive main | tar -x -C /tmp/main``) the same scans run with that
revision's code too.

    python bench/push_versions.py [--versions 1500] [--runs 3] [--against DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from testing.gitrepo import git, isolated_env, memory_text  # noqa: E402 - after the path

ITEMS = [f"Service {k} caches order lookups for a few minutes per tenant and region"
         for k in range(500)]
CHILD = """
import sys, time
from gitmemory.push import scan
from gitmemory.repo import Repo
repo = Repo.open()
start = time.perf_counter()
found = scan.scan_push(repo, [sys.argv[1]], [sys.argv[2]])
print(f"{time.perf_counter() - start:.3f} {len(found)}")
"""


def build(root: Path, env: dict[str, str], versions: int) -> tuple[Path, str, str, str]:
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo), env=env)
    (repo / "app.py").write_text("VALUE = 1\n")
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "Start", env=env)
    base = git(repo, "rev-parse", "HEAD", env=env).stdout.strip()
    tips = []
    for name, count in (("few", 1), ("many", versions)):
        rel = f".gitmemory/branches/{name}.md"
        stream = []
        for v in range(count):
            data = memory_text(name, facts=(*ITEMS, f"Version {v} of the notes")).encode()
            message = f"Notes {v}\n".encode()
            stream.append(f"commit refs/heads/{name}\nmark :{v + 1}\n"
                          "committer Dev <dev@example.com> 1764000000 +0000\n"
                          f"data {len(message)}\n".encode() + message
                          + (f"from {base}\n" if v == 0 else "").encode()
                          + f"M 100644 inline {rel}\ndata {len(data)}\n".encode() + data + b"\n")
        subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, env=env,
                       input=b"".join(stream), check=True)
        tips.append(git(repo, "rev-parse", name, env=env).stdout.strip())
    return repo, base, tips[0], tips[1]


def timed(code: Path, repo: Path, env: dict[str, str], tip: str, base: str) -> tuple[float, int]:
    done = subprocess.run([sys.executable, "-c", CHILD, tip, base], cwd=repo,
                          env={**env, "PYTHONPATH": str(code)}, capture_output=True,
                          text=True, check=True)
    seconds, found = done.stdout.split()
    return float(seconds), int(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--versions", type=int, default=1500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="a checkout of another revision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = isolated_env(root)
        repo, base, few, many = build(root, env, args.versions)
        print(f"{args.versions} versions of a {len(memory_text('x', facts=ITEMS)) // 1000} kB "
              "memory file, scanned against the commit the branch started from")
        for label, code in (("this", HERE), ("against", args.against)):
            if code is None:
                continue
            one = statistics.median(timed(code, repo, env, few, base)[0]
                                    for _ in range(args.runs))
            runs = [timed(code, repo, env, many, base) for _ in range(args.runs)]
            all_of_them = statistics.median(seconds for seconds, _ in runs)
            print(f"{label:8} ({code}): one version {one:.3f} s, {args.versions} versions "
                  f"{all_of_them:.3f} s, {all_of_them - one:+.3f} s for the versions "
                  f"(median of {args.runs}; findings {runs[0][1]})")


if __name__ == "__main__":
    main()
