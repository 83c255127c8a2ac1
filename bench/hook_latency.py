"""Time added to ``git checkout`` and ``git commit`` by gitmemory's hooks.

Builds a repository with 10,000 commits and 200 memory files, then times
alternating branch checkouts (whose memory differs, so CLAUDE.md is rewritten
every time) and empty commits:

- with the native shims that ``gitmemory install`` writes,
- with the same hooks run through the pre-commit framework,

each sample right after the same command with no hooks (the baseline:
``core.hooksPath`` pointed at an empty directory), and beside a bare
``python3 -c pass``, so that a shared machine's drifting load hits both sides
alike.  Prints medians, the time added and the ratios, with the load average.  Memory items
cite paths in four areas of the tree, so with ``--all-outputs`` (every agent file
of docs/agents.md: CLAUDE.md, AGENTS.md, GEMINI.md and the path-scoped rule files
of Claude Code, Cursor, Copilot and Windsurf) a checkout renders 19 files.
With ``--items N`` the two branches checked out in turn carry N items each
(testing/big_memory.py: realistic sentences, half of them citing a path in one
of the four areas), to show what a big memory file adds.  ``--against DIR`` (a
checkout of another revision: ``git worktree add DIR REV``) times that
revision's hooks in turn with these.  Bytecode caches are warm after the first
sample, as for an installed package (the shim's ``python -I`` ignores
``PYTHONDONTWRITEBYTECODE``; other routes write theirs to a
``PYTHONPYCACHEPREFIX`` in the temporary directory).

    python bench/hook_latency.py [--commits 10000] [--memories 200] [--runs 31]
                                 [--all-outputs] [--items N] [--against DIR]
                                 [--no-pre-commit]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testing.gitrepo import git, isolated_env

ALL_OUTPUTS = "claude,claude-rules,agents,cursor,copilot,windsurf,gemini"
AREAS = ("src/api/", "src/db/", "lib/util/", "docs/")


def build_repo(root: Path, commits: int, memories: int, items: int = 0) -> Path:
    """A repository with ``commits`` commits (via fast-import) and memory files."""
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    lines = []
    when = 1_700_000_000
    for n in range(commits):
        message = f"Change {n}: adjust module {n % 97}\n".encode()
        content = f"value = {n}\n".encode()
        lines.append(b"commit refs/heads/main\n")
        lines.append(f"committer Bench <bench@example.com> {when + n} +0000\n".encode())
        lines.append(f"data {len(message)}\n".encode() + message)
        lines.append(f"M 100644 inline src/module_{n % 500}.py\n".encode())
        lines.append(f"data {len(content)}\n".encode() + content + b"\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(lines),
                   check=True)
    git(repo, "checkout", "-q", "-f", "main")
    branches = repo / ".gitmemory" / "branches"
    branches.mkdir(parents=True)
    for area in AREAS:
        (repo / area).mkdir(parents=True, exist_ok=True)
        (repo / area / "module.py").write_text("VALUE = 1\n")
    for n in range(memories):
        branch = "main" if n == 0 else ("feature/a" if n == 1 else f"topic/{n}")
        text = _big_memory(branch, items, n) if items and n < 2 else _memory(branch)
        (branches / (branch.replace("/", "_") + ".md")).write_text(text)
    (repo / "CLAUDE_base.md").write_text("# Project\n\nGuidance for every branch.\n" * 20)
    (repo / "AGENTS_base.md").write_text("# Agents\n\nGuidance for every agent.\n" * 20)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Add memory")
    git(repo, "branch", "feature/a")
    # Files as new as the index are "racily clean": git would hash them again on every
    # command. A second later, a refresh writes an index that is newer than all of them.
    time.sleep(1.1)
    git(repo, "update-index", "-q", "--really-refresh")
    git(repo, "status", "--porcelain")
    return repo


def _memory(branch: str) -> str:
    """12 items a branch: half about one of four areas, half about the whole tree.  Those
    about an area name a symbol of its module.py and carry the fingerprint of its lines
    (memory/fingerprint.py), which the checkout compares with the work tree."""
    from gitmemory.memory.fingerprint import KEY, digest
    from gitmemory.memory.markdown import Item, Memory, generate

    lines = ((KEY, f"{digest(['VALUE = 1'], ['VALUE'])} at 0000000"),)

    def items(kind: str, count: int, offset: int) -> list[Item]:
        return [Item(f"{kind} {k} of {branch}: keep `VALUE` in module {k} pure",
                     (f"{k + offset:07x}",), (AREAS[(k // 2) % 4] + "module.py",), lines)
                if k % 2 else
                Item(f"{kind} {k} of {branch}: keep module {k} pure", (f"{k + offset:07x}",))
                for k in range(count)]

    return generate(Memory(branch, {
        "facts": [Item("A fact")], "architectural-decisions": [Item("A decision")],
        "conventions": items("Convention", 8, 0), "bug-patterns": items("Bug pattern", 4, 8)},
        updated="2026-11-21T10:30:00Z"))


def _big_memory(branch: str, items: int, seed: int) -> str:
    """``items`` items, the first of each section the one the checks below look for."""
    from gitmemory.memory.markdown import Item, generate
    from testing.big_memory import memory

    mem = memory(items, branch, AREAS, seed)
    mem.sections["conventions"].append(Item(f"Convention 0 of {branch}: keep module 0 pure",
                                            ("0000000",)))
    mem.sections["conventions"].append(Item(f"Convention 1 of {branch}: keep module 1 pure",
                                            ("0000001",), (AREAS[0],)))
    return generate(mem)


class Paired:
    """Each sample with hooks taken right after the same command without them
    (``core.hooksPath`` at an empty directory), beside a bare ``python3 -c pass``, and
    beside the same command run by another revision's hooks when ``--against`` names one:
    on a shared machine the load drifts, and medians taken in separate phases would
    measure the drift."""

    def __init__(self, repo: Path, env: dict[str, str], no_hooks: Path,
                 against: tuple[Path, dict[str, str]] | None = None) -> None:
        self.repo, self.env = repo, env
        self.routes: list[tuple[str, Path, list[str], dict[str, str]]] = [
            (" off", repo, ["-c", f"core.hooksPath={no_hooks}"], env), ("", repo, [], env)]
        if against:  # a copy of its own: the revisions' caches in .git/gitmemory differ
            self.routes.append((" against", against[0], [], against[1]))
        self.samples: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}

    def _time(self, label: str, cmd: list[str], env: dict[str, str], repo: Path | None = None
              ) -> None:
        """Wall time, and the CPU time of the command and every process it started: the
        CPU time says what the hooks cost even when the neighbours stretch wall time."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, cwd=repo or self.repo, env=env, check=True, capture_output=True)
        self.samples.setdefault(label, []).append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu.setdefault(label, []).append(
            after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)

    def run(self, runs: int, warmup: int = 5) -> Paired:
        """Checkouts main -> feature/a and back (the memory differs, so every agent file
        is rewritten), and empty commits, ``runs`` times each way and route, after
        ``warmup`` rounds that are not kept: a fresh repository's index is "racily
        clean" (its files as new as the index), and git hashes them again on every
        command until a command rewrites the index later."""
        for n in range(warmup + runs):
            if n == warmup:
                self.samples.clear()
                self.cpu.clear()
            for suffix, repo, options, env in self.routes:
                for target in ("feature/a", "main"):
                    self._time("checkout" + suffix, ["git", *options, "checkout", "-q", target],
                               env, repo)
                self._time("commit" + suffix,
                           ["git", *options, "commit", "-q", "--allow-empty", "-m", "bench"], env,
                           repo)
            self._time("python", [sys.executable, "-c", "pass"], self.env)
        return self

    def ms(self, label: str) -> float:
        return statistics.median(self.samples[label]) * 1000

    def cpu_ms(self, label: str) -> float:
        return statistics.median(self.cpu[label]) * 1000


