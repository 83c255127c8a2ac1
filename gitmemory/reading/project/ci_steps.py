"""What CI runs: the steps of GitHub Actions jobs (``run:`` lines and the few actions that
stand for a command), GitLab's ``script:`` lines and Azure Pipelines' script steps.

A step's command is named exactly or not at all: ``${{ env.X }}`` is replaced by the
workflow's literal value, a single-valued ``matrix`` key likewise; any other template
text refuses the line (:func:`gitmemory.reading.project.shellwords.commands`).  A step
keeps its job's name, so a job that builds docs or publishes a release never gives
the test command.  A step that needs one before it is named with it or not at all:
``cmake --build out`` carries the job's ``cmake -S . -B out`` (refused when that step
was not nameable); a step that skips what an earlier step did (``--no-restore``,
``tox --installpkg dist/*.whl``) or reads what it built (``twine check dist/*``) is
refused, and so is a glob of a step that sets how its shell expands words (``shopt -s
globstar``): in another shell it means something else.  A step run by cmd or
PowerShell (its ``shell:``, or its job's or workflow's ``defaults``) continues a line
as that shell does (``^``, a backtick).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import shellwords
from gitmemory.reading.project.purposes import docs_job, not_for_tests, purpose, releases
from gitmemory.reading.project.snapshot import Snapshot, strings, table
from gitmemory.reading.project.task import CI, Task
from gitmemory.reading.project.tool_roles import KNOWN_TOOLS, policy, query, tool_purposes

WORKFLOWS = ".github/workflows/"


def is_workflow(path: str) -> bool:
    """Whether ``path`` is a GitHub Actions workflow: a YAML file of ``.github/workflows/``."""
    return path.startswith(WORKFLOWS) and path.endswith((".yml", ".yaml"))


def workflows(snapshot: Snapshot) -> list[str]:
    """The GitHub Actions workflows the snapshot read, in name order."""
    return sorted(p for p in snapshot.texts if is_workflow(p))

def shared_tests(snapshot: Snapshot) -> tuple[str, str, str] | None:
    """(workflow, the shared workflow it calls, the arguments it passes) for a job that runs
    the tests through another repository's reusable workflow named for them, given the
    test command's arguments as an input (async-http-client's `uses:
    apple/swift-nio/.github/workflows/unit_tests.yml@main` with `linux_6_2_arguments_override:
    "--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors"`,
    fresh34): the command is that workflow's, the arguments are the tree's.  The first
    such job's most given arguments; None when there is none."""
    for path in workflows(snapshot):
        doc = snapshot.yaml(path)
        jobs = doc.get("jobs") if isinstance(doc, dict) else None
        for job in jobs.values() if isinstance(jobs, dict) else []:
            uses = str(job.get("uses") or "") if isinstance(job, dict) else ""
            called = uses.split("@", 1)[0]
            if called.startswith("./") or not _SHARED_TESTS.search(called.rsplit("/", 1)[-1]):
                continue
            given = job.get("with") if isinstance(job.get("with"), dict) else {}
            args = [" ".join(str(v).split()) for k, v in given.items()
                    if _ARGUMENTS_INPUT.search(str(k)) and isinstance(v, str) and
                    v.strip() and "${{" not in v]
            if args:
                most = max(args, key=lambda a: (args.count(a), -args.index(a)))
                return path, called, most
    return None


# a reusable workflow named for running the tests (`unit_tests.yml`, `tests.yaml`)
_SHARED_TESTS = lazy_regex(r"^(?:unit[-_]?)?tests?\.ya?ml$", re.I)
# an input that passes the test command's arguments (`linux_6_0_arguments_override`)
_ARGUMENTS_INPUT = lazy_regex(r"(?:^|_|-)(?:arguments|args|flags)(?:$|_|-)", re.I)

_CASE_LABEL = lazy_regex(r"^\s*[^\s()]+\)\s*(?:;;)?\s*$|^\s*;;\s*$")
PIPELINE = 120  # characters: a `find ... | xargs tool` line is named whole, or not at all
# Actions that stand for a command: (action, command, the ``with:`` key of its arguments,
# what the action passes when that key is not given).  ruff's actions run ``ruff <args>``:
# ``check`` is only the default of ``args``.
_ACTIONS = (("golangci/golangci-lint-action", "golangci-lint run", "", ""),
            ("pre-commit/action", "pre-commit run --all-files", "", ""),
            ("astral-sh/ruff-action", "ruff", "args", "check"),
            ("chartboost/ruff-action", "ruff", "args", "check"),
            ("actions-rs/clippy-check", "cargo clippy", "args", ""),
            ("actions-rust-lang/rustfmt", "cargo fmt --all --check", "", ""),
            ("gradle/gradle-build-action", "./gradlew", "arguments", ""))


