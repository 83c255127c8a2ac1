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
  ``__init__`` left out; imports under ``TYPE_CHECKING`` do not count).

Standard library only; it reads the source and imports nothing from it.
"""

from __future__ import annotations

import argparse
import ast
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
        "walk from a commit to CLAUDE.md": len(walk(modules)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    args = parser.parse_args()
    here = counts(Path(__file__).resolve().parent.parent)
    there = counts(args.against) if args.against else None
    print(f"{'':34} {'other' if there else '':>8} {'this':>8}")
    for key, value in here.items():
        print(f"{key:34} {there[key] if there else '':>8} {value:>8}")


if __name__ == "__main__":
    main()
