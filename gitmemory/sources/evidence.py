"""Commands and settings a model gives, kept only where the tracked files confirm them
(docs/design.md, "Where two rules meet").

A model may add what the repository reading missed (a docs check CI runs with
``RUSTDOCFLAGS=-D warnings``), but a command or a setting it names is executable text:
it is kept only when the same thing occurs in the tracked files at the branch's tip,
memory and agent files aside.  What counts, in this small reading:

- a variable set in the text (``XTASK_SIGN=1``): its name occurs in a file;
- a command in a code span (`` `cargo doc --no-deps` ``, `` `npm run lint` ``) or a
  known program with one of its subcommands in prose (``cargo build``): a line holds the
  program and its subcommand or target, or the file that defines the target for that
  program does (``check:`` in a Makefile, ``"lint":`` in package.json), or the target is
  a verb every runner has and the program's manifest is there (``cargo test``,
  ``Cargo.toml``).

Anything else in a code span (``retry: 2``, ``x = compute(y)``, ``normalizeOptions()``)
is code, not a command.  One ``git grep`` for the names and programs, one for the
targets in the runners' files, one ``cat-file`` for the manifests.

:func:`kept` is the one door: the commits source and the evolve step call nothing
else, so the evidence rule's full reading (hosts, flags, paths outside the repository)
can stand behind it unchanged for its callers.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from typing import TypeVar

from gitmemory import git
from gitmemory.text import FUNCTION_WORDS

T = TypeVar("T")

_SPAN = re.compile(r"`([^`\n]{1,200})`")
_ASSIGNED = re.compile(r"^([A-Z][A-Z0-9_]{2,})=")
_SET_IN_PROSE = re.compile(r"(?<![\w$])([A-Z][A-Z0-9_]{2,})=\S")
_PROGRAM = re.compile(r"^(?:\./)?[a-z][a-z0-9._+-]*$")
_CODE = re.compile(r"[(){}\[\];]|^={1,2}$")
_PATHS = [".", ":(exclude).gitmemory", ":(exclude)CLAUDE.md", ":(exclude)AGENTS.md",
          ":(exclude)GEMINI.md", ":(exclude,glob).claude/rules/gitmemory/**",
          ":(exclude,glob).cursor/rules/gitmemory*", ":(exclude,glob).windsurf/rules/gitmemory*",
          ":(exclude,glob).github/instructions/gitmemory*"]

# Programs that are a command in prose before one of their subcommands.
SUBCOMMANDS = {
    "cargo": ("build", "test", "run", "doc", "check", "clippy", "fmt", "bench", "install",
              "publish"),
    "npm": ("install", "ci", "run", "test", "start", "publish", "exec"),
    "yarn": ("install", "add", "run", "test"), "pnpm": ("install", "add", "run", "test", "exec"),
    "uv": ("run", "sync", "pip", "add", "lock", "tool"),
    "poetry": ("install", "run", "add", "lock"),
    "pip": ("install",), "pip3": ("install",), "pipx": ("install", "run"),
    "go": ("build", "test", "run", "install", "get", "generate", "vet", "mod"),
    "docker": ("build", "run", "push", "compose"), "bundle": ("install", "exec"),
    "dotnet": ("build", "test", "run", "tool"), "tox": ("run",),
}
# Words after which the task's own name comes (``npm run lint``, ``python -m pytest``).
_VERBS = frozenset(("run", "exec", "-m", "x", "dlx"))
# The files that define a program's tasks, and the verbs every runner has.
RUNNERS = {
    "make": ("Makefile", "makefile", "GNUmakefile"), "just": ("justfile", "Justfile"),
    "npm": ("package.json",), "yarn": ("package.json",), "pnpm": ("package.json",),
    "bun": ("package.json",), "cargo": ("Cargo.toml",), "go": ("go.mod",),
    "uv": ("pyproject.toml",), "poetry": ("pyproject.toml",), "tox": ("tox.ini",),
    "nox": ("noxfile.py",), "task": ("Taskfile.yml", "Taskfile.yaml"),
    "dotnet": ("global.json",), "bundle": ("Gemfile",),
}
RUNNER_VERBS = frozenset(("build", "test", "check", "run", "install", "ci", "sync", "doc",
                          "fmt", "lint", "clippy", "bench", "vet", "generate"))
_KEYWORDS = frozenset(("return", "if", "else", "for", "while", "def", "class", "const", "let",
                       "var", "import", "from", "await", "async", "yield", "new", "not",
                       "and", "or", "in", "is", "with", "true", "false", "null", "none"))


class Element:
    """A variable (``name``) or a command (``program`` and its ``target``, maybe "")."""

    __slots__ = ("name", "program", "target")

    def __init__(self, name: str = "", program: str = "", target: str = "") -> None:
        self.name, self.program, self.target = name, program, target

    @property
    def shown(self) -> str:
        return self.name or f"{self.program} {self.target}".strip()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and self.shown == other.shown

    def __hash__(self) -> int:
        return hash(self.shown)


def elements(text: str) -> list[Element]:
    """The variables and commands ``text`` holds, each once, in order."""
    found: list[Element] = []
    for span in _SPAN.findall(text):
        found += _in_span(span)
    prose = _SPAN.sub(" ", text)
    found += [Element(name=m.group(1)) for m in _SET_IN_PROSE.finditer(prose)]
    words = prose.split()
    for n, word in enumerate(words[:-1]):
        after = words[n + 1].strip(".,;:!?)'\"")
        if after in SUBCOMMANDS.get(word, ()):
            found.append(Element(program=word, target=_task(words[n + 1:], after)))
    return list(dict.fromkeys(found))


def _in_span(span: str) -> list[Element]:
    try:
        words = shlex.split(span)
    except ValueError:
        words = span.split()
    found = []
    while words and (m := _ASSIGNED.match(words[0])):
        found.append(Element(name=m.group(1)))
        words = words[1:]
    if not words or any(_CODE.search(w) for w in words) or not _PROGRAM.match(words[0]) or \
            words[0] in _KEYWORDS or (words[0] in FUNCTION_WORDS and words[0] not in RUNNERS) or \
            (len(words) < 2 and not found):
        return found
    rest = [w for w in words[1:] if not w.startswith("-") or w == "-m"]
    target = _task(rest, rest[0]) if rest else ""
    return [*found, Element(program=words[0].removeprefix("./"), target=target)]


def _task(words: Sequence[str], first: str) -> str:
    """``run lint`` for ``npm run lint``; the subcommand alone otherwise."""
    if first in _VERBS and len(words) > 1 and not words[1].startswith("-"):
        return f"{first} {words[1]}"
    return first


def unconfirmed(texts: list[str], repo_dir: str, tip: str | None,
                given: Sequence[str] = ()) -> list[list[Element]]:
    """For each of ``texts``, the elements no tracked file at ``tip`` confirms; those
    the ``given`` texts hold (what a model was shown and carried) are not judged."""
    carried = {e for text in given for e in elements(text)}
    found = [[e for e in elements(text) if e not in carried] for text in texts]
    wanted = [e for els in found for e in els]
    if not wanted:
        return [[] for _ in texts]
    confirms = _Lookup(repo_dir, tip, wanted).confirms if tip else (lambda e: False)
    return [[e for e in els if not confirms(e)] for els in found]


def kept(items: list[T], text: Callable[[T], str], repo_dir: str, tip: str | None,
         given: Sequence[str] = ()) -> tuple[list[T], list[str]]:
    """``items`` whose commands and settings the tracked files at ``tip`` confirm, or the
    ``given`` texts already held (a model merging a person's item carries its command, it
    does not add it), and a note for each one dropped."""
    missing = unconfirmed([text(i) for i in items], repo_dir, tip, given)
    keep = [item for item, els in zip(items, missing, strict=True) if not els]
    notes = [f"dropped (a command or setting no tracked file confirms: "
             f"{', '.join(e.shown for e in els[:3])}): {text(item)}"
             for item, els in zip(items, missing, strict=True) if els]
    return keep, notes


class _Lookup:
    def __init__(self, repo_dir: str, tip: str, wanted: list[Element]) -> None:
        words = sorted({w for e in wanted for w in (e.name, e.program) if w})
        raw = [line for _, line in git.grep_lines(tip, words, _PATHS, repo_dir)]
        # (the line's words, the line): a target may be no word (``'@acme/*'``)
        self.lines = [(set(re.findall(r"[\w$./+-]+", line)) | set(re.findall(r"[\w$]+", line)),
                       line) for line in raw]
        self.manifests = set(git.present(tip, sorted({f for e in wanted for f in
                                                       RUNNERS.get(e.program, ())}), repo_dir))
        targets = sorted({e.target.split()[-1] for e in wanted if e.target and e.program in
                          RUNNERS})
        runner_files = sorted(self.manifests)
        self.defined = {(path, _defined(line)) for path, line in
                        git.grep_lines(tip, targets, runner_files, repo_dir)} \
            if targets and runner_files else set()

    def confirms(self, element: Element) -> bool:
        if element.name:
            return any(element.name in words for words, _ in self.lines)
        task = element.target.split()[-1] if element.target else ""
        if any(element.program in words and (not task or task in words or task in line)
               for words, line in self.lines):
            return True
        files = RUNNERS.get(element.program, ())
        if task and any((f, task) in self.defined for f in files):
            return True
        return task in RUNNER_VERBS and element.target == task and \
            any(f in self.manifests for f in files)


def _defined(line: str) -> str:
    """The task a runner file's line defines (``check:``, ``"lint": "eslint ."``), or ""."""
    m = re.match(r'^\s*"?([\w:.-]+)"?\s*:', line)
    return m.group(1) if m else ""
