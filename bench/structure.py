"""Counts that say how the package is laid out, for comparing two revisions.

    python bench/structure.py                  # this checkout
    python bench/structure.py --against DIR    # and another checkout beside it

It prints:

- modules: Python files under ``gitmemory/``;
- module names defined twice: file names (``diff.py``) that two modules share;
- top-level names defined twice: functions and classes defined at the top of
  two or more modules under one name (``same_item``, ``Snapshot``);
- the walk from a commit to a line in CLAUDE.md: the modules a memorize run and
  the render load at import time (the module-level import closure of
  ``gitmemory.pipeline.memorize`` and ``gitmemory.outputs.sync``, packages'
  ``__init__`` left out; imports under ``TYPE_CHECKING`` do not count);
- layers: the layers of the import-linter contract in ``pyproject.toml``;
- names used nowhere: top-level functions and classes no other line of the
  package names (a click command, registered by its decorator, counts as used);
- the push path: ``git push`` of a branch with twenty commits, offline, run in a
  temporary repository under a profiler: the modules whose functions ran, the
  wings (top-level packages, or the root) they sit in, and the calls from a
  function of one module into another's.

Standard library only; the counts read the source, and the push path runs each
checkout's own code in a child process.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

WALK_FROM = ("gitmemory.pipeline.memorize", "gitmemory.outputs.sync")


def _modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in sorted((root / "gitmemory").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _module_level(tree: ast.Module) -> list[ast.stmt]:
    """Statements run at import time: the body, and the bodies of plain top-level ifs."""
    out: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.If):
            if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                continue
            out += node.body
        else:
            out.append(node)
    return out


def _imports(name: str, modules: dict[str, Path]) -> set[str]:
    path = modules[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in _module_level(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            named |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            named.add(module)
            named |= {f"{module}.{alias.name}" for alias in node.names}
    found = set()
    for imported in named:
        module = imported
        while module and module not in modules:
            module = module.rpartition(".")[0]
        if module:
            found.add(module)
    return found


def walk(modules: dict[str, Path]) -> set[str]:
    seen: set[str] = set()
    todo = [m for m in WALK_FROM if m in modules]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += _imports(module, modules)
    return {m for m in seen if modules[m].name != "__init__.py"}


def unused(modules: dict[str, Path], root: Path) -> list[str]:
    """Top-level functions and classes that no other line of the package (or of the
    benchmarks, which call a few of its functions) names."""
    trees = {name: ast.parse(path.read_text("utf-8")) for name, path in modules.items()}
    benches = [ast.parse(path.read_text("utf-8")) for path in (root / "bench").glob("*.py")]
    words: Counter[str] = Counter()
    for tree in [*trees.values(), *benches]:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                words[node.id] += 1
            elif isinstance(node, ast.Attribute):
                words[node.attr] += 1
            elif isinstance(node, ast.alias):
                words[node.name.rpartition(".")[2]] += 1
                words[node.asname or ""] += 1
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                words.update(re.findall(r"[A-Za-z_]\w*", node.value))
    found = []
    for module, tree in trees.items():
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and \
                    not node.decorator_list and not words[node.name]:
                found.append(f"{module}.{node.name}")
    return found


def layers(root: Path) -> int:
    table = tomllib.loads((root / "pyproject.toml").read_text())
    contracts = table["tool"]["importlinter"]["contracts"]
    return sum(len(c["layers"]) for c in contracts if c.get("type") == "layers")


# Runs inside the checkout's own code: a profiler notes which module's function called
# which, while the pre-push hook memorizes and scans a branch.
_TRACE = """
import json, sys
sys.path.insert(0, sys.argv[1])
root = sys.argv[1] + "/gitmemory/"
calls, ran = {}, set()
def module(code):
    path = code.co_filename
    return path[len(root) - len("gitmemory/"):-3].replace("/", ".").removesuffix(".__init__") \
        if path.startswith(root) else None
