"""A task: a command the repository defines or runs, what it runs, where it was read.

Every reader (task runners, CI, the contributing guide, an ecosystem's conventions)
returns :class:`Task` records; a :class:`TaskBook` holds them all, finds the task a
command calls (``npm run build``, ``make deps``, ``tox -e docs``) and says what a
task is for, following the tasks it calls.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import shellwords
from gitmemory.reading.project.purposes import not_for_tests, purpose
from gitmemory.reading.project.tool_roles import known_tool, query, tool_purposes, unwrap, writes

# Where a task was read, most trusted first (docs/design.md, "Data flow", step 5).
RUNNER, CI, GUIDE, IMPLIED = "runner", "ci", "guide", "implied"
_DEPTH = 4  # calls followed
# Names of a kind of build product as much as of a check ("static" library or analysis):
# what the task runs decides.
_PRODUCTS = frozenset({"static"})
# A nox session's Python suffix (`test-3.12`, `test-pypy3`).
_MAKE_VARIABLE = lazy_regex(r"^'?[A-Za-z_]\w*=")  # a variable given on make's command line
_NOX_PYTHON = lazy_regex(r"-(?:\d+(?:\.\d+)*t?|pypy\d*(?:\.\d+)?)$")
# Runners whose command may carry arguments after the task's name (`npm run x -- --fix`).
_RUNNERS = frozenset({"npm", "pnpm", "yarn", "bun", "make", "just", "task", "rake", "tox", "nox",
                      "poe", "hatch", "pdm", "cargo", "./gradlew", "./mvnw", "mvn", "pre-commit",
                      "prek", "mix", "composer"})


@dataclass(frozen=True)
class Task:
    name: str  # the runner's name for it (``test``); for a CI step, its job's name
    command: str  # what to type, exact
    runs: tuple[str, ...]  # what it runs, shown; a call to another task as that task's command
    source: str  # the file it was read from
    purpose: str = ""  # set when the source says it (tox's Python envs, a CI step's tool)
    origin: str = RUNNER
    scope: str = ""  # the directory it runs in ("" is the top of the tree)
    compound: bool = False  # a script with loops or branches: ``runs`` names its tools only
    tools: tuple[tuple[str, ...], ...] = ()  # every command it runs, as words (for purposes)
    watch: bool = False  # a watcher (``cargo watch``, ``--watch``): never a one-shot command
    also: tuple[str, ...] = ()  # further files that say the same (a CI workflow running it)
    needs: str = ""  # the step it needs first, given with it (`cmake -B build && ...`)
    gate: bool = False  # fails when it changed a file (`git diff --exit-code`): CI's check
    note: str = ""  # said after the command: where it must run ("in the docs environment")
    doc: str = ""  # what its file says it does (Rake's `desc`, a CI step's name, a guide list's)
    # of ``tools``, those that do not run alone as shown: a word of template text dropped
    # (`R CMD check $(PKG).tar.gz`), or a `cd` before them on their line (`cd ..; x`)
    loose: tuple[tuple[str, ...], ...] = ()
    # the variables a CI step sets to switch more of the tests on, as written
    # (`NEXT_JDBC_TEST_MYSQL=yes`): what the run needs beyond the command
    switches: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return normal(self.command)


def normal(command: str) -> str:
    """One spelling per command: ``npm run test`` is ``npm test``, ``pnpm run x`` is
    ``pnpm x``, ``tox run -e x`` is ``tox -e x``, ``bundle exec rake`` is ``rake``,
    ``composer run-script x`` is ``composer x``, ``rebar3 do compile`` is ``rebar3
    compile``."""
    words = command.split()
    if len(words) >= 2 and words[0] in ("bash", "sh") and "/" in words[1]:
        words = words[1:]
    if words and words[0].startswith("./") and "/" in words[0][2:]:
        words = [words[0][2:], *words[1:]]  # `./script/x` is `script/x`; `./x` is not `x`
    if words[:2] in (["python", "-m"], ["python3", "-m"]) and words[2:3] in (["nox"], ["tox"]):
        words = words[2:]
    if words[:2] == ["bundle", "exec"]:
        words = words[2:]
    if words[:1] in (["npm"], ["pnpm"], ["yarn"], ["bun"]) and words[1:2] == ["run"]:
        words = [*words[:2], *_how_run(words[2:])]
    if len(words) >= 3 and words[0] in ("pnpm", "yarn") and words[1] == "run":
        words = [words[0], *words[2:]]
    if words[:3] == ["npm", "run", "test"] or words[:2] == ["npm", "run-script"]:
        words = ["npm", "test", *words[3:]] if words[2:3] == ["test"] else ["npm", "run",
                                                                           *words[2:]]
    if words[:2] in (["composer", "run"], ["composer", "run-script"]):
        words = ["composer", *words[2:]]
    if words[:2] in (["tox", "run"], ["tox", "r"]):
        words = ["tox", *words[2:]]
    if words[:1] in (["./gradlew"], ["gradlew"], ["gradle"]):
        words = ["./gradlew", *words[1:]]
    if words[:1] in (["./mvnw"], ["mvnw"]):
        words = ["./mvnw", *words[1:]]
    if words[:2] == ["make", "-s"]:
        words = ["make", *words[2:]]
    if words[:2] == ["rebar3", "do"] and len(words) == 3 and "," not in words[2]:
        words = ["rebar3", words[2]]  # `rebar3 do compile` runs the one task `compile`
    if words[:1] in (["pre-commit"], ["prek"]) and words[1:2] == ["run"]:
        words = ["pre-commit", "run", *["--all-files" if w == "-a" else w for w in words[2:]]]
    return " ".join(words)


# A package manager's `run` options that say how a script runs (its shell, its output),
# not which script or which package: `bun run --shell bun x` calls `x`.  Those that pick
# a package (`--filter`, `--cwd`, `-w`) stay: that call is another package's script.
_HOW_FLAGS = frozenset({"--silent", "-s", "--bun", "--if-present", "--shell-mode",
                        "--parallel", "--stream", "--no-bail"})
_HOW_VALUED = frozenset({"--shell", "--elide-lines", "--reporter"})


# A file's name as a command gives it: a name with an extension, no glob, no directory
# of its own (`all-maintainers.nix`, `README.md`, `src/main.go`).
_FILE = lazy_regex(r"^[\w./-]*[\w-]\.[A-Za-z]\w*$")


def files_only(words: tuple[str, ...] | list[str]) -> bool:
    """Whether a formatting command is given only files by name (``nix fmt
    all-maintainers.nix``, ``prettier --write CHANGELOG.md``): it formats those files, as a
    step does after it generates them, never the project's code."""
    given = [w for w in words[1:] if not w.startswith("-") and w not in ("fmt", "format")]
    return bool(given) and all(_FILE.match(w) and not w.startswith(".") for w in given)


