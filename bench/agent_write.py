"""Time Claude Code's PreToolUse hook for writes (``gitmemory hook agent-write``).

Builds a repository set up with ``gitmemory init --agent-hook`` whose memory has
``--items`` items in ``--areas`` areas (Claude Code's path rules rendered), then
times, in turn so that a shared machine's load hits each alike:

- ``python3 -c pass``, the floor of any Python program;
- the hook as the registered command runs it (``python -P -m gitmemory hook
  agent-write``), for a write in an area (each run a new session, so the area's
  items are read and told every time) and for a write outside every area;
- the command ``.claude/settings.json`` registers, run by ``/bin/sh -c`` as
  Claude Code runs it (it asks git config for the Python first).

Prints medians and what each adds to the floor; the budget is 50 ms.

    python bench/agent_write.py [--runs 41] [--items 200] [--areas 8]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testing.gitrepo import git, isolated_env


def build(root: Path, items: int, areas: int, env: dict[str, str]) -> Path:
    from gitmemory.memory.markdown import Item, Memory, generate
    from testing.memory import path_for

    repo = root / "repo"
    git(root, "init", "-q", "-b", "main", str(repo))
    for n in range(areas):
        (repo / f"src/area{n}").mkdir(parents=True)
        (repo / f"src/area{n}/module.py").write_text("VALUE = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "areas")
    subprocess.run([sys.executable, "-m", "gitmemory", "init", "--agent-hook", "--hooks",
                    "none"], cwd=repo, env=env, check=True, capture_output=True)
    git(repo, "config", "gitmemory.outputs", "claude,claude-rules")
    memory = Memory("main", {"conventions": [
        Item(f"Convention {n}: keep module {n} of area {n % areas} pure and small",
             (f"{n:07x}",), (f"src/area{n % areas}/",)) for n in range(items)]},
        updated="2026-11-21T10:30:00Z")
    directory = repo / ".gitmemory" / "branches"
    Path(path_for(str(directory), "main")).write_text(generate(memory))
    subprocess.run([sys.executable, "-m", "gitmemory", "generate"], cwd=repo, env=env,
                   check=True, capture_output=True)
    return repo


def payload(repo: Path, path: str, session: str) -> str:
    return json.dumps({"session_id": session, "hook_event_name": "PreToolUse",
                       "cwd": str(repo), "tool_name": "Write",
                       "tool_input": {"file_path": str(repo / path), "content": "x\n" * 200}})


def timed(cmd: list[str], repo: Path, env: dict[str, str], stdin: str = ""
          ) -> tuple[float, float, str]:
    """Wall time, CPU time (user + sys of the command and its children), stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=repo, env=env, input=stdin, capture_output=True, text=True,
                          check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--areas", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gitmemory-bench-") as tmp:
        root = Path(tmp)
        env = isolated_env(root / "home")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        repo = build(root, args.items, args.areas, env)
        settings = json.loads((repo / ".claude" / "settings.json").read_text())
        command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        shell_env = dict(env, CLAUDE_PROJECT_DIR=str(repo), PATH="/usr/bin:/bin")
        samples: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        routes = {
            "python -c pass": lambda n: timed([sys.executable, "-c", "pass"], repo, env),
            "hook, write in an area": lambda n: timed(
                [sys.executable, "-P", "-m", "gitmemory", "hook", "agent-write"], repo, env,
                payload(repo, "src/area1/new.py", f"session-{n}")),
            "hook, write elsewhere": lambda n: timed(
                [sys.executable, "-P", "-m", "gitmemory", "hook", "agent-write"], repo, env,
                payload(repo, "README.md", f"session-{n}")),
            "registered command (sh)": lambda n: timed(
                ["/bin/sh", "-c", command], Path("/"), shell_env,
                payload(repo, "src/area2/new.py", f"shell-{n}")),
        }
        for n in range(args.runs + 3):
            for label, run in routes.items():
                seconds, used, out = run(n)
                if n >= 3:  # warm bytecode caches first
                    samples.setdefault(label, []).append(seconds)
                    cpu.setdefault(label, []).append(used)
                if label == "hook, write in an area":
                    assert "Convention 1:" in out, out
        floor = statistics.median(samples["python -c pass"]) * 1000
        cpu_floor = statistics.median(cpu["python -c pass"]) * 1000
        print(f"median of {args.runs} runs, {args.items} items in {args.areas} areas, "
              f"{os.cpu_count()} CPUs (load {os.getloadavg()[0]:.1f}), Python "
              f"{sys.version.split()[0]}")
        print(f"{'':26} {'wall':>9} {'over floor':>11} {'CPU':>9} {'over floor':>11}")
        for label, values in samples.items():
            ms, used = statistics.median(values) * 1000, statistics.median(cpu[label]) * 1000
            print(f"{label:26} {ms:6.1f} ms {ms - floor:+8.1f} ms {used:6.1f} ms "
                  f"{used - cpu_floor:+8.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
