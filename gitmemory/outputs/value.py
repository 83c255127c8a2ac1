"""What an item is worth to the agent that reads it (docs/design.md, "Outputs").

An agent file's budget goes first to what an agent cannot cheaply find: what
the history taught (decisions with their reasons, bug patterns with their
causes, conventions a commit stated, deprecations and API changes, what a
person wrote by hand).  Items gitmemory read from the repository's own files
(the commands, runtime versions, layout, tool settings and commit style, each
under its slot key and citing the files it was read from) restate files an
agent opens first: they come after, in groups of their own at the end of a
block, the commands first and compact.  The project's own commands (set up,
test, lint, format, type-check, build) are taken first all the same, before the
history fills the budget: a handful of short lines an agent runs before anything
else (the docs build, the tasks the task files describe and the services the tests
need among them), which a long history must not push out; they are still shown after
it.  A
fact is shown when it reports a change an agent would get wrong from what it knows:
a deprecation, a removal, a rename, a replacement, a change marked breaking, a changed
default, what the project requires or supports, or an API that changed or came ("now
returns", "New package", "Added `Client.retries`").

The slot keys are the repository reading's (:mod:`gitmemory.reading.project`,
which may not be imported here: a test holds the two lists equal).  Stdlib
only, no ``re``: the checkout hook renders through this module.
"""

from __future__ import annotations

from gitmemory.memory.markdown import Item

FIRST, HISTORY, RESTATED = -1, 0, 1  # tiers, best first
# The language and runtime versions a project supports (its minimum toolchain, the targets
# it builds for): what a change must keep working on, which an agent writing code for the
# newest one breaks.  A line each, taken first with the commands.
_LANGUAGES = ("Python", "Node", "Go", "Rust", "Java", "Ruby", ".NET", "C++", "C", "Elixir", "PHP",
              "Swift", "Dart", "Scala", "Haskell", "OCaml", "Zig", "Erlang", "Julia", "R",
              "Crystal", "Gleam")
# The commands every agent runs first: their lines (a handful, compact) are taken before
# the history fills the rest, and shown after it.  Commands of one package wait with
# the rest of what was read from the files.
# So are the conventions a change must follow (how commits are written, where its changelog
# entry goes and how the changelog's entries are written, the rules the contributing guide
# states, what the pull request template's checklist asks): an agent that commits needs them
# all the same, and no history item says them; nor which tests the suite leaves out unless
# asked (its test tags), which an agent running the tests must know, nor how a test is
# laid out (its case files), which one adding a test must follow; nor the analyzers CI
# runs on a change (static analysis), which it must pass as it must the generated files,
# and the coverage floor below which its run fails (a change without tests fails it);
# nor how a release is made (a command like the others); nor the license header every new
# file must carry (CI checks it, or its template says it); nor the import every new module
# opens with; nor CI's own checks that no slot names (`CI checks`): a change that breaks
# one fails CI like a failing test.
_FIRST_SLOTS = frozenset(("Setup", "Tests", "Lint", "Format", "Type checks", "Docs", "Build",
                          "All checks", "Commands", "CI checks", "Benchmarks", "Services",
                          "Commits", "Commit template",
                          "Merge commits", "Branches", "Submodules",
                          "Changelog", "Changelog entries", "Rules for the changelog",
                          "Rules for commits",
                          "Rules for tests", "Rules for code style", "Rules for pull requests",
                          "Rules for AI use", "Rules for proposing changes",
                          "Rules for compatibility", "Rules for files changed together",
                          "Rules for generated files",
                          "Rules for extending", "Rules for versions", "Pull request checklist",
                          "Pull request template", "Title checks", "Pull request labels",
                          "Generated code",
                          "Static analysis", "Coverage", "Test tags", "Test files",
                          "License header", "Imports", "Releases", *_LANGUAGES))
# The groups of a block the repository-read items go in, after the sections, and their
# titles: the commands (compact: their files, not the commit the reading ran at), then
# the rest.
COMMANDS, READ = "commands", "read-from-files"
TITLES = {COMMANDS: "Commands", READ: "Read from the Repository's Files"}

COMMAND_SLOTS = ("Setup", "Tests", "Lint", "Format", "Type checks", "Docs", "Build",
                 "All checks", "Commands", "CI checks", "Benchmarks")
READ_SLOTS = frozenset((*COMMAND_SLOTS, "Code style", "Lint rules", "Typing",
                        "pytest settings", "Coverage", "Hooks", "Services", "Generated code",
                        "Test libraries", "Test files", "License header", "License",
                        "Actions",
                        "Security reports", "Decision",
                        "Supported versions",
                        "Test tags", "Releases", "Title checks", "Pull request labels",
                        "Changelog entries", "Reformatting commits",
                        "Python", "Imports",
                        "Layout", "Submodules", "Changelog",
                        "Commits", "Commit template", "Merge commits", "Branches",
                        "Dev container", "Node", "Go",
                        "Rust",
                        "Java", "JVM", "Gradle",
                        "Ruby", ".NET", "C++", "C", "Elixir", "PHP", "Swift", "Dart", "Scala",
                        "Haskell", "OCaml", "Zig", "Erlang", "Julia", "R", "Crystal", "Gleam",
                        "Toolchain", "Linters", "Static analysis",
                        "Packages", *(
                            "Rules for the changelog", "Rules for generated files",
                            "Rules for commits", "Rules for tests",
                            "Rules for code style", "Rules for pull requests", "Rules for docs",
                            "Rules for dependencies", "Rules for AI use",
                            "Rules for proposing changes", "Rules for compatibility",
                            "Rules for files changed together", "Rules for performance",
                            "Rules for extending", "Rules for versions",
                            "Pull request checklist", "Pull request template")))
