"""Which command to name for each purpose, and which never to name.

Sources in order of trust: the repository's task runners, then what CI runs, then the
contributing guide, then the ecosystem's conventions (docs/design.md, "Commands that
run").  The test command is the suite's canonical entry: the plain ``test`` target,
script, session or task, else the build tool's own (``cargo test``, ``mvn test``); a
CI-only variant never replaces it, and what CI runs is chosen only where there is no
canonical entry.  For the other purposes a runner's task named for the purpose stands
when CI runs it (or a part of it, or a task that calls it) or CI runs nothing for that
purpose; when CI runs something else for it, what CI runs wins.  Never named: a
watcher, a command calling a task or tool whose configuration the tree does not have, a
release, and for tests a docs, release, publish or benchmark task or job; for format,
only a command that rewrites files (never a check form).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import (
    buildtools,
    ci_steps,
    devcontainer,
    ecosystems,
    guides,
    runners,
    shellwords,
    source_languages,
)
from gitmemory.reading.project.buildtools import zig_undeclared
from gitmemory.reading.project.ecosystems import Ecosystem
from gitmemory.reading.project.environments import environment
from gitmemory.reading.project.purposes import (
    PURPOSES,
    docs_job,
    is_python_env,
    purpose,
    releases,
)
from gitmemory.reading.project.python import has_tox
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import (
    CI,
    GUIDE,
    IMPLIED,
    RUNNER,
    Task,
    TaskBook,
    files_only,
    normal,
)
from gitmemory.reading.project.tool_roles import (
    fixing_form,
    releasing,
    tool_name,
    tool_purposes,
    unwrap,
    writes,
)

_CANONICAL = {"test": ("test", "tests", "spec", "specs"), "lint": ("lint",),
              "format": ("format", "fmt"),
              "typecheck": ("typecheck", "type-check", "typing", "types"), "docs": ("docs",),
              "build": ("build",), "setup": ("install", "setup", "bootstrap")}


# A script's task is named by its file (`test.ps1`): the name is what comes before these.
_SCRIPT_SUFFIX = lazy_regex(r"\.(?:ps1|sh|bash|cmd|bat|py|rb|pl)$", re.I)


def _bare(name: str) -> str:
    """A task's name, lower case, without the suffix of the script it is: MimeKit's
    `scripts/test.ps1` is its `test`, before `test-aot-compatibility.ps1` (fresh34)."""
    return _SCRIPT_SUFFIX.sub("", name.lower())


@dataclass(frozen=True)
class Choice:
    task: Task
    ci: bool = False  # CI runs it, a part of it, or a task that calls it
    part: str = ""  # named as a part of this task (``npx xo`` inside ``npm test``)


def catalog(snapshot: Snapshot, found: list[Ecosystem]) -> TaskBook:
    """Every task of the repository, runners first, then CI, guides and conventions."""
    # pre-commit last: a task that runs it (`tox -e style`) is the project's entry to it.
    # A minor part's own runner (the package.json of an Elixir framework's JavaScript
    # client) is that part's: its tasks are found by command, never named for the project.
    main = [e for e in found if source_languages.main_ecosystem(snapshot, e.name)]
    own = [*runners.tasks(snapshot), *guides.scripts(snapshot),
           *[t for e in main for t in e.tasks(snapshot)], *runners.pre_commit(snapshot)]
    steps, told = ci_steps.steps(snapshot), guides.tasks(snapshot)
    # the targets a Makefile's match-anything rule makes, as CI and the guide call them
    own += runners.forwarded(snapshot, [t.command for t in (*steps, *told) if not t.scope])
    return TaskBook([*own, *steps, *told,
                    *devcontainer.tasks(snapshot), *[t for e in main for t in e.implied(snapshot)],
                    *runners.sphinx(snapshot), *runners.mkdocs(snapshot),
                    *buildtools.bazel(snapshot)],
                    hidden=[*runners.pre_commit_hooks(snapshot),
                            *[t for e in found if e not in main for t in e.tasks(snapshot)]])


def catalog_of(snapshot: Snapshot) -> TaskBook:
    """:func:`catalog` of the ecosystems present, read once per snapshot."""
    found: TaskBook = snapshot.memo("catalog", lambda: catalog(
        snapshot, ecosystems.found_in(snapshot)))
    return found


def choose(book: TaskBook, snapshot: Snapshot, scope: str = "") -> dict[str, Choice]:
    """The command to name for each purpose in ``scope`` (the top of the tree by default):
    the first candidate not named for another purpose already."""
    usable = [t for t in book.tasks if t.scope == scope and _usable(book, snapshot, t)]
    chosen: dict[str, Choice] = {}
    # A command that serves a purpose among other things comes last, once every purpose
    # had its own: `npm run build` (tsc, then a bundler) is the build, not the type check.
    # One command may lint and format (`pre-commit run --all-files`); no other is shared,
    # and a variant of a purpose another command fills (CI's `npm run test-ci` beside `npm
    # test`) does not move to a purpose it serves on the way.
    # what a minor part's CI job installs (the npm wrapper's `npx napi-postinstall` in a
    # Rust tool) sets that part up, never the project
    minor = _minor_managers(snapshot)
    installs = [t for t in usable if not (t.origin == CI and t.tools and any(
        words[:1] and words[0] in minor for words in t.tools))] if minor else usable
    for found in (_choices, _among_others):
        for aim in PURPOSES:
            taken = {c.task.key for other, c in chosen.items() if {other, aim} != _FIXES}
            pick = None if aim in chosen else next(
                (c for c in found(book, installs if aim == "setup" else usable, aim, snapshot)
                 if c.task.key not in taken and not (
                    found is _among_others and _elsewhere(book, c.task, aim, chosen))), None)
            if pick is not None:
                chosen[aim] = pick
    return {aim: _in_environment(book, _with_properties(book, chosen[aim]))
            for aim in PURPOSES if aim in chosen}


# Each ecosystem's package managers, by the program a CI step runs.
_MANAGERS = {"node": ("npm", "npx", "yarn", "pnpm", "bun", "corepack"),
             "python": ("pip", "pip3", "uv", "poetry", "pipenv", "pipx"),
             "ruby": ("bundle", "gem"), "php": ("composer",), "rust": ("cargo", "rustup"),
             "elixir": ("mix",), "dart": ("dart", "flutter", "pub")}


def _minor_managers(snapshot: Snapshot) -> frozenset[str]:
    """The package managers of the ecosystems present whose languages are a minor part of
    the tree (and of none the main ones share: `npm` stays where TypeScript is main)."""
    def read() -> frozenset[str]:
        found = ecosystems.found_in(snapshot)
        main = {e.name for e in found if source_languages.main_ecosystem(snapshot, e.name)}
        mine = {m for name in main for m in _MANAGERS.get(name, ())}
        return frozenset(m for e in found if e.name not in main
                         for m in _MANAGERS.get(e.name, ()) if m not in mine)

    managers: frozenset[str] = snapshot.memo("minor managers", read)
    return managers


def _in_environment(book: TaskBook, pick: Choice) -> Choice:
    """A command CI runs bare that the guide runs inside the project's environment
    (``postgrest-lint`` on a CI machine whose setup step put it on the PATH; the guide's
    ``nix-shell --run postgrest-lint``): from a fresh clone it runs only inside it, so the
    guide's form is named (docs/design.md, "Commands that run")."""
    if pick.task.origin != CI:
        return pick
    words = pick.task.command.split()
    found = next((t for t in book.tasks if t.origin == GUIDE and not t.scope and
                  environment(t.command.split()) == words), None)
    if found is None:
        return pick
    task = replace(pick.task, command=found.command, also=(*pick.task.also, found.source))
    return Choice(task, pick.ci, pick.part)


