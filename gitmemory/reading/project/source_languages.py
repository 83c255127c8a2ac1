"""The languages a project is written in, measured on the names of its files.

Vendored code, test data, fixtures, examples and docs do not count: a ``.csproj`` among a
syntax highlighter's test files does not make a .NET project, nor does a package.json
that only runs a spell checker make a JavaScript one.  :func:`shares` is what each
language is of the project's source files; :func:`main` the ones that matter.
"""

from __future__ import annotations

import posixpath
from collections import Counter

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

_EXTENSIONS = {
    ".py": "Python", ".pyi": "Python", ".pyx": "Python",
    ".js": "JavaScript", ".mjs": "JavaScript", ".cjs": "JavaScript", ".jsx": "JavaScript",
    ".ts": "TypeScript", ".tsx": "TypeScript", ".mts": "TypeScript", ".cts": "TypeScript",
    ".vue": "JavaScript", ".svelte": "JavaScript",
    ".go": "Go", ".rs": "Rust", ".java": "Java", ".kt": "Kotlin", ".scala": "Scala",
    ".rb": "Ruby", ".cs": "C#", ".fs": "F#", ".vb": "Visual Basic", ".c": "C",
    ".cc": "C++", ".cpp": "C++", ".cxx": "C++", ".hpp": "C++", ".hh": "C++", ".hxx": "C++",
    ".ipp": "C++", ".swift": "Swift", ".php": "PHP", ".ex": "Elixir", ".exs": "Elixir",
    ".dart": "Dart", ".sc": "Scala", ".hs": "Haskell", ".ml": "OCaml", ".mli": "OCaml",
    ".zig": "Zig", ".erl": "Erlang", ".hrl": "Erlang", ".clj": "Clojure", ".cljs": "Clojure",
    ".cljc": "Clojure", ".jl": "Julia", ".r": "R", ".pm": "Perl", ".pl": "Perl",
    ".lua": "Lua", ".cr": "Crystal", ".gleam": "Gleam", ".d": "D",
    ".f90": "Fortran", ".f95": "Fortran", ".f03": "Fortran", ".f08": "Fortran", ".f": "Fortran",
    ".for": "Fortran", ".fpp": "Fortran",
}
# Directories whose files are not the project's own code.
# A test's inputs and expected outputs are data in whatever language the code reads or
# writes, however the directory is spelt: `fixtures/`, `_fixtures/`, `js-fixtures/`,
# `_expected_outputs/`, `golden/`.
OUTSIDE = lazy_regex(r"(?:^|/)(?:node_modules|vendor|third_party|third-party|3rdparty|external|"
                     r"extern|deps|contrib|testdata|test-data|[\w-]*fixtures?[\w-]*|examples?|"
                     r"samples?|_?expected(?:[_-]\w+)?|goldens?|demos?|docs?|website|site|"
                     r"snapshots?|syntax-tests|benchmarks?|\.[^/]+)/")
MAIN_SHARE = 0.2
# The languages each ecosystem's tools build and check.
ECOSYSTEM = {"python": ("Python",), "node": ("JavaScript", "TypeScript"), "go": ("Go",),
             "rust": ("Rust",), "jvm": ("Java", "Kotlin", "Scala"), "ruby": ("Ruby",),
             "dotnet": ("C#", "F#", "Visual Basic"), "native": ("C", "C++", "Fortran"),
             "elixir": ("Elixir",), "php": ("PHP",), "swift": ("Swift",), "dart": ("Dart",),
             "scala": ("Scala",), "haskell": ("Haskell",), "ocaml": ("OCaml",), "zig": ("Zig",),
             "erlang": ("Erlang",), "clojure": ("Clojure",), "julia": ("Julia",),
             "deno": ("JavaScript", "TypeScript"), "r": ("R",), "perl": ("Perl",),
             "lua": ("Lua",), "crystal": ("Crystal",), "gleam": ("Gleam",), "d": ("D",),
             "fortran": ("Fortran",)}


def shares(snapshot: Snapshot) -> dict[str, float]:
    """{language: its share of the project's source files}, largest first; {} when the
    tree has none.  A header (``.h``) is C++ where there is C++, else C."""
    found: dict[str, float] = snapshot.memo("languages", lambda: _measure(snapshot.paths))
    return found


def _measure(paths: list[str]) -> dict[str, float]:
    counts: Counter[str] = Counter()
    headers = 0
    for path in paths:
        if OUTSIDE.search(path):
            continue
        ext = posixpath.splitext(path)[1].lower()
        if ext == ".h":
            headers += 1
        elif ext in _EXTENSIONS and not path.endswith(".gradle.kts"):
            counts[_EXTENSIONS[ext]] += 1
    if headers:
        counts["C++" if counts["C++"] else "C"] += headers
    total = sum(counts.values())
    return {lang: n / total for lang, n in counts.most_common()} if total else {}


def main(snapshot: Snapshot) -> list[str]:
    """The languages the project is mostly written in (a fifth of its files or more)."""
    return [lang for lang, share in shares(snapshot).items() if share >= MAIN_SHARE]


def share_of(snapshot: Snapshot, ecosystem: str) -> float:
    """What the languages an ecosystem builds are of the project's source files."""
    found = shares(snapshot)
    return sum(found.get(lang, 0.0) for lang in ECOSYSTEM.get(ecosystem, ()))


def main_ecosystem(snapshot: Snapshot, ecosystem: str) -> bool:
    """Whether an ecosystem's conventions speak for the project: its languages are a main
    part of the tree, or the tree has none of another ecosystem's main languages either
    (a C library's C# bindings in `contrib/` do not say how the library is set up)."""
    found = shares(snapshot)
    if not found or share_of(snapshot, ecosystem) >= MAIN_SHARE:
        return True
    return not any(sum(found.get(lang, 0.0) for lang in langs) >= MAIN_SHARE
                   for langs in ECOSYSTEM.values())


def minor(snapshot: Snapshot, languages: tuple[str, ...]) -> bool:
    """Whether the tree has source files and ``languages`` are a small part of them (a
    formatter for the bindings' Python in a C++ library is not the project's)."""
    found = shares(snapshot)
    return bool(found) and bool(languages) and \
        sum(found.get(lang, 0.0) for lang in languages) < MAIN_SHARE
