"""The commands memory gives, and the command lines a session ran that are one of them.

A memory item of a command slot (``Tests: `make test` runs `pytest -q```, see
:mod:`gitmemory.reading.project`) gives the command in its first code span; the
slot says what it is for.  A session's run is compared with it as words: one
simple command (no pipe, list, redirection but ``2>&1``, substitution or leading
assignment), run at the top of a work tree (``cd <top> &&`` first is allowed),
whose words start with the item's (``make test TESTS=x`` ran ``make test``), each
side in its one spelling (``npm run test`` is ``npm test``).  Such a run is judged on
the item's words alone (:func:`own`): a word the agent added that the tool did not find
(a test file, an env) does not make the item's command wrong.
"""

from __future__ import annotations

import os
import shlex

from gitmemory.reading.project.purposes import PURPOSES
from gitmemory.reading.project.slots import LABEL
from gitmemory.reading.project.task import normal

PURPOSE = {label: aim for aim, label in LABEL.items() if aim in PURPOSES}
_OPERATORS = frozenset("|&;<>()")
_MERGE = "2>&1"


def given(text: str) -> tuple[str, str] | None:
    """(slot, command) of an item that gives the command of a purpose's slot
    (``("Tests", "make test")``); None for any other item."""
    label, sep, rest = text.partition(": `")
    end = rest.find("`")
    if not sep or label not in PURPOSE or end <= 0:
        return None
    return label, rest[:end]


def words_of(command: str) -> list[str] | None:
    """``command`` as words, when it is one simple command; None otherwise."""
    line = command.strip()
    if line.endswith(_MERGE):
        line = line[:-len(_MERGE)].rstrip()
    try:
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        return None
    if not words or any(_OPERATORS.issuperset(w) for w in words) or \
            any("$" in w or "`" in w for w in words) or _assignment(words[0]):
        return None
    return words


def _assignment(word: str) -> bool:
    name, sep, _ = word.partition("=")
    return bool(sep) and name.replace("_", "a").isalnum()


def at_top(command: str, cwd: str, tops: list[str]) -> list[str] | None:
    """The words of ``command`` when it ran at the top of one of ``tops`` (itself, or
    after ``cd <top> &&``); None for a command run elsewhere or not simple."""
    head, sep, rest = command.partition(" && ")
    if sep and head.startswith("cd "):
        target = words_of(head)
        if target is None or len(target) != 2:
            return None
        cwd, command = os.path.join(cwd, target[1]), rest
    if not cwd or not any(_same(cwd, top) for top in tops):
        return None
    return words_of(command)


def _same(one: str, other: str) -> bool:
    return os.path.realpath(one) == os.path.realpath(other)


def runs(ran: list[str], command: str) -> bool:
    """Whether the words ``ran`` ran ``command`` (an item's), perhaps with more words."""
    want = normal(command).split()
    return bool(want) and normal(" ".join(ran)).split()[:len(want)] == want


def own(ran: list[str], command: str) -> list[str]:
    """The words of ``ran`` that ran ``command`` (``pytest -q`` of ``pytest -q tests/x``),
    without those the agent added; all of them when it did not run ``command``."""
    want = len(normal(command).split())
    return next((ran[:n] for n in range(1, len(ran)) if runs(ran[:n], command)
                 and len(normal(" ".join(ran[:n])).split()) == want), ran)
