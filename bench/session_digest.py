"""How much of an agent session reaches a provider, and what the session hook costs.

Builds Claude Code transcripts of growing length (seeded: every turn a message
from the person, the agent's thinking and words, file reads of 2 to 20 KB,
edits, test runs of 1 to 8 KB of output, one in five failing) and prints, per
session, the transcript's size, its digest's size (unbounded, and within the
default budget of one call) and the time taken to read it, and the shell runs
the runs source finds in it with the time to read and judge them against a
memory's test command (``sources/runs/``: what the next memorize adds).  ``--transcripts
DIR`` adds every ``*.jsonl`` under DIR (for example ``~/.claude/projects``);
a directory that is absent is skipped with one line.

Then times the SessionEnd hook as Claude Code runs it (the command ``init
--agent-hook`` registers, through ``/bin/sh``, JSON on stdin) on a session
that gained 200 turns since the last call, beside a bare ``python -c pass``:
the median wall time, what the hook adds, and its time in-process (imports
and work, without the interpreter's start).

    python bench/session_digest.py [--turns 20,200,2000] [--runs 21] [--transcripts DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.sessions import digest, notes
from gitmemory.sessions import runs as session_runs
from gitmemory.sources.runs import commands, outcome
from testing.agent_sessions import wait_for_readers
from testing.gitrepo import git, isolated_env
from testing.transcripts import SESSION_ID, Recorder, hook_input

WORDS = ("cache", "tenant", "handler", "retry", "timeout", "pipeline", "fixture", "schema",
         "router", "session", "token", "budget", "query", "index", "worker", "queue")


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def session(cwd: str, turns: int, seed: int = 7) -> Recorder:
    rng = random.Random(seed)  # noqa: S311 - reproducible test data, not a secret
    rec = Recorder(cwd, "feature/bench")
    for turn in range(turns):
        rec.user(f"Turn {turn}: " + _text(rng, rng.randint(8, 60)))
        rec.say(_text(rng, rng.randint(20, 120)), thinking=_text(rng, rng.randint(40, 300)))
        name = f"{cwd}/src/{rng.choice(WORDS)}.py"
        read = rec.tool("Read", file_path=name)
        rec.result(read, "\n".join(_text(rng, 12) for _ in range(rng.randint(40, 400))))
        edit = rec.tool("Edit", file_path=name, old_string=_text(rng, 20),
                        new_string=_text(rng, 30))
        rec.result(edit, f"The file {name} has been updated.")
        output = "\n".join(_text(rng, 10) for _ in range(rng.randint(20, 160)))
        rec.bash("pytest -q tests/", output, 1 if rng.random() < 0.2 else 0)
    return rec


def measure(path: Path, top: str) -> tuple[int, int, int, float, int, float]:
    """(transcript bytes, digest chars unbounded, digest chars in one call's budget, s,
    shell runs found, s to read and judge them against ``pytest -q``)."""
    note = notes.Note("claude-code", SESSION_ID, str(path), branch="feature/bench", cwd=top)
    started = time.perf_counter()
    whole = digest.read(note, [top], DEFAULT_EXCLUDES, 10**9)
    seconds = time.perf_counter() - started
    capped = digest.read(note, [top], DEFAULT_EXCLUDES, 32_000)
    started = time.perf_counter()
    ran = session_runs.ran(digest.events_since(note, [top]), top)
    for run in ran:
        words = commands.at_top(run.command, run.cwd, [top])
        if words is not None and commands.runs(words, "pytest -q"):
            outcome.judge(words, run.code, run.output)
    judged = time.perf_counter() - started
    return path.stat().st_size, len(whole.text), len(capped.text), seconds, len(ran), judged


def report_digests(root: Path, turns: list[int], extra: Path | None) -> None:
    top = str(root / "repo")
    print(f"{'session':<28}{'transcript':>12}{'digest':>10}{'ratio':>8}{'in budget':>11}"
          f"{'read s':>8}{'runs':>7}{'judge s':>9}")
    rows = []
    for n in turns:
        path = root / f"turns-{n}.jsonl"
        path.write_text(session(top, n).text())
        rows.append((f"synthetic, {n} turns", *measure(path, top)))
    if extra is not None:
        found = sorted(extra.rglob("*.jsonl")) if extra.is_dir() else []
        if not found:
            print(f"(no transcripts under {extra}: skipped)")
        for path in found[:50]:
            rows.append((path.name[:26], *measure(path, top)))
    for name, size, whole, capped, seconds, ran, judged in rows:
        print(f"{name:<28}{size:>12,}{whole:>10,}{whole / max(size, 1):>8.3f}{capped:>11,}"
              f"{seconds:>8.2f}{ran:>7,}{judged:>9.2f}")


def _hooked_repo(root: Path, env: dict[str, str]) -> Path:
    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo), env=env)
    (repo / "README.md").write_text("bench\n")
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "init", env=env)
    subprocess.run([sys.executable, "-m", "gitmemory", "init", "--agent-hook",
                    "--hooks", "none"], cwd=repo, env=env, check=True, capture_output=True)
    return repo


def _median_ms(argv: list[str], stdin: str, env: dict[str, str], runs: int,
               reset: object = None) -> tuple[float, float, float]:
    """Median wall time, the fastest run's, and the median CPU time (user + system, the
    command's processes; the detached reader is not waited for, so not counted), in ms."""
    wall, cpu = [], []
    for _ in range(runs):
        if callable(reset):
            reset()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(argv, input=stdin, env=env, text=True, capture_output=True, check=False)
        wall.append((time.perf_counter() - started) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(wall), min(wall), statistics.median(cpu)


def report_hook(root: Path, runs: int) -> None:
    env = isolated_env(root / "home")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    repo = _hooked_repo(root, env)
    env["CLAUDE_PROJECT_DIR"] = str(repo)
    state_dir = str(repo / ".git" / "gitmemory")
    transcript = root / "hook.jsonl"
    old = session(str(repo), 200, seed=1).text()
    transcript.write_text(old + session(str(repo), 200, seed=2).text())
    command = json.loads((repo / ".claude" / "settings.json").read_text())[
        "hooks"]["SessionEnd"][0]["hooks"][0]["command"]
    stdin = hook_input("SessionEnd", str(transcript), str(repo))

    def reset() -> None:  # the session gained 200 turns since the hook last read it
        wait_for_readers()  # the reader the last run started is done
        note = notes.Note("claude-code", SESSION_ID, str(transcript), cwd=str(repo))
        note.captured = len(old.encode())
        notes.save(state_dir, note)

    timed = ("import sys, time; t = time.perf_counter(); from gitmemory.hooks.main import "
             "main; main(['agent-session']); sys.stderr.write(str(time.perf_counter() - t))")
    inside = []
    for _ in range(runs):
        reset()
        done = subprocess.run([sys.executable, "-c", timed], input=stdin, env=env, cwd=repo,
                              text=True, capture_output=True, check=False)
        inside.append(float(done.stderr.strip().splitlines()[-1]) * 1000)
    baseline, base_min, baseline_cpu = _median_ms([sys.executable, "-c", "pass"], "", env, runs)
    hook, hook_min, hook_cpu = _median_ms(["/bin/sh", "-c", command], stdin, env, runs, reset)
    reader = []
    for _ in range(min(runs, 5)):
        reset()
        started = time.perf_counter()
        subprocess.run(["/bin/sh", "-c", command], input=stdin, env=env, text=True,
                       capture_output=True, check=False)
        wait_for_readers()
        reader.append((time.perf_counter() - started) * 1000)
    kept = notes.load(state_dir, "claude-code", SESSION_ID)
    print(f"\nSessionEnd hook, 200 new turns ({transcript.stat().st_size - len(old.encode()):,} "
          f"new bytes, {len(kept.kept) if kept else 0} messages kept), median of {runs}:")
    print(f"  python -c pass      {baseline:7.1f} ms  (fastest {base_min:.1f}; "
          f"{baseline_cpu:.1f} ms CPU)")
    print(f"  hook as Claude Code {hook:7.1f} ms  (fastest {hook_min:.1f}; adds "
          f"{hook - baseline:.1f} ms, fastest {hook_min - base_min:.1f}; {hook_cpu:.1f} ms "
          f"CPU, adds {hook_cpu - baseline_cpu:.1f})")
    print(f"  hook in-process     {statistics.median(inside):7.1f} ms  (imports and work)")
    print(f"  detached reader     {statistics.median(reader):7.1f} ms  (until the note is "
          "written; Claude Code does not wait for it)")
    print(f"  load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", default="20,200,2000")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--transcripts", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "repo").mkdir()
        report_digests(root, [int(n) for n in args.turns.split(",")], args.transcripts)
    with tempfile.TemporaryDirectory() as tmp:
        report_hook(Path(tmp), args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