def _how_run(words: list[str]) -> list[str]:
    """``words`` after a package manager's ``run`` without its leading options of
    :data:`_HOW_FLAGS` and :data:`_HOW_VALUED` (with their values)."""
    while words:
        option = words[0].split("=", 1)[0]
        if option in _HOW_VALUED and "=" not in words[0] and len(words) > 1:
            words = words[2:]
        elif option in _HOW_FLAGS or option in _HOW_VALUED:
            words = words[1:]
        else:
            break
    return words


def make_task(name: str, command: str, lines: Iterable[str], source: str, *,
              env: dict[str, str] | None = None, scope: str = "", purpose: str = "",
              origin: str = RUNNER, calls: Iterable[str] = (), script: bool = False) -> Task:
    """A task whose body is shell ``lines``; ``calls`` are other tasks it runs first
    (a Makefile's prerequisites), shown by their commands.  A ``script`` (a file of
    ``scripts/``) or a body with loops names known tools only: its other words may be
    functions, usage text or anything else."""
    body = shellwords.join_lines(list(lines))
    compound = shellwords.compound(body)
    top = body if compound else shellwords.top_level(body) or body
    words: list[list[str]] = []
    loose: list[tuple[str, ...]] = []
    for line in top:
        found = shellwords.commands(line, env, strict=False) or []
        whole = shellwords.commands(line, env) is not None
        moved = False
        for c in found:
            moved = moved or c[:1] in (["cd"], ["pushd"])
            words.append(c)
            if not whole or moved:
                loose.append(tuple(shellwords.look_through(c)))
    gate = any(_fails_on_change(c) for c in words)
    words = [c for c in words if shellwords.tool(c) and (
        not (script or compound) or known_tool(shellwords.tool(c)))]
    runs = list(calls) + [shellwords.shown(c) for c in words]
    tools = tuple(tuple(shellwords.look_through(c)) for c in words)
    watch = any(_watches(c) for c in words)
    return Task(name, command, tuple(dict.fromkeys(r for r in runs if r)), source, purpose,
                origin, scope, compound, tools, watch, gate=gate,
                loose=tuple(t for t in dict.fromkeys(loose) if t in tools))


