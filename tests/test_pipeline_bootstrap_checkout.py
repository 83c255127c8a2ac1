"""The repository's files are read at memorize time, never on checkout: post-checkout
opens none of the files the bootstrap reads, loads none of its modules and starts no
process (background maintenance, which memorizes detached, is switched off here so the
hook is measured alone; docs/design.md, "The hot path")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gitmemory
from gitmemory.reading.project import is_source
from testing.gitrepo import commit_file, git
from testing.gitrepo import gitmemory as run_cli

ENTRY = Path(gitmemory.__file__).parent / "_shim_entry.py"
# Runs the hook as the native shim does, recording every file opened and every process
# started (audit events), and the modules loaded.
PROBE = """
import os, sys
opened, spawned = [], []
def audit(event, args):
    if event == "open" and isinstance(args[0], str):
        opened.append(args[0])
    elif event in ("subprocess.Popen", "os.posix_spawn", "os.exec", "os.fork", "os.system"):
        spawned.append(event + repr(args[:2])[:200])
sys.addaudithook(audit)
def _exit(code):
    raise SystemExit(code)
os._exit = _exit
sys.argv = [sys.argv[1], *sys.argv[2:]]
code = 0
try:
    with open(sys.argv[0]) as fh:
        exec(compile(fh.read(), sys.argv[0], "exec"), {"__name__": "__main__",
                                                       "__file__": sys.argv[0]})
except SystemExit as exc:
    code = exc.code
print(code)
print("\\0".join(opened))
print(" ".join(spawned))
print(" ".join(sorted(sys.modules)))
"""


def test_post_checkout_reads_none_of_the_bootstrap_s_files(repo: Path) -> None:
    for name, text in {"Makefile": "test:\n\tpytest\n", "package.json": '{"scripts": {}}',
                       "pyproject.toml": '[project]\nname = "x"\n', "go.mod": "module x\n",
                       "Cargo.toml": '[package]\nname = "x"\n',
                       ".github/workflows/ci.yml": "jobs: {}\n"}.items():
        commit_file(repo, name, text, f"add {name}")
    run_cli(repo, "init", "--hooks", "none")
    git(repo, "config", "gitmemory.backgroundMaintenance", "false")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "wire gitmemory")
    git(repo, "checkout", "-q", "-b", "feature")
    for run in ("cold", "warm"):  # the first run fills the settings caches
        done = subprocess.run([sys.executable, "-I", "-S", "-c", PROBE, str(ENTRY),
                               "post-checkout", "0" * 40, "HEAD", "1"], cwd=repo,
                              capture_output=True, text=True, check=True)
        code, opened, spawned, modules = done.stdout.rstrip("\n").split("\n")[-4:]
        assert code == "0"
        read = [p.split(str(repo), 1)[-1].lstrip("/") for p in opened.split("\0")
                if str(repo) in p or str(repo.resolve()) in p]
        assert ".git/HEAD" in read  # the probe sees what the hook opens
        assert not [p for p in read if is_source(p)], (run, read)
        assert not any(word in spawned for word in ("cat-file", "ls-tree", "log", "show")), \
            spawned
        assert "gitmemory.offline" not in modules.split()
        assert "gitmemory.reading.project" not in modules.split()
    assert not spawned.strip(), spawned  # warm: no process at all
    assert (repo / "CLAUDE.md").exists()  # the hook did its work
