"""The branch's tip, as a command a session ran is judged against it (docs/design.md,
"Where two rules meet").

What a command is for is what it runs, read as the repository reading reads a
task (:mod:`gitmemory.reading.project`): a runner's task it calls
(``npm run test:unit`` runs ``vitest run``), else the tool it starts.  Whether
the team's files back it is the evidence rule: its program with its subcommand
or target occurs in the tracked files at the tip (a task the runner's file
defines, or the words themselves in a script, CI, a config, the docs), never in
memory files, in the agent files gitmemory writes from them (whichever outputs
are on: a repository may track them) or in an excluded file.  A session's success shows that a
command runs here, not that it is the team's.
"""

from __future__ import annotations

from functools import cached_property

from gitmemory import git
from gitmemory.config import Config
from gitmemory.errors import GitmemoryError
from gitmemory.outputs.targets import AGENTS
from gitmemory.reading.project import is_source
from gitmemory.reading.project.choose import catalog_of
from gitmemory.reading.project.task import TaskBook, make_task
from gitmemory.secrets.exclude import excluded
from gitmemory.sources.repository import snapshot

MAX_PATHS = 3  # files an item written from a run cites
# Programs that start another named right after them (or after their subcommand).
_WRAPPERS = {"uv": "run", "poetry": "run", "pdm": "run", "hatch": "run", "pipenv": "run",
             "rye": "run", "bundle": "exec", "npx": "", "pnpx": "", "bunx": "", "uvx": ""}
_MEMORY = ".gitmemory"


class Tree:
    """The tip ``tip`` of the repository at ``toplevel``; files matching ``cfg``'s
    ``exclude_paths`` are neither read nor cited."""

    def __init__(self, toplevel: str, tip: str | None, cfg: Config) -> None:
        self.toplevel, self.tip, self.exclude = toplevel, tip, cfg.exclude_paths
        self.leave_out = (_MEMORY, *generated(cfg))

    @cached_property
    def book(self) -> TaskBook | None:
        if not self.tip:
            return None
        try:
            return catalog_of(snapshot(self.toplevel, self.tip, self.exclude, history=False))
        except GitmemoryError:
            return None

    def purpose(self, words: list[str]) -> str | None:
        """What the command ``words`` is for (``test``, ``lint`` ...): the task it calls,
        else the tool it starts; None when neither says."""
        book = self.book
        if book is None:
            return None
        line = " ".join(words)
        task = book.called(line) or make_task("", line, [line], "")
        found = book.purposes(task)
        return found[0] if found else None

    def defining(self, command: str) -> tuple[str, ...]:
        """The file at the tip that defines the task ``command`` calls (``Makefile`` for
        ``make test``); () when none does."""
        task = self.book.called(command) if self.book is not None else None
        return (task.source,) if task is not None and task.source else ()

    def evidence(self, words: list[str]) -> tuple[str, ...]:
        """The tracked files at the tip that back the command ``words`` (the runner's file
        that defines the task it calls, else files where its program occurs with its
        subcommand or target), the repository reading's own files first; () for none."""
        book = self.book
        task = book.called(" ".join(words)) if book is not None else None
        if task is not None:
            return () if excluded(task.source, self.exclude) else (task.source,)
        found: list[str] = []
        for phrase in _phrases(words):  # the wrapper's, then the program's it starts
            found = self._saying(phrase)
            if not found:
                return ()
        ranked = sorted(found, key=lambda path: (not is_source(path), path))
        return tuple(ranked[:MAX_PATHS])

    def _saying(self, phrase: str) -> list[str]:
        if not self.tip:
            return []
        try:
            files = git.files_saying(self.tip, phrase, self.toplevel, self.leave_out)
        except GitmemoryError:
            return []
        return [f for f in files if not excluded(f, self.exclude)]


def generated(cfg: Config) -> list[str]:
    """The files gitmemory writes for every agent it knows, on or off (``CLAUDE.md``,
    ``.cursor/rules/gitmemory*`` ...), as paths and globs from the top: never evidence."""
    return [pattern.strip("/") for agent in AGENTS.values()
            for pattern in agent.build(cfg).ignore_patterns()]


def _phrases(words: list[str]) -> list[str]:
    """What must occur for ``words``: the program with its subcommand or target (its
    first word that is not an option), and for a wrapper that is a tool of its own
    (``uv run``, ``bundle exec``) the wrapper too; ``python -m X`` and ``npx X`` are X."""
    if words[:2] in (["python", "-m"], ["python3", "-m"]) and len(words) > 2:
        return _phrases(words[2:])
    head = words[0]
    then = _WRAPPERS.get(head)
    if then is not None:
        rest = words[1:]
        if then and rest[:1] == [then]:
            rest = rest[1:]
        inner = [w for w in rest if not w.startswith("-")]
        wrapper = [f"{head} {then}"] if then else []  # npx: the package's own program
        return [*wrapper, *_phrases(rest[rest.index(inner[0]):])] if inner else wrapper
    target = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), "")
    return [f"{head} {target}" if target else head]