def steps(snapshot: Snapshot) -> list[Task]:
    """One task per command CI runs, in workflow order, each command once per job."""
    out: dict[str, Task] = {}
    # a workflow run only for changes in some directories checks that part of the tree:
    # what runs on every change comes first
    for path in sorted(snapshot.texts, key=lambda p: (_partial(p, snapshot), p)):
        if is_workflow(path):
            found = _github(path, snapshot.yaml(path), snapshot.text(path) or "")
        elif path == ".gitlab-ci.yml":
            found = _gitlab(path, snapshot.yaml(path))
        elif path in APPVEYOR:
            found = _appveyor(path, snapshot.yaml(path))
        elif azure_file(path) and azure_entry(snapshot.yaml(path), path):
            found = _azure(path, snapshot.yaml(path), snapshot)
        else:
            continue
        for task in found:
            if task.command not in out or (never_tests(out[task.command]) and \
                    not never_tests(task)):
                out[task.command] = task
            elif len(task.switches) > len(out[task.command].switches):
                # the run that switches on the most (`Run All Tests`, of two runs)
                out[task.command] = replace(out[task.command], switches=task.switches)
    return list(out.values())


def _partial(path: str, snapshot: Snapshot) -> bool:
    """Whether the GitHub workflow at ``path`` runs only when files under some directories
    change (starship's install-script.yml: ``paths: ["install/**"]`` on every trigger):
    each trigger is filtered by ``paths``, each a directory's (a file at the top, the
    manifest, or a glob over the whole tree is the project's; the workflows' own
    directory says nothing)."""
    if not is_workflow(path):
        return False
    doc = snapshot.yaml(path)
    on = doc.get("on", doc.get(True)) if isinstance(doc, dict) else None  # YAML 1.1: on
    if not isinstance(on, dict) or not on:
        return False
    for event in on.values():
        given = event.get("paths") if isinstance(event, dict) else None
        patterns = [str(p).removeprefix("./") for p in given or [] if not str(p).startswith("!")]
        patterns = [p for p in patterns if not p.startswith(".github/")]
        if not patterns or any("/" not in p or p.startswith("*") for p in patterns):
            return False
    return True


def _github(path: str, doc: Any, raw: str = "") -> list[Task]:
    if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), dict):
        return []
    workflow = posixpath.basename(path).rsplit(".", 1)[0]
    out: list[Task] = []
    for job_id, job in doc["jobs"].items():
        if not isinstance(job, dict):
            continue
        name = f"{workflow} {job_id} {job.get('name') or ''}".strip()
        env = {**_literal(doc.get("env")), **_literal(job.get("env")), **_matrix(job)}
        shell = str(table(job, "defaults", "run").get("shell") or
                    table(doc, "defaults", "run").get("shell") or "")
        # where the job's run steps run unless a step names its own directory
        where = str(table(job, "defaults", "run").get("working-directory") or
                    table(doc, "defaults", "run").get("working-directory") or "")
        steps = [step for step in job.get("steps") or [] if isinstance(step, dict)]
        named = _script_job(steps, job.get("name") or job_id)
        found = [t for step in steps
                 for t in _switched(_step(step, name, path, env, shell, where=where,
                                          tops=_tops(steps), job_label=named), step, raw)]
        out += with_their_steps(_after_installing(found) if docs_job(name) else found)
    return out


# Flags that skip what an earlier step of the job did: the line does not run alone.
_SKIPS = frozenset({"--no-restore", "--no-build", "--skip-pkg-install", "--installpkg",
                    "--no-prepare"})
# What a packaging build writes (`dist/*`, a wheel, a gem): a line given it reads what an
# earlier step of the job built (`twine check dist/*` after `python -m build`).
_BUILT = lazy_regex(r"^(?:\./)?dist/|\.(?:whl|nupkg|gem|crate|tgz|tar\.gz)$")
# A step that sets how its shell expands words: its globs mean something else elsewhere.
_SHELL_GLOBS = lazy_regex(r"\bshopt\s+-s\b[^\n]*\b(?:globstar|extglob)\b")
_GLOB = lazy_regex(r"[*?\[]")


def with_their_steps(tasks: list[Task]) -> list[Task]:
    """A job's tasks, each build-directory step carrying the configure (and build) steps
    before it that made the directory (``cmake -S . -B out && cmake --build out``); a
    step whose directory no nameable step made, or that skips an earlier step, goes."""
    made: dict[str, str] = {}
    out: list[Task] = []
    for task in tasks:
        words = list(task.tools[0]) if task.tools else task.command.split()
        if _SKIPS & set(words) or any(w.startswith("--installpkg") or _BUILT.search(w)
                                      for w in words[1:]):
            continue
        where = task.command[3:].split(" && ", 1)[0] if task.command.startswith("cd ") else ""
        configured, used = _configures(words, where), uses(words, where)
        if configured:
            made[configured] = task.command
            out.append(task)
        elif used:
            if used not in made:
                continue  # `cmake --build build` lifted without the step that made build/
            command = f"{made[used]} && {task.command}"
            if task.command.startswith(("cmake --build", "meson compile", "ninja")):
                made[used] = command
            out.append(replace(task, command=command))
        else:
            out.append(task)
    return out


