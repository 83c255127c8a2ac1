"""How to set up, test, lint, format, type-check, document and build: one item per
purpose naming the command to type and, when it wraps others, all it runs
(``npm test`` runs ``xo``, ``npm run build``, ``ava``); in a monorepo, one item per
package with commands of its own, scoped to that package's directory.

The choice of command is :mod:`~gitmemory.reading.project.choose`'s.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import replace

from gitmemory.injection.commands import runs
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import (
    choose,
    ci_steps,
    ecosystems,
    files_read,
    guides,
    runners,
    shellwords,
)
from gitmemory.reading.project.choose import Choice
from gitmemory.reading.project.purposes import PURPOSES, purpose, releases
from gitmemory.reading.project.shellwords import MAX_ITEM
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import CI, GUIDE, IMPLIED, RUNNER, Task, TaskBook
from gitmemory.reading.project.tool_roles import known_tool, releasing, tool_purposes, unwrap

SLOTS = ("Setup", "Tests", "Lint", "Format", "Type checks", "Docs", "Build", "All checks",
         "Commands", "CI checks", "Benchmarks")
LABEL = dict(zip(PURPOSES, SLOTS, strict=False))
_SHORT = {"setup": "setup", "test": "test", "lint": "lint", "format": "format",
          "typecheck": "type check", "docs": "docs", "build": "build"}
_MAX_RUNS = 5
MAX_SCOPES = 12
def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    """(section, text, paths) per purpose in a fixed order, then one per package."""
    book = choose.catalog_of(snapshot)
    chosen = choose.choose(book, snapshot)
    chosen = {aim: _with_one_file(snapshot, aim, pick) for aim, pick in chosen.items()}
    for aim, pick in chosen.items():
        also = choose.also_in_ci(book, snapshot, pick, aim)
        check = choose.ci_check(book, pick, aim)
        forms = choose.guide_forms(book, snapshot, pick, aim)
        script = choose.ci_script(book, snapshot, pick, aim)
        variants = choose.ci_variants(book, snapshot, pick, aim)
        family = _family(book, pick, aim, chosen)
        needed = choose.tests_need(book, snapshot, pick, chosen.get("test")) \
            if aim == "setup" else []
        ran = f"; CI {'also ' if pick.ci else ''}runs " + " and ".join(
            f"`{v.command}`" for v in variants) if variants else ""
        shared = ci_steps.shared_tests(snapshot) if aim == "test" and \
            pick.task.origin == IMPLIED and not pick.ci and not variants else None
        ran += f"; CI runs them through `{shared[1]}` with `{shared[2]}`" if shared else ""
        ran += f"; the tests' CI job also runs `{needed[0]}`" if needed else ""
        said = _said(pick, book, aim) + ran + ("; CI also runs " + ", ".join(f"`{c}`" for c in also)
                              if also else "") + (f"; CI checks `{check.command}`"
                                                  if check else _checked_in_ci(pick)) + (
            _given(forms)) + (
            f"; CI tests through `{script.command}`" if script else "") + (
            "; also " + ", ".join(f"`{t.command}`" for t in family) if family else "")
        paths = _paths(pick) + choose.ci_sources(book, pick) + [
            p for c in also for t in book.tasks if t.command == c and t.origin == CI
            for p in (t.source,)] + [t.source for t in forms] + (
            [script.source] if script else []) + [v.source for v in variants] + (
            [check.source] if check else []) + [
            t.source for c in needed for t in book.tasks if t.command == c and t.origin == CI] + (
            [shared[0]] if shared else [])
        paths += [p for task in (pick.task, *[t for c in also for t in book.tasks
                                              if t.command == c and t.origin == CI])
                  for p in _settings_of(snapshot, task)]
        yield "conventions", _within_limit(f"{LABEL[aim]}: " + said), list(dict.fromkeys(paths))
    yield from _in_ci_directory(snapshot, book, chosen)
    yield from _all_checks(book, chosen)
    yield from _described(book, chosen, snapshot)
    yield from _ci_checks(snapshot, book, chosen)
    yield from _benchmarks(snapshot, book)
    yield from _packages(snapshot, book)



# Runners that take the test files to run as their arguments (their documented form for
# one file), by the words that start them, and the files they take; a runner of a package
# manager's ecosystem takes files of its `test/` only (`mix test test/x_test.exs`).
_TAKES_FILES = ((("pytest",), lazy_regex(r"(?:^|/)test_[^/]*\.py$|_test\.py$")),
                (("rspec",), lazy_regex(r"_spec\.rb$")),
                (("mix", "test"), lazy_regex(r"^test/.*_test\.exs$")),
                (("dart", "test"), lazy_regex(r"^test/.*_test\.dart$")),
                (("flutter", "test"), lazy_regex(r"^test/.*_test\.dart$")))
# JavaScript runners a package script may be, which take test files as arguments, and the
# files their defaults find (a config that sets which files or projects it runs, or a
# workspace file, chooses otherwise: no file is named then).
_JS_RUNNERS = (("vitest",), ("vitest", "run"), ("jest",))
_JS_TESTS = lazy_regex(r"\.test\.[cm]?[jt]sx?$")
_JS_CHOOSES = lazy_regex(r"\b(?:include|exclude|projects|workspace|testMatch|testRegex|roots|"
                         r"testPathIgnorePatterns|dir)\b")
_NOT_UNIT = lazy_regex(r"(?:^|/)(?:node_modules|e2e|playwright|cypress|examples?|docs?|"
                       r"fixtures?|__fixtures__)/")


def _with_one_file(snapshot: Snapshot, aim: str, pick: Choice) -> Choice:
    """The test command's choice given its form for one file (:func:`_one_file`); a form
    naming one test class cites the file that declares it, where the gate finds the name
    (else the whole Tests item is held for a word no cited file holds)."""
    one = (_one_file(snapshot, pick.task) or _by_name(snapshot, pick.task)) \
        if aim == "test" and not pick.task.note else ""
    if not one:
        return pick
    declared = _declared_in(snapshot, one) if one.startswith("one class: ") else ""
    also = (*pick.task.also, declared) if declared else pick.task.also
    return Choice(replace(pick.task, note=one, also=also), pick.ci, pick.part)


def _declared_in(snapshot: Snapshot, note: str) -> str:
    """The test file whose class the one-class form ``note`` names (`... --tests
    LedgerTest`, `-Dtest=LedgerTest`), as :func:`_one_class` chose it."""
    name = note.rstrip("`").split()[-1].removeprefix("-Dtest=")
    project = re.search(r"`\S+ :([\w.-]+):test ", note)
    return next((m.group(0) for m in map(_JVM_TEST.match, snapshot.paths)
                 if m and m.group(2) == name and not _ASIDE.search(m.group(0)) and
                 m.group(1) == (project.group(1) if project else None)), "")


def _one_file(snapshot: Snapshot, task: Task, within: str = "") -> str:
    """"one file: `uv run pytest tests/test_api.py`": the chosen test command given one
    test file of the tree, where it is a runner that takes its files as arguments
    (pytest, RSpec, `mix test`, `dart test`, `flutter test`) given none (only flags that
    take no value), or a package script that is only such a runner (`pnpm test` running
    `vitest`: `pnpm test src/sum.test.ts`, npm's with `--`), as it runs (docs/design.md,
    "Commands that run").  A test file under `tests/`, `test/` or `spec/` first; for a
    package's command, a file of the package ``within``, as the command in its directory
    takes it."""
    words = task.command.split()
    if task.source == "package.json" and not task.scope and not within:
        return _one_script_file(snapshot, task, words)
    if words[:1] in (["./gradlew"], ["gradle"], ["./mvnw"], ["mvn"]) and not within:
        return _one_class(snapshot, words)
    tool = unwrap(words) or words
    if task.compound or len(task.tools) > 1 or (task.tools and unwrap(list(
            task.tools[0])) != tool):
        return ""  # a task that runs more than the runner
    shape = next((files for runner, files in _TAKES_FILES
                  if tuple(tool[:len(runner)]) == runner and _flags_only(tool[len(runner):])),
                 None)
    found = _test_files(snapshot, shape, within) if shape is not None else []
    return f"one file: `{task.command} {found[0]}`" if found else ""


# A Makefile variable a recipe hands its test tool as the tests to run: as a filter's
# environment variable (`TEST_FILTER='${F}'`) or option (`-run $(RUN)`, `-k "$(K)"`,
# `--filter=$(T)`).
_FILTERED = lazy_regex(r"(?:\b\w*(?:FILTER|PATTERN|MATCH|GREP|FOCUS|ONLY)\w*=|"
                       r"(?:^|\s)(?:-run|-k|-t|--filter|--grep|--match|--test-filter|"
                       r"-Dtest-filter|--tests)[= ])"
                       r"['\"]?\$[({](\w+)[)}]", re.I)


def _by_name(snapshot: Snapshot, task: Task) -> str:
    """"by name: `make t F=<name>`": a Makefile's test target given the tests to run by
    name, where its recipe hands a variable of the Makefile's, empty unless given, to its
    test tool as the filter (http.zig's `TEST_FILTER='${F}' zig build test`)."""
    words = task.command.split()
    if words[:1] != ["make"] or len(words) != 2 or task.source not in runners.MAKEFILES:
        return ""
    text = snapshot.text(task.source) or ""
    recipe = re.search(rf"^{re.escape(words[1])}\s*:(?!=)[^\n]*\n((?:\t[^\n]*\n?)+)", text, re.M)
    found = _FILTERED.search(recipe.group(1)) if recipe else None
    if found is None or not re.search(rf"^{found.group(1)}\s*[?:]?=\s*$", text, re.M):
        return ""
    return f"by name: `{task.command} {found.group(1)}=<name>`"


def _flags_only(words: list[str]) -> bool:
    """Only flags that take no value: given what to run already, or a value, it is not
    the runner's bare form."""
    return all(w.startswith("-") and "=" not in w for w in words)


def _test_files(snapshot: Snapshot, shape: re.Pattern[str], within: str = "") -> list[str]:
    """The test files ``shape`` takes, as paths from ``within`` (the top by default)."""
    inside = f"{within.rstrip('/')}/" if within else ""
    paths = [p[len(inside):] for p in snapshot.paths if p.startswith(inside)]
    return sorted((p for p in paths if shape.search(p) and
                   not p.startswith(("docs/", "doc/", "examples/"))),
                  key=lambda p: (not p.startswith(("tests/", "test/", "spec/")),
                                 p.count("/"), p))


# A JVM test class by its file (`core/src/test/java/org/acme/LedgerTest.java`): the
# project's directory, the class's simple name.
_JVM_TEST = lazy_regex(r"^(?:([\w.-]+)/)?src/test/(?:java|kotlin|groovy|scala)/(?:[\w$.-]+/)*"
                       r"(\w+Tests?)\.(?:java|kt|groovy|scala)$")


# Test sources that are not the unit tests a bare `test` runs: benchmarks, stress and
# manual runs, known failures, integration tests a plugin of their own runs.
_ASIDE = lazy_regex(r"/(?:perf|performance|bench|benchmarks?|jmh|stress|manual|failing|"
                    r"integration|it|e2e|fixtures?|examples?)/", re.I)


def _one_class(snapshot: Snapshot, words: list[str]) -> str:
    """"one class: `./gradlew test --tests LedgerTest`": the build tool's bare `test` given
    one test class of the tree by its simple name, as Gradle's `--tests` and Maven
    Surefire's `-Dtest=` document it (docs/design.md, "Commands that run").  In a Gradle
    multi-project build the class's own project runs it (`./gradlew :core:test --tests
    LedgerTest`: in another project the filter matches nothing, which fails); a Maven
    build of modules gets none."""
    if [w for w in words[1:] if not w.startswith("-")] != ["test"] or not _flags_only(
            words[1:-1] if words[-1] == "test" else ["x"]):
        return ""
    gradle = words[0] in ("./gradlew", "gradle")
    settings = (snapshot.text("settings.gradle.kts") or snapshot.text("settings.gradle")
                or "") if gradle else ""
    if not gradle and "<modules>" in (snapshot.text("pom.xml") or "<modules>"):
        return ""
    found = [m for m in map(_JVM_TEST.match, snapshot.paths)
             if m and not _ASIDE.search(m.group(0))]
    # the main test package first: the directory with the most test classes (a class
    # named *Test in a side package, `perf/ConcurrencyReadTest.java`, may be no test)
    count: dict[str, int] = {}
    for m in found:
        count[posixpath.dirname(m.group(0))] = count.get(posixpath.dirname(m.group(0)), 0) + 1
    found.sort(key=lambda m: (-count[posixpath.dirname(m.group(0))], m.group(0).count("/"),
                              m.group(0)))
    for match in found:
        project, name = match.group(1), match.group(2)
        if not gradle:
            if project is None:
                return f"one class: `{' '.join(words)} -Dtest={name}`"
            continue
        if project is None and "include" not in settings:
            return f"one class: `{' '.join(words)} --tests {name}`"
        if project and re.search(r"\binclude\b[^\n]*[\"']:?" + re.escape(project) + r"[\"']",
                                 settings):
            return f"one class: `{words[0]} :{project}:test --tests {name}`"
    return ""


def _one_script_file(snapshot: Snapshot, task: Task, words: list[str]) -> str:
    """The package script's form for one file, where the script is only a JavaScript
    runner that takes files, with its defaults choosing which files it runs."""
    if task.compound or len(task.tools) != 1 or words[:1] not in (
            ["npm"], ["pnpm"], ["yarn"], ["bun"]) or (words[0] == "bun" and words[1:2] == [
            "test"]):
        return ""  # `bun test` is bun's own runner, not the script
    runner = list(task.tools[0])
    if not any(tuple(runner[:len(r)]) == r and _flags_only(runner[len(r):])
               for r in _JS_RUNNERS):
        return ""
    for path in files_read.JS_RUNNER_CONFIGS:
        if snapshot.has(path) and _JS_CHOOSES.search(snapshot.text(path) or "include"):
            return ""  # the config chooses the files (or was not read): not a guess
    if "jest" in (snapshot.json("package.json") or {}):
        return ""  # jest's settings in package.json
    found = sorted((p for p in snapshot.paths if _JS_TESTS.search(p) and not
                    _NOT_UNIT.search(p)), key=lambda p: (p.count("/"), p))
    if not found:
        return ""
    passed = " -- " if words[0] == "npm" else " "
    return f"one file: `{task.command}{passed}{found[0]}`"


_FAMILY = (":", "-", "_")


def _family(book: TaskBook, pick: Choice, aim: str, chosen: dict[str, Choice]) -> list[Task]:
    """The chosen test task's own variants, the runner tasks named for it and a kind
    (`test:deno`, `test:node` beside `test`; `test-integration` beside a Makefile's `test`):
    the suites it leaves out or runs one way only, named after it, as many as fit.  Never a
    watcher, a docs, release or benchmark task, a task another slot names, nor one the
    test task runs itself."""
    task = pick.task
    if aim != "test" or task.origin != RUNNER:
        return []
    named = {c.task.key for c in chosen.values()} | book.calls(task)
    return [t for t in book.tasks if t.origin == RUNNER and t.scope == task.scope and
            t.source == task.source and len(t.name) > len(task.name) + 1 and
            t.name.startswith(task.name) and t.name[len(task.name)] in _FAMILY and
            t.key not in named and not t.watch and not book.released(t) and
            not any(w in _WATCH_FLAGS for r in t.runs for w in r.split()) and
            "test" in book.purposes(t)]


# A watcher's flag on a call to the test task (`pnpm test --onlyChanged --watch`)
_WATCH_FLAGS = frozenset(("--watch", "--watchAll", "--watch-all"))


_MAX_DESCRIBED = 6


# The purposes a task that runs every check calls tasks for: the tests and two more.
_CHECKED = frozenset(("test", "lint", "format", "typecheck"))


def _all_checks(book: TaskBook, chosen: dict[str, Choice]
                ) -> Iterable[tuple[str, str, list[str]]]:
    """"All checks: `make check` runs `make fmt`, `make clippy`, `make test` ...": the
    runner's task that calls the project's own tasks for the tests and at least two other
    checks (gitui's `check: fmt clippy test sort deny`, Behat's `all-tests` script), what
    a contributor runs before a pull request, where no slot named it already.  The one
    that calls the most."""
    named = {c.task.key for c in chosen.values()}
    found = []
    for task in book.tasks:
        if task.origin != RUNNER or task.scope or task.key in named or task.watch or \
                releases(task.name):
            continue
        called = [book.called(run, task.scope) for run in task.runs]
        served = {p for inner in called if inner is not None
                  for p in book.purposes(inner)[:1]} & _CHECKED
        if "test" in served and len(served) >= 3:
            found.append((len(served), sum(inner is not None for inner in called), task))
    if found:
        task = max(found, key=lambda f: f[:2])[2]
        yield "conventions", _within_limit(
            f"All checks: `{task.command}`{_what_it_runs(task, book=book)}"), [task.source]


def _described(book: TaskBook, chosen: dict[str, Choice], snapshot: Snapshot
               ) -> Iterable[tuple[str, str, list[str]]]:
    """"Commands: `rake spec_lint` (Run specs with Rack::Lint), ..." : the other tasks a task
    file describes for the people who run it (Rake's ``desc``, a Taskfile's ``desc:``, a
    justfile's comment above a recipe, a Makefile's ``target: ## help``), the task list
    its runner prints), and the scripts of the tree a guide shows being run with what it
    says they are for.  The ones no slot named, a purpose's other ways first (the tests
    with extra checks before the website); never a release, a publish, an install onto
    the system (`rake install`) or a watcher."""
    named = {c.task.key for c in chosen.values()}
    in_ci = {t.key for t in book.tasks if t.origin == CI}
    found = [t for t in book.tasks if (_runners_task(book, t) or _shown_script(
        snapshot, t, in_ci)) and not t.scope and t.doc and
             t.key not in named and not t.watch and not releases(t.name) and
             not any(releasing(list(words)) for words in t.tools) and
             "deploy" not in (*book.purposes(t), *tool_purposes(t.command.split()))]
    found = [t for n, t in enumerate(found) if all(o.key != t.key for o in found[:n])]
    if not found:
        return
    rank = {aim: n for n, aim in enumerate(PURPOSES)}
    found = sorted(found, key=lambda t: rank.get(purpose(t.name) or next(
        iter(book.purposes(t)), ""), len(rank)))
    head = "Commands: "
    shown = [f"`{t.command}`" for t in found[:_MAX_DESCRIBED]]
    while len(shown) > 1 and len(head + ", ".join(shown)) > MAX_ITEM:
        shown.pop()
    found = found[:len(shown)]
    # Every task that fits is named; its description where the rest still fit, in order.
    room = MAX_ITEM - len(head + ", ".join(shown))
    for n, task in enumerate(found):
        said = f" ({task.doc.rstrip('.')})"
        if len(said) <= room:
            shown[n] += said
            room -= len(said)
    paths = list(dict.fromkeys(t.source for t in found))
    yield "conventions", _within_limit(head + ", ".join(shown)), paths


# A step's name that says it checks something (`Verify Android SDK Compatibility`).
_CHECKS = lazy_regex(r"\b(?:check|checks|checking|verify|verifies|verifying|validate|"
                     r"validates|validating|ensure|ensures|assert|asserts)\b", re.I)
_MAX_CHECKS = 3


def _shown_script(snapshot: Snapshot, task: Task, in_ci: set[str]) -> bool:
    """A script of the tree a guide shows being run (:func:`guides._shown_scripts`): no
    list's purpose, a file the tree tracks, and not a step CI runs (CI's checks name
    those)."""
    return task.origin == GUIDE and not task.purpose and bool(task.tools) and bool(
        guides.SCRIPT_PATH.match(task.command)) and snapshot.has(
        posixpath.normpath(task.command)) and task.key not in in_ci


def _runners_task(book: TaskBook, task: Task) -> bool:
    """A runner's task, or a call of one that the guide lists with what it does (``-
    `cargo xtask ci` - Run all CI checks``, the alias ``xtask`` of .cargo/config.toml
    taking its task's name): both are the project's own tasks, described."""
    if task.origin == RUNNER:
        return True
    inner = book.called(task.command) if task.origin == GUIDE else None
    return inner is not None and inner.origin == RUNNER


def _ci_checks(snapshot: Snapshot, book: TaskBook, chosen: dict[str, Choice]
               ) -> Iterable[tuple[str, str, list[str]]]:
    """"CI checks: `./mvnw -DskipTests animal-sniffer:check` (Verify Android SDK
    Compatibility)": the steps CI runs at the top of the tree that its step's name says
    check something and that no purpose's slot names (no list knows what the tool does,
    and the name says no purpose): a change that breaks one fails CI, so an agent runs it
    too, as CI writes it, with the step's own name.  Never a step of a docs, release or
    benchmark job, one that releases, deploys or installs, one named for a document it
    checks (the release notes: no code), one whose program is neither a known tool, a
    path of the tree nor a runner's task (a word of a here-document), nor one whose tool
    lacks what it needs."""
    named = {c.task.key for c in chosen.values()}
    found: list[Task] = []
    for task in book.tasks:
        if task.origin != CI or task.scope or not task.doc or len(task.tools) != 1 or \
                task.compound or task.key in named or book.purposes(task) or \
                not _CHECKS.search(task.doc) or ci_steps.documents(task.doc) or \
                ci_steps.never_tests(task) or \
                releasing(list(task.tools[0])) or ci_steps.prepares(task.tools[0]) or \
                "deploy" in task.tools[0] or not choose.runnable(book, snapshot, task) or \
                not (known_tool(task.tools[0][0]) or book.called(task.command)) or \
                any(t.key == task.key for t in found):
            continue
        found.append(task)
    shown = [f"`{t.command}` ({t.doc.rstrip('.')}" + (
        f": runs `{line}`)" if (line := script_line(snapshot, t)) else ")")
        for t in found[:_MAX_CHECKS]]
    while shown and len("CI checks: " + ", ".join(shown)) > MAX_ITEM:
        shown = shown[:-1] if len(shown) > 1 or "runs `" not in shown[0] else \
            [f"`{found[0].command}` ({found[0].doc.rstrip('.')})"]
    if shown:
        paths = list(dict.fromkeys(t.source for t in found[:len(shown)]))
        # the script whose line is given is where that line is read
        paths += [posixpath.normpath(t.tools[0][0]) for t, said in zip(found, shown, strict=False)
                  if ": runs `" in said]
        yield "conventions", "CI checks: " + ", ".join(shown), list(dict.fromkeys(paths))


def _benchmarks(snapshot: Snapshot, book: TaskBook) -> Iterable[tuple[str, str, list[str]]]:
    """"Benchmarks: CI runs `mvn verify -Pbenchmark`, then `java -jar target/benchmarks.jar
    ...`": the steps of CI's benchmark job (json-schema-validator's, read after fresh34's
    blind run: how to measure a change's speed was nowhere), in their order, as CI writes
    them, from one workflow; none that releases, deploys or uploads, nor one whose program
    is neither a known tool nor here (`java -jar target/benchmarks.jar` runs what the step
    before it built)."""
    steps = [t for t in book.tasks if t.origin == CI and not t.scope and t.tools and
             _BENCHMARK_JOB.search(t.name) and not releasing(list(t.tools[0])) and
             not ci_steps.prepares(t.tools[0]) and (
                 choose.runnable(book, snapshot, t) or known_tool(t.tools[0][0]))]
    if not steps:
        return
    source = steps[0].source
    commands = list(dict.fromkeys(t.command for t in steps if t.source == source))
    shown = commands[:_MAX_BENCHMARK_STEPS]
    while shown and len(text := "Benchmarks: CI runs " + ", then ".join(
            f"`{c}`" for c in shown)) > MAX_ITEM:
        shown = shown[:-1]
    if shown:
        yield "conventions", text, [source]


_BENCHMARK_JOB = lazy_regex(r"(?:^|[\s_:./-])(?:bench|benchmarks?|jmh)(?:$|[\s_:./-])", re.I)
_MAX_BENCHMARK_STEPS = 3


# Lines of a script that set its shell up or speak, not what it checks.
_SHELL_SETUP = frozenset(("set", "echo", "printf", "exit", "cd", "export", "source", ".",
                          "trap", "shopt", "readonly", "local", "unset", "true", ":"))
_MAX_SCRIPT_LINE = 110
# A quoted word holding a run of spaces: joining the line's words would change it.
_SPACED_QUOTE = lazy_regex(r"'[^']*\s{2,}[^']*'|\"[^\"]*\s{2,}[^\"]*\"")


def script_line(snapshot: Snapshot, task: Task) -> str:
    """The one command a shell script of the tree that a CI check runs bare (``./bin/forbid``)
    is, as the script writes it (``! rg --ignore-case 'dbg!|fixme|todo|xxx' .``): what the
    check rejects, which its name alone does not say.  "" for a script with arguments
    given, in another language, with loops, or whose top level (its guards, the lines
    that set its shell up or print, aside) runs more than one command."""
    words = task.tools[0] if len(task.tools) == 1 else ()
    if len(words) != 1 or "/" not in words[0]:
        return ""
    text = snapshot.text(posixpath.normpath(words[0]))
    body = shellwords.join_lines(runners.script_body(text)) if text else []
    if not body or shellwords.compound(body):
        return ""
    kept = [line.strip() for line in shellwords.top_level(body)
            if (said := shellwords.commands(line, strict=False)) and
            said[0][0] not in _SHELL_SETUP and not all("=" in w for w in said[0])]
    if len(kept) != 1 or _SPACED_QUOTE.search(kept[0]):
        return ""
    line = " ".join(kept[0].split())
    return line if len(line) <= _MAX_SCRIPT_LINE and "`" not in line else ""


def _given(forms: list[Task]) -> str:
    """"; README.md gives `ctest`; HACKING.md gives `ctest -R api`": each guide's forms
    under its own name."""
    by: dict[str, list[str]] = {}
    for task in forms:
        by.setdefault(task.source, []).append(f"`{task.command}`")
    return "".join(f"; {source} gives " + ", ".join(said) for source, said in by.items())


def _settings_of(snapshot: Snapshot, task: Task) -> list[str]:
    """The tool's settings file that confirms a command CI runs through an action
    (``golangci/golangci-lint-action`` runs ``golangci-lint run``), which its workflow does
    not write: the settings the tool reads are where the tree says it is run (the evidence
    rule, docs/design.md "Where two rules meet", asks the files an item cites)."""
    if task.origin != CI or task.command in (snapshot.text(task.source) or ""):
        return []
    program = task.command.split(maxsplit=1)[0] if task.command.strip() else ""
    return next(([p] for p in sorted(snapshot.paths, key=lambda p: (p.count("/"), p))
                 if p.count("/") <= 1 and program in runs(p)), [])


def _said(pick: Choice, book: TaskBook | None = None, aim: str = "") -> str:
    task = pick.task
    text = f"`{task.command}`"
    # a form for one file goes after what the task runs, which is the bare command's
    later = task.note if task.note.startswith(("one file: ", "one class: ", "by name: ")) and \
        not pick.part and \
        not task.compound and _what_it_runs(task) else ""
    if task.note and not later:
        text += f", {task.note}"
    if task.needs:
        text += f" (after `{task.needs}`)"
    if pick.part:
        return text + f" (also run by `{pick.part}`)"
    if task.compound:
        tools = list(dict.fromkeys(" ".join(r.split()[:2]) for r in task.runs))[:3]
        text += " (a shell script" + (f" around {', '.join(f'`{t}`' for t in tools)}"
                                      if tools else "") + ")"
    else:
        text += _what_it_runs(task, book=book) + (f"; {later}" if later else "")
    # what CI sets to switch more of the tests on: a test run an agent repeats the same way
    switches = choose.ci_switches(book, pick) if book is not None and aim == "test" else ()
    # one span each: a statement the gate finds as the workflow writes it (`X: yes`)
    switched = ", with " + ", ".join(f"`{s}`" for s in switches) + " set" if switches else ""
    part = choose.ci_part(book, pick) if book is not None else ""
    if task.origin == CI:
        text += f" (as CI runs it{switched})"
    elif part:
        text += f"; CI runs `{part}`{_one_command(book, part)} of it{switched}"
    elif pick.ci:
        text += f"; CI runs it too{switched}"
    return text


def _one_command(book: TaskBook | None, part: str) -> str:
    """" (`go test ./... -short`)" for the part of the chosen task CI runs when that part is
    a task of one command, no task itself: an agent runs just that part as CI does, by the
    task or by the command (`make test` runs `make unit-test` and the integration tests;
    CI runs `make unit-test` of it, which is `go test ./... -short`); "" otherwise."""
    if book is None:
        return ""
    task = book.called(part)
    if task is None or task.compound or len(task.runs) != 1 or \
            book.called(task.runs[0], task.scope) is not None:
        return ""
    return f" (`{task.runs[0]}`)"


_CI_FILES = (".gitlab-ci.yml", "azure-pipelines.yml", ".azure-pipelines.yml")


def _checked_in_ci(pick: Choice) -> str:
    """"; CI checks it" for a formatter's fixing form read from a CI file that checks with
    that formatter in a line not named on its own (``test -z "$(go fmt ./...)"``)."""
    source = pick.task.source
    from_ci = source.startswith(ci_steps.WORKFLOWS) or source in _CI_FILES
    return "; CI checks it" if pick.task.origin == IMPLIED and from_ci and \
        pick.task.purpose == "format" else ""


def _what_it_runs(task: Task, limit: int = _MAX_RUNS, book: TaskBook | None = None) -> str:
    """" runs `xo`, `npm run build`, `ava`" for a wrapper; "" when it is the tool itself.
    More parts than ``limit``: the parts that serve the task's own purpose are kept (the
    unit tests of a `test` script that first lints, benchmarks and type-checks), the
    others as many as fit, in the task's order, and the rest counted (`and 2 more`).  A
    part whose words begin an earlier part's says nothing new (`go list . | xargs go list`
    runs `go list .`)."""
    parts: list[str] = []
    for run in task.runs:
        if run != task.command and not any(_begins(run, p) for p in parts):
            parts.append(run)
    shown = parts[:limit]
    if len(parts) > limit and book is not None:
        own = _main_purpose(book, task)
        serving = [r for r in parts if own and own in _purposes_of(book, r, task.scope)]
        kept = set(serving[:limit])
        kept |= set([r for r in parts if r not in kept][:limit - len(kept)])
        shown = [r for r in parts if r in kept]
    more = f" and {len(parts) - len(shown)} more" if len(parts) > len(shown) else ""
    return " runs " + ", ".join(f"`{r}`" for r in shown) + more if shown else ""


def _begins(part: str, earlier: str) -> bool:
    """True when ``part``'s words are the first words of ``earlier``."""
    words = part.split()
    return earlier.split()[:len(words)] == words


def _main_purpose(book: TaskBook, task: Task) -> str:
    found = book.purposes(task)
    return found[0] if found else ""


def _purposes_of(book: TaskBook, run: str, scope: str) -> tuple[str, ...]:
    """What one part of a wrapper does: the task it calls, else its tool."""
    inner = book.called(run, scope)
    return book.purposes(inner) if inner is not None else tool_purposes(run.split())


def _paths(pick: Choice) -> list[str]:
    return [pick.task.source, *pick.task.also]


def _in_ci_directory(snapshot: Snapshot, book: TaskBook, chosen: dict[str, Choice]
                     ) -> Iterable[tuple[str, str, list[str]]]:
    """The tests, where the top of the tree has no command for them, as CI runs them in a
    directory of the tree (valibot's workspace has no script at its top; CI runs `pnpm
    test` with `working-directory: library`): "Tests: `pnpm test` in `library/`", the
    first directory CI tests in.  An agent at the top would otherwise be told no test
    command at all.  The other purposes keep their packages' own items: CI's jobs name
    them less surely (a job "Run Prettier" runs a check that is no lint)."""
    if "test" in chosen:
        return
    scopes = list(dict.fromkeys(t.scope for t in book.tasks if t.origin == CI and t.scope))
    for scope in scopes[:MAX_SCOPES]:
        pick = choose.choose(book, snapshot, scope).get("test")
        if pick is not None and pick.ci:
            paths = list(dict.fromkeys([pick.task.source, *choose.ci_sources(book, pick)]))
            yield "conventions", _within_limit(
                f"{LABEL['test']}: `{pick.task.command}` in `{scope.rstrip('/')}/` (as CI "
                f"runs it there)"), paths
            return


def _packages(snapshot: Snapshot, book: TaskBook) -> Iterable[tuple[str, str, list[str]]]:
    """"Commands in `packages/vite/`: test `pnpm test`; build ..." for each package with
    commands of its own (run in its directory), cited by its own manifest so it reaches
    that package's rule files only."""
    count = 0
    for owner in ecosystems.WITH_PACKAGES:
        for directory, tasks in owner.packages(snapshot):
            if count >= MAX_SCOPES:
                return
            own = TaskBook(tasks)
            picks = choose.choose(own, snapshot, directory)
            said = [f"{_SHORT[aim]} `{pick.task.command}`" + _what_it_runs(pick.task, 2, own) + (
                f" ({one})" if aim == "test" and (one := _one_file(
                    snapshot, pick.task, directory)) else "")
                    for aim, pick in picks.items() if aim != "setup"]
            if said:
                count += 1
                paths = list(dict.fromkeys(p.task.source for p in picks.values()))
                text = _within_limit(f"Commands in `{directory}/`: " + "; ".join(said))
                yield "conventions", text, paths


def _within_limit(text: str) -> str:
    """Whole code spans only: cut before the span that would pass the limit."""
    while len(text) > MAX_ITEM and ", `" in text:
        text = text[:text.rindex(", `")]
    while len(text) > MAX_ITEM and "; " in text:
        text = text[:text.rindex("; ")]
    return text[:MAX_ITEM]
