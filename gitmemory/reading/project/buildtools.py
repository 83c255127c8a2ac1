"""Ecosystems whose build tool's own commands are the project's: Scala's sbt, Haskell's
Stack and Cabal, OCaml's dune, Zig, Erlang's rebar3, Clojure's Leiningen and CLI, Julia's
Pkg, Crystal's shards, Gleam, D's dub, Fortran's fpm (R, Perl and Lua are in
:mod:`~gitmemory.reading.project.scripting`).  Each names the commands certain for it
(the formatter or linter only where the tree configures it) and the version its
manifest asks for.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot, table
from gitmemory.reading.project.task import IMPLIED, RUNNER, Task, make_task

Found = tuple[str, str, list[str]]


def task(aim: str, command: str, source: str) -> Task:
    return Task(aim, command, (), source, aim, IMPLIED)


def version(snapshot: Snapshot, path: str, pattern: str, said: str) -> list[Found]:
    found = re.search(pattern, snapshot.text(path) or "", re.M)
    return [("conventions", said.format(found.group(1)), [path])] if found else []


_REBAR_ALIAS = lazy_regex(r"\{\s*alias\s*,\s*\[")
_ATOM = lazy_regex(r"^'?([a-z][\w@.]*)'?$")
_PROVIDER = lazy_regex(r"^\{\s*'?([a-z][\w@.]*)'?\s*,\s*(?:\"([^\"]*)\"|'?([a-z][\w@.]*)'?)\s*\}$")


def rebar_aliases(text: str) -> dict[str, list[str]]:
    """{alias: the rebar3 commands it runs} of rebar.config's ``{alias, [...]}``; a provider
    with arguments (``{ct, "--cover"}``) or a namespace (``{proper, do}``) runs as rebar3
    would (``rebar3 ct --cover``).  An alias with an entry not read so is left out."""
    text = "\n".join(line.split("%", 1)[0] for line in text.splitlines())  # comments
    start = _REBAR_ALIAS.search(text)
    if not start:
        return {}
    out: dict[str, list[str]] = {}
    for entry in _items(_enclosed(text, start.end())):
        if not entry.startswith("{"):
            continue
        name, _, body = entry[1:-1].partition(",")
        name, body = name.strip().strip("'"), body.strip()
        if not _ATOM.match(name) or not body.startswith("["):
            continue
        runs = []
        for item in _items(body[1:-1]):
            atom, provider = _ATOM.match(item), _PROVIDER.match(item)
            if atom:
                runs.append(f"rebar3 {atom.group(1)}")
            elif provider:
                runs.append(" ".join(w for w in ("rebar3", provider.group(1), provider.group(2)
                                                 or provider.group(3)) if w))
            else:
                runs = []
                break
        if runs:
            out[name] = runs
    return out


def _enclosed(text: str, start: int) -> str:
    """The text of the bracket opened just before ``start``, to its closing one."""
    depth, i = 1, start
    while i < len(text) and depth:
        if text[i] == '"':
            i = text.find('"', i + 1)
            if i < 0:
                return ""
        elif text[i] in "[{":
            depth += 1
        elif text[i] in "]}":
            depth -= 1
        i += 1
    return text[start:i - 1]


def _items(body: str) -> list[str]:
    """The top-level comma-separated items of an Erlang list's body."""
    out, depth, quoted, begin = [], 0, False, 0
    for i, ch in enumerate(body):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "[{":
            depth += 1
        elif not quoted and ch in "]}":
            depth -= 1
        elif not quoted and ch == "," and depth == 0:
            out.append(body[begin:i].strip())
            begin = i + 1
    out.append(body[begin:].strip())
    return [item for item in out if item]