def _after_installing(tasks: list[Task]) -> list[Task]:
    """A docs job's steps, the docs command in a directory of its own carrying the install
    step before it there (``cd doc/_build && composer install && php build.php``): the
    docs tools are that directory's dependencies."""
    installed: dict[str, str] = {}
    out: list[Task] = []
    for task in tasks:
        where, _, command = task.command.removeprefix("cd ").partition(" && ")
        if not task.command.startswith("cd ") or not command:
            out.append(task)
        elif task.tools and "setup" in tool_purposes(list(task.tools[0])):
            installed[where] = command
            out.append(task)
        elif task.purpose == "docs" and where in installed:
            out.append(replace(task, command=f"cd {where} && {installed[where]} && {command}"))
        else:
            out.append(task)
    return out


def _configures(words: list[str], where: str) -> str:
    """The build directory a configure step makes (``cmake -B out``, ``meson setup out``)."""
    if words[:1] == ["cmake"] and "--build" not in words and "-E" not in words:
        given = next((words[i + 1] for i, w in enumerate(words[:-1]) if w == "-B"), "") or \
            next((w[2:] for w in words if w.startswith("-B") and len(w) > 2), "")
        return posixpath.normpath(given) if given else where if ".." in words else ""
    if words[:2] == ["meson", "setup"] and len(words) > 2:
        return posixpath.normpath(next((w for w in words[2:] if not w.startswith("-")), ""))
    return ""


def uses(words: list[str], where: str) -> str:
    """The build directory a step needs made before it (``cmake --build out``, ``ctest``
    in ``out/``, ``meson test -C out``)."""
    if words[:2] == ["cmake", "--build"] and len(words) > 2:
        return posixpath.normpath(words[2])
    if words[:1] == ["ctest"]:
        given = next((words[i + 1] for i, w in enumerate(words[:-1]) if w == "--test-dir"), "")
        return posixpath.normpath(given) if given else where
    if words[:1] in (["meson"], ["ninja"]) and "-C" in words[:-1]:
        return posixpath.normpath(words[words.index("-C") + 1])
    return ""


def _tops(steps: list[dict[str, Any]]) -> frozenset[str]:
    """The ways a job's steps name the top of the tree: where its checkout put it (the
    checkout's ``path:``, else the workspace)."""
    out = set()
    for step in steps:
        if str(step.get("uses") or "").startswith("actions/checkout"):
            given = str(table(step, "with").get("path") or "")
            out |= {_spaced(given)} if given else {"${{ github.workspace }}"}
    return frozenset(out)


def _spaced(text: str) -> str:
    """A directory as written, its spaces and a trailing slash aside."""
    return " ".join(text.replace("${{", "${{ ").replace("}}", " }}").split()).rstrip("/")


def _script_job(steps: list[dict[str, Any]], name: Any) -> str:
    """The purpose a job's own name gives (``name: Clippy``, or its id) to the one step of
    the job that has no name and runs a script of the tree by its path (``run:
    ./admin/clippy -- --deny warnings``): nothing else says what that script is for, and
    the job was named for it.  "" when the job runs two such steps: which is which is
    not said."""
    unnamed = [s for s in steps if "name" not in s and isinstance(s.get("run"), str) and
               _BY_PATH.match(s["run"].strip())]
    return _label(str(name)) if len(unnamed) == 1 else ""


# A command that starts with a script of the tree run by its path (`./admin/clippy`,
# `scripts/lint.sh`), not a variable's (`$HOME/x`), nor an absolute path.
_BY_PATH = lazy_regex(r"^(?:\./)?[\w.-]+/[\w./-]*[\w-](?:\s|$)")