def _with_properties(book: TaskBook, pick: Choice) -> Choice:
    """Gradle's convention (``./gradlew build``) with the project properties every CI step
    running that task of this project passes (``-Pswift=false``): the build needs them
    where CI's machines lack what the default build expects.  (Maven's ``-D`` flags are
    mostly output settings, and its ``-P`` profiles optional.)"""
    words = pick.task.command.split()
    if pick.task.origin != IMPLIED or words[:1] != ["./gradlew"]:
        return pick
    target = words[-1]
    steps = [t for t in book.tasks if t.origin == CI and t.tools and
             t.scope == pick.task.scope and normal(t.tools[0][0]) == normal(words[0]) and
             target in t.tools[0][1:] and not {"-p", "--project-dir", "-f", "-pl"} &
             set(t.tools[0]) and t.tools[0][list(t.tools[0]).index(target) - 1] != "-x"]
    runs = [list(t.tools[0]) for t in steps]
    shared = set.intersection(*[{w for w in r if w.startswith("-P") and "=" in w}
                                for r in runs]) if runs else set()
    if not shared:
        return pick
    extra = [w for w in runs[0] if w in shared]
    # the workflows are cited too: the item's evidence is where its properties were read
    task = replace(pick.task, command=" ".join([*words, *extra]), also=tuple(dict.fromkeys(
        [*pick.task.also, *(t.source for t in steps)])))
    return Choice(task, pick.ci, pick.part)


# Purposes several tools serve side by side (a linter and `go vet`), each its own check.
_SIDE_BY_SIDE = ("lint", "typecheck")
_WITH_SUBCOMMAND = frozenset(("go", "cargo", "dotnet", "swift", "deno", "bun"))
MAX_ALSO = 2


def tests_need(book: TaskBook, snapshot: Snapshot, pick: Choice,
               tests: Choice | None) -> list[str]:
    """What the CI job that runs the chosen test command installs first with another
    ecosystem's package manager, for a manifest at the top of the tree (hanami's Ruby
    specs after `npm install`: its assets' specs need the Node packages), beside the
    chosen setup: the tests fail without it, though the setup of the main ecosystem
    never runs it.  None that installs onto the machine or a package by name."""
    if tests is None:
        return []
    jobs = {t.name for t in _ci_runs(book, tests)} if tests.task.origin != CI else \
        {tests.task.name}
    mine = (unwrap(list(pick.task.tools[0])) if pick.task.tools else []) or \
        pick.task.command.split()
    others = {m for name, managers in _MANAGERS.items() if mine[:1] and
              mine[0] not in managers and any(
        snapshot.has(f) for f in _MANIFESTS.get(name, ())) for m in managers}
    found = [t.command for t in book.tasks if t.origin == CI and not t.scope and
             t.name in jobs and len(t.tools) == 1 and t.tools[0][:1] and
             t.tools[0][0] in others and _main(book, t) == "setup" and
             _allowed(book, t, "setup") and _usable(book, snapshot, t)]
    return list(dict.fromkeys(found))[:1]


# Each ecosystem's manifests at the top of the tree, which its package manager installs.
_MANIFESTS = {"node": ("package.json",), "python": ("pyproject.toml", "requirements.txt"),
              "ruby": ("Gemfile",), "php": ("composer.json",), "rust": ("Cargo.toml",),
              "elixir": ("mix.exs",), "dart": ("pubspec.yaml",)}


def also_in_ci(book: TaskBook, snapshot: Snapshot, pick: Choice, aim: str) -> list[str]:
    """The other checks for ``aim`` CI runs at the top of the tree that the command
    chosen for it does not (`go vet ./...`, `staticcheck ./...` beside a `make lint`
    running golint): each a step of its own, as CI writes it, whose tool has what it
    needs; none that calls a runner's task."""
    if aim not in (*_SIDE_BY_SIDE, "test"):
        return []
    mine = [pick.task, *(t for r in pick.task.runs if (t := book.called(r, pick.task.scope)))]
    have = {_tool_key(words) for t in mine for words in t.tools} | \
        {_tool_key(r.split()) for t in mine for r in (t.command, *t.runs)}
    found: list[str] = []
    for task in book.tasks:
        own = aim == "test" and _own_check(snapshot, task)
        aims = (aim, "") if own else (aim,)  # a check of its own: its job says what it is for
        if task.origin != CI or task.scope or task.compound or task.gate or not task.tools \
                or len(task.tools) != 1 or _main(book, task) not in aims or \
                book.called(task.command, task.scope) or not _usable(book, snapshot, task) or \
                (aim == "test" and not own):
            continue
        key = _tool_key(task.tools[0])
        if key and key not in have:
            have.add(key)
            found.append(task.command)
    return found[:MAX_ALSO]


def ci_variants(book: TaskBook, snapshot: Snapshot, pick: Choice, aim: str) -> list[Task]:
    """:func:`ci_variant`, and a run another job makes another way (koanf's "Race Detection
    Tests" job runs ``go test -race -v ...`` beside the tests job's ``go test -v ...``):
    two at most, each from a job of its own."""
    steps = _variant_steps(book, snapshot, pick, aim)
    if not steps:
        return []
    first = steps[0]
    other = next((t for t in steps if t.name != first.name and t.command != first.command),
                 None)
    return [first, other] if other else [first]


def ci_variant(book: TaskBook, snapshot: Snapshot, pick: Choice, aim: str) -> Task | None:
    """CI's own run of the tests with the convention's tool, when the command chosen is
    only that convention and CI runs it another way (``go test -race ./...`` beside ``go
    test ./...``), as well as plainly or not (vapor's package-traits job runs ``swift test
    --disable-default-traits`` beside its plain ``swift test``): what a change must also
    pass, said beside the convention, never in its place (a contributor's machine may lack
    what CI's flags need)."""
    steps = _variant_steps(book, snapshot, pick, aim)
    return steps[0] if steps else None


def _variant_steps(book: TaskBook, snapshot: Snapshot, pick: Choice, aim: str) -> list[Task]:
    if aim != "test" or pick.task.origin != IMPLIED or pick.task.scope:
        return []
    mine = _tool_key(pick.task.tools[0] if pick.task.tools else pick.task.command.split())
    steps = [t for t in book.tasks if t.origin == CI and not t.scope and not t.compound and
             not t.gate and len(t.tools) == 1 and _tool_key(t.tools[0]) == mine and
             t.command != pick.task.command and _main(book, t) == aim and
             _allowed(book, t, aim) and _usable(book, snapshot, t) and
             _whole(unwrap(list(t.tools[0])) or list(t.tools[0]),
                    pick.task.command.split())]
    return _plainest_first(steps)