def _fails_on_change(words: list[str]) -> bool:
    """``git diff --exit-code`` (or ``--quiet``, ``git diff-index --quiet``): what a check
    runs after formatting in place, to fail when anything changed."""
    return words[:1] == ["git"] and words[1:2] in (["diff"], ["diff-index"]) and bool(
        {"--exit-code", "--quiet"} & set(words))


def _watches(words: list[str]) -> bool:
    """A watcher, or a server that keeps running until stopped: a tool's own ``dev`` or
    ``serve`` (``vitepress dev docs --open``, ``mkdocs serve``, ``hugo server``) builds
    nothing that stays; a runner's task of that name is read by what it runs."""
    inner = shellwords.look_through(words)
    return words[:2] in (["cargo", "watch"], ["watchexec"], ["ptw"]) or (any(
        w in ("--watch", "watch", "--watchAll") for w in words[1:3]) and
        words[0] not in ("make", "just", "task")) or (
        inner[1:2] in (["dev"], ["serve"], ["server"]) and inner[0] not in _RUNNERS)


# What a task's own description says when it sets the repository up: it installs or
# fetches, names dependencies, tools or an environment, or says "set up" itself.
_SETS_UP = lazy_regex(r"\b(?:install|set[- ]?up|bootstrap|initiali[sz]|prepar|fetch|download|"
                      r"depend|deps\b|requirement|tool|environment|env\b|venv|virtualenv|"
                      r"package|vendor|hooks?\b|sync)", re.I)


