"""Expressions compiled on first use: the stand-in answers as ``re.compile``'s pattern does,
importing the package compiles none of them, and every one of them compiles."""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gitmemory
from gitmemory.lazy_regex import lazy_regex

PACKAGE = Path(gitmemory.__file__).parent


def test_the_stand_in_answers_as_the_compiled_pattern() -> None:
    text = "Retry the upload twice; retry=3 in ci.yml, RETRY in prod"
    for flags in (0, re.I, re.I | re.M):
        lazy, real = lazy_regex(r"(?P<word>retry)\W*(\d)?", flags), \
            re.compile(r"(?P<word>retry)\W*(\d)?", flags)
        assert lazy.pattern == real.pattern
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
        assert lazy.findall(text) == real.findall(text)
        assert lazy.sub("<\\g<word>>", text) == real.sub("<\\g<word>>", text)
        assert lazy.subn("x", text) == real.subn("x", text)
        assert lazy.split(text) == real.split(text)
        assert bool(lazy.match(text)) == bool(real.match(text))
        assert bool(lazy.fullmatch("RETRY")) == bool(real.fullmatch("RETRY"))
        assert (lazy.flags, lazy.groups, lazy.groupindex) == \
            (real.flags, real.groups, real.groupindex)
        found = lazy.search(text)
        assert found is not None and found.re == real  # the same flags and the same code


def test_nothing_is_compiled_before_the_first_use_and_then_only_once() -> None:
    lazy = lazy_regex(r"\bflaky\b")
    assert "search" not in vars(lazy)
    assert lazy.pattern == r"\bflaky\b"  # the text needs no compiling
    assert lazy.search("a flaky test") is not None
    first = vars(lazy)["search"]
    assert lazy.search("not flakyness") is None
    assert vars(lazy)["search"] is first  # the compiled pattern's own method, kept


def test_a_bad_expression_fails_on_first_use_with_re_s_error() -> None:
    lazy = lazy_regex(r"(unclosed")
    with pytest.raises(re.error):
        lazy.search("anything")


def _modules() -> list[str]:
    """Every module of the package but its two scripts."""
    return sorted(m.name for m in pkgutil.walk_packages([str(PACKAGE)], "gitmemory.")
                  if m.name not in ("gitmemory.__main__", "gitmemory._shim_entry"))


def test_importing_the_package_compiles_no_expression_of_its_own() -> None:
    """An offline memorize loaded some 600 expressions and used about 190: compiling them
    all when the modules loaded cost it 85 ms of CPU, 40 % of its imports."""
    probe = """
import importlib, re._compiler as compiler, sys
real, ours = compiler.compile, []
def spy(pattern, flags=0):
    frame = sys._getframe(1)
    while frame and frame.f_globals.get("__name__", "").startswith("re"):
        frame = frame.f_back
    name = frame.f_globals.get("__name__", "") if frame else ""
    if name.startswith("gitmemory") and name != "gitmemory.lazy_regex":
        ours.append(f"{name}: {str(pattern)[:40]!r}")
    return real(pattern, flags)
compiler.compile = spy
for name in sys.argv[1:]:
    importlib.import_module(name)
print("\\n".join(ours))
"""
    done = subprocess.run([sys.executable, "-c", probe, *_modules()], capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == ""


def test_no_module_body_calls_re_compile() -> None:
    """The same, read from the source: an expression a module defines is ``lazy_regex``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "lazy_regex.py":
            continue
        tree = ast.parse(path.read_text(), str(path))
        found += [f"{path.relative_to(PACKAGE)}:{node.lineno}" for node in _module_level(tree)
                  if isinstance(node, ast.Call) and ast.unparse(node.func) == "re.compile"]
    assert found == [], "use lazy_regex(...) for an expression defined at module level"


def _module_level(node: ast.AST) -> list[ast.AST]:
    """The nodes of a module that run when it is imported (not inside a function)."""
    out: list[ast.AST] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        out.append(child)
        out += _module_level(child)
    return out


def test_every_expression_the_package_defines_compiles() -> None:
    """A typo in an expression no longer fails at import: it fails here."""
    seen = 0
    for name in _modules():
        for value in vars(importlib.import_module(name)).values():
            for lazy in _lazies(value):
                lazy.groups  # noqa: B018  (compiles it)
                seen += 1
    assert seen > 400


def _lazies(value: object) -> list[re.Pattern[str]]:
    kind = type(lazy_regex("x"))
    if isinstance(value, kind):
        return [value]  # type: ignore[list-item]
    if isinstance(value, (tuple, list, frozenset, set)):
        return [p for v in value for p in _lazies(v)]
    if isinstance(value, dict):
        return [p for v in value.values() for p in _lazies(v)]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields and not isinstance(value, type):
        return [p for f in fields for p in _lazies(getattr(value, f))]
    return []


_PROBE = """
import re, sys
from re import _parser
texts = [r"(?P<word>retry)\\W*(\\d)?", r"\\bflaky\\b", r"[a-z]+@(?:example|test)\\.org"]
reals = [re.compile(text, re.I) for text in texts]
parsed = []
real_parse = _parser.parse
def spy(pattern, flags=0):
    parsed.append(pattern)
    return real_parse(pattern, flags)
_parser.parse = spy
from gitmemory.lazy_regex import lazy_regex
for text, real in zip(texts, reals):
    lazy = lazy_regex(text, re.I)
    assert lazy.groups == real.groups and lazy.search("x") == real.search("x")
    assert lazy.scanner("Flaky retry 3 a@test.org").search().re == real
print(sum(1 for p in parsed if p in texts))
"""


def _run_probe(prefix: Path, *, write: bool = True) -> int:
    """How many of the probe's three expressions ``re``'s parser read in a new process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(prefix)
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                          env=env, check=True)
    return int(done.stdout)


def _kept_files(prefix: Path) -> list[Path]:
    return sorted(prefix.rglob("lazy_regex.*.sre"))


def test_a_second_run_takes_the_code_the_first_kept_and_parses_nothing(tmp_path: Path) -> None:
    """Compiling was about 100 ms of an offline memorize, almost all of it re's parser."""
    assert _run_probe(tmp_path) == 3
    assert len(_kept_files(tmp_path)) == 1
    assert _run_probe(tmp_path) == 0  # and each pattern still equals re.compile's


def test_nothing_is_kept_where_python_writes_no_bytecode(tmp_path: Path) -> None:
    assert _run_probe(tmp_path, write=False) == 3
    assert _kept_files(tmp_path) == []
    assert _run_probe(tmp_path, write=False) == 3


def test_a_damaged_or_foreign_kept_file_is_passed_over(tmp_path: Path) -> None:
    """Garbage, another interpreter's file, and code ``_sre`` refuses: each run is still
    right (the probe compares every pattern with ``re.compile``'s) and the file is mended."""
    import marshal

    _run_probe(tmp_path)
    [kept] = _kept_files(tmp_path)
    stamp, entries = marshal.loads(kept.read_bytes())  # noqa: S302 - the file this test made
    broken = {key: (flags, b"\xff" * len(code), *rest)
              for key, (flags, code, *rest) in entries.items()}
    for damaged in (b"not marshal at all",
                    marshal.dumps((("2.7", 0, 0), entries)),
                    marshal.dumps((stamp, broken))):
        kept.write_bytes(damaged)
        assert _run_probe(tmp_path) == 3
        assert _run_probe(tmp_path) == 0