def _whole(words: list[str], convention: list[str]) -> bool:
    """Whether ``words`` run what ``convention`` runs, only another way: what they add is
    flags and their values (``-race``, ``-count 4``), never a part picked out (``--package
    rayon`` of a workspace, a target, a directory of tests)."""
    before = ""
    for word in words:
        if word in convention:
            before = ""
        elif word.startswith("-"):
            if word.split("=", 1)[0] in _A_PART:
                return False
            before = word
        elif not before:
            return False  # an argument of its own: which tests, not how
        else:
            before = ""
    return True


# flags that pick a part of what the plain command runs: a package, a target, a file
_A_PART = frozenset(("-p", "--package", "--target", "--manifest-path", "--lib", "--bin",
                     "--bins", "--test", "--tests", "--example", "--exclude", "-run",
                     "--run", "-k", "-m", "--only", "--filter", "--testPathPattern"))


def _own_check(snapshot: Snapshot, task: Task) -> bool:
    """A script of the tree a test job runs bare, named for no other purpose (rayon's
    ``./ci/highlander.sh`` after the crates' tests): a check of the project's own that no
    test command runs, where a test tool's other runs (another package, a matrix's
    target) are the suite again."""
    words = task.tools[0] if len(task.tools) == 1 else ()
    name = posixpath.basename(words[0]) if len(words) == 1 else ""
    job = {purpose(w) for w in re.findall(r"[A-Za-z]+", task.name)}
    return bool(name) and "test" in job and "/" in words[0] and \
        snapshot.has(posixpath.normpath(words[0])) and \
        purpose(name.split(".")[0]) in (None, "test") and not ci_steps.prepares(words) and \
        not _SETS_UP.search(name)


# A script's name that says it sets the machine up, not what it checks.
_SETS_UP = lazy_regex(r"install|setup|set-up|bootstrap|prepare|deps|dependencies|env|cache|"
                      r"upload|download|fetch|coverage|report", re.I)


def guide_forms(book: TaskBook, snapshot: Snapshot, pick: Choice, aim: str) -> list[Task]:
    """The build or test commands the contributing guide or README gives under its
    headings, when they run the chosen command's tool another way (`zig build
    -Doptimize=ReleaseSafe` beside `zig build`, `./gradlew publishToMavenLocal` beside
    `./gradlew build`, `sbt tests/test` beside `sbt test`, `tox -e py` beside the tox env
    list): what the project tells a newcomer to type, shown beside the canonical entry,
    never in its place.  For the tests one per heading, two at most (the unit tests', the
    integration tests'), each a suite's own way; for the build the first.  Not a command
    under a heading that names another purpose ("Building the documentation": `dune build
    @doc`), one the chosen command runs already, nor one that needs a build directory
    the guide's configure step makes (`cmake --build debug-build`): it does not run as
    written."""
    if aim not in ("build", "test") or pick.task.origin == GUIDE or pick.task.scope:
        return []
    keys = {_tool_key(pick.task.command.split()), *(
        [_tool_key(pick.task.tools[0])] if pick.task.tools else [])}  # `tox`, what it runs
    ran = {normal(r) for r in pick.task.runs}
    made = _made_by(pick.task)
    found: list[Task] = []
    for t in book.tasks:
        if t.origin == GUIDE and t.tools and t.tools[0][0] in made and not t.scope and \
                _main(book, t) == aim and t.key != pick.task.key and \
                not any(f.name == t.name or f.key == t.key for f in found):
            found.append(t)  # `build/uv_run_tests_a TEST_NAME`: a program the build makes
            continue
        built = ci_steps.uses(list(t.tools[0]) if t.tools else [], "")
        if t.origin == GUIDE and not t.scope and t.key not in ran and \
                not (built and not snapshot.has_dir(built)) and \
                not {purpose(w) for w in re.findall(r"[A-Za-z]+", t.name)} - {
                    None, aim, *(("build",) if aim == "test" else ())} and \
                t.key != pick.task.key and f"`{t.command}`" not in pick.task.note and \
                t.tools and (_tool_key(t.tools[0]) in keys or _own_form(
                    book, snapshot, t.tools[0], pick.task) or (
                    aim == "build" and _builds_with(t.tools[0], pick.task))) and \
                _main(book, t) == aim and _allowed(book, t, aim) and \
                _usable(book, snapshot, t) and \
                not any(f.name == t.name or f.key == t.key for f in found):
            found.append(t)
    return found[:1 if aim == "build" else 2]


def _builds_with(words: tuple[str, ...], pick: Task) -> bool:
    """Whether ``words`` build with the chosen build command's program by another of its
    subcommands (helix's book builds `cargo install --path helix-term --locked` beside
    `cargo build`: the tree's own crate, built and put on the PATH)."""
    tool = unwrap(list(words)) or list(words)
    return bool(tool) and tool[:1] == pick.command.split()[:1] and \
        tool_purposes(tool)[:1] == ("build",)


def _own_form(book: TaskBook, snapshot: Snapshot, words: tuple[str, ...], pick: Task
              ) -> bool:
    """Whether ``words`` start the project's own command for the chosen command's tool
    (the alias ``cargo testit`` of .cargo/config.toml beside ``cargo test``)."""
    return bool(_entry(book, snapshot, list(words))) and \
        words[:1] == tuple(pick.command.split()[:1])


def _made_by(task: Task) -> set[str]:
    """The paths, as a guide types them (``build/uv_run_tests_a``, ``./build/x``), of the
    test programs the build makes that ``task`` (``ctest --test-dir build``) runs: a
    guide's command running one of them with its own arguments (one test by its name)
    runs after the build the item names first, though no such file is in the tree."""
    where = ci_steps.uses(task.command.split(), "")
    if task.origin != IMPLIED or not task.needs or not where or where == ".":
        return set()
    programs = [r for r in task.runs if "/" not in r and " " not in r]
    return {f"{lead}{where}/{p}" for p in programs for lead in ("", "./")}


_SCRIPTS = (".sh", ".bash", ".zsh", ".ps1", ".py", ".pl", ".rb", ".bat", ".cmd")
# A script kept for CI alone: in a CI directory or named for CI (`.github/`, `ci/build.sh`,
# `run-ci.sh`)
_FOR_CI = lazy_regex(r"(?:^|/)\.?(?:github|ci|circleci|buildkite)/|(?<![a-z])ci(?![a-z])",
                     re.I)


