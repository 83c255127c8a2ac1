"""How a release is made (docs/design.md, "Data flow", step 5): the document that says it
(``RELEASING.md``, ``docs/release-process.md``, or the contributing guide's or README's
section headed for releasing) with the commands it gives, the project's release scripts
(``tools/scripts/patchRelease.py``, ``./release.sh`` at the top) and what the release
workflow runs on what (``the release workflow, on a push to `main`, runs `npm run
release```), and what a runner's release recipe checks of a file (``just publish`` runs
``! grep '<sup>master</sup>' README.md``).

No slot's command: a release, a publish or a deploy never fills one ("Commands that
run").  One item, in what the tree says: the workflow's own steps, the scripts by their
paths, the document by its name and the commands it gives (``git tag x.y.z``, as it
writes them: the document's words, said as its), or another CI's job run for tags only
(CircleCI, GitLab) whose command releases; nothing when the tree says none of them.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any

from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import choose, runners, shellwords
from gitmemory.reading.project.ci_steps import WORKFLOWS
from gitmemory.reading.project.guides import GUIDES
from gitmemory.reading.project.purposes import releases
from gitmemory.reading.project.shellwords import MAX_ITEM
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import CI, RUNNER, Task, TaskBook
from gitmemory.reading.project.tool_roles import KNOWN_TOOLS, releasing

SLOTS = ("Releases",)
# A document on how to release, at the top or under docs/ (a level deeper at most).
_DOC = lazy_regex(r"^(?:(?:\.github|docs?|documentation)/(?:[^/]+/)?)?"
                  r"(?:releas(?:e|ing)(?:[-_ ]?(?:process|guide|checklist|instructions))?|"
                  r"how[-_]to[-_]release)\.(?:md|rst|txt|adoc)$", re.I)
# A script named for making a release (`patchRelease.py`, `scripts/release.sh`,
# `bump-version`), in the directories scripts are kept in (fmt's `support/`, Go's `hack/`),
# or at the top of the tree with a script's extension (`release.sh`; never `release.toml`,
# a tool's settings).
_SCRIPT = lazy_regex(r"^(?:(?:tools/scripts|scripts?|tools|bin|dev|ci|support|hack|utils?|misc|"
                     r"tooling)/(?:[\w-]*[Rr]elease|"
                     r"[Rr]elease(?:[-_][\w-]+)?|bump[-_]?version[\w-]*)(?:\.\w+)?|"
                     r"(?:[\w-]*[Rr]elease|[Rr]elease[-_][\w-]+|bump[-_]?version[\w-]*)"
                     r"\.(?:sh|bash|py|rb|pl|ps1|mjs|js|ts))$")
# A heading of a guide that says how to release ("Release Process", "Releasing", "Making a
# release", "How to release new version?"); never "Release notes" or "Releases" (a list
# of them).
_HEADING = lazy_regex(r"^(?:#{1,4}\s+)?(?:(?:the |a |making (?:a )?|cutting (?:a )?|"
                      r"how to (?:make a |cut a )?)?releas(?:e|ing)(?: (?:process|"
                      r"procedure|steps|checklist|instructions|(?:a |the )?new versions?))?|"
                      r"releasing|how to release)\s*[:?]?\s*$", re.I)
# A command a release document gives: in a code span or a code block, starting git, a
# known tool or a script of the tree.
_SPAN = lazy_regex(r"(`+)([^`\n]+)\1")
_MAX_GIVEN = 3
# A workflow that publishes the docs, not the project.
_DOCS = lazy_regex(r"\b(?:docs?|documentation|site|pages|website)\b", re.I)
# A package manager running a package script (`npm run release` where yarn.lock names yarn).
_PACKAGE_SCRIPT = lazy_regex(r"^(?:npm|pnpm|yarn|bun) (?:run )?([\w:.-]+)$")
_MAX_SCRIPTS = 3
_RELEASE_TASKS = frozenset(("release", "publish", "deploy"))
_MAX_RUNS = 2


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    said: list[str] = []
    paths: list[str] = []
    doc = next((p for p in sorted(snapshot.paths, key=lambda p: (p.count("/"), p))
                if _DOC.match(p)), "")
    section = ("", "") if doc else _section(snapshot)
    if doc or section[0]:
        text = snapshot.text(doc) if doc else section[1]
        where = doc or f"{section[0]} ({_heading_of(section[1])})"
        given = _given(snapshot, text or "")
        said.append(f"{where} says how" + (": " + ", ".join(f"`{c}`" for c in given)
                                           if given else ""))
        paths.append(doc or section[0])
        paths += [name for c in given if snapshot.has(name := posixpath.normpath(c.split()[0]))]
    scripts = sorted(p for p in snapshot.paths if _SCRIPT.match(p) and
                     not p.endswith((".md", ".txt", ".json", ".yml", ".yaml")))[:_MAX_SCRIPTS]
    scripts = [p for p in scripts if not any(f"`{p}`" in s or f"`./{p}`" in s for s in said)]
    if scripts:
        said.append("release scripts " + ", ".join(f"`{p}`" for p in scripts))
        paths += scripts
    workflow = _workflow(snapshot) or _tagged_job(snapshot)
    if workflow:
        said.append(workflow[0])
        paths += workflow[1]
    guards = _guards(snapshot)
    for task in [] if said else _release_tasks(snapshot, {g[0] for g in guards}):
        said.append(f"`{task.command}`" + (f" ({task.doc})" if task.doc else "") +
                    f", a task of {task.source}")
        paths.append(task.source)
    for command, line, source in guards:
        said.append(f"`{command}` checks `{line}`")
        paths.append(source)
    if said:
        text = "Releases: " + "; ".join(said)
        while len(text) > MAX_ITEM and ", `" in said[0]:  # the document's commands first go
            said[0] = said[0][:said[0].rindex(", `")]
            text = "Releases: " + "; ".join(said)
        yield "conventions", text[0].upper() + text[1:], paths


def _release_tasks(snapshot: Snapshot, guarded: set[str]) -> list[Task]:
    """Where no document, script or workflow says how to release: the task a runner file
    at the top of the tree names ``release``, ``publish`` or ``deploy`` (Taskfile's, with
    its ``desc``), those said with their checks aside: the one command a maintainer types
    (a step of a release, ``ghrel-upload``, is none)."""
    found = [t for t in runners.tasks(snapshot) if t.origin == RUNNER and not t.scope and
             "/" not in t.source and t.name in _RELEASE_TASKS and t.command not in guarded]
    return found[:_MAX_RUNS]


# A line of a recipe that greps a file of the tree for a literal text, its exit status the
# check (`! grep '<sup>master</sup>' README.md`: the release stops while the README holds
# the marker of what is unreleased).
_GUARD = lazy_regex(r"^[ \t]+@?((?:!\s*)?grep(?:\s+-[\w-]+)*\s+(['\"])[^'\"$`]+\2\s+"
                    r"([\w./-]+))\s*$", re.M)
_MAX_GUARDS = 2


def _guards(snapshot: Snapshot) -> list[tuple[str, str, str]]:
    """(task, line, file) for each check of a file's text that a runner's release task
    makes (just's `publish` running ``! grep '<sup>master</sup>' README.md``): what must
    hold of the tree before a release, as the recipe writes it."""
    found: list[tuple[str, str, str]] = []
    tasks = runners.tasks(snapshot)
    for source in dict.fromkeys(t.source for t in tasks):
        text = snapshot.text(source) or ""
        for match in _GUARD.finditer(text):
            name = runners.recipe_at(text, match.start(1))
            task = next((t for t in tasks if t.source == source and t.name == name), None)
            if task is not None and releases(task.name) and \
                    snapshot.has(posixpath.normpath(match.group(3))):
                found.append((task.command, match.group(1).strip(), source))
    return found[:_MAX_GUARDS]


def wanted(paths: list[str]) -> list[str]:
    """The release document the reading opens (the shallowest), for the commands it gives."""
    return sorted((p for p in paths if _DOC.match(p)), key=lambda p: (p.count("/"), p))[:1]


def _section(snapshot: Snapshot) -> tuple[str, str]:
    """(guide, its text from the heading that says how to release to the next heading)
    of the first contributing guide or README with such a section; ("", "") for none."""
    for path in GUIDES:
        lines = (snapshot.text(path) or "").splitlines()
        for n, line in enumerate(lines):
            if (line.startswith("#") and _HEADING.match(line.strip())) or (
                    n + 1 < len(lines) and re.match(r"^[=-]{3,}\s*$", lines[n + 1]) and
                    _HEADING.match(line.strip())):
                end = next((m for m in range(n + 2, len(lines)) if lines[m].startswith("#") or (
                    m + 1 < len(lines) and re.match(r"^[=-]{3,}\s*$", lines[m + 1]) and
                    lines[m].strip())), len(lines))
                return path, "\n".join(lines[n:end])
    return "", ""


_SHELL = (".sh", ".bash", ".ps1")
_RUNS = (".py", ".rb", ".pl", ".js", ".mjs", ".ts")


def _runnable(path: str, given: bool) -> bool:
    """A path a shell runs: a shell script, a file with no extension (``./gradlew``), or a
    script of another language run as one (``./tools/bump.py``, or given arguments);
    never a document, a data file or a source file the release step edits
    (``docs/release-notes.md``, ``lib/x/version.rb``)."""
    name = posixpath.basename(path)
    return name.endswith(_SHELL) or "." not in name or (
        name.endswith(_RUNS) and (path.startswith("./") or given))


def _heading_of(text: str) -> str:
    return text.splitlines()[0].lstrip("#").strip() if text else ""


def _given(snapshot: Snapshot, text: str) -> list[str]:
    """The commands a release document gives, in order, each once: code spans and the
    lines of its code blocks (fenced or indented) that start git, a known tool or a
    script of the tree (``./release.sh``; a file it names to edit is no command)."""
    found: list[str] = []
    fence = Fence()
    lines = text.splitlines()
    foreign = _foreign_blocks(lines)
    for n, line in enumerate(lines):
        if fence.step(line):
            continue
        if n in foreign:
            continue
        block = fence.inside or (line.startswith(("    ", "\t")) and not line.lstrip().startswith(
            ("-", "*", "+")) and not re.match(r"^\s*\d+[.)]", line))
        spans = [shellwords.uncommented(_PROMPT.sub("", line.strip())).rstrip()] if block else [
            m.group(2).strip() for m in _SPAN.finditer(line)]
        for span in spans:
            words = (shellwords.commands(span) or [[]])[0]
            head = words[0] if words else ""
            if head and ((head == "git" and len(words) > 1) or head in KNOWN_TOOLS or
                         _RELEASE_TOOL.fullmatch(head) or (
                    "/" in head and _runnable(head, len(words) > 1) and
                    snapshot.has(posixpath.normpath(head)))) and \
                    span not in found and len(shellwords.commands(span) or []) == 1:
                found.append(span)
    # the steps that make the release before the checks and set-up around them
    return sorted(found, key=lambda c: not _RELEASE_WORD.search(c))[:_MAX_GIVEN]


# A shell's prompt before a command a document shows ("$ ", "% ", "; "); a comment after
# it ("dune-release tag   # Create the tag") goes as the shell reads it
_PROMPT = lazy_regex(r"^[$%;]\s+")
# A program named for releasing (dune-release, semantic-release, release-it, goreleaser);
# never the bare word ("`release notes`")
_RELEASE_TOOL = lazy_regex(r"[a-z0-9]+-release|[a-z0-9]+releaser?|release-[a-z0-9-]+")
# A command that makes a release: its tool or its step says so
_RELEASE_WORD = lazy_regex(r"releas|publish|\btag\b|deploy|upload|distrib|\bbump", re.I)


# A command that sets up another checkout: what follows it in its block works there.
_ELSEWHERE = lazy_regex(r"^\s*(?:\$\s+)?git\s+(?:clone|remote\s+add)\b")


def _foreign_blocks(lines: list[str]) -> set[int]:
    """The lines of each fenced block that clones or adds another repository (a release
    checklist's steps in a fork of the type definitions): that repository's steps, not
    this project's release."""
    skip: set[int] = set()
    start = -1
    for n, line in enumerate(lines):
        if not line.lstrip().startswith(("```", "~~~")):
            if start < 0 and _ELSEWHERE.match(line):
                skip.add(n)  # a span or an indented line of its own
            continue
        if start < 0:
            start = n
            continue
        if any(_ELSEWHERE.match(inner) for inner in lines[start + 1:n]):
            skip.update(range(start + 1, n))
        start = -1
    return skip


def _workflow(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"the release workflow (on a push to `main`) runs `npm run release` (`semantic-release
    --branches main`)" for the first workflow named for releasing whose steps release; or
    a workflow run on a pushed tag (``on: push: tags: [v*]``) whose job named for
    releasing releases (a CI workflow's `release` job): pushing the tag releases."""
    book = choose.catalog_of(snapshot)
    for path in sorted(p for p in snapshot.texts if p.startswith(WORKFLOWS)):
        doc = snapshot.yaml(path)
        base = posixpath.basename(path).rsplit('.', 1)[0]
        named = f"{base} {doc.get('name') or ''}" if isinstance(doc, dict) else ""
        tagged = isinstance(doc, dict) and _trigger(doc.get("on", doc.get(True))) == \
            "on a pushed tag"
        if not (releases(named.lower()) or tagged) or _DOCS.search(named):
            continue
        runs: list[str] = []
        for task in book.tasks:
            if task.origin != CI or task.source != path or task.scope:
                continue
            if not releases(named.lower()) and not releases(
                    task.name.removeprefix(base).lower()):
                continue  # a tagged workflow's other jobs: its build and tests
            inner = book.called(task.command) or _package_script(book, task.command)
            if inner is not None and inner.origin == RUNNER and (releases(inner.name) or any(
                    releasing(list(words)) for words in inner.tools)):
                shown = f"`{task.command}`" + (f" (`{inner.runs[0]}`)" if inner.runs else "")
            elif task.tools and releasing(list(task.tools[0])):
                shown = f"`{task.command}`"
            else:
                continue
            runs.append(shown)
        if runs:
            when = _trigger(doc.get("on", doc.get(True)))
            name = posixpath.basename(path)
            return (f"the {name} workflow{f' ({when})' if when else ''} runs " +
                    ", ".join(runs[:_MAX_RUNS]), [path])
    return None


CIRCLECI = ".circleci/config.yml"
_GITLAB = ".gitlab-ci.yml"
# A filter that lets no branch through (CircleCI's ``branches: {ignore: /.*/}``).
_EVERY_BRANCH = frozenset(("/.*/", ".*", "/.+/", ".+"))


def _tagged_job(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"the `deploy` job of .circleci/config.yml (on a pushed tag matching `/^v.../`)
    runs `make deploy`": a job another CI runs only for a pushed tag (CircleCI's
    ``filters`` that take tags and no branch, GitLab's ``only: [tags]`` or a rule on
    ``$CI_COMMIT_TAG``) whose command releases: pushing the tag releases, as a GitHub
    workflow run on a pushed tag does (:func:`_workflow`)."""
    book = choose.catalog_of(snapshot)
    for path, job, pattern, commands in [*_circleci(snapshot), *_gitlab(snapshot)]:
        runs = [c for c in commands if _releases(book, c)]
        if runs:
            when = f"on a pushed tag matching `{pattern}`" if pattern else "on a pushed tag"
            return (f"the `{job}` job of {path} ({when}) runs " +
                    ", ".join(f"`{c}`" for c in runs[:_MAX_RUNS]), [path])
    return None


def _releases(book: TaskBook, command: str) -> bool:
    """Whether a CI command releases: a runner's release task, or a release tool's run."""
    words = (shellwords.commands(command) or [[]])[0]
    inner = book.called(command) if words else None
    if inner is not None and inner.origin == RUNNER:
        return releases(inner.name) or any(releasing(list(w)) for w in inner.tools)
    return bool(words) and releasing(words)


def _circleci(snapshot: Snapshot) -> list[tuple[str, str, str, list[str]]]:
    """(file, job, tag pattern, its run commands) per CircleCI job a workflow runs for tags
    only."""
    doc = snapshot.yaml(CIRCLECI)
    if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), dict):
        return []
    found = []
    for workflow in (doc.get("workflows") or {}).values() if isinstance(
            doc.get("workflows"), dict) else []:
        for entry in workflow.get("jobs") or [] if isinstance(workflow, dict) else []:
            if not isinstance(entry, dict) or len(entry) != 1:
                continue
            name, given = next(iter(entry.items()))
            filters = given.get("filters") if isinstance(given, dict) else None
            tags = filters.get("tags") if isinstance(filters, dict) else None
            branches = filters.get("branches") if isinstance(filters, dict) else None
            if not isinstance(tags, dict) or "only" not in tags or not isinstance(
                    branches, dict) or str(branches.get("ignore")) not in _EVERY_BRANCH:
                continue
            job = doc["jobs"].get(name)
            if isinstance(job, dict):
                found.append((CIRCLECI, str(name), str(tags["only"]), _circle_runs(job)))
    return found


def _circle_runs(job: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for step in job.get("steps") or []:
        run = step.get("run") if isinstance(step, dict) else None
        command = run.get("command") if isinstance(run, dict) else run
        if isinstance(command, str):
            out += [line.strip() for line in command.splitlines()
                    if line.strip() and not line.strip().startswith("#")]
    return out


# A GitLab rule that lets a pushed tag through (``if: $CI_COMMIT_TAG``, ``if:
# $CI_COMMIT_TAG =~ /^v/``), or one that stops the job (``when: never``).
_TAG_RULE = lazy_regex(r"^\$CI_COMMIT_TAG\s*(?:$|=~)")


def _gitlab(snapshot: Snapshot) -> list[tuple[str, str, str, list[str]]]:
    """(file, job, "", its script lines) per GitLab job run only for tags."""
    doc = snapshot.yaml(_GITLAB)
    found = []
    for name, job in doc.items() if isinstance(doc, dict) else []:
        if not isinstance(job, dict) or str(name).startswith("."):
            continue
        only = job.get("only")
        refs = only.get("refs") if isinstance(only, dict) else only
        rules = [r for r in job.get("rules") or [] if isinstance(r, dict)] \
            if isinstance(job.get("rules"), list) else []
        tagged = refs == ["tags"] or (bool(rules) and all(
            _TAG_RULE.match(str(r.get("if") or "")) or r.get("when") == "never"
            for r in rules) and any("if" in r for r in rules))
        script = job.get("script")
        lines = [script] if isinstance(script, str) else script if isinstance(script, list) \
            else []
        if tagged:
            found.append((_GITLAB, str(name), "", [s.strip() for s in lines
                                                    if isinstance(s, str)]))
    return found


def _package_script(book: TaskBook, command: str) -> Task | None:
    """The package script a package manager runs, whichever manager the lock file names."""
    found = _PACKAGE_SCRIPT.match(command)
    return next((t for t in book.tasks if t.origin == RUNNER and not t.scope and
                 t.source == "package.json" and t.name == found[1]), None) if found else None


def _trigger(on: Any) -> str:
    """When the workflow runs: on a pushed tag, a push to a branch, a published release."""
    if isinstance(on, str):
        on = {on: None}
    if isinstance(on, list):
        on = dict.fromkeys(on)
    if not isinstance(on, dict):
        return ""
    push = on.get("push")
    if isinstance(push, dict) and push.get("tags") is not None:
        return "on a pushed tag"
    if isinstance(push, dict) and isinstance(push.get("branches"), list) and push["branches"]:
        return "on a push to " + ", ".join(f"`{b}`" for b in push["branches"][:2])
    if "release" in on:
        return "when a GitHub release is published"
    if set(on) == {"workflow_dispatch"}:
        return "run by hand"
    return ""