def clear_hooks(repo: Path) -> None:
    hooks = repo / ".git" / "hooks"
    shutil.rmtree(hooks, ignore_errors=True)
    hooks.mkdir()


def install_native(repo: Path, env: dict[str, str]) -> None:
    clear_hooks(repo)
    subprocess.run([sys.executable, "-m", "gitmemory", "install"], cwd=repo, env=env,
                   check=True, capture_output=True)


def install_pre_commit(repo: Path, root: Path, env: dict[str, str]) -> None:
    """The real route: pre-commit builds its environment from a snapshot of this checkout
    (``language: python``, this repository's ``.pre-commit-hooks.yaml``)."""
    from testing.precommit_repo import ROOT, snapshot_checkout, wire

    clear_hooks(repo)
    source, rev = snapshot_checkout(ROOT, root / "gitmemory-src", env)
    # Untracked, so that it stays in place on every branch.
    wire(repo, source, rev, env, ("gitmemory-post-checkout", "gitmemory-post-commit"))


def report(args: argparse.Namespace, git_version: str,
           routes: list[tuple[str, Paired]]) -> None:
    native = routes[0][1]
    print(f"\nmedian of {args.runs * 2} checkouts and {args.runs} commits a route on "
          f"{os.cpu_count()} CPUs (load {os.getloadavg()[0]:.1f}), Python "
          f"{sys.version.split()[0]}, {git_version}")
    python = native.ms("python")
    print(f"python3 -c pass: {python:7.1f} ms\n")
    print(f"{'route':18} {'checkout':>9} {'added':>8} {'commit':>9} {'added':>8}")
    print(f"{'git alone':18} {native.ms('checkout off'):7.1f}ms {0:6.1f}ms "
          f"{native.ms('commit off'):7.1f}ms {0:6.1f}ms")
    for name, paired in routes:
        co, ci = paired.ms("checkout"), paired.ms("commit")
        print(f"{name:18} {co:7.1f}ms {co - paired.ms('checkout off'):6.1f}ms "
              f"{ci:7.1f}ms {ci - paired.ms('commit off'):6.1f}ms")
    if args.against:
        co, ci = native.ms("checkout against"), native.ms("commit against")
        print(f"{'--against hooks':18} {co:7.1f}ms {co - native.ms('checkout off'):6.1f}ms "
              f"{ci:7.1f}ms {ci - native.ms('commit off'):6.1f}ms   ({args.against})")
    native_added = native.ms("checkout") - native.ms("checkout off")
    print(f"\nnative post-checkout adds {native_added:.1f} ms "
          f"({native_added / python:.2f}x a bare python3 -c pass)")
    cpu = {label: native.cpu_ms(label) for label in native.cpu}
    line = (f"CPU time (user + sys): python3 -c pass {cpu['python']:.1f} ms; the hooks add "
            f"{cpu['checkout'] - cpu['checkout off']:.1f} ms a checkout, "
            f"{cpu['commit'] - cpu['commit off']:.1f} ms a commit")
    if args.against:
        line += (f" (--against: {cpu['checkout against'] - cpu['checkout off']:.1f} and "
                 f"{cpu['commit against'] - cpu['commit off']:.1f} ms)")
    print(line)
    if len(routes) > 1:
        pc = routes[1][1]
        pc_added = pc.ms("checkout") - pc.ms("checkout off")
        print(f"pre-commit route adds {pc_added:.1f} ms: "
              f"{pc_added / max(native_added, 0.1):.1f}x the native route")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--memories", type=int, default=200)
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--no-pre-commit", action="store_true",
                        help="Skip the pre-commit column (it builds an environment first).")
    parser.add_argument("--all-outputs", action="store_true",
                        help="Render every agent file, not CLAUDE.md alone (outputs setting).")
    parser.add_argument("--items", type=int, default=0,
                        help="Items in the memory of each branch checked out (default 12).")
    parser.add_argument("--against", metavar="DIR", type=Path,
                        help="A checkout of another gitmemory revision (git worktree add DIR "
                             "REV): its hooks, timed in turn with these.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home")
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(root / "pycache")
        print(f"building a repository with {args.commits} commits and {args.memories} "
              "memory files" + (f", {args.items} items in the two checked out" if args.items
                                else "") + " ...", flush=True)
        repo = build_repo(root, args.commits, args.memories, args.items)
        no_hooks = root / "no-hooks"
        no_hooks.mkdir()
        against = None
        ours = dict(env, GITMEMORY_OUTPUTS=ALL_OUTPUTS) if args.all_outputs else env
        if args.against:
            copy = root / "repo-against"
            shutil.copytree(repo, copy, symlinks=True)
            install_native(copy, dict(env, PYTHONPATH=str(args.against.resolve())))
            against = (copy, ours)
        install_native(repo, env)
        native = Paired(repo, ours, no_hooks, against).run(args.runs)
        assert "Convention 0 of" in (repo / "CLAUDE.md").read_text()
        if args.all_outputs:
            rules = repo / ".cursor" / "rules" / "gitmemory-src-api.mdc"
            assert "Convention 1 of" in rules.read_text()
            print(f"outputs: {ALL_OUTPUTS}")
        routes = [("native hooks", native)]
        if not args.no_pre_commit:
            print("building the pre-commit environment (pip install of this checkout) ...",
                  flush=True)
            env["PRE_COMMIT_HOME"] = str(root / "pre-commit-home")
            install_pre_commit(repo, root, env)
            routes.append(("pre-commit hooks", Paired(repo, ours, no_hooks).run(args.runs)))
        report(args, git(repo, "version").stdout.strip(), routes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