def ci_script(book: TaskBook, snapshot: Snapshot, pick: Choice, aim: str) -> Task | None:
    """The repository's own script CI tests through (``./tests/tests_all.sh``), when the
    chosen test command is only the ecosystem's convention (``go test ./...``): the
    convention is a guess, the script what the project runs (the databases it starts,
    the dialects it loops over), named beside it, never in its place.  A script is a
    file of the tree run by its path with a script's extension, not a build tool's
    launcher (``./gradlew``), nor one kept for CI alone (under ``.github/`` or ``ci/``,
    or named for CI).  Failing a script, a tool of its own CI runs the whole suite with
    (``prove -lrj4`` beside Dist::Zilla's ``dzil test``) where CI never tests with the
    convention's tool (beside CI's ``cargo test``, ``cargo miri test`` is a variant), named
    by its program, not a path: never one given a file of the tree (``prove -lvr t/pg.t``
    tests one database's file), nor a runner's task."""
    if aim != "test" or pick.task.origin != IMPLIED or pick.task.scope:
        return None
    for task in book.tasks:
        head = task.tools[0][0] if task.origin == CI and task.tools and \
            len(task.tools) == 1 and not task.scope else ""
        name = posixpath.normpath(head)
        if head and "/" in head and name.endswith(_SCRIPTS) and snapshot.has(name) and \
                not _FOR_CI.search(name) and \
                _main(book, task) == aim and _allowed(book, task, aim) and \
                _usable(book, snapshot, task):
            return task
    mine = _tool_key(pick.task.tools[0] if pick.task.tools else pick.task.command.split())
    if any(t.origin == CI and t.tools and _tool_key(t.tools[0]) == mine and
           _main(book, t) == aim for t in book.tasks):
        return None  # CI tests with the convention's tool: its other steps are variants
    for task in book.tasks:  # then a tool of its own CI runs the whole suite with
        words = list(task.tools[0]) if task.origin == CI and task.tools and \
            len(task.tools) == 1 and not task.scope and not task.compound else []
        if words and "/" not in words[0] and _tool_key(words) != mine and \
                not book.called(task.command) and \
                not any(snapshot.has(posixpath.normpath(w)) for w in words[1:]) and \
                _main(book, task) == aim and _allowed(book, task, aim) and \
                _usable(book, snapshot, task):
            return task
    return None


def ci_sources(book: TaskBook, pick: Choice) -> list[str]:
    """The CI files whose steps run the chosen command (or a part of it, or a task that
    calls it): where "CI runs it too" was read."""
    if not pick.ci or pick.task.origin == CI:
        return []
    return list(dict.fromkeys(t.source for t in _ci_runs(book, pick)))


def _ci_runs(book: TaskBook, pick: Choice) -> list[Task]:
    """CI's steps in the chosen command's scope that run it, a part of it, or a task that
    calls it (where "CI runs it too" is read)."""
    return [t for t in book.tasks if t.origin == CI and t.scope == pick.task.scope and
            _agrees(book, pick.task, t)]


def ci_part(book: TaskBook, pick: Choice) -> str:
    """The command CI runs when it runs only a part of the chosen one (swift-case-paths'
    CI runs `make test-swift`, one of the two `make test-all` runs), or "": "CI runs it
    too" would say CI runs all of it."""
    if not pick.ci or pick.task.origin == CI:
        return ""
    parts = []
    # how many commands it runs, of the tasks it calls: one is all of it
    several = len({normal(" ".join(words)) for task in _tasks(book, pick.task)
                   for words in task.tools}) > 1
    for step in _ci_runs(book, pick):
        inner = book.called(step.command, step.scope) or book.running(step)
        if inner is None:  # one of the very commands it runs (`swift test --parallel`)
            if not several:
                return ""  # its only command: all of it
            parts.append(step.command)
            continue
        if inner.key == pick.task.key or pick.task.key in book.calls(inner) or \
                inner.key not in book.calls(pick.task) or \
                {normal(r) for r in pick.task.runs} == {inner.key}:
            return ""  # CI runs all of it (or more) somewhere: `make test` runs only it
        parts.append(inner.command)
    return parts[0] if parts else ""


def ci_switches(book: TaskBook, pick: Choice) -> tuple[str, ...]:
    """The variables CI's run of the chosen command sets to switch more of the tests on
    (``NEXT_JDBC_TEST_MYSQL=yes``), of the run that sets the most: () when none does."""
    if pick.task.origin == CI:
        return pick.task.switches
    if not pick.ci:
        return ()
    found = [t.switches for t in _ci_runs(book, pick) if t.switches]
    return max(found, key=len) if found else ()


def ci_check(book: TaskBook, pick: Choice, aim: str) -> Task | None:
    """CI's step that runs the check form of the chosen format command (`mix format
    --check-formatted` beside `mix format`): a change that skips it fails CI."""
    if aim != "format":
        return None
    mine = pick.task.tools[0] if pick.task.tools else tuple(pick.task.command.split())
    key = _tool_key(mine)
    for task in book.tasks:
        if task.origin != CI or task.scope or not task.tools or len(task.tools) != 1:
            continue
        words = task.tools[0]
        if _tool_key(words) == key and task.command != pick.task.command and \
                "format" in tool_purposes(list(words)) and not writes(list(words)):
            return task  # the same formatter, only checking
    return None


def _tool_key(words: tuple[str, ...] | list[str]) -> str:
    """``go vet`` for ``go vet ./...``, ``staticcheck`` for ``staticcheck ./...``, the tool
    a launcher starts (``ruff`` for ``uv run ruff check``)."""
    tool = unwrap(list(words)) or list(words)
    if not tool:
        return ""
    head = tool_name(tool[0]) if "/" in tool[0] else tool[0]  # the tree's own `./zig/zig`
    return f"{head} {tool[1]}" if head in _WITH_SUBCOMMAND and len(tool) > 1 else head


def _elsewhere(book: TaskBook, task: Task, aim: str, chosen: dict[str, Choice]) -> bool:
    """Whether ``task`` is mainly for a purpose (other than lint for format, or the
    reverse) that another command fills."""
    main = _main(book, task)
    return main in chosen and chosen[main].task.key != task.key and {main, aim} != _FIXES


_FIXES = {"lint", "format"}
# The purposes whose canonical entry beats what CI runs: CI installs, builds and tests
# in its own ways (a matrix, an artifact, a bindings variant) that are not the project's.
_ENTRIES = ("setup", "test", "build")