def _step(step: dict[str, Any], job: str, path: str, env: dict[str, str],
          shell: str = "", *, where: str = "", tops: frozenset[str] = frozenset(),
          job_label: str = "") -> list[Task]:
    """A step's tasks; ``where`` is the directory its job or workflow runs its run steps in
    (``defaults.run.working-directory``).  A step with no name of its own that runs a
    script by its path takes ``job_label``, the purpose its job's name gives
    (:func:`_script_job`).  A run step in a directory named by template text
    (``${{ matrix.package }}``, a package a time) runs in no directory the reading can name:
    it is no command, from the top or anywhere; one that names where the job's checkout
    put the tree (``tops``) is the top."""
    env = {**env, **_literal(step.get("env"))}
    directory = str(step.get("working-directory") or "").strip("./")
    run = step.get("run")
    if isinstance(run, str):
        place = str(step.get("working-directory") or where)
        if _spaced(place) in tops:
            place = ""  # where the checkout put the tree: its top
        if _TEMPLATE_DIR.search(place):
            return []
        directory = place.strip("./")
        lines = _called(_continued(run.splitlines(), str(step.get("shell") or shell)),
                        str(step.get("shell") or shell))
        if _CACHE_MISS.search(str(step.get("if") or "")):
            return []  # it fills a cache (Dialyzer's PLTs): what the next step checks with
        found = list(tasks_of(lines, job, path, env, directory))
        if _VARIANT.search(str(step.get("if") or "")) and found and all(
                t.tools and "setup" in tool_purposes(list(t.tools[0])) for t in found):
            return []  # `npm install` only where `matrix.ci == 'ciJS'`: that variant's

        if _SHELL_GLOBS.search(run):  # `**/*.t` under `shopt -s globstar`
            found = [t for t in found if not any(_GLOB.search(w) for w in t.tools[0][1:])]
        label = _label(step.get("name"), job)
        if "name" not in step and job_label and len(found) == 1 and found[0].tools and \
                _BY_PATH.match(found[0].command):
            label = job_label
        if isinstance(step.get("name"), str) and len(found) == 1 and "${{" not in step["name"]:
            found = [replace(found[0], doc=" ".join(step["name"].split()))]
        if label and len(found) == 1 and found[0].tools and \
                not tool_purposes(list(found[0].tools[0])) and not prepares(found[0].tools[0]) \
                and not policy(list(found[0].tools[0])) and not query(list(found[0].tools[0])):
            # (a step that prints a version, `php ./x.phar --version`, checks it runs: no
            # test, whatever its step is named)
            if directory and label == "docs":  # from the top: `cd doc/_build && php build.php`
                found = list(tasks_of(lines, job, path, env, start=directory))
            return [replace(found[0], purpose=label)]
        if directory and docs_job(job) and found and all(
                t.tools and "setup" in tool_purposes(list(t.tools[0])) for t in found):
            return list(tasks_of(lines, job, path, env, start=directory))  # the docs build's
        return found
    uses = str(step.get("uses") or "").split("@")[0]
    given = table(step, "with")
    for action, command, key, default in _ACTIONS:
        if uses == action:
            extra = str(given.get(key) or default) if key else ""
            line = f"{command} {extra}".strip()
            return list(tasks_of([line], job, path, env, directory)) if line != "./gradlew" else []
    if uses == "actions-rs/cargo" and isinstance(given.get("command"), str):
        line = f"cargo {given['command']} {given.get('args') or ''}".strip()
        return list(tasks_of([line], job, path, env, directory))
    return _tool_arguments(given, job, path, env, directory)


# A variable named for the tests (`NEXT_JDBC_TEST_MYSQL`, `RUN_INTEGRATION_TESTS`), and a
# value that switches something on.
_TEST_VARIABLE = lazy_regex(r"TEST|INTEGRATION|E2E", re.I)
_ON = frozenset(("yes", "true", "on", "1", "y"))


def _switched(found: list[Task], step: dict[str, Any], raw: str) -> list[Task]:
    """A run step's one task with the variables its own ``env:`` sets to switch tests on
    (``NEXT_JDBC_TEST_MYSQL: yes`` before ``clojure -X:test``: the suite against MySQL),
    each as the workflow writes its value (YAML reads ``yes`` as true)."""
    env = step.get("env")
    if len(found) != 1 or not isinstance(env, dict) or not isinstance(step.get("run"), str):
        return found
    said = []
    for name, value in env.items():
        if not isinstance(name, str) or not _TEST_VARIABLE.search(name) or \
                not isinstance(value, (str, int)) or str(value).lower() not in _ON:
            continue
        written = re.search(rf"^\s*{re.escape(name)}\s*:\s*(['\"]?)([^\s'\"#]+)\1\s*(?:#.*)?$",
                            raw, re.M)
        if written and written.group(2).lower() in _ON:
            said.append(f"{name}={written.group(2)}")
    return [replace(found[0], switches=tuple(said))] if said else found


# A step's condition that one entry of its job's matrix meets (`matrix.ci == 'ciJS'`):
# what it installs serves that variant (a JavaScript target of a Scala build), never the
# project's setup.
_VARIANT = lazy_regex(r"\bmatrix\.[\w-]+\s*==\s*['\"]")
# A step run only when a cache missed (`if: steps.plt-cache.outputs.cache-hit != 'true'`)
_CACHE_MISS = lazy_regex(r"\bcache-hit\b")


# A directory named by template text: a matrix value, an expression, a variable.
_TEMPLATE_DIR = lazy_regex(r"\$\{\{|\$\(|\$\{?\w")


