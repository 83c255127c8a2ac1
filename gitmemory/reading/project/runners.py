"""The tasks of the generic task runners: ``scripts/`` wrappers and scripts at the top of
the tree, Makefile, justfile, Taskfile, mise.toml, pixi and pre-commit.  Each recipe becomes a
:class:`~gitmemory.reading.project.task.Task` named by what a person types (``make
test``), with what it runs: its prerequisites and its lines, the Makefile's own literal
variables substituted; ``pre-commit run --all-files`` runs what its hooks run.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import source_languages
from gitmemory.reading.project.purposes import purpose
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, RUNNER, Task, make_task
from gitmemory.reading.project.tool_roles import KNOWN_TOOLS

MAKEFILES = ("GNUmakefile", "Makefile", "makefile")
JUSTFILES = ("justfile", "Justfile", ".justfile")
TASKFILES = ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml")
SCRIPT_DIRS = ("scripts/", "script/", "bin/", "tools/")
PRE_COMMIT = (".pre-commit-config.yaml", ".pre-commit-config.yml")
TOP_SCRIPT = lazy_regex(r"^[\w.-]+\.(?:sh|bash)$")


def tasks(snapshot: Snapshot) -> list[Task]:
    """Every task of the generic runners, most specific first."""
    return [*_scripts(snapshot), *make(snapshot), *_just(snapshot), *_taskfile(snapshot),
            *_mise(snapshot), *_pixi(snapshot), *_fastlane(snapshot)]


def _scripts(snapshot: Snapshot) -> Iterable[Task]:
    """Scripts named for a purpose (``scripts/test``, ``script/bootstrap``, ``bin/lint``,
    ``./format.sh``), and the scripts at the top that CI runs (``./.ci.govet.sh``).  A
    top-level ``build`` script is an ecosystem's build runner (.NET), read there.  A
    script that stops when it is given no arguments (:func:`needs_arguments`) does not
    run as written: it is no command.  A PowerShell script at the top named for a purpose
    (Serilog's ``./Build.ps1``) serves it by its name, its lines unread (they are no POSIX
    shell's), unless it is the bootstrapper of a Nuke or Cake build, whose targets it
    runs (dotnet.py)."""
    flows = " ".join(t for p, t in snapshot.texts.items() if p.startswith(".github/workflows/"))
    for path, text in sorted(snapshot.texts.items()):
        name = path.rsplit("/", 1)[-1]
        named = purpose(name.rsplit(".", 1)[0] if "." in name else name)
        if _pinned_tool(snapshot, path) or needs_arguments(text):
            continue  # Hermit's shim for a tool it pins (`bin/gofmt`), not a script
        if path.startswith(SCRIPT_DIRS) and path.count("/") == 1 and named:
            yield make_task(name, path, _body(text), path, script=True)
        elif TOP_SCRIPT.match(path) and not name.startswith("build.") and (
                named or run_by(path, flows)):
            yield make_task(name, f"./{path}", _body(text), path, script=True)
    bootstrap = snapshot.has("build.cake") or any(
        p.endswith(".cs") and posixpath.dirname(p).lower() == "build" for p in snapshot.paths)
    for path in sorted(snapshot.paths):
        stem = path.rsplit(".", 1)[0]
        if "/" not in path and path.lower().endswith(".ps1") and purpose(stem) and \
                not (bootstrap and stem.lower() == "build") and not _checks_a_thing(stem):
            yield Task(path, f"./{path}", (), path, purpose(stem) or "", RUNNER)


# A PowerShell script named as a cmdlet is, Verb-Noun: `Test-XmlFile` checks an XML file.
_CMDLET_TEST = lazy_regex(r"^Test-([A-Z]\w*)$")
_TEST_KINDS = lazy_regex(r"all|units?|integration|e2e|end2end|tests?|suite|ci|local", re.I)


def _checks_a_thing(stem: str) -> bool:
    """Whether a script named in PowerShell's Verb-Noun form with the verb Test checks
    the thing its noun names (NLog's ``Test-XmlFile.ps1`` validates the schema), rather
    than running the tests (``Test-All``, ``Test-Unit``: the noun is a test's kind)."""
    found = _CMDLET_TEST.match(stem)
    return found is not None and not _TEST_KINDS.fullmatch(found.group(1))


# Where a command starts on a workflow's line: the line's start, a `run:` key, a shell's
# separator or subshell, a quote opening a command line; a shell named before the script
# (`bash -e x.sh`) runs it too.
_STARTS = lazy_regex(r"(?:^\s*|\brun:\s*|[;&|(]\s*|^\s*-\s+run:\s*)[\"']?"
                     r"(?:(?:ba|z|da|k)?sh\s+(?:-\S+\s+)*)?$")


def run_by(path: str, text: str) -> bool:
    """Whether ``text`` (CI's workflows) runs the script ``path`` of the top of the tree:
    a mention of it that starts a command (``./x.sh``, ``bash x.sh``, ``run:
    /workspace/x.sh``).  The shell loading it into itself (``. ./nvm.sh``, ``source
    x.sh``), a program given it (``rm -f x.sh``, ``echo x.sh``) or a list's value (a
    matrix's ``- x.sh``, the files a linter job checks) does not run it: a script CI only
    sources is a library of shell functions, never a command of its own."""
    for found in re.finditer(rf"(?:^|[\s/\"']){re.escape(path)}\b", text, re.M):
        start = found.start() + (found.group(0)[:1] not in ("", path[:1]))
        line = text[text.rfind("\n", 0, start) + 1:start]
        if _STARTS.search(re.sub(r"[^\s\"';&|()]*$", "", line)):
            return True
    return False


# A positional parameter given a name (`repo="$2"`), a test that it or the count of
# arguments is missing (`[ -z "$1" ]`, `[ $# -lt 2 ]`), an exit with a failure after it,
# and a parameter the shell itself requires (`${1:?usage}`).
_NAMED_ARGUMENT = lazy_regex(r"^\s*(?:local\s+|readonly\s+)?(\w+)=\"?\$\{?([1-9])\}?\"?\s*$",
                             re.M)
_MISSING = lazy_regex(r"\[\[?\s*(?:-z\s+\"?\$\{?(\w+)\}?\"?|\"?\$#\"?\s+-(?:eq\s+0|lt\s+[1-9]|"
                      r"ne\s+[1-9]))\s*\]\]?")
_FAILS = lazy_regex(r"\bexit\s+[1-9]")
_REQUIRED = lazy_regex(r"\$\{[1-9]:?\?")


def needs_arguments(text: str) -> bool:
    """Whether a shell script stops with a failure when it is given no arguments (its
    usage line, then ``exit 1``): what it does depends on words only its caller knows
    (clj-kondo's ``script/lint-gh`` lints the GitHub project it is named)."""
    if _REQUIRED.search(text):
        return True
    named = {m.group(1) for m in _NAMED_ARGUMENT.finditer(text)}
    for guard in _MISSING.finditer(text):
        tested = guard.group(1)
        if tested and not (tested.isdigit() or tested in named):
            continue  # a variable of the environment (`[ -z "$CI" ]`)
        after = text[guard.end():].split("\n")
        if _FAILS.search("\n".join(after[:5]).split("\nfi")[0]):
            return True
    return False


_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "busybox"})


def _pinned_tool(snapshot: Snapshot, path: str) -> bool:
    """A link Hermit keeps in ``bin/`` to a package it pins: its text is the target's name
    (``.go-1.26.5.pkg``)."""
    text = (snapshot.text(path) or "").strip()
    return path.startswith("bin/") and snapshot.has("bin/hermit.hcl") and \
        text.startswith(".") and text.endswith(".pkg") and "\n" not in text


def sphinx(snapshot: Snapshot) -> list[Task]:
    """``make -C docs html`` where a Sphinx project (its ``conf.py``) has the Makefile
    sphinx-quickstart writes beside it or one level up (``docs/source/conf.py``)."""
    for path in sorted(snapshot.paths, key=lambda p: (p.count("/"), p)):
        if posixpath.basename(path) != "conf.py" or not 1 <= path.count("/") <= 3 or \
                not path.startswith(("doc/", "docs/", "Doc/", "documentation/")):
            continue
        here = posixpath.dirname(path)
        for directory in (here, posixpath.dirname(here)):
            if directory and snapshot.has(f"{directory}/Makefile"):
                return [Task("docs", f"make -C {directory} html", ("sphinx-build",),
                             f"{directory}/Makefile", "docs", IMPLIED,
                             tools=(("sphinx-build",),))]
    return []


def mkdocs(snapshot: Snapshot) -> list[Task]:
    """``mkdocs build`` where the top of the tree holds MkDocs' configuration: the site's
    own build, in any ecosystem (a Kotlin library's docs site as much as a Python one's),
    where no runner, CI or guide names another docs command."""
    found = next((p for p in ("mkdocs.yml", "mkdocs.yaml") if snapshot.has(p)), "")
    pages = re.search(r"""^docs_dir:\s*['"]?([^'"\s#]+)""", snapshot.text(found) or "", re.M) \
        if found else None
    if not found or not snapshot.has_dir((pages.group(1) if pages else "docs").strip("./")):
        return []  # the pages are gone (`docs_dir` names no directory): mkdocs stops
    return [Task("docs", "mkdocs build", (), found, "docs", IMPLIED,
                 tools=(("mkdocs", "build"),))]


def recipe_at(text: str, at: int) -> str:
    """The name of the recipe whose body holds offset ``at`` of a justfile's or a
    Makefile's text: the rule line its body is indented under (``update-changelog:``,
    ``filter PATTERN:``), its attributes and comments aside; "" at the top level."""
    start = text.rfind("\n", 0, at) + 1
    if not text[start:at][:1].isspace():
        return ""  # the line at `at` is not indented: no recipe's body
    before = text[:start].splitlines()
    head = next((line for line in reversed(before) if line.strip() and
                 not line[0].isspace() and not line.startswith(("#", "["))), "")
    found = _RECIPE_HEAD.match(head)
    return found.group(1) if found else ""


# A recipe's or a rule's first line: `name:`, `name ARG='x':`, just's `@name:`, make's
# `name: deps` (never a variable, `x := y`).
_RECIPE_HEAD = lazy_regex(r"^@?([A-Za-z0-9][\w.-]*)\b[^:=]*::?(?!=)")


def script_body(text: str) -> list[str]:
    """A shell script's lines without its shebang and comments (:func:`_body`)."""
    return _body(text)


def _body(text: str) -> list[str]:
    """A script's lines without its shebang and comments; none for a script in another
    language (``#!/usr/bin/env php``): its lines are not commands."""
    first = text.split("\n", 1)[0]
    words = first[2:].split() if first.startswith("#!") else []
    if words and words[0].rsplit("/", 1)[-1] == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
    if words and words[0].rsplit("/", 1)[-1] not in _SHELLS:
        return []
    return [line for line in text.splitlines() if line.strip() and
            not line.lstrip().startswith("#")]


_MAKE_VAR = lazy_regex(r"^(?:export\s+|override\s+)?([A-Za-z_][\w]*)\s*(?:\?|:|::|\+)?=\s*(.*)$")
# A rule, ``name:`` or GNU make's double-colon ``name::`` (each such rule of a name runs
# its own recipe, in order).
# (a file's name may hold a variable, `_output/bin/limactl$(exe)`)
_MAKE_TARGET = lazy_regex(r"^([A-Za-z0-9_](?:[\w./-]|\$\(\w+\))*"
                          r"(?:\s+[A-Za-z0-9_](?:[\w./-]|\$\(\w+\))*)*)\s*::?(?![=:])\s*"
                          r"([^=;#]*?)\s*(?:;.*)?(?:#.*)?$")
# A target-specific variable (``install:: MAVEN_ARGS += -Pfast``): a setting of that
# target's recipe, neither a rule nor a directive that ends the one before it.
_MAKE_TARGET_VAR = lazy_regex(r"^[A-Za-z0-9][\w./-]*(?:\s+[A-Za-z0-9][\w./-]*)*\s*::?\s*"
                              r"(?:export\s+|override\s+)?[A-Za-z_]\w*\s*(?:\?|:|::|\+|!)?=")


_GO_MODULE = lazy_regex(r"^module\s+(\S+)", re.M)
# A rule's help text, as self-documenting Makefiles write it (`test: ## Run the tests`).
_MAKE_HELP = lazy_regex(r"##\s*(\S.*)$")


def make(snapshot: Snapshot) -> list[Task]:
    """``make <target>`` for each rule of the first Makefile at the top of the tree."""
    path = next((n for n in MAKEFILES if snapshot.text(n) is not None), None)
    module = _GO_MODULE.search(snapshot.text("go.mod") or "")
    return [] if path is None else makefile_tasks(snapshot.text(path) or "", path,
                                                  module=module.group(1) if module else "")


def forwarded(snapshot: Snapshot, commands: Iterable[str]) -> list[Task]:
    """The targets a Makefile's match-anything rule makes (``%:`` whose recipe passes the
    target's name on: ``go run scripts/build.go $*``), for each ``make <target>`` of
    ``commands`` (CI's steps, the guide's lines) and each prerequisite of the Makefile's
    own rules that no rule of its own makes: ``make lint`` runs ``go run scripts/build.go
    lint``.  Nothing without such a rule."""
    path = next((n for n in MAKEFILES if snapshot.text(n) is not None), None)
    if path is None or not _MATCH_ANYTHING.search(snapshot.text(path) or ""):
        return []
    names = [words[1] for words in (c.split() for c in commands)
             if len(words) == 2 and words[0] == "make" and _TARGET_NAME.match(words[1])]
    module = _GO_MODULE.search(snapshot.text("go.mod") or "")
    return makefile_tasks(snapshot.text(path) or "", path,
                          module=module.group(1) if module else "", forward=names)


# A rule for every target (`%:` or `%::`), and a name a command line gives make as its target.
_MATCH_ANYTHING = lazy_regex(r"^%\s*::?(?![=:])[^=;#\n]*(?:#.*)?$", re.M)
_TARGET_NAME = lazy_regex(r"^[A-Za-z0-9][\w.-]*$")
# The name of the target in a pattern rule's recipe: `$*` (the stem) and `$@` (the target).
_STEM = lazy_regex(r"\$[*@]|\$\([*@]\)")


def makefile_tasks(text: str, path: str, scope: str = "", module: str = "",
                   forward: Iterable[str] | None = None) -> list[Task]:
    """The rules of a Makefile as tasks.  A rule that uses a variable naming this Go module
    by a path it no longer has (``github.com/x/y`` for ``github.com/x/y/v5``), or depends
    on such a rule, does not run as written and is left out.  With ``forward``, only the
    targets the match-anything rule makes (:func:`forwarded`): those names and the
    prerequisites no rule makes."""
    env = {"MAKE": "make"}
    raw: dict[str, str] = {}
    rules: list[tuple[str, list[str], list[str]]] = []
    docs: dict[str, str] = {}
    asks: set[str] = set()  # rules that stop unless the caller sets a variable
    unset = False  # inside `ifndef X` (or `ifeq ($(X),)`): X was not given
    for logical in _logical(text.splitlines()):
        if logical.startswith("\t") and rules:
            rules[-1][2].append(logical[1:])
            if unset and _MAKE_ERROR.match(logical.strip()):
                asks.add(rules[-1][0])
            continue
        line = logical.lstrip("\t")  # before any rule, an indented line is no recipe's
        if _MAKE_UNSET.match(line) or _MAKE_ENDS.match(line):
            unset = bool(_MAKE_UNSET.match(line))
            continue
        var = _MAKE_VAR.match(line)
        if var and ":" not in var.group(1):
            value = var.group(2).strip()
            raw.setdefault(var.group(1), value)
            if "$" not in value and "`" not in value:
                env.setdefault(var.group(1), value.strip("\"'"))
            continue
        if _MAKE_TARGET_VAR.match(line):
            continue
        if _MATCH_ANYTHING.match(line):
            rules.append(("%", [], []))
            continue
        target = _MAKE_TARGET.match(line)
        if target and not line.startswith((".", " ")):
            said = _MAKE_HELP.search(line)
            for name in target.group(1).split():
                rules.append((name, target.group(2).split(), []))
                if said:
                    docs.setdefault(name, said.group(1).strip())
        elif line.strip() and not line.lstrip().startswith(("#", "ifeq", "ifneq", "ifdef",
                                                            "ifndef", "else", "endif")):
            rules.append(("", [], []))  # a directive ends the rule before it
    env.update(_expanded(raw, env))
    rules = _merged(rules)
    broken = _stale_rules(rules, _stale(raw, module)) | asks
    names = {name for name, _, _ in rules if name} - broken
    for name, echoed in _help_list(rules, names):
        docs.setdefault(name, echoed)
    if forward is not None:
        return _forwarded(rules, names, forward, path, env)
    # a file a rule makes (`_output/bin/limactl$(exe)`: `go build ... -o $@`) is no task
    # of its own; what makes it is part of the rule that asks for it (`limactl`)
    files = {name: body for name, _, body in rules if "/" in name}
    tasks = {name for name in names if "%" not in name and "/" not in name and
             "$" not in name and not name.startswith("_")}
    goal = next((name for name, _, _ in rules if name), "")
    goal = raw.get(".DEFAULT_GOAL", goal).strip() if goal else goal
    default = [make_task("default", "make", [], path, env=env, calls=[f"make {goal}"])] \
        if goal in tasks and not scope else []
    command = "make {}" if not scope else f"make -C {scope} {{}}"
    made = [make_task(name, command.format(name),
                      [*body, *(line for d in deps for line in files.get(d, ()))],
                      path, env=env, scope=scope,
                      calls=[f"make {d}" for d in deps if d in tasks])
            for name, deps, body in rules if name in tasks]
    return default + [replace(task, doc=docs.get(task.name, ""),
                              runs=tuple(_as_written(run, text) for run in task.runs))
                      for task in made]


def _as_written(run: str, text: str) -> str:
    """``run`` shown up to its first word the Makefile does not hold as written, then "…":
    a value put together from variables (`'~/.derivedData/Debug'` of
    `~/.derivedData/$(CONFIG)`) is the reading's, and the item that shows it must stand in
    the file it cites (docs/design.md, "Where two rules meet")."""
    words = run.split(" ")
    for n, word in enumerate(words[1:], 1):
        if word != "…" and word.strip("'\"") not in text:
            return " ".join([*words[:n], "…"])
    return run


_MAKE_REF = lazy_regex(r"\$[({](\w+)[)}]")
_COMPUTED = lazy_regex(r"`|\$\$\(|\$\(shell\s")
_EXPANSIONS = 4  # a variable made of variables, this deep (`X = $(Y) $(Z)`, Y of others)


def _expanded(raw: dict[str, str], env: dict[str, str]) -> dict[str, str]:
    """The variables whose values name others, with those others' values put in, as make
    expands them when a recipe uses them (swift-composable-architecture's `xcodebuild:`
    target runs `$(XCODEBUILD)`, which is `xcodebuild $(XCODEBUILD_ARGUMENT) $(FLAGS)`,
    its argument `test`).  A reference no variable of the file gives, a function
    (`$(shell ...)`, `$(call ...)`) or one computed from another (`$(PLATFORM_$(X))`)
    stays as written: template text, left out of the command where it stands."""
    out: dict[str, str] = {}
    for name, value in raw.items():
        if name not in env and "$" in value:
            done = _expand(name, value, raw, env)
            if done != value:
                out[name] = done
    return out


def _expand(name: str, value: str, raw: dict[str, str], env: dict[str, str]) -> str:
    """``value`` of the variable ``name`` with the others it names put in, as deep as
    :data:`_EXPANSIONS` (never itself: ``X = $(X) more`` appends)."""
    def one(m: re.Match[str]) -> str:
        ref = m.group(1)
        put = env.get(ref, raw.get(ref, m.group(0)))
        # a value the shell computes as the recipe runs (psutil's `_PYTEST_EXTRA` is a
        # backquoted `if [ ...` script) is no word of the command: it stays a reference
        return m.group(0) if ref == name or _COMPUTED.search(put) else put

    for _ in range(_EXPANSIONS):
        done = _MAKE_REF.sub(one, _stripped(value))
        if done == value:
            break
        value = done
    return value


def _stripped(value: str) -> str:
    """``value`` with make's ``$(strip X)`` written as X, whose spaces a shell's words
    collapse anyway (lima's `GO_BUILD := $(strip $(GO) build ...)`)."""
    while (at := value.find("$(strip ")) >= 0:
        depth, end = 0, -1
        for i in range(at + 1, len(value)):
            depth += {"(": 1, ")": -1}.get(value[i], 0)
            if depth == 0:
                end = i
                break
        if end < 0:
            return value
        value = value[:at] + value[at + len("$(strip "):end] + value[end + 1:]
    return value


# A conditional true when a variable is not given (`ifndef TEST`, `ifeq ($(TEST),)`), and
# make's function that stops it with a message (`$(error Use 'make test TEST=<name>')`):
# such a rule runs only with the variable, as a script that exits on no arguments.
_MAKE_UNSET = lazy_regex(r"^\s*(?:ifndef\s+\w+|ifeq\s*\(\s*\$[({]\w+[)}]\s*,\s*\)|"
                         r"ifeq\s*\(\s*,\s*\$[({]\w+[)}]\s*\))\s*(?:#.*)?$")
_MAKE_ERROR = lazy_regex(r"^\$[({]error\b")
_MAKE_ENDS = lazy_regex(r"^\s*(?:else|endif)(?:\s|$)")


# A line of a `help` rule's list: `@echo "  static-phpstan   to run phpstan on the code"`,
# or a list item of it: `@echo " - make docs: build the documentation"`
_HELP_LINE = lazy_regex(r"^@?(?:echo|printf)\s+[\"']?\s*(?:[-*]\s+)?(?:make\s+)?"
                        r"([A-Za-z0-9][\w.-]*)"
                        r"(?:\s{2,}|\s*\t|\s+-+\s+|\s*:\s+|\s+(?=to\s))(?:-\s+)?(\w[^\"']*?)[\"']?\s*$")


def _help_list(rules: list[tuple[str, list[str], list[str]]], names: set[str]
               ) -> list[tuple[str, str]]:
    """(target, what it does) for each line of the `help` rule's list of targets (``make
    help`` echoing ``test   to perform unit tests``): the Makefile's own list of what its
    targets are for, as a self-documenting one writes ``test: ## Run the tests``.  Only
    targets the Makefile has."""
    body = next((b for name, _, b in rules if name == "help"), [])
    found = [m.groups() for m in (_HELP_LINE.match(line.strip()) for line in body) if m]
    return [(name, said.strip().removeprefix("to ").rstrip(". "))
            for name, said in found if name in names and name != "help"]


def _forwarded(rules: list[tuple[str, list[str], list[str]]], names: set[str],
               forward: Iterable[str], path: str, env: dict[str, str]) -> list[Task]:
    """The match-anything rule's recipe as the task of each name it makes (its stem in
    place of ``$*``), those of ``forward`` first, then the prerequisites no rule makes."""
    recipe = next((body for name, _, body in rules if name == "%"), [])
    if "%" not in names or not any(_STEM.search(line) for line in recipe):
        return []  # a recipe that ignores the name (`@:`) makes nothing worth naming
    wanted = [*forward, *[d for name, deps, _ in rules if name in names for d in deps]]
    made = [n for n in dict.fromkeys(wanted)
            if n not in names and _TARGET_NAME.match(n) and "%" not in n]
    return [make_task(name, f"make {name}", [_STEM.sub(name, line) for line in recipe],
                      path, env=env) for name in made]


def _merged(rules: list[tuple[str, list[str], list[str]]]
            ) -> list[tuple[str, list[str], list[str]]]:
    """One rule per target: make joins the prerequisites of every rule naming it and runs
    each double-colon rule's recipe in turn (``test:: check`` then ``test::`` with
    commands)."""
    out: dict[str, tuple[str, list[str], list[str]]] = {}
    kept: list[tuple[str, list[str], list[str]]] = []
    for name, deps, body in rules:
        if name and name in out:
            out[name][1].extend(d for d in deps if d not in out[name][1])
            out[name][2].extend(body)
            continue
        rule = (name, list(deps), list(body))
        if name:
            out[name] = rule
        kept.append(rule)
    return kept


def _stale(raw: dict[str, str], module: str) -> set[str]:
    """Variables naming the Go module by the path it had before its major version, and
    the variables made from them."""
    old = re.sub(r"/v\d+$", "", module)
    stale = {k for k, v in raw.items() if old != module and v.strip("\"' ") == old}
    grown = True
    while grown:
        more = {k for k, v in raw.items() if k not in stale and _refers(v, stale)}
        stale |= more
        grown = bool(more)
    return stale


def _refers(text: str, names: set[str]) -> bool:
    return any(f"$({n})" in text or f"${{{n}}}" in text for n in names)


def _stale_rules(rules: list[tuple[str, list[str], list[str]]], stale: set[str]) -> set[str]:
    broken = {name for name, _, body in rules if stale and any(_refers(b, stale) for b in body)}
    grown = bool(broken)
    while grown:
        more = {name for name, deps, _ in rules if name not in broken and set(deps) & broken}
        broken |= more
        grown = bool(more)
    return broken


def _logical(lines: list[str]) -> list[str]:
    """Lines joined where a non-recipe line ends in ``\\``."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].endswith("\\") and not out[-1].startswith("\t"):
            out[-1] = out[-1][:-1] + " " + line.strip()
        else:
            out.append(line)
    return out


_JUST_RECIPE = lazy_regex(r"^@?([A-Za-z0-9][\w-]*)((?:\s+[+*$]?[\w-]+(?:=(?:'[^']*'|\"[^\"]*\"|"
                          r"[^\s:'\"]+))?)*)\s*:(?!=)\s*(.*)$")
_JUST_VAR = lazy_regex(r"^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(.*)$")
_JUST_DEP = lazy_regex(r"\(\s*([\w-]+)[^)]*\)|([\w-]+)")


def _just(snapshot: Snapshot) -> list[Task]:
    path = next((n for n in JUSTFILES if snapshot.text(n) is not None), None)
    if path is None:
        return []
    env: dict[str, str] = {}
    recipes: list[tuple[str, list[str], list[str]]] = []
    aliases: dict[str, str] = {}
    docs: dict[str, str] = {}
    comment = ""  # the comment line just above a recipe is its doc (`just --list` shows it)
    platforms: set[str] = set()  # the os attributes just above a recipe (`[unix]`)
    windows_only: set[int] = set()  # recipes for Windows alone, by place
    for line in (snapshot.text(path) or "").splitlines():
        if line[:1] in (" ", "\t"):
            if recipes and line.strip() and not line.strip().startswith("#"):
                recipes[-1][2].append(line.strip())
            continue
        if line.startswith("#") and not line.startswith("#!"):
            comment = line.lstrip("#").strip()
            continue
        if line.startswith("["):
            platforms |= {a.strip().lower() for a in line.strip("[] ").split(",")} & _OSES
            continue  # an attribute keeps the comment above it
        if line.startswith(("set ", "import ", "mod ")) or not line.strip():
            comment = ""
            continue
        alias = re.match(r"^alias\s+([\w-]+)\s*:=\s*([\w-]+)", line)
        var = _JUST_VAR.match(line)
        recipe = _JUST_RECIPE.match(line)
        if alias:
            aliases[alias.group(1)] = alias.group(2)
        elif var:
            value = var.group(2).strip().strip("\"'")
            if "{{" not in value and "`" not in value:
                env[var.group(1)] = value
        elif recipe:
            deps = [m.group(1) or m.group(2) for m in _JUST_DEP.finditer(recipe.group(3))]
            if platforms == {"windows"}:
                windows_only.add(len(recipes))
            recipes.append((recipe.group(1), deps, []))
            if comment:
                docs[recipe.group(1)] = comment
        comment = ""
        platforms = set()
    names = {name for name, _, _ in recipes}
    # a recipe written twice, for Windows and for the others (zoxide's `[unix] fmt:` and
    # `[windows] fmt:`): the others' is what a contributor's shell and CI's Linux run
    elsewhere = {name for at, (name, _, _) in enumerate(recipes) if at not in windows_only}
    return [replace(make_task(name, f"just {name}", body, path, env=env,
                              calls=[f"just {d}" for d in deps if d in names]),
                    doc=docs.get(name, ""))
            for at, (name, deps, body) in enumerate(recipes)
            if not (at in windows_only and name in elsewhere)]


_OSES = frozenset(("unix", "linux", "macos", "windows", "openbsd", "freebsd", "netbsd",
                   "dragonfly", "android", "ios"))


def _taskfile(snapshot: Snapshot) -> list[Task]:
    path = next((n for n in TASKFILES if snapshot.text(n) is not None), None)
    doc = snapshot.yaml(path) if path else None
    found = doc.get("tasks") if isinstance(doc, dict) else None
    if not isinstance(found, dict) or path is None:
        return []
    out = []
    for name, spec in found.items():
        if not isinstance(name, str) or name.startswith("_"):
            continue
        lines, calls = _task_commands(spec)
        said = spec.get("desc") if isinstance(spec, dict) else None
        out.append(replace(make_task(name, f"task {name}", lines, path,
                                     calls=[f"task {c}" for c in calls if c in found]),
                           doc=said.strip() if isinstance(said, str) else ""))
    return out


FASTFILE = "fastlane/Fastfile"
_LANE = lazy_regex(r"^\s*lane\s+:(\w+)\s+do\b(\s*\|\s*\w+\s*\|)?")
_PLATFORM = lazy_regex(r"^\s*platform\s+:(\w+)\s+do\b")
_DEFAULT_PLATFORM = lazy_regex(r"^\s*default_platform\s*\(?\s*:(\w+)", re.M)
_DESC = lazy_regex(r"^\s*desc\s*\(?\s*[\"'](.+?)[\"']")
_CALL = lazy_regex(r"^\s*(\w+)\b")


def _fastlane(snapshot: Snapshot) -> list[Task]:
    """fastlane's lanes (``lane :tests do`` in fastlane/Fastfile), each a task typed as
    ``bundle exec fastlane tests`` (the Gemfile pins fastlane) or ``fastlane tests``, its
    platform's name before the lane unless it is the default platform; what it runs is
    the other lanes it calls.  A lane that takes options from the lanes that call it
    (``lane :test do |options|``, run for one destination by ``tests``) is their part,
    not typed alone; a private lane is not typed."""
    text = snapshot.text(FASTFILE)
    if not text:
        return []
    gemfile = snapshot.text("Gemfile") or ""
    program = "bundle exec fastlane" if "fastlane" in gemfile else "fastlane"
    default = _DEFAULT_PLATFORM.search(text)
    lanes: list[tuple[str, str, str, list[str]]] = []  # (platform, lane, desc, body)
    given: set[str] = set()  # the lanes that take options
    platform = desc = ""
    for line in text.splitlines():
        if found := _PLATFORM.match(line):
            platform = found.group(1)
        elif found := _DESC.match(line):
            desc = found.group(1)
        elif found := _LANE.match(line):
            lanes.append((platform, found.group(1), desc, []))
            given |= {found.group(1)} if found.group(2) else set()
            desc = ""
        elif lanes and line.strip():
            lanes[-1][3].append(line)
    names = {lane for _, lane, _, _ in lanes}
    # each lane's calls of other lanes, read once (a platform may name a lane as another does)
    calls = [[c for c in dict.fromkeys(m.group(1) for m in map(_CALL.match, body) if m)
              if c in names and c != lane] for _, lane, _, body in lanes]
    parts = given & {c for called in calls for c in called}
    out = []
    for (where, lane, said, _), called in zip(lanes, calls, strict=True):
        if lane in parts:
            continue
        typed = f"{program} {lane}" if not where or (default and where == default.group(1)) \
            else f"{program} {where} {lane}"
        out.append(Task(lane, typed, tuple(f"{program} {c}" for c in called if c not in parts),
                        FASTFILE, origin=RUNNER, doc=said))
    return out


MISE = ("mise.toml", ".mise.toml")


def _mise(snapshot: Snapshot) -> list[Task]:
    """``mise run <task>`` for each task of mise.toml (``[tasks.test] run = "pytest"``)."""
    path = next((p for p in MISE if snapshot.text(p) is not None), None)
    found = snapshot.toml(path).get("tasks") if path else None
    if not isinstance(found, dict) or path is None:
        return []
    out = []
    for name, given in found.items():
        spec = {"run": given} if isinstance(given, (str, list)) else given
        if not isinstance(spec, dict):
            continue
        run = spec.get("run")
        lines = [run] if isinstance(run, str) else [r for r in run or [] if isinstance(r, str)]
        depends = spec.get("depends")
        calls = [f"mise run {d}" for d in (depends if isinstance(depends, list) else [depends])
                 if isinstance(d, str) and d in found]
        out.append(make_task(name, f"mise run {name}", lines, path, calls=calls))
    return out


PIXI = "pixi.toml"


def _pixi(snapshot: Snapshot) -> list[Task]:
    """``pixi run <task>`` for each task of pixi's manifest (``pixi.toml``, or the
    ``[tool.pixi]`` tables of pyproject.toml).  A feature's task runs in an environment
    that has the feature: ``pixi run -e test test``, named by the first environment that
    lists it (a task no environment reaches is not named)."""
    doc: Any
    if snapshot.text(PIXI) is not None:
        path, doc = PIXI, snapshot.toml(PIXI)
    else:
        path, tool = "pyproject.toml", snapshot.toml("pyproject.toml").get("tool")
        doc = tool.get("pixi") if isinstance(tool, dict) else None
    if not isinstance(doc, dict):
        return []
    homes = {"": ""}
    environments = doc.get("environments")
    for env, spec in (environments.items() if isinstance(environments, dict) else ()):
        features = spec.get("features") if isinstance(spec, dict) else spec
        for feature in features if isinstance(features, list) else ():
            if isinstance(feature, str):
                homes.setdefault(feature, env)
    tables = [("", doc.get("tasks"))]
    features = doc.get("feature")
    tables += [(name, f.get("tasks")) for name, f in (
        features.items() if isinstance(features, dict) else ()) if isinstance(f, dict)]
    out = []
    for feature, found in tables:
        if not isinstance(found, dict) or feature not in homes:
            continue
        run = f"pixi run -e {homes[feature]} " if feature else "pixi run "
        for name, given in found.items():
            spec = {"cmd": given} if isinstance(given, (str, list)) else given
            if not isinstance(spec, dict):
                continue
            cmd = spec.get("cmd")
            lines = [cmd] if isinstance(cmd, str) else \
                [" ".join(c for c in cmd if isinstance(c, str))] if isinstance(cmd, list) else []
            depends = spec.get("depends-on", spec.get("depends_on")) or []
            calls = [run + d for d in (depends if isinstance(depends, list) else [depends])
                     if isinstance(d, str) and d in found]
            out.append(make_task(name, run + name, lines, path, calls=calls))
    return out


def _task_commands(spec: Any) -> tuple[list[str], list[str]]:
    """(shell lines, tasks called) of a Taskfile task in any of its shapes."""
    if isinstance(spec, str):
        return [spec], []
    if isinstance(spec, list):
        spec = {"cmds": spec}
    if not isinstance(spec, dict):
        return [], []
    lines: list[str] = []
    calls = [d if isinstance(d, str) else str(d.get("task", "")) for d in spec.get("deps") or []
             if isinstance(d, (str, dict))]
    for cmd in spec.get("cmds") or []:
        if isinstance(cmd, str):
            lines.append(cmd)
        elif isinstance(cmd, dict) and isinstance(cmd.get("cmd"), str):
            lines.append(cmd["cmd"])
        elif isinstance(cmd, dict) and isinstance(cmd.get("task"), str):
            calls.append(cmd["task"])
    return lines, calls


# What a hook runs, for the hooks whose id does not name the command (a fixer's form).
_HOOKS = {"ruff": "ruff check --fix", "ruff-check": "ruff check --fix",
          "ruff-format": "ruff format", "black": "black", "black-jupyter": "black",
          "isort": "isort", "flake8": "flake8", "pylint": "pylint", "mypy": "mypy",
          "pyright": "pyright", "prettier": "prettier --write", "eslint": "eslint --fix",
          "clang-format": "clang-format -i", "clang-tidy": "clang-tidy", "gofmt": "gofmt -w",
          "go-fmt": "gofmt -w", "goimports": "goimports -w", "golangci-lint": "golangci-lint run",
          "rustfmt": "rustfmt", "fmt": "cargo fmt", "cargo-fmt": "cargo fmt",
          "clippy": "cargo clippy", "cargo-check": "cargo check", "rubocop": "rubocop -a",
          "standardrb": "standardrb --fix", "shellcheck": "shellcheck",
          "markdownlint": "markdownlint", "markdownlint-cli2": "markdownlint",
          "ktlint": "ktlint", "biome-check": "biome check --write",
          "biome-format": "biome format --write", "biome-lint": "biome lint",
          "dprint": "dprint fmt", "yapf": "yapf -i", "autopep8": "autopep8 -i",
          "stylelint": "stylelint", "oxlint": "oxlint", "dotnet-format": "dotnet format"}
_PY, _JS, _C = ("Python",), ("JavaScript", "TypeScript"), ("C", "C++")
# The languages a hook formats or checks: a hook for a small part of the tree (the Python
# of a C++ library's bindings) is not how the project is linted or formatted.
_HOOK_LANGUAGES = {
    **dict.fromkeys(("ruff", "ruff-check", "ruff-format", "black", "black-jupyter", "isort",
                     "flake8", "pylint", "mypy", "pyright", "yapf", "autopep8"), _PY),
    **dict.fromkeys(("prettier", "eslint", "biome-check", "biome-format", "biome-lint",
                     "oxlint", "dprint", "stylelint"), _JS),
    **dict.fromkeys(("clang-format", "clang-tidy"), _C),
    **dict.fromkeys(("gofmt", "go-fmt", "goimports", "golangci-lint"), ("Go",)),
    **dict.fromkeys(("rustfmt", "fmt", "cargo-fmt", "clippy", "cargo-check"), ("Rust",)),
    **dict.fromkeys(("rubocop", "standardrb"), ("Ruby",)), "ktlint": ("Kotlin",),
    **dict.fromkeys(("markdownlint", "markdownlint-cli2"), ("Markdown",)),
    "dotnet-format": ("C#", "F#", "Visual Basic")}


def pre_commit(snapshot: Snapshot) -> list[Task]:
    """``pre-commit run --all-files``, running what its hooks run: a known hook's tool in
    the form the hook runs it (fixing), a local hook's entry as written.  None when no
    hook lints, formats or type-checks."""
    hooks, path = _hook_lines(snapshot)
    task = make_task("pre-commit", "pre-commit run --all-files", [h[1] for h in hooks], path)
    return [task] if task.runs else []


def pre_commit_hooks(snapshot: Snapshot) -> list[Task]:
    """``pre-commit run <hook>`` for each hook read: what a task running one hook runs
    (`make typecheck` runs `pre-commit run typecheck`, a local hook's `pyright`)."""
    hooks, path = _hook_lines(snapshot)
    return [make_task(hook, f"pre-commit run {hook}", [line], path) for hook, line in hooks]


def _hook_lines(snapshot: Snapshot) -> tuple[list[tuple[str, str]], str]:
    """[(hook id, what it runs)] of the hooks that run a known tool or a local entry."""
    path = next((p for p in PRE_COMMIT if snapshot.text(p) is not None), "")
    doc = snapshot.yaml(path) if path else None
    if not isinstance(doc, dict):
        return [], path
    lines: list[tuple[str, str]] = []
    for repo in doc.get("repos") or []:
        for hook in (repo.get("hooks") or []) if isinstance(repo, dict) else []:
            if not isinstance(hook, dict) or not isinstance(hook.get("id"), str):
                continue
            hook_id, entry = hook["id"], hook.get("entry")
            if repo.get("repo") == "local" and isinstance(entry, str):
                if hook.get("language") not in ("pygrep", "fail"):  # a pattern, not a command
                    lines.append((hook_id, entry))
            elif (hook_id in _HOOKS or hook_id in KNOWN_TOOLS) and not source_languages.minor(
                    snapshot, _HOOK_LANGUAGES.get(hook_id, ())):
                lines.append((hook_id, _HOOKS.get(hook_id) or hook_id))
    return lines, path