def _choices(book: TaskBook, usable: list[Task], aim: str, snapshot: Snapshot
             ) -> Iterator[Choice]:
    """For setup, tests and build the canonical entry first (where no runner's task is
    named for it, the project's own entry point CI runs and its guide names before the
    ecosystem's convention); then a runner's task named for ``aim`` (unless CI runs
    something else for it), what CI runs, a runner's task that does it, the guide's, the
    ecosystem's convention, one part of a runner's task: in that order."""
    usable = _for(book, usable, aim)

    def main(origin: str) -> list[Task]:
        return [t for t in usable if t.origin == origin and _main(book, t) == aim and
                _allowed(book, t, aim)]

    ci_main = _plainest_first(main(CI))
    ci_named = [book.task_of(t.command, t.scope) or t for t in ci_main]
    runner = main(RUNNER)
    named = sorted((t for t in runner if book.named(t) == aim), key=lambda t: _rank(book, t, aim))
    if aim in _ENTRIES:  # the plain `test` task, else (none named) the tool's own
        canonical = [t for t in named if _bare(t.name) in _CANONICAL[aim]] or (
            [] if named else [*_inside(main(GUIDE)), *_own_entries(
                book, snapshot, main(GUIDE), ci_main),
                *(_tree_programs(snapshot, main(GUIDE)) if aim != "test" else []),
                *(_ci_calls(book, runner) if aim == "test" else []),
                *(_default_goal(book, runner) if aim == "build" else []),
                *_own_copy(snapshot, [*main(GUIDE), *main(CI)], main(IMPLIED)),
                *(_wrapping(runner, main(IMPLIED)) if aim == "test" else []), *main(IMPLIED)])
        for task in canonical:
            whole = _whole_suite(book, task, ci_named, aim)
            if whole is not None:
                yield Choice(whole, ci=True)
            yield Choice(task, ci=any(_agrees(book, task, c) for c in ci_main))
    if named and ci_main and not any(_agrees(book, named[0], c) for c in ci_main) and not (
            aim == "format" and not _only_checks(book, named[0]) and
            all(_only_checks(book, c) for c in ci_named)):
        yield Choice(ci_named[0], ci=True)  # CI runs something else for it: CI wins
    for task in named:
        yield Choice(task, ci=any(_agrees(book, task, c) for c in ci_main))
    for task in ci_named:
        yield Choice(task, ci=True)
    unnamed = [t for t in runner if not book.named(t)]
    # one whose name says nothing and that does several things (rebar3's `go` alias: fmt,
    # compile, xref, ct) is the slot's only where nothing else does its one thing
    several = [t for t in unnamed if len(set(book.purposes(t))) > 1]
    for task in [*[t for t in unnamed if t not in several], *main(GUIDE), *main(IMPLIED),
                 *several]:
        yield Choice(task, ci=any(_agrees(book, task, c) for c in ci_main))
    if aim == "format":  # CI checks the formatting: the same tool's fixing form formats
        for task in usable:
            fixed = fixing_form(list(task.tools[0])) if task.origin == CI and task.tools else None
            if fixed:
                yield Choice(Task(aim, fixed, (), task.source, aim, IMPLIED, task.scope))
    yield from _parts(book, usable, aim)


def _whole_suite(book: TaskBook, task: Task, ci_named: list[Task], aim: str) -> Task | None:
    """The runner's task CI runs that runs ``task`` among other tasks of the same purpose
    (webmock's default rake task runs `spec`, `spec_http_without_webmock`, `test` and
    `minitest`, and CI runs `bundle exec rake`): the suite is the whole, `test` one part."""
    for caller in ci_named:
        if caller.origin != RUNNER or caller.command == task.command or \
                task.command not in caller.runs:
            continue
        parts = [book.task_of(run, caller.scope) for run in caller.runs]
        if sum(1 for p in parts if p is not None and _main(book, p) == aim) >= 2:
            return caller
    return None


def _own_entries(book: TaskBook, snapshot: Snapshot, told: list[Task], steps: list[Task]
                 ) -> list[Task]:
    """The project's own entry point for a purpose (a cargo alias's task, a `go run` of its
    build program) where both CI and the guide start it: the guide's command whose entry
    CI runs (the guide's `cargo xtask test` beside CI's `cargo xtask test-libs`), then
    CI's command whose entry the guide gives (CI's `go run build.go test`; README.md: run
    `go run build.go`).  It is what the
    project runs, the ecosystem's convention only a guess (docs/design.md, "Commands that
    run"); never one CI alone runs (plumbing: a coverage upload, matrix glue), nor a
    script, a runner's task already."""
    ran = [t.command.split() for t in book.tasks if t.origin == CI and not t.scope]
    found = []
    for task in told:  # the guide's, where CI runs its entry (`cargo xtask test-libs`)
        start = _entry(book, snapshot, task.command.split()).split()
        if start and any(words[:len(start)] == start for words in ran):
            found.append(task)
    # of those, the ones CI runs as written first: the guide's `cargo xtask build` beside
    # its bare `cargo xtask` (which tidies, builds and tests), CI running the first
    found.sort(key=lambda task: task.command.split() not in ran)
    for step in steps:
        entry = _entry(book, snapshot, step.command.split())
        if entry and guides.names(snapshot, entry):
            found.append(step)
    return found


def _tree_programs(snapshot: Snapshot, told: list[Task]) -> list[Task]:
    """The guide's set-up or build commands that start a program the tree holds (KOReader's
    guide builds with `./kodev build`, its own script, where CI runs `make base`, one part
    of it): the project's own entry point as a newcomer is told to start it, never a build tool's
    launcher (`./gradlew`), which runs that tool's tasks (docs/design.md, "Commands that
    run")."""
    return [t for t in told if not t.scope and guides.script(snapshot, t.command.split())]


def _own_copy(snapshot: Snapshot, given: list[Task], implied: list[Task]) -> list[Task]:
    """The ecosystem's convention as the guide or CI runs it through the tree's own copy
    of the tool (TigerBeetle's `./zig/zig build test`, the compiler `zig/download.sh`
    fetches, for `zig build test`): the version the project pins, not whichever one is
    installed."""
    found = []
    for convention in implied:
        words = convention.command.split()
        for task in given:
            own = task.command.split()
            if len(own) == len(words) and "/" in own[0] and own[1:] == words[1:] and \
                    tool_name(own[0]) == words[0] and task not in found:
                fetcher = _fetcher(snapshot, own[0])
                found.append(replace(task, needs=f"./{fetcher}") if fetcher and
                             not task.needs else task)
    return found


def _fetcher(snapshot: Snapshot, head: str) -> str:
    """The script of ``head``'s directory that downloads it there, a POSIX shell's first;
    "" for none.  A program the tree does not track is usable when one does: TigerBeetle's
    `./zig/zig`, which `zig/download.sh` fetches, as its README and CI run it first."""
    where = posixpath.dirname(posixpath.normpath(head))
    found = sorted((p for p in snapshot.paths if where and posixpath.dirname(p) == where and
                    _FETCHER.match(posixpath.basename(p))), key=lambda p: not p.endswith(".sh"))
    return found[0] if found else ""


def _default_goal(book: TaskBook, runner: list[Task]) -> list[Task]:
    """A bare `make`, where its default goal builds (lima's `all: binaries manpages`):
    what the project builds when nothing more is said, the ecosystem's own build command
    only a guess."""
    return [t for t in runner if t.name == "default" and t.command == "make" and
            _main(book, t) == "build" and not any(
                releases(inner.name) for inner in _tasks(book, t))]


def _ci_calls(book: TaskBook, runner: list[Task]) -> list[Task]:
    """A runner's tasks, named for nothing, that only run the tests and that CI calls by
    name, in the order CI calls them: the Composable Architecture's CI runs `make ...
    xcodebuild`, whose recipe is `xcodebuild test`; the project's way to run its tests,
    the ecosystem's `swift test` only a guess."""
    mine = {t.key: t for t in runner if book.purposes(t) == ("test",)}
    found: list[Task] = []
    for step in book.tasks:
        inner = book.task_of(step.command, step.scope) if step.origin == CI else None
        if inner is not None and inner.key in mine and mine[inner.key] not in found:
            found.append(mine[inner.key])
    return found