class Sbt:
    name = "scala"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("build.sbt")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("test", "sbt test", "build.sbt"), task("build", "sbt compile", "build.sbt")]
        if snapshot.has(".scalafmt.conf"):
            found.append(task("format", "sbt scalafmtAll", ".scalafmt.conf"))
        if snapshot.has(".scalafix.conf"):
            found.append(task("lint", "sbt scalafixAll", ".scalafix.conf"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "build.sbt", r"scalaVersion\s*:=\s*\"([^\"]+)\"",
                        "Scala: {} (build.sbt `scalaVersion`)")


class Mill:
    """Mill, through the launcher script the repository keeps (``./mill``) or installed:
    ``__.test`` runs every test module, ``__.compile`` builds every module."""

    name = "scala"

    def present(self, snapshot: Snapshot) -> bool:
        return any(snapshot.has(f) for f in MILL_BUILDS)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        source = next(f for f in MILL_BUILDS if snapshot.has(f))
        mill = "./mill" if snapshot.has("mill") else "mill"
        found = [task("build", f"{mill} __.compile", source)]
        if _MILL_TESTS.search(snapshot.text(source) or ""):
            found.insert(0, task("test", f"{mill} __.test", source))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        pin = (snapshot.text(".mill-version") or "").strip()
        return [("conventions", f"Scala: built with Mill {pin} (.mill-version)",
                 [".mill-version"])] \
            if pin and "\n" not in pin else []


MILL_BUILDS = ("build.mill", "build.mill.scala", "build.sc")
# A test module as Mill's builds declare one (`object test extends ScalaTests`).
_MILL_TESTS = lazy_regex(r"\bobject\s+test\s+extends\b")


class Haskell:
    name = "haskell"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("stack.yaml") or snapshot.has("cabal.project") or any(
            p.endswith(".cabal") and "/" not in p for p in snapshot.paths)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        tool, source = ("stack", "stack.yaml") if snapshot.has("stack.yaml") else (
            "cabal", next((p for p in sorted(snapshot.paths) if p.endswith(".cabal") and
                           "/" not in p), "cabal.project"))
        found = [task("build", f"{tool} build", source), task("test", f"{tool} test", source)]
        if snapshot.has(".hlint.yaml"):
            found.append(task("lint", "hlint .", ".hlint.yaml"))
        if snapshot.has("fourmolu.yaml"):
            found.append(task("format", "fourmolu --mode inplace .", "fourmolu.yaml"))
        elif snapshot.has(".stylish-haskell.yaml"):
            found.append(task("format", "stylish-haskell --inplace --recursive .",
                               ".stylish-haskell.yaml"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "stack.yaml", r"^(?:resolver|snapshot):\s*(\S+)",
                        "Haskell: Stack snapshot {} (stack.yaml)")


class Ocaml:
    name = "ocaml"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("dune-project")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("build", "dune build", "dune-project")]
        if snapshot.has_dir("test") or snapshot.has_dir("tests"):
            found.append(task("test", "dune test", "dune-project"))
        if snapshot.has(".ocamlformat"):
            found.append(task("format", "dune fmt", ".ocamlformat"))
        if any(p.endswith(".opam") and "/" not in p for p in snapshot.paths):
            found.append(task("setup", "opam install . --deps-only --with-test",
                               "dune-project"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "dune-project", r"^\(lang dune ([\d.]+)\)",
                        "OCaml: dune {} (dune-project `lang`)")


class Zig:
    name = "zig"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("build.zig")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("build", "zig build", "build.zig"),
                 task("format", "zig fmt .", "build.zig")]
        if re.search(r"\.step\(\s*\"test\"", snapshot.text("build.zig") or ""):
            found.append(task("test", "zig build test", "build.zig"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "build.zig.zon", r"\.minimum_zig_version\s*=\s*\"([^\"]+)\"",
                        "Zig: {} or later (build.zig.zon `minimum_zig_version`)")


# The options zig's build system declares itself (``b.standardTargetOptions``,
# ``b.standardOptimizeOption``): every other ``-D`` option is one build.zig declares.
_ZIG_STANDARD = frozenset(("target", "cpu", "ofmt", "dynamic-linker", "optimize"))
_ZIG_OPTION = lazy_regex(r"\.option\(\s*[^,()]+,\s*\"([^\"]+)\"")
_ZIG_IMPORT = lazy_regex(r"@import\(\s*\"[^\"]+\.zig\"\s*\)")


def zig_undeclared(snapshot: Snapshot, words: list[str]) -> bool:
    """``zig build -Dinstall-tests`` where build.zig declares no ``install-tests`` option
    (``b.option(bool, "install-tests", ...)``) nor zig does: zig stops on it (invalid
    option), so a guide that still gives it is out of date.  Unjudged when build.zig
    imports build code of its own, which may declare it."""
    text = snapshot.text("build.zig") or ""
    if words[:2] != ["zig", "build"] or not text or _ZIG_IMPORT.search(text):
        return False
    declared = _ZIG_STANDARD | set(_ZIG_OPTION.findall(text))
    return any(w.startswith("-D") and w[2:].split("=", 1)[0] not in declared
               for w in words[2:])


class Erlang:
    """rebar3's commands, or erlang.mk's targets where the Makefile includes erlang.mk: such
    a tree builds with make, and the rebar.config it may keep is one erlang.mk writes for
    rebar3's users (``app:: rebar.config``), not how its contributors build."""

    name = "erlang"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("rebar.config") or erlang_mk(snapshot)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        """rebar.config's aliases (``{alias, [{check, [ct, dialyzer]}]}``): ``rebar3 check``
        runs ``rebar3 ct``, then ``rebar3 dialyzer``, as rebar3 documents them; under
        erlang.mk, its targets as its documentation names them: ``make`` builds, ``make
        tests`` runs every test suite (Common Test, EUnit ...), ``make dialyze`` runs
        Dialyzer, ``make docs`` builds the documentation."""
        if erlang_mk(snapshot):  # the Makefile that includes it, then erlang.mk
            makefile = "Makefile" if snapshot.has("Makefile") else "GNUmakefile"
            return [Task(name, command, (), makefile, aim, RUNNER, also=("erlang.mk",))
                    for name, command, aim in _ERLANG_MK]
        return [make_task(name, f"rebar3 {name}", runs, "rebar.config")
                for name, runs in rebar_aliases(snapshot.text("rebar.config") or "").items()]

    def implied(self, snapshot: Snapshot) -> list[Task]:
        if erlang_mk(snapshot):
            return []
        config = snapshot.text("rebar.config") or ""
        suites = any(p.endswith("_SUITE.erl") for p in snapshot.paths)
        found = [task("build", "rebar3 compile", "rebar.config"),
                 task("test", "rebar3 ct" if suites else "rebar3 eunit", "rebar.config"),
                 task("typecheck", "rebar3 dialyzer", "rebar.config")]
        if "erlfmt" in config:
            found.append(task("format", "rebar3 fmt", "rebar.config"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "rebar.config", r"\{\s*minimum_otp_vsn\s*,\s*\"([^\"]+)\"",
                        "Erlang: OTP {} or later (rebar.config `minimum_otp_vsn`)")


# erlang.mk's targets for each purpose, as its user guide names them.
_ERLANG_MK = (("all", "make", "build"), ("tests", "make tests", "test"),
              ("dialyze", "make dialyze", "typecheck"), ("docs", "make docs", "docs"))
_INCLUDES_ERLANG_MK = lazy_regex(r"^-?include\s+(?:.*[\s,(])?erlang\.mk\b", re.M)


def erlang_mk(snapshot: Snapshot) -> bool:
    """Whether the tree builds with erlang.mk: the top Makefile includes the erlang.mk
    the tree keeps beside it."""
    return snapshot.has("erlang.mk") and bool(_INCLUDES_ERLANG_MK.search(
        snapshot.text("Makefile") or snapshot.text("GNUmakefile") or ""))


# the :test alias of deps.edn, its maps nested two levels (`:extra-deps {lib {...}}` first)
_CLJ_ALIAS = lazy_regex(r":test\s*\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*?:(main-opts|exec-fn)",
                        re.S)


def bb_tasks(text: str) -> list[str]:
    """The names of babashka's tasks: the symbols that key the ``:tasks`` map of
    ``bb.edn`` (``test``, ``lint``; its ``:requires`` and ``:init`` are no tasks)."""
    at = text.find(":tasks")
    start = text.find("{", at) if at != -1 else -1
    if start == -1:
        return []
    names: list[str] = []
    depth, i, key = 0, start, True
    while i < len(text):
        ch = text[i]
        if ch == '"':  # a string: skip to its end
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif ch == ";":  # a comment: to the end of the line
            while i < len(text) and text[i] != "\n":
                i += 1
        elif ch in "{[(":
            depth += 1
            if depth == 2:
                key = not key  # a form at depth 2 is a value
        elif ch in "}])":
            depth -= 1
            if depth == 0:
                break
        elif depth == 1 and not ch.isspace() and ch != ",":
            end = i
            while end < len(text) and not text[end].isspace() and text[end] not in "{}[](),":
                end += 1
            word = text[i:end]
            if key and not word.startswith(":"):
                names.append(word)
            key = not key
            i = end - 1
        i += 1
    return names


def _bb_doc(text: str, name: str) -> str:
    """A babashka task's ``:doc`` (``test {:doc "Run the tests" :task ...}``), which ``bb
    tasks`` prints."""
    found = re.search(rf'(?<![\w-]){re.escape(name)}\s*\{{\s*:doc\s+"([^"\\]*)"', text)
    return found.group(1).strip() if found else ""


class Clojure:
    name = "clojure"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("project.clj") or snapshot.has("deps.edn") or snapshot.has("bb.edn")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        """babashka's tasks (``bb test``): the project's task runner."""
        text = snapshot.text("bb.edn") or ""
        return [Task(name, f"bb {name}", (), "bb.edn", doc=_bb_doc(text, name))
                for name in bb_tasks(text)]

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = []
        if snapshot.has("project.clj"):
            found += [task("test", "lein test", "project.clj"),
                      task("setup", "lein deps", "project.clj")]
        else:
            alias = _CLJ_ALIAS.search(snapshot.text("deps.edn") or "")
            if alias:
                flag = "-M" if alias.group(1) == "main-opts" else "-X"
                found.append(task("test", f"clojure {flag}:test", "deps.edn"))
        # the source directories the tree has: a missing one is an error of its own
        lint = [d for d in ("src", "test") if snapshot.has_dir(d)]
        if snapshot.has(".clj-kondo/config.edn") and lint:
            found.append(task("lint", f"clj-kondo --lint {' '.join(lint)}",
                              ".clj-kondo/config.edn"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return []


class Julia:
    name = "julia"

    def present(self, snapshot: Snapshot) -> bool:
        data = snapshot.toml("Project.toml")
        return bool(data.get("name") and data.get("uuid"))

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("setup", "julia --project -e 'using Pkg; Pkg.instantiate()'",
                       "Project.toml")]
        if snapshot.has("test/runtests.jl"):
            found.append(task("test", "julia --project -e 'using Pkg; Pkg.test()'",
                               "Project.toml"))
        docs = _julia_docs(snapshot)
        return found + ([Task("docs", docs, (), "docs/Project.toml", "docs", IMPLIED,
                              also=("docs/make.jl",))] if docs else [])

    def facts(self, snapshot: Snapshot) -> list[Found]:
        wanted = table(snapshot.toml("Project.toml"), "compat").get("julia")
        return [("conventions", f"Julia: `{wanted}` (Project.toml `[compat]`)",
                 ["Project.toml"])] if isinstance(wanted, str) else []


def _julia_docs(snapshot: Snapshot) -> str:
    """Documenter's layout: ``docs/make.jl`` run in the docs' own environment
    (``docs/Project.toml``), which gets the package from the tree first (developed, unless
    its ``[sources]`` already point there), as Documenter's guide builds it."""
    if not (snapshot.has("docs/make.jl") and snapshot.has("docs/Project.toml")):
        return ""
    name = snapshot.toml("Project.toml").get("name")
    sources = table(snapshot.toml("docs/Project.toml"), "sources")
    develop = "" if name in sources else 'Pkg.develop(path="."); '
    return (f"julia --project=docs -e 'using Pkg; {develop}Pkg.instantiate()' && "
            "julia --project=docs docs/make.jl")


class Crystal:
    name = "crystal"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("shard.yml")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("setup", "shards install", "shard.yml"),
                 task("format", "crystal tool format", "shard.yml")]
        if snapshot.has_dir("spec"):
            found.append(task("test", "crystal spec", "shard.yml"))
        if snapshot.has(".ameba.yml"):
            found.append(task("lint", "bin/ameba", ".ameba.yml"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "shard.yml", r"^crystal:\s*['\"]?([^'\"\n]+)",
                        "Crystal: `{}` (shard.yml `crystal`)")


class Gleam:
    name = "gleam"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("gleam.toml")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("build", "gleam build", "gleam.toml"),
                 task("format", "gleam format", "gleam.toml"),
                 task("setup", "gleam deps download", "gleam.toml")]
        if snapshot.has_dir("test"):
            found.append(task("test", "gleam test", "gleam.toml"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "gleam.toml", r"^gleam\s*=\s*\"([^\"]+)\"",
                        "Gleam: `{}` (gleam.toml `gleam`)")


class Dub:
    name = "d"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("dub.json") or snapshot.has("dub.sdl")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        source = "dub.json" if snapshot.has("dub.json") else "dub.sdl"
        return [task("build", "dub build", source), task("test", "dub test", source)]

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return []


class Fpm:
    """The Fortran Package Manager: ``fpm build``, and ``fpm test`` where the package has
    tests (a ``[[test]]`` table, or ``test/``, which fpm finds its tests in)."""

    name = "fortran"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("fpm.toml")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("build", "fpm build", "fpm.toml")]
        if snapshot.toml("fpm.toml").get("test") or snapshot.has_dir("test"):
            found.insert(0, task("test", "fpm test", "fpm.toml"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return []


_BAZEL = ("MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE")


def bazel(snapshot: Snapshot) -> list[Task]:
    """``bazel test //...`` and ``bazel build //...`` in a Bazel workspace (``bazelisk``
    where ``.bazelversion`` pins Bazel): after every ecosystem's own, as the build of any
    language may be Bazel's."""
    source = next((f for f in _BAZEL if snapshot.has(f)), "")
    if not source:
        return []
    tool = "bazelisk" if snapshot.has(".bazelversion") else "bazel"
    return [task("test", f"{tool} test //...", source),
            task("build", f"{tool} build //...", source)]


FILES = ("build.sbt", *MILL_BUILDS, ".mill-version", ".scalafmt.conf", "stack.yaml",
         "cabal.project", "dune-project",
         ".ocamlformat", "build.zig", "build.zig.zon", "rebar.config", "project.clj",
         "deps.edn", "bb.edn", "Project.toml", "shard.yml", "gleam.toml", "dub.json", "dub.sdl",
         "fpm.toml")
