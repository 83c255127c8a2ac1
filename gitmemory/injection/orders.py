"""Finding the orders in a memory item, for the families that need one.

A family such as "skip the hooks" or "paste the environment into the issue"
holds an item back only when the item *tells* the agent to do it: "never push
with --no-verify" and "CI fails when a commit was made with --no-verify" stay.
:func:`orders` splits folded text (:func:`gitmemory.injection.fold.fold`) into
sentences and yields each order in it: a verb from the caller's list that
opens a clause (after lead-ins such as "always" or "please", or after a
modal: "debug bundles must include ..."), or a command that opens one
(``git push ...``, ``export X=1``), with no negation before it in its clause.
Stdlib only, no ``re``.
"""

from __future__ import annotations

from gitmemory.injection import vocabulary as w

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_SENTENCE_ENDS = (". ", "; ", "! ", "? ", "\n")
_CLAUSE_OPENERS = frozenset({",", "and", "then", "or", ":", "to", "&&", "||", "|", "(", "`"})
_STRIP = "'\"`*()[]{}<>,:"
# Programs whose name opening a clause is an order to run them.
COMMANDS = frozenset({
    "git", "pip", "pip3", "uv", "npm", "npx", "yarn", "pnpm", "gem", "bundle", "cargo", "go",
    "poetry", "pipx", "conda", "export", "set", "setx", "echo", "cat", "printenv", "env",
    "rm", "del", "tee", "curl", "wget", "ssh-copy-id", "pre-commit", "gitmemory", "husky",
    "python", "python3", "sudo"})
_WHEN = frozenset({"when", "if", "whenever", "before", "after", "once", "while", "until"})


def sentences(flat: str) -> list[str]:
    for mark in _SENTENCE_ENDS:
        flat = flat.replace(mark, "\n")
    return [s.strip(" .;!?") for s in flat.split("\n") if s.strip(" .;!?")]


def tokens(sentence: str) -> list[str]:
    """Words and the punctuation that opens a clause, in order."""
    out: list[str] = []
    for raw in sentence.replace(",", " , ").replace("(", " ( ").replace("`", " ` ").split():
        word = raw if raw in _CLAUSE_OPENERS else raw.strip(_STRIP)
        if word:
            out.append(word)
    return out


def orders(flat: str, verbs: frozenset[str], commands: bool = True
           ) -> Iterator[tuple[str, list[str], list[str]]]:
    """(verb, the words after it, the sentence's words) for each order in ``flat``."""
    for sentence in sentences(flat):
        words = tokens(sentence)
        negated = False
        opening = True  # at the start of a clause, lead-ins aside
        for i, word in enumerate(words):
            if word in _CLAUSE_OPENERS:
                opening, negated = True, negated and word not in (",", "then")
                continue
            if word in w.NEGATIONS or word in ("don't", "dont", "nobody"):
                negated = True
                continue
            if word in w.MODALS or word in ("need", "needs", "have", "has"):
                opening = True  # "reports should attach ...", "you need to run ..."
                continue
            if opening and word in _WHEN:
                opening = False  # "when a push is rejected, retry ..." opens at the comma
                continue
            if opening and word in w.LEAD_INS:
                continue
            if opening and not negated and (word in verbs or (commands and word in COMMANDS)
                                            or _assignment_then_command(words, i)):
                yield word, words[i + 1:], words
            opening = False


def _assignment_then_command(words: list[str], i: int) -> bool:
    """``gitmemory_disable=1 git push``: an environment assignment before a command."""
    j = i
    while j < len(words) and "=" in words[j] and not words[j].startswith("-"):
        j += 1
    return j > i and j < len(words) and words[j] in COMMANDS