def _wrapping(runner: list[Task], implied: list[Task]) -> list[Task]:
    """A runner's tasks, named for nothing, every line of which runs the ecosystem's
    convention with options of the project's own (http.zig's `make t`: `zig build test
    -Dtsan=true ...`, then again in blocking mode): the project's way to run it, the bare
    convention only a guess.  The one that runs the most first.  (`zig build example_1`
    runs something else than `zig build`.)  For the tests only: a build's options choose
    what it builds (`cargo build --examples`), a test run's how it runs."""
    starts = [t.command.split() for t in implied]
    found = [t for t in runner if t.tools and not t.compound and all(
        any(list(words[:len(start)]) == start and
            words[len(start):][:1] != () and words[len(start)].startswith("-")
            for start in starts)
        for words in t.tools)]
    return sorted(found, key=lambda t: -len(t.tools))


def _entry(book: TaskBook, snapshot: Snapshot, words: list[str]) -> str:
    """The words that start the project's own program in ``words``: ``go run build.go`` (a
    file or directory of the tree), ``cargo xtask`` (an alias .cargo/config.toml defines);
    "" for any other command.  (A script of the tree is a runner's task already.)"""
    if words[:2] == ["go", "run"] and len(words) > 2 and not words[2].startswith("-") and (
            snapshot.has(posixpath.normpath(words[2])) or
            snapshot.has_dir(posixpath.normpath(words[2]))):
        return " ".join(words[:3])
    if words[:1] == ["cargo"] and len(words) > 1 and any(
            t.origin == RUNNER and t.key == f"cargo {words[1]}" and
            t.source.endswith("config.toml") for t in book.tasks):
        return " ".join(words[:2])
    return ""


def _only_checks(book: TaskBook, task: Task) -> bool:
    """Whether a format task only checks, by its name or its flags (``format-check``,
    ``fmt:check``, ``--check``; what a Makefile's recipe gives its tool is not always
    kept):
    where the runner names a task for formatting beside it, that one formats, and CI's
    check of it does not win the slot (gitsigns.nvim's `make format` beside the
    `make format-check` CI runs)."""
    inner = book.task_of(task.command, task.scope) or task
    words = re.split(r"[-_:.\s]+", f"{inner.name} {task.command}".lower())
    return "check" in words or bool(_CHECK_FLAGS & {w for t in (task, inner)
                                                    for line in t.tools for w in line})


def _inside(tasks: list[Task]) -> list[Task]:
    """The guide's commands that run inside the project's environment (``nix-shell --run
    x``, ``docker compose run app pytest``): where the guide says the suite runs there,
    the build tool's own command outside it is not the entry."""
    return [t for t in tasks if environment(t.command.split()) is not None][:1]


_FORMAT_WORDS = ("format", "fmt", "prettier", "black", "style")


def _rank(book: TaskBook, task: Task, aim: str) -> tuple[bool | int, ...]:
    """Among a runner's tasks named for ``aim``: the canonical name first; for format, one
    that rewrites files first and a formatter's name (`format:fix`) before a fixer's
    (`lint:fix`)."""
    name = _bare(task.name)
    fixes = aim == "format"
    canonical = _CANONICAL[aim]
    return (fixes and not book.writes(task),
            canonical.index(name) if name in canonical else len(canonical),
            name != task.name.lower(),  # a runner's `setup` task before `scripts/setup.sh`
            fixes and not any(w in name for w in _FORMAT_WORDS))


def _for(book: TaskBook, usable: list[Task], aim: str) -> list[Task]:
    """The tasks that may serve ``aim``: for setup, what a test job installs, not a lint
    or docs job's tools."""
    if aim != "setup":
        return usable
    tested = {t.name for t in usable if t.origin == CI and "test" in book.purposes(t)}
    return [t for t in usable if t.origin != CI or t.name in tested]


def _among_others(book: TaskBook, usable: list[Task], aim: str, snapshot: Snapshot
                  ) -> Iterator[Choice]:
    """What CI or the ecosystem runs that does ``aim`` among other things; then a runner's
    task that lints and formats (`tox -e fix`) for the one of the two it is not named for."""
    for task in _for(book, usable, aim):
        if task.origin in (CI, IMPLIED) and aim in book.purposes(task) and \
                _allowed(book, task, aim):
            yield Choice(task, ci=task.origin == CI)
    if aim in _FIXES:
        for task in usable:
            found = book.purposes(task)
            if task.origin == RUNNER and found and found[0] in _FIXES and aim in found and \
                    _allowed(book, task, aim):
                yield Choice(task)


def _plainest_first(steps: list[Task]) -> list[Task]:
    """CI's commands for a purpose, the first job's first; in a job, a command the others
    only add arguments to (``cargo test --workspace`` before ``... --features pcre2``)."""
    jobs: dict[str, int] = {}
    for step in steps:
        jobs.setdefault(step.name, len(jobs))

    def extended(step: Task) -> bool:
        words = step.command.split()
        return any(o is not step and o.name == step.name and
                   o.command.split()[:len(words)] == words for o in steps)

    return sorted(steps, key=lambda s: (jobs[s.name], not extended(s)))


def _main(book: TaskBook, task: Task) -> str:
    found = book.purposes(task)
    return found[0] if found else ""


# Formatters that stand in for one another on the same code: a project that moves from
# one to another keeps one, and its guide may still name the old one.
_FORMATTER_FAMILIES = (
    frozenset(("black", "yapf", "autopep8", "ruff format")),
    frozenset(("prettier", "biome", "dprint", "oxfmt")),
    frozenset(("ormolu", "fourmolu", "stylish-haskell")),
)


def _formatter(words: tuple[str, ...] | list[str]) -> str:
    """``ruff format`` for ``ruff format .``, ``black`` for ``black fsspec``: the formatter
    ``words`` start, as :data:`_FORMATTER_FAMILIES` names it, or ""."""
    inner = unwrap(list(words)) or list(words)
    if inner[:2] == ["ruff", "format"]:
        return "ruff format"  # `ruff check` lints: the subcommand says which tool it is
    return inner[0] if inner else ""


def _replaced_formatter(book: TaskBook, task: Task) -> bool:
    """Whether the guide's format command starts a formatter the tree's hooks, tasks and CI
    never run while they run another of its family (fsspec's README: "Run `black fsspec`",
    while its pre-commit config runs ruff format, which replaced Black): the guide went
    stale when the project moved (docs/design.md, "Commands that run")."""
    mine = {_formatter(words) for words in task.tools or (tuple(task.command.split()),)}
    family = next((f for f in _FORMATTER_FAMILIES if mine & f), None)
    if family is None:
        return False
    run = {_formatter(words) for t in book.tasks if t.origin in (RUNNER, CI)
           for words in t.tools} & family
    return bool(run) and not run & mine


