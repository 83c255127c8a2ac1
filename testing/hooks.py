"""Running a hook the way the native shim does, and seeing what it did.

The shim starts ``python -I -S gitmemory/_shim_entry.py <hook> ...``; :func:`run_hook`
does the same under an audit hook that notes every file the hook opens and every
process it starts, and lists the modules it imported.  The probe itself imports
nothing the entry script does not (``sys``, ``os``).  The entry ends a hook with
``os._exit``: here that raises ``SystemExit`` instead, so the lists get printed.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import gitmemory

ENTRY = Path(gitmemory.__file__).parent / "_shim_entry.py"

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


@dataclass
class Probed:
    code: int
    opened: list[str]  # paths the hook opened
    spawned: str  # the processes it started, one audit line each
    modules: list[str]  # every module imported when it ended
    printed: str = ""  # what the hook wrote to stdout

    @property
    def answer(self) -> dict[str, object] | None:
        """The JSON object the hook printed (an agent hook's answer), or None."""
        import json

        return json.loads(self.printed) if self.printed.strip() else None


def run_hook(cwd: Path, *args: str, stdin: str = "") -> Probed:
    done = subprocess.run([sys.executable, "-I", "-S", "-c", PROBE, str(ENTRY), *args],
                          cwd=cwd, capture_output=True, text=True, check=True, input=stdin)
    lines = done.stdout.rstrip("\n").split("\n")
    code, opened, spawned, modules = lines[-4:]
    return Probed(int(code), opened.split("\0") if opened else [], spawned, modules.split(),
                  "\n".join(lines[:-4]))