# The mark that continues a line in the shells a step may name (a POSIX shell's `\\`
# is read by shellwords.join_lines): cmd's `^`, PowerShell's backtick.
_CONTINUES = {"cmd": "^", "pwsh": "`", "powershell": "`"}


def _continued(lines: list[str], shell: str) -> list[str]:
    """A step's lines, those its shell continues (cmd's ``busted ^``, PowerShell's
    trailing backtick) joined to the next: one command, never ``busted '^'``."""
    words = shell.lower().split(maxsplit=1)
    mark = _CONTINUES.get(words[0] if words else "")
    if mark is None:
        return lines
    out: list[str] = []
    pending = ""
    for line in lines:
        if line.rstrip().endswith(mark):
            pending += line.rstrip()[:-1] + " "
            continue
        out.append(pending + line)
        pending = ""
    return [*out, pending] if pending else out


# PowerShell's call operator before the script it runs (`& ./scripts/test.ps1 -X "$env:Y"`)
_CALL = lazy_regex(r"^(\s*)&\s+(?=[\w./\\'\"$])")
_ENV_READ = lazy_regex(r"\$env:(\w+)", re.I)


def _called(lines: list[str], shell: str) -> list[str]:
    """A PowerShell step's lines with the call operator that starts one taken off: MimeKit
    runs its tests as `& ./scripts/test.ps1 -Configuration "$env:BUILD_CONFIGURATION"`
    (fresh34, read after its blind run), which read as no command, and the AOT check's
    script stood as the tests.  `$env:NAME` reads the variable NAME, as `${NAME}` does in
    a POSIX shell, and is read as that."""
    words = shell.lower().split(maxsplit=1)
    if (words[0] if words else "") not in ("pwsh", "powershell"):
        return lines
    return [_ENV_READ.sub(r"${\1}", _CALL.sub(r"\1", line, count=1)) for line in lines]


_ARGS_INPUT = lazy_regex(r"^([a-z][\w.-]*?)[-_]args$")


def _tool_arguments(given: dict[str, Any], job: str, path: str, env: dict[str, str],
                    directory: str) -> list[Task]:
    """An action's input named for a known tool's arguments (``clj-kondo-args: --lint src
    test``) runs that tool with them, whatever action wraps it; one whose value only sets
    variables (docker/build-push-action's ``build-args: bashver=5.1.4``) runs nothing."""
    for key, value in given.items():
        found = _ARGS_INPUT.match(str(key))
        line = f"{found.group(1)} {value}" if found and isinstance(value, str) else ""
        if line and all(_SETS.match(word) for word in str(value).split()):
            continue
        if found and found.group(1) in KNOWN_TOOLS and "${{" not in line and \
                tool_purposes(line.split()):  # `cargo --all-features` runs nothing
            return list(tasks_of([line], job, path, env, directory))
    return []


# A variable given a value (`bashver=5.1.4`): what an image build's arguments are.
_SETS = lazy_regex(r"^[A-Za-z_]\w*=")
# A package manager's verbs that fetch what a later step needs (`pnpm add typescript@rc`);
# a task runner's target of the same name (`make ci`) is the project's own task.
_FETCHES = frozenset({"install", "add", "i", "ci", "require", "get", "restore", "sync",
                      "activate", "download", "resolve"})
# Words that open a group of a package manager's subcommands, before the verb: `dart pub
# global activate`, `uv tool install`, `go mod download`, `swift package resolve`.
_GROUPS = frozenset({"pub", "global", "tool", "mod", "package"})
_PACKAGE_MANAGERS = frozenset({"npm", "pnpm", "yarn", "bun", "pip", "pip3", "uv", "poetry",
                               "pdm", "pipenv", "conda", "mamba", "gem", "bundle", "composer",
                               "go", "cargo", "dotnet", "nuget", "dart", "flutter", "swift",
                               "opam", "cabal", "stack", "luarocks", "cpanm", "brew", "apt-get",
                               "apt", "dnf", "yum", "apk", "choco", "winget", "pixi", "deno"})


def prepares(words: tuple[str, ...]) -> bool:
    """Whether a command only prepares what the step's purpose needs: it installs, adds or
    fetches a package or a tool (installing what a test needs tests nothing; `dart pub
    global activate mono_repo` checks nothing), or configures a build
    directory (`cmake -S . -B build` builds nothing yet)."""
    return "install" in words or (bool(words) and words[0] in _PACKAGE_MANAGERS and
                                  _verb(words) in _FETCHES) \
        or bool(_configures(list(words), ""))


def _verb(words: tuple[str, ...]) -> str:
    """A package manager's verb, after the words that open a group of its subcommands."""
    return next((w for w in words[1:] if w not in _GROUPS), "")