def _allowed(book: TaskBook, task: Task, aim: str) -> bool:
    """Never a watcher nor a release; for setup, tests and build never what CI runs through
    a cross-compiler's wrapper; for tests, never a docs, release or benchmark task or
    job; a docs job's steps name the docs command only (its configure step builds no
    code); for format, only a command that rewrites files."""
    inner = _tasks(book, task)
    if any(t.watch or any(releasing(list(words)) for words in t.tools) for t in inner):
        return False
    if task.origin == CI and aim in _ENTRIES and any(
            words[:1] and words[0] in _CROSS for words in task.tools):
        return False  # a port (`emcmake cmake ...`) or an analyser's build, not the project's
    if aim in _ENTRIES and _ported(book, inner):
        return False
    if aim == "format":  # the repository's own format task stands, even if it only checks
        if task.origin == CI and any(files_only(words) for words in task.tools):
            return False  # `nix fmt all-maintainers.nix`: a step tidying what it generated
        if task.origin == GUIDE and _replaced_formatter(book, task):
            return False
        return book.writes(task) or (task.origin == RUNNER and book.named(task) == aim) or \
            _checked_in_ci(book, task)
    if aim == "setup":  # and a runner's task none of whose lines names a tool is unread
        return not any(_onto_the_system(words) for t in inner for words in t.tools) and (
            task.origin != RUNNER or any(t.tools for t in inner))
    if aim == "docs":
        return not (task.origin == CI and releases(task.name))
    if aim == "build":  # a release job's steps build what it ships (lima's `make
        return not (task.origin == CI and docs_job(task.name)) and not releases(
            f"{task.name} {task.command}")  # artifacts-linux`), not what one works on
    if aim == "test" and any(_runs_no_test(words) or _removed(words)
                             for t in inner for words in t.tools):
        return False
    return not ((aim == "test" and book.released(task)) or
                (ci_steps.never_tests(task) and task.origin == CI))


# Flags that make a formatter only check: the form CI runs with one of them, without it, is
# the one that rewrites (the guide's `cargo xtask fmt`, CI's `cargo xtask fmt --check`).
_CHECK_FLAGS = frozenset(("--check", "--dry-run", "--diff", "--verify", "-check", "--ci"))


def _checked_in_ci(book: TaskBook, task: Task) -> bool:
    """Whether CI runs ``task``'s command with a check flag added: then it formats."""
    if task.origin == CI or not task.tools:
        return False
    words = list(task.tools[0])
    return not _CHECK_FLAGS & set(words) and any(
        t.origin == CI and t.scope == task.scope and
        [w for w in step if w not in _CHECK_FLAGS] == words and _CHECK_FLAGS & set(step)
        for t in book.tasks for step in t.tools)


# flags with which a test tool lists, collects or compiles the tests and runs none of them
_NO_TEST_RUN = frozenset(("--no-run", "--collect-only", "--co", "--list", "--list-tests",
                          "--listTests", "--dry-run"))


def _runs_no_test(words: tuple[str, ...]) -> bool:
    """``cargo test --no-run`` (typst's CI compiles first), ``pytest --collect-only``:
    a step before the tests, never the way they are run."""
    return any(w.split("=", 1)[0] in _NO_TEST_RUN for w in words[1:])


def _removed(words: tuple[str, ...]) -> bool:
    """A command its tool no longer has: setuptools 72 took out ``setup.py test`` (Celery's
    `make test` still runs it, fresh28)."""
    at = next((n for n, w in enumerate(words) if w.endswith("setup.py")), -1)
    return at >= 0 and words[at + 1:at + 2] == ("test",)


# Wrappers that build, test or install for another platform (Emscripten's WebAssembly)
_CROSS = frozenset(("emcmake", "emmake", "emconfigure", "emrun",
                    # a build run under an analyser, to be analysed (qBittorrent's Coverity
                    # job: `cov-build --dir cov-int cmake --build build`, fresh28)
                    "cov-build", "scan-build", "intercept-build", "bear", "infer"))
_SYSTEM_DIRS = ("$(DESTDIR", "${DESTDIR", "$DESTDIR", "$(PREFIX", "${PREFIX", "$PREFIX",
                "$(prefix", "${prefix", "$(bindir", "${bindir", "/usr/", "/opt/")


# A build tool's own command that installs what it built (the project's libraries and
# programs into the prefix, the opam switch, GOBIN, ~/.cargo/bin), by its words.
_OWN_INSTALLS = (("dune", "install"), ("cmake", "--install"), ("meson", "install"),
                 ("ninja", "install"))
_LOCAL = lazy_regex(r"^\.{1,2}(?:/[\w./-]*)?$")


def _target(words: tuple[str, ...]) -> str:
    """The platform a command builds or runs for, named by its flag (``cargo build
    --target=x86_64-apple-darwin``, ``zig build -Dtarget=aarch64-linux``); "" for none."""
    for at, word in enumerate(words[1:], 1):
        flag, equals, value = word.partition("=")
        if flag in ("--target", "-Dtarget"):
            return value if equals else (words[at + 1] if at + 1 < len(words) else "")
    return ""


def _ported(book: TaskBook, tasks: list[Task]) -> bool:
    """Whether every line ``tasks`` run builds for a named platform where the tasks of the
    tree name more than one (gitui's Makefile: macOS on Intel, musl, two ARM targets):
    one port among several, never the everyday build, test or set-up.  Where every build
    names the one target (firmware's `--target=thumbv7em-none-eabihf`), it is the
    project's own."""
    lines = [words for t in tasks for words in t.tools]
    if not lines or not all(_target(words) for words in lines):
        return False
    named = {found for t in book.tasks if t.origin == RUNNER for words in t.tools
             if (found := _target(words))}
    return len(named) > 1


def _onto_the_system(words: tuple[str, ...]) -> bool:
    """A command that installs the built program for the machine (``install -Dm755 x
    $(DESTDIR)$(bindir)/x``, a copy under a prefix, the build tool's own install of what
    it built: ``dune install``, ``cmake --install build``, ``go install`` of the module's
    own packages, ``cargo install --path .``): how a user or packager installs it, never
    how a developer sets the repository up.  What installs the dependencies (``cabal
    install --only-dependencies``, a tool ``go install x@v1`` pins) is not so."""
    if not words:
        return False
    bare = [w for w in words[1:] if not w.startswith("-")]
    flags = [w for w in words[1:] if w.startswith("-")]
    if words[1:2] == ("install",) and words[0] in ("go", "stack", "cabal"):
        return all(_LOCAL.match(w) for w in bare[1:]) and not any(
            "dependencies" in f or "deps" in f or f == "--lib" for f in flags)
    if words[:2] == ("cargo", "install"):
        return "--path" in flags
    if any(words[0] == tool and verb in words[1:] for tool, verb in _OWN_INSTALLS):
        return not any("dependencies" in f or "deps" in f for f in flags)
    return words[0] == "install" or any(word.startswith(_SYSTEM_DIRS) for word in words[1:])


def _tasks(book: TaskBook, task: Task) -> list[Task]:
    called = book.calls(task)
    return [task, *[t for t in book.tasks if t.key in called and t.origin == RUNNER and
                    t.scope == task.scope]]


def _agrees(book: TaskBook, runner: Task, step: Task) -> bool:
    """CI runs ``runner``, a task it calls, a task that calls it, or one of the very
    commands it runs (``make test`` runs ``go test ./...``, which CI runs itself)."""
    if runner.key == step.key:
        return True
    inner = book.called(step.command, step.scope) or book.running(step)
    if inner is not None and (runner.key in book.calls(inner) or inner.key in book.calls(runner)):
        return True
    if inner is not None and (book.calls(runner) - {runner.key}) & (
            book.calls(inner) - {inner.key}):
        return True  # both run the same task (`make lint` and a hook running `make lint-x`)
    ran = {normal(" ".join(words)) for task in _tasks(book, runner) for words in task.tools}
    return any(normal(" ".join(words)) in ran for words in step.tools)