def profile(frame, event, arg):
    if event != "call":
        return
    callee = module(frame.f_code)
    if callee is None or frame.f_code.co_name == "<module>":
        return
    ran.add(callee)
    caller = module(frame.f_back.f_code) if frame.f_back else None
    if caller and caller != callee:
        calls[caller + " " + callee] = calls.get(caller + " " + callee, 0) + 1
sys.argv = ["gitmemory", "hook", "pre-push", "origin", sys.argv[2]]
from gitmemory import entry
sys.setprofile(profile)
try:
    entry.main()
except SystemExit:
    pass
sys.setprofile(None)
print(json.dumps({"ran": sorted(ran), "calls": calls}))
"""


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True).stdout


def push_path(root: Path) -> dict[str, int]:
    """Run ``root``'s pre-push hook on a branch of twenty commits; what ran."""
    python = root / ".venv" / "bin" / "python"
    with tempfile.TemporaryDirectory() as tmp:
        work, remote = Path(tmp) / "work", Path(tmp) / "remote.git"
        _git(Path(tmp), "init", "-q", "--bare", str(remote))
        _git(Path(tmp), "init", "-q", "-b", "main", str(work))
        (work / "README.md").write_text("demo\n")
        _git(work, "add", "-A")
        _git(work, "commit", "-q", "-m", "Initial commit")
        _git(work, "remote", "add", "origin", str(remote))
        env = {**os.environ, "HOME": tmp, "GITMEMORY_PROVIDER": "offline",
               "GIT_CONFIG_NOSYSTEM": "1"}
        run = str(python if python.exists() else sys.executable)
        subprocess.run([run, "-c", f"import sys; sys.path.insert(0, {str(root)!r}); "
                        "from gitmemory import entry; entry.main()", "init", "--hooks", "none"],
                       cwd=work, env=env, check=True, capture_output=True)
        _git(work, "add", "-A")
        _git(work, "commit", "-q", "-m", "Set up gitmemory")
        _git(work, "push", "-q", "origin", "main")
        _git(work, "checkout", "-q", "-b", "feature")
        for n in range(20):
            (work / "src").mkdir(exist_ok=True)
            (work / "src" / f"m{n % 5}.py").write_text(f"VALUE = {n}\n")
            _git(work, "add", "-A")
            _git(work, "commit", "-q", "-m",
                 f"fix(api): retry handler {n} once\n\nThe cause was a race in the pool: "
                 "two workers took one job, so the handler now holds the lock.")
        tip = _git(work, "rev-parse", "HEAD").strip()
        done = subprocess.run(
            [run, "-c", _TRACE, str(root),
             str(remote)], cwd=work, env=env, capture_output=True, text=True, check=True,
            input=f"refs/heads/feature {tip} refs/heads/feature {'0' * 40}\n")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    wings = {m.split(".")[1] if m.count(".") > 1 or m.endswith("__init__") else "(root)"
             for m in found["ran"]}
    return {"push path: modules run": len(found["ran"]), "push path: wings": len(wings),
            "push path: calls across modules": sum(found["calls"].values())}


def counts(root: Path) -> dict[str, int]:
    modules = _modules(root)
    files = Counter(path.name for path in modules.values() if path.name != "__init__.py")
    defined: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                defined[node.name].add(name)
    return {
        "modules": len(modules),
        "module names defined twice": sum(1 for n in files.values() if n > 1),
        "top-level names defined twice": sum(1 for where in defined.values() if len(where) > 1),
        "names used nowhere": len(unused(modules, root)),
        "layers": layers(root),
        "walk from a commit to CLAUDE.md": len(walk(modules)),
        **push_path(root),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--unused", action="store_true", help="list the names used nowhere")
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    if args.unused:
        print("\n".join(unused(_modules(root), root)))
        return
    here = counts(root)
    there = counts(args.against) if args.against else None
    print(f"{'':34} {'other' if there else '':>8} {'this':>8}")
    for key, value in here.items():
        print(f"{key:34} {there[key] if there else '':>8} {value:>8}")


if __name__ == "__main__":
    main()