# What a step's name may say its one command is for, when no list knows the program.
_LABELS = ("test", "lint", "format", "typecheck", "build")
# "Fix" alone in a step's name repairs the machine ("Fix ExtUtils for old Perls", "Fix git
# permissions"): it says nothing of formatting, which a fixer's own name says (`lint:fix`).
_REPAIRS = frozenset({"fix", "fixup", "workaround"})
# Documents a step may check that are not code: a check of them lints nothing.
_DOCUMENTS = lazy_regex(r"\b(?:release[ -]?notes?|change[ -]?logs?|news (?:entry|file)|"
                        r"commit messages?|pr titles?|pull request titles?)\b", re.I)
# What may follow "static" when it names analysis ("Static analysis", "static checks").
_ANALYSIS = frozenset({"analysis", "analyses", "analyser", "analyzer", "analysers",
                       "analyzers", "analyze", "analyse", "check", "checks", "checking",
                       "code", "typing", "types", "type-check", "typecheck"})


def documents(name: str) -> bool:
    """Whether a step's name says it checks a document that is not code (the release
    notes, the changelog, commit messages)."""
    return bool(_DOCUMENTS.search(name))


def _label(name: Any, job: str = "") -> str:
    """The purpose a step's name gives (its last word that names one: "Run tests" tests,
    "Check formatting" formats; "Build docs" in a job of other aims is one step among
    others).  In a job or workflow named for the docs, the step named for building builds
    the docs ("Publish" releases them).  A step named for a document it checks ("Check
    the release notes", "Verify the changelog") lints no code; "static" qualifies what a
    build makes ("Build static executable", "Test only static") unless analysis follows
    it; and "Check" opening the name before its object checks that object ("Check simple
    client" runs a client), elsewhere ("Run check", "in check mode") it is the lint."""
    if not isinstance(name, str) or _DOCUMENTS.search(name):
        return ""
    words = re.findall(r"[A-Za-z][\w-]*", name)
    found = [purpose(word) for at, word in enumerate(words) if word.lower() not in _REPAIRS
             and not (word.lower() == "static" and (at + 1 == len(words) or
                                                   words[at + 1].lower() not in _ANALYSIS))
             and not (word.lower() == "check" and at == 0 and len(words) > 1 and
                      not name.split()[1].startswith("-"))]
    last = next((p for p in reversed(found) if p), None)
    if releases(name.lower()):
        return "" if last in ("docs", "build") else last or ""
    if "build" in found and docs_job(job):
        return "docs"
    return last if last in _LABELS else ""


def tasks_of(lines: list[str], job: str, path: str, env: dict[str, str], scope: str = "",
             *, start: str = "") -> Iterable[Task]:
    """A task per command of ``lines``; ``cd dir && cmd`` gives ``cmd`` run in ``dir``, and
    so does a ``cd dir`` line for the lines after it (one shell runs them all), or a
    ``start`` directory the lines run in."""
    where = start or scope
    for line in shellwords.join_lines(_without_heredocs(lines)):
        if _CASE_LABEL.match(line):
            continue  # a `case` branch's label, not a command
        found = shellwords.commands(line, env)
        if not found:
            if line.strip().startswith("cd "):
                where = "?"  # a directory not named exactly: what follows runs there
            continue
        if "xargs" in line and len(found) == 2 and len(line) <= PIPELINE:
            if where == scope:
                yield Task(job, " ".join(line.split()), (), path, origin=CI, scope=scope,
                           tools=(tuple(shellwords.look_through(found[1])),))
            continue
        before = where
        for words in found:
            if words[0] in ("cd", "pushd") and len(words) == 2:
                where = posixpath.normpath(posixpath.join(start or scope, words[1])).strip("./")
                continue
            if words == ["popd"]:
                where = scope
                continue
            if not shellwords.tool(words) or where == "?":
                continue
            command = shellwords.exact(words)
            if "…" in command:
                continue  # a word too long to show whole: named exactly or not at all
            shown = f"cd {where} && {command}" if where and where != scope else command
            yield Task(job, shown, (), path, origin=CI, scope=scope,
                       tools=(tuple(shellwords.look_through(words)),))
        if line.lstrip().startswith("("):
            where = before  # a subshell's `cd` ends with it


_HEREDOC = lazy_regex(r"<<-?\s*(['\"]?)([A-Za-z_]\w*)\1")


def _without_heredocs(lines: list[str]) -> list[str]:
    """``lines`` without the bodies of their here-documents (``cat <<EOF`` ... ``EOF``):
    text a command reads, not commands (pandoc's step gave an ``EOF`` command)."""
    out: list[str] = []
    until = ""
    for line in lines:
        if until:
            if line.strip() == until:
                until = ""
            continue
        out.append(line)
        found = _HEREDOC.search(line)
        if found:
            until = found.group(2)
    return out