_NEEDS = (("pre-commit", (".pre-commit-config.yaml", ".pre-commit-config.yml")),
          ("nox", ("noxfile.py",)), ("eslint", ("eslint.config.js", "eslint.config.mjs",
                                                "eslint.config.cjs", "eslint.config.ts",
                                                ".eslintrc", ".eslintrc.js", ".eslintrc.cjs",
                                                ".eslintrc.json", ".eslintrc.yml",
                                                ".eslintrc.yaml")),
          ("biome", ("biome.json", "biome.jsonc")), ("./gradlew", ("gradlew",)),
          ("./mvnw", ("mvnw",)), ("./mill", ("mill",)),
          ("make", (*runners.MAKEFILES, "configure.ac", "Makefile.am", "Makefile.in")),
          ("just", runners.JUSTFILES),
          ("task", runners.TASKFILES), ("rake", ("Rakefile", "rakefile", "Rakefile.rb")))
_CALLS = lazy_regex(r"^(?:make|just|task|nox -s|tox -e|(?:npm|pnpm|yarn|bun) run|poe|"
                    r"hatch run|pdm run|(?:bundle exec )?rake)\b")


# Where a package manager installs the tools a project depends on: never in the tree.
_INSTALLED = lazy_regex(r"(?:^|/)(?:vendor/bin|node_modules/\.bin)/")


# A script that fetches a program: `download.sh`, `download.ps1`, `fetch.sh`, `get.sh`
_FETCHER = lazy_regex(r"^(?:download|fetch|get|install)(?:[-_.]\w+)*\.(?:sh|ps1|bat|cmd)$")


def _usable(book: TaskBook, snapshot: Snapshot, task: Task) -> bool:
    """A task whose tool has what it needs in this tree: its config file, the task it
    calls, the script it names."""
    if task.origin == RUNNER:
        return True
    words = task.command.split()
    if _another_package(words):
        return False  # `cargo clippy --manifest-path fuzz/Cargo.toml`: the fuzz crate's
    at = ""  # the directory the step changes into first: what it needs is there
    if task.command.startswith("cd "):
        if not snapshot.has_dir(words[1]):
            return False  # a directory an earlier step made (an unpacked release)
        at = posixpath.normpath(words[1]).strip("/")
        words = task.command.split("&&", 1)[1].split()
    head = words[0] if words else ""
    tool = (unwrap(list(task.tools[0])) or [head])[0] if task.tools and task.tools[0] \
        else head
    if tool in ("bazel", "bazelisk") and task.origin == IMPLIED:
        return True  # its workspace file is what made it
    if words[:2] == ["make", "-C"] and len(words) > 2:  # a Makefile of its own directory
        return any(snapshot.has(f"{words[2]}/{m}") for m in runners.MAKEFILES)
    for name, files in _NEEDS:
        if tool == name and not any(snapshot.has(posixpath.join(at, f)) for f in files) and not (
                name == "eslint" and "eslintConfig" in (snapshot.text("package.json") or "")):
            return False
    if at and tool in ("make", "just", "task", "rake") and \
            book.called(" ".join(words), at) is None:
        return True  # `cd test && make test`: a runner file of its own directory, unread
    if tool == "tox" and not has_tox(snapshot):
        return False
    if tool == "zig" and zig_undeclared(snapshot, words):
        return False  # an option build.zig does not declare: zig stops on it
    generated = tool == "make" and not any(snapshot.has(m) for m in runners.MAKEFILES)
    if tool == "tox" and words[1:2] == ["-e"] and len(words) > 2 and \
            is_python_env(words[2]):
        return True  # tox makes a Python env (`py`, `py312`, `3.13`) from its base env
    if _CALLS.match(" ".join(words)) and len(words) > 1 and task.origin != IMPLIED and \
            not generated:
        return book.called(" ".join(words), task.scope) is not None or words[:2] in (
            ["npm", "test"], ["rake"])
    if "/" in head and not head.startswith("-"):
        return snapshot.has(posixpath.normpath(head)) or head.startswith("$") or \
            _INSTALLED.search(head) is not None or bool(_fetcher(snapshot, head))
    program = _program_file(words)
    return not program or snapshot.has(posixpath.normpath(program))


# A runtime given a program file: `java -jar X.jar`, `node X.js`, `python X.py`.
_RUNTIMES = {"java": ".jar", "node": ".js", "python": ".py", "python3": ".py", "ruby": ".rb",
             "bash": ".sh", "sh": ".sh", "perl": ".pl", "php": ".php", "deno": ".ts"}


def _program_file(words: list[str]) -> str:
    """The program file a runtime is given in ``words`` (``./tools.jar`` of ``java -jar
    ./tools.jar verify``), "" for none: one the tree lacks was made by an earlier step of
    CI's (downloaded, built) and runs only there."""
    ext = _RUNTIMES.get(words[0]) if words else None
    if ext is None:
        return ""
    for word in words[1:]:
        if word.startswith("-"):
            continue
        return word if word.endswith(ext) and not word.startswith(("$", "/", "~")) else ""
    return ""


def runnable(book: TaskBook, snapshot: Snapshot, task: Task) -> bool:
    """Whether ``task``'s tool has what it needs in this tree (:func:`_usable`)."""
    return _usable(book, snapshot, task)


def _another_package(words: list[str]) -> bool:
    """A command pointed at a manifest below the top (``--manifest-path fuzz/Cargo.toml``)
    runs on that package, not on the project."""
    for n, word in enumerate(words):
        given = word.split("=", 1)[1] if word.startswith("--manifest-path=") else \
            words[n + 1] if word == "--manifest-path" and n + 1 < len(words) else ""
        if "/" in posixpath.normpath(given).strip("/"):
            return True
    return False


def _parts(book: TaskBook, usable: list[Task], aim: str) -> Iterator[Choice]:
    """A purpose nothing is named for, served by one part of a runner task (``xo`` inside
    ``npm test``): that part, as a command of its own; a fixing form before a check."""
    found: list[Choice] = []
    for task in usable:
        if task.origin != RUNNER or task.source in runners.PRE_COMMIT:
            continue  # a hook's tool runs in pre-commit's own environment, not as a command
        for words in task.tools:
            if tool_purposes(list(words)) != (aim,) or book.called(
                    " ".join(words), task.scope) is not None or words in task.loose:
                continue  # not its purpose's, another task, or not runnable alone as shown
            command = shellwords.shown(list(words))
            if task.source.endswith("package.json") and words[0] not in (
                    "npm", "pnpm", "yarn", "bun", "node", "npx"):
                command = f"npx {command}"
            found.append(Choice(Task(aim, command, (), task.source, aim, RUNNER, task.scope),
                                part=task.command))
    yield from (c for c in found if aim != "format" or book.writes(c.task))