_COMMANDS = frozenset(COMMAND_SLOTS)
_MEASURED = " of the last "  # the commit convention's count: "12 of the last 20 ..."

# A fact that says the code changed under an agent's feet (lower case, matched anywhere):
# what went, what took its place ("Replaced `a` with `b`", "Switched to ..."), a change
# marked breaking, and what the project requires or supports ("Dropped support for ...",
# a minimum version).
_CHANGES = ("deprecat", "no longer", "removed", "removal", "renamed", "rename ", "replaced ",
            "replaces ", "instead", "in favour of", "in favor of", "superseded", "obsolete",
            "will be dropped", "was dropped", "is dropped", "moved to", "breaking",
            "switched to", "dropped support", "drop support", "minimum")
# A change that breaks an API's callers (a choice made "instead of" another breaks none).
_BREAKS = ("deprecat", "no longer", "removed", "removal", "renamed", "rename ", "replaced by",
           "superseded", "obsolete", "will be dropped", "was dropped", "is dropped",
           "breaking change")
# An API that changed or came: "`load()` now returns ...", "New package `x`", "added in 2.1",
# and what a change made the default ("... are streamed by default").
_NEW = (" now ", "added in ", "introduced in ", "new in ", "by default")
# A fact that opens on an API that came: "New ...", "Added `Client.retries`", "Introduce ...".
_CAME = ("new ", "added `", "introduce")
_CHANGES_AND_NEW = _CHANGES + _NEW
# With "default": a default that changed.
_DEFAULT_CHANGED = (" now", "changed", "used to", " was ", " were ", "previously", "new default")
# A fix an agent must not undo though the code looks like any other: a security fix (lower
# case, matched anywhere: "Security: ...", a CVE or GitHub advisory, "vulnerable").
_SECURITY = ("security", "cve-", "ghsa-", "vulnerab")


def slot(text: str) -> str | None:
    """The slot a repository-read item fills (``Tests``, ``Commands`` for ``Commands in
    `packages/core/`: ...``), or None."""
    head, colon, _ = text.partition(": ")
    if not colon:
        return None
    if " in `" in head:
        head, _, where = head.partition(" in `")
        if not where.endswith("`"):
            return None
    return head if head in READ_SLOTS else None


def read_from_files(item: Item) -> bool:
    """Whether gitmemory read ``item`` from the repository's own files (a hand-written
    line under a slot key has no evidence and is the person's, worth its place)."""
    found = slot(item.text)
    return found is not None and (bool(item.refs or item.paths) or (
        found == "Commits" and _MEASURED in item.text))


def is_command(item: Item) -> bool:
    """Whether ``item`` is a command read from the repository's files."""
    return slot(item.text) in _COMMANDS and read_from_files(item)


_JUDGED: dict[str, bool] = {}  # a checkout asks of each fact twice: what is shown, what is not


def shown_fact(text: str) -> bool:
    """Whether a fact is worth an agent file's room: it reports an API change
    (:func:`api_change`), a security fix, or a change that was reverted (it did not work,
    and an agent would make it again)."""
    found = _JUDGED.get(text)
    if found is None:
        if len(_JUDGED) >= 4096:  # a long-lived reader (the MCP server) sees many memories
            _JUDGED.clear()
        found = _JUDGED[text] = api_change(text) or _fix_to_keep(text.lower())
    return found


def api_change(text: str) -> bool:
    """Whether a fact reports a deprecation, a removal, a rename, a changed default or an
    API that changed or came."""
    return _api_change(text.lower())


def _fix_to_keep(lowered: str) -> bool:
    return lowered.startswith(("reverted ", "revert \"")) or \
        any(word in lowered for word in _SECURITY)


def breaks_callers(text: str) -> bool:
    """Whether a fact says an API was deprecated, removed, renamed or replaced, or that
    a default changed: its callers live anywhere in the tree, so it concerns the whole
    repository, whatever files its commit touched (docs/design.md, "Outputs")."""
    lowered = text.lower()
    for phrase in _BREAKS:
        if phrase in lowered:
            return True
    return _default_changed(lowered)


def _api_change(lowered: str) -> bool:
    if lowered.startswith(_CAME):
        return True
    for phrase in _CHANGES_AND_NEW:  # a loop, not any(): the hot path asks of every fact
        if phrase in lowered:
            return True
    return _default_changed(lowered)


def _default_changed(lowered: str) -> bool:
    if "default" in lowered:
        for word in _DEFAULT_CHANGED:
            if word in lowered:
                return True
    return False


def tier(item: Item) -> int:
    """:data:`FIRST` for the project's own commands (how to set up, test, lint, format,
    type-check and build: what an agent needs before anything, a few short lines),
    :data:`HISTORY` for what the history taught, :data:`RESTATED` for the rest of what
    restates the repository's files."""
    if not read_from_files(item):
        return HISTORY
    return FIRST if slot(item.text) in _FIRST_SLOTS else RESTATED


# What makes a lesson of the history one: its reason, its cause, the choice it made (issue
# 29's list; lower case, matched anywhere), or the author's sentence the offline reading
# joined to the subject after a dash.
_EXPLAINS = (" \u2014 ", " because ", " so that ", " to avoid ", " otherwise ", "caused by",
             " instead of ", " rather than ", " in favour of ", " in favor of ", " due to ",
             " to prevent ", "root cause", " which meant ", " so we ")


def explains(text: str) -> bool:
    """Whether a lesson of the history says why (a reason, a cause, a choice): in a file
    that cannot hold every lesson, those come before the ones that only say what."""
    lowered = text.lower()
    # a loop, not any(): the hot path asks of every lesson
    for marker in _EXPLAINS:  # noqa: SIM110
        if marker in lowered:
            return True
    return False