def _literal(env: Any) -> dict[str, str]:
    """The variables of an ``env:`` block whose values hold no template text."""
    if not isinstance(env, dict):
        return {}
    return {str(k): "" if v is None else str(v) for k, v in env.items()
            if (v is None or isinstance(v, (str, int, float))) and "$" not in str(v)}


def _matrix(job: dict[str, Any]) -> dict[str, str]:
    """``matrix.x`` for the keys with one literal value (so ``${{ matrix.x }}`` resolves)."""
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    if not isinstance(matrix, dict):
        return {}
    out = {}
    for key, value in matrix.items():
        values = value if isinstance(value, list) else [value]
        if len(values) == 1 and isinstance(values[0], (str, int, float)):
            out[f"matrix.{key}"] = str(values[0])
    return out


def _gitlab(path: str, doc: Any) -> list[Task]:
    if not isinstance(doc, dict):
        return []
    env = _literal(doc.get("variables"))
    out: list[Task] = []
    for name, job in doc.items():
        if isinstance(job, dict) and not str(name).startswith("."):
            lines = [line for entry in strings(job.get("script")) for line in entry.splitlines()]
            out += with_their_steps(list(tasks_of(lines, str(name), path,
                                                   {**env, **_literal(job.get("variables"))})))
    return out


APPVEYOR = ("appveyor.yml", ".appveyor.yml")
# The phases of an AppVeyor build, in the order it runs them, each a list of lines.
_APPVEYOR_PHASES = ("install", "before_build", "build_script", "after_build", "before_test",
                    "test_script", "after_test")


def _appveyor(path: str, doc: Any) -> list[Task]:
    """The script lines of an AppVeyor build (``build_script``, ``test_script`` ...: a
    line, or a ``ps:``, ``pwsh:``, ``cmd:`` or ``sh:`` entry), for the whole build and for
    each image's own (``for:``), in the order AppVeyor runs its phases."""
    if not isinstance(doc, dict):
        return []
    builds = [doc, *(b for b in _list(doc.get("for")) if isinstance(b, dict))]
    env = _literal(doc.get("environment"))
    out: list[Task] = []
    for build in builds:
        for phase in _APPVEYOR_PHASES:
            lines = [line for entry in _list(build.get(phase))
                     for line in _appveyor_script(entry).splitlines()]
            out += with_their_steps(list(tasks_of(lines, f"appveyor {phase}", path,
                                                   {**env, **_literal(build.get("environment"))})))
    return out


def _appveyor_script(entry: Any) -> str:
    """An AppVeyor phase's entry as its script: a line, or a ``ps:``, ``pwsh:``, ``cmd:``
    or ``sh:`` entry's value; "" for anything else."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        return next((v for k, v in entry.items()
                     if k in ("ps", "pwsh", "cmd", "sh") and isinstance(v, str)), "")
    return ""


# Azure Pipelines: ``azure-pipelines.yml`` at the top, or a pipeline kept with its templates
# in a directory of their own (akka.net's ``build-system/pr-validation.yaml``, runtime's
# ``eng/pipelines/``), at most two levels down.
AZURE = lazy_regex(r"^(?:(?:\.?azure(?:-pipelines)?|\.?pipelines|build-system|eng/pipelines|"
                   r"\.?ci|build)/)?[\w.-]+\.ya?ml$|^(?:[^/]+/)?[\w.-]*azure-pipelines?[\w.-]*\.ya?ml$")
_AZURE_DEPTH = 3  # templates including templates
_PARAMETER = lazy_regex(r"\$\{\{\s*parameters\.([\w.-]+)\s*\}\}")


def azure_file(path: str) -> bool:
    """Whether ``path`` may hold an Azure pipeline or one of its templates."""
    return not path.startswith(".github/") and bool(AZURE.match(path))


def azure_entry(doc: Any, path: str) -> bool:
    """A pipeline Azure runs (one with triggers, or a file named for Azure Pipelines), not
    a template another includes (it declares parameters) nor another tool's YAML."""
    if not isinstance(doc, dict) or not any(k in doc for k in ("jobs", "stages", "steps")):
        return False
    return any(k in doc for k in ("trigger", "pr", "schedules")) or (
        "azure-pipeline" in posixpath.basename(path) and "parameters" not in doc)


def _azure(path: str, doc: Any, snapshot: Snapshot | None = None) -> list[Task]:
    """Script steps of an Azure pipeline (``script:``, ``bash:``, ``pwsh:``, and the
    script tasks: ``Bash@3``, ``ShellScript@2``, ``BatchScript@1``, ``PowerShell@2``,
    ``CmdLine@2``), through the templates it includes with their parameters."""
    found: list[Task] = []
    for step, name in _azure_steps(doc, path, snapshot, _AZURE_DEPTH):
        for lines in _azure_lines(step):
            found += tasks_of(lines, f"{name} {step.get('displayName') or ''}".strip(), path,
                              {})
    return found