@dataclass
class TaskBook:
    """Every task of the repository, found by command."""

    tasks: list[Task]
    hidden: list[Task] = field(default_factory=list)  # found by command, never named
    _by_key: dict[tuple[str, str], Task] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for task in [*self.tasks, *self.hidden]:
            if task.origin == RUNNER:
                self._by_key.setdefault((task.scope, task.key), task)

    def called(self, command: str, scope: str = "") -> Task | None:
        """The runner task ``command`` names (``npm run build``, ``make deps``)."""
        words = normal(command).split()
        if words[:1] == ["nr"] and len(words) > 1:  # ni's `nr x`: the lockfile's manager runs x
            return next((found for manager in ("npm run", "pnpm", "yarn", "bun") if (
                found := self.called(f"{manager} {' '.join(words[1:])}", scope)) is not None),
                None)
        if words[:1] in (["make"], ["gmake"]):  # `make CONFIG=Debug x` calls `make x`
            words = [words[0], *(w for w in words[1:] if not _MAKE_VARIABLE.match(w))]
        if words[:2] == ["nox", "-s"] and len(words) > 2:  # `test-3.12`: `test` on one Python
            words[2] = _NOX_PYTHON.sub("", words[2])
        for end in range(len(words), 1, -1):  # `pnpm run lint --fix` calls `pnpm run lint`
            key = " ".join(words[:end])
            for candidate in (key, re.sub(r"^(pnpm|yarn|bun) (?!run )", r"\1 run ", key)):
                found = self._by_key.get((scope, candidate))
                if found is not None:
                    return found
            if words[0] not in _RUNNERS:
                break
        return self._by_key.get((scope, words[0])) if len(words) == 1 else None

    def _targets(self, command: str, scope: str) -> list[Task]:
        """The runner's tasks a command names one after another (`rake compile test`,
        `make clean all`), when it names two or more and nothing else."""
        first = self.called(command, scope)
        if first is None or " " not in first.key:
            return []
        runner = first.key.rsplit(" ", 1)[0]  # keys are normal: `rake`, not `bundle exec rake`
        words = normal(command).split()
        given = runner.split()
        if words[:len(given)] != given or len(words) < len(given) + 2:
            return []
        found = [self._by_key.get((scope, f"{runner} {w}")) for w in words[len(given):]]
        return [t for t in found if t is not None] if all(found) else []

    def task_of(self, command: str, scope: str = "") -> Task | None:
        """The runner task ``command`` runs as a whole: the one :meth:`called` finds, but
        for an alias that says nothing given a task's name (`cargo xtask clippy`), whose
        task is the program's, not the alias's."""
        inner = self.called(command, scope)
        return None if inner is not None and self._aliased(command, inner, _DEPTH) else inner

    def running(self, step: Task) -> Task | None:
        """The runner task whose one command ``step`` (a CI line) runs itself, perhaps with
        more arguments: CI's ``pnpm turbo lint -- --fix`` runs the ``lint`` script's
        ``turbo lint``.  The longest such command; None when there is none."""
        words = unwrap(list(step.tools[0])) if step.tools else []
        if words[:1] in (["pnpm"], ["yarn"], ["bun"]) and len(words) > 1:
            words = words[1:]  # a package manager runs a binary no script is named for
        best: Task | None = None
        for task in self.tasks:
            own = unwrap(list(task.tools[0])) if len(task.tools) == 1 else []
            if task.origin == RUNNER and task.scope == step.scope and len(own) > 1 and \
                    words[:len(own)] == own and (best is None or len(own) > len(best.tools[0])):
                best = task
        return best

    def purposes(self, task: Task, depth: int = _DEPTH) -> tuple[str, ...]:
        """What ``task`` does, main purpose first: its own word for it (a tox Python env,
        a CI step's tool), its name when what it runs agrees, else what it runs."""
        if task.origin != RUNNER and not task.runs and depth:
            several = self._targets(task.command.split("&& ")[-1], task.scope)
            if several:  # `rake compile test`: the last is what it is for, the rest prepare
                return tuple(dict.fromkeys(p for t in reversed(several)
                                           for p in self.purposes(t, depth - 1)))
            inner = self.called(task.command.split("&& ")[-1], task.scope) or \
                self.running(task)
            if inner is not None and not self._aliased(task.command, inner, depth):
                found = self.purposes(inner, depth - 1)  # CI runs a runner's task
                if found or not task.purpose:
                    return found  # one that says nothing takes the guide's label for it
        content = self.content(task, depth)
        named = task.purpose or self.named(task, content)
        if named:
            return (named, *[p for p in content if p != named])
        return content

    def named(self, task: Task, content: tuple[str, ...] | None = None) -> str | None:
        """The purpose ``task``'s name gives it, when what it runs does not say otherwise."""
        if task.purpose or task.origin != RUNNER:
            return task.purpose or None
        content = self.content(task) if content is None else content
        named = purpose(task.name)
        if named == "test" and content and "test" not in content and \
                set(content) <= {"docs", "build"}:
            return None  # test-docs runs only the docs build
        if task.name.lower() == "check" and content and content[0] in ("test", "typecheck"):
            return content[0]  # `make check` that runs the tests, `check` that runs tsc
        if task.name.lower() == "check" and "test" in content and \
                not {"lint", "format"} & set(content):
            return "test"  # `make check` that builds the package, then runs its tests
        if task.name.lower() in _PRODUCTS and not {"lint", "typecheck", "format"} & set(
                content or ()):
            return None  # `make static` that builds the static library, not the analysis
        if named and content and content[0] == "deploy" and named not in content:
            return None  # an `install` that installs the product, not the dependencies
        if named == "setup" and task.doc and not _SETS_UP.search(task.doc):
            return None  # `setup` its help says mounts a VM's folders: the name alone
        if named and content and named not in content and set(content) <= {"lint", "format"} \
                and self._known(task) and not all(files_only(words) for words in task.tools):
            return None  # `test:eslint` lints: what a task runs decides, not its name
        # (a `doc` whose only known step formats the file it generated stays the docs)
        return named

    def _known(self, task: Task) -> bool:
        """Whether every command ``task`` runs says what it is for (a task it calls, or a
        known tool): then its name cannot add anything."""
        return all(((inner := self.called(run, task.scope)) is not None and inner is not task)
                   or (words and (tool_purposes(list(words)) or query(list(words))))
                   for run, words in self._steps(task))

    def writes(self, task: Task, depth: int = _DEPTH) -> bool:
        """Whether ``task`` rewrites files as a formatter or fixer does, following the tasks
        it calls (a check form, ``ruff format --check``, does not; nor does a gate that
        formats in place and then fails when anything changed)."""
        if task.gate:
            return False
        for run, words in self._steps(task):
            inner = self.called(run, task.scope) if depth else None
            if inner is not None and inner is not task:
                passed = self.passed(run, inner)
                if self.writes(inner, depth - 1) or (passed and len(inner.tools) == 1 and
                                                     writes([*inner.tools[0], *passed])):
                    return True  # `pnpm format --write` runs `format`'s prettier with it
            elif words and writes(list(words)):
                return True
        return False

    @staticmethod
    def passed(run: str, inner: Task) -> list[str]:
        """The arguments ``run`` gives the task it calls after its name (``--write`` of
        ``pnpm format --write``), a runner's ``--`` aside."""
        words, key = normal(run).split(), inner.key.split()
        extra = words[len(key) - (words[:len(key)] != key):]  # `bun fmt` called `bun run fmt`
        return extra[1:] if extra[:1] == ["--"] else extra

    def content(self, task: Task, depth: int = _DEPTH) -> tuple[str, ...]:
        """The purposes of what ``task`` runs, following the tasks it calls; setting up
        first is not what a task is for when it goes on to do more."""
        found = self._content(task, depth)
        rest = tuple(p for p in found if p != "setup") or found
        checks = [p for p in rest if p in ("lint", "format", "typecheck")]
        if "lint" in checks and len(checks) >= 2 and "test" not in rest:  # a check-all
            rest = ("lint", *[p for p in rest if p != "lint"])
        return rest

    def _content(self, task: Task, depth: int) -> tuple[str, ...]:
        found: list[str] = []
        for run, words in self._steps(task):
            inner = self.called(run, task.scope) if depth else None
            if inner is not None and inner is not task and not self._aliased(run, inner, depth):
                found += self.purposes(inner, depth - 1)
            elif words:
                found += tool_purposes(list(words))
        return tuple(dict.fromkeys(found))

    def _aliased(self, run: str, inner: Task, depth: int) -> bool:
        """Whether ``run`` gives ``inner``, an alias that says nothing of its own (cargo's
        ``xtask``, ``cargo run --package xtask --``), more words: they name the task the
        program it runs does (``cargo xtask run-tests`` tests), as an unknown program's
        first argument does."""
        given = run.rsplit("&& ", maxsplit=1)[-1].split()
        return len(given) > len(inner.command.split()) and not self.purposes(inner, depth - 1)

    def _steps(self, task: Task) -> list[tuple[str, tuple[str, ...]]]:
        """(shown, words) of each command ``task`` runs; a task with no body (a CI step,
        a guide's line) runs its own command."""
        if not task.runs and task.origin != RUNNER:
            return [(task.command.split("&& ")[-1], task.tools[0] if task.tools else
                     tuple(task.command.split()))]
        tools = {shellwords.shown(list(t)): t for t in task.tools}
        return [(run, tools.get(run, tuple(run.split()))) for run in task.runs]

    def calls(self, task: Task, depth: int = _DEPTH) -> set[str]:
        """The commands of every task ``task`` calls, itself included."""
        out = {task.key}
        if depth:
            for run in task.runs:
                inner = self.called(run, task.scope)
                if inner is not None and inner.key not in out:
                    out |= self.calls(inner, depth - 1)
        return out

    def released(self, task: Task) -> bool:
        """Docs, release, publish or benchmark by its name (never the test command)."""
        return not_for_tests(task.name) or not_for_tests(task.command)