def _azure_lines(step: dict[str, Any]) -> list[list[str]]:
    """The shell lines a step runs: its inline script, or its script file with arguments."""
    for key in ("script", "bash", "pwsh", "powershell"):
        if isinstance(step.get(key), str):
            return [step[key].splitlines()]
    task = str(step.get("task") or "").split("@")[0].lower()
    given = step.get("inputs")
    inputs: dict[str, Any] = given if isinstance(given, dict) else {}
    if task not in ("bash", "shellscript", "batchscript", "powershell", "cmdline"):
        return []
    if str(inputs.get("targetType") or "filePath").lower() == "inline" or task == "cmdline":
        script = inputs.get("script")
        return [script.splitlines()] if isinstance(script, str) else []
    file = next((inputs[k] for k in ("filePath", "scriptPath", "filename")
                 if isinstance(inputs.get(k), str) and inputs[k].strip()), "")
    args = next((inputs[k] for k in ("arguments", "args") if isinstance(inputs.get(k), str)),
                "")
    if not file or "$" in file:
        return []
    return [[f"{file} {args}".strip()]]


def _azure_steps(doc: Any, path: str, snapshot: Snapshot | None, depth: int,
                 name: str = "build") -> list[tuple[dict[str, Any], str]]:
    """(step, its job's name) of every step of ``doc``, its jobs and stages, with the
    templates it includes read from the snapshot, their parameters filled in."""
    if not isinstance(doc, dict):
        return []
    name = str(doc.get("displayName") or doc.get("job") or doc.get("stage") or name)
    out: list[tuple[dict[str, Any], str]] = []
    for key in ("steps", "jobs", "stages"):
        for item in _list(doc.get(key)):
            if not isinstance(item, dict):
                continue
            if isinstance(item.get("template"), str):
                out += _template(item, path, snapshot, depth, name)
            elif key == "steps":
                out.append((item, name))
            else:
                out += _azure_steps(item, path, snapshot, depth, name)
    return out


def _template(item: dict[str, Any], path: str, snapshot: Snapshot | None, depth: int,
              name: str) -> list[tuple[dict[str, Any], str]]:
    """The steps of the template ``item`` includes (a path beside the including file),
    its ``${{ parameters.x }}`` filled with what ``item`` passes, else the defaults."""
    ref = str(item["template"])
    if snapshot is None or depth <= 0 or "@" in ref or "$" in ref:
        return []  # a template of another repository, or one a variable names
    target = posixpath.normpath(ref.lstrip("/") if ref.startswith("/") else
                                posixpath.join(posixpath.dirname(path), ref))
    doc = snapshot.yaml(target)
    if not isinstance(doc, dict):
        return []
    values = {**_defaults(doc.get("parameters")),
              **{str(k): v for k, v in (item.get("parameters") or {}).items()
                 if isinstance(v, (str, int, float, bool))}
              } if isinstance(item.get("parameters") or {}, dict) else {}
    filled = _fill({k: v for k, v in doc.items() if k != "parameters"}, values)
    return _azure_steps(filled, target, snapshot, depth - 1, name)


def _defaults(parameters: Any) -> dict[str, Any]:
    """A template's parameters with their defaults: ``name: value`` or, in the typed form,
    a list of ``{name, default}``."""
    if isinstance(parameters, dict):
        return {str(k): v for k, v in parameters.items() if not isinstance(v, (dict, list))}
    return {str(p["name"]): p.get("default", "") for p in _list(parameters)
            if isinstance(p, dict) and "name" in p and not isinstance(p.get("default"),
                                                                          (dict, list))}


def _fill(node: Any, values: dict[str, Any]) -> Any:
    """``node`` with each ``${{ parameters.x }}`` of its strings replaced by ``x``'s value
    (one the template was not given stays, and a line holding it is never named)."""
    if isinstance(node, str):
        return _PARAMETER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values
                              else m.group(0), node)
    if isinstance(node, dict):
        return {k: _fill(v, values) for k, v in node.items()}
    if isinstance(node, list):
        return [_fill(v, values) for v in node]
    return node


def job_steps(doc: Any) -> Iterator[dict[str, Any]]:
    """Every step (a mapping) of every job of a GitHub Actions workflow ``doc``."""
    jobs = doc.get("jobs") if isinstance(doc, dict) else None
    for job in jobs.values() if isinstance(jobs, dict) else []:
        for step in job.get("steps") or [] if isinstance(job, dict) else []:
            if isinstance(step, dict):
                yield step


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def never_tests(task: Task) -> bool:
    """A step of a docs, release, publish or benchmark job or workflow."""
    return not_for_tests(task.name)
