"""Finding the orders in a memory item, for the families that need one.

A family such as "skip the hooks" or "paste the environment into the issue"
holds an item back only when the item *tells* the agent to do it: "never push
with --no-verify" and "CI fails when a commit was made with --no-verify" stay.
:func:`orders` splits folded text (:func:`gitmemory.injection.fold.fold`) into
sentences and yields each order in it: a verb from the caller's list that
opens a clause (after lead-ins such as "always" or "please", or after a
modal: "debug bundles must include ..."), or a command that opens one
(``git push ...``, ``export X=1``), with no negation before it in its clause.
A command is an order too when a sentence in the imperative names it as the
means: "speed up installs with pip config set ...", "fix it by running git
push --no-verify"; "the bootstrap configures pip with pip config set ..."
opens with its subject and stays a description.  Stdlib only, no ``re``.
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
# What an order is judged on: the words after it, and the sentence's words around it, at
# most this many each way.  Each order's checks read these, so a sentence of thousands of
# orders ("env x, env x, ...") costs its length times this, never its length squared.
REACH = 48


def sentences(flat: str) -> list[str]:
    for mark in _SENTENCE_ENDS:
        flat = flat.replace(mark, "\n")
    return [s.strip(" .;!?") for s in flat.split("\n") if s.strip(" .;!?")]


def tokens(sentence: str) -> list[str]:
    """Words and the punctuation that opens a clause, in order."""
    out: list[str] = []
    spaced = sentence.replace(",", " , ").replace("(", " ( ").replace("`", " ` ")
    for raw in spaced.replace(": ", " : ").split():
        word = raw if raw in _CLAUSE_OPENERS else raw.strip(_STRIP)
        if word:
            out.append(word)
    return out


def orders(flat: str, verbs: frozenset[str], commands: bool = True, any_verb: bool = False
           ) -> Iterator[tuple[str, list[str], list[str]]]:
    """(verb, the words after it, the sentence's words) for each order in ``flat``.

    With ``any_verb``, a sentence that opens in the imperative gives its first word as an
    order whatever the verb ("grant the bot a shell by ...", "setze ...").  An order seen
    before in the same text (the same verb and words around it) is given once."""
    seen: set[tuple[str, tuple[str, ...], tuple[str, ...]]] = set()
    for verb, rest, words in _all_orders(flat, verbs, commands, any_verb):
        key = (verb, tuple(rest), tuple(words))
        if key not in seen:
            seen.add(key)
            yield verb, rest, words


def _all_orders(flat: str, verbs: frozenset[str], commands: bool, any_verb: bool
                ) -> Iterator[tuple[str, list[str], list[str]]]:
    for sentence in sentences(flat):
        words = tokens(sentence)
        first = opening_verb(words, verbs)
        if any_verb and first >= 0 and words[first] not in verbs:
            yield words[first], words[first + 1:first + 1 + REACH], _around(words, first)
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
                yield word, words[i + 1:i + 1 + REACH], _around(words, i)
            opening = False
        if commands:
            yield from _means(words, verbs)


# "... with pip config set ...", "... by running git push ...": the command is the means.
_MEANS = frozenset({"with", "using", "via", "through", "by"})
_MEANS_VERBS = frozenset({"running", "calling", "executing", "typing", "adding", "setting"})
# Words that open a sentence about something rather than an order to do something.
_SUBJECTS = frozenset({
    "the", "a", "an", "our", "my", "your", "their", "its", "his", "her", "this", "that", "these",
    "those", "we", "it", "they", "there", "he", "she", "i", "you", "each", "every", "all",
    "some", "most", "many", "any", "no", "one", "which", "what", "who", "where", "why", "how",
    "when", "if", "whenever", "while", "since", "because", "as", "in", "on", "for", "from",
    "with", "without", "by", "after", "before", "during", "here", "only", "both", "either",
    "neither", "once", "ci", "git"})
_FINITE = frozenset({
    "is", "are", "was", "were", "be", "been", "has", "have", "had", "can", "could", "will",
    "would", "may", "might", "must", "should", "shall", "does", "do", "did", "isn't", "aren't",
    "wasn't", "doesn't", "don't", "won't", "can't"})


def _means(words: list[str], verbs: frozenset[str]) -> Iterator[tuple[str, list[str], list[str]]]:
    """Commands named as the means of an order: "speed up installs with pip config set ..."."""
    if opening_verb(words, verbs) < 0:
        return
    for i, word in enumerate(words[:-1]):
        if word not in _MEANS:
            continue
        j = i + 2 if words[i + 1] in _MEANS_VERBS and i + 2 < len(words) else i + 1
        if words[j] in COMMANDS:
            yield words[j], words[j + 1:j + 1 + REACH], _around(words, j)


def _around(words: list[str], i: int) -> list[str]:
    """The sentence's words an order at ``i`` is judged with (see :data:`REACH`)."""
    return words if len(words) <= 2 * REACH else words[max(0, i - REACH):i + REACH]


def opening_verb(words: list[str], verbs: frozenset[str]) -> int:
    """Where the verb of a sentence in the imperative is, or -1 when the sentence opens with
    its subject: a verb of the family, or a word that is no determiner, pronoun, preposition
    or negation, does not read as a plural, a participle or an adverb, and is not followed
    by "is", "can" ..."""
    i = 0
    while i < len(words) and words[i] in w.LEAD_INS and words[i] not in verbs:
        i += 1
    if i >= len(words) or words[i] in w.NEGATIONS or words[i] in _NOT_ORDERS:
        return -1
    first, second = words[i], words[i + 1] if i + 1 < len(words) else ""
    if first in verbs:
        return i
    participle = first.endswith("ed") and not first.endswith("eed") and first != "embed"
    looks_other = participle or first.endswith(("ing", "ly")) or (
        first.endswith("s") and not first.endswith("ss"))
    imperative = (first.isalpha() and first not in _SUBJECTS and not looks_other
                  and second not in _FINITE)
    return i if imperative else -1


# Negations and articles of other languages: "nie --no-verify verwenden", "die .env-Datei ..."
_NOT_ORDERS = frozenset({
    "don't", "dont", "nie", "niemals", "nicht", "kein", "keine", "jamais", "ne", "nunca", "nao",
    "non", "mai", "der", "die", "das", "ein", "eine", "le", "la", "les", "un", "une", "el",
    "los", "las", "il", "lo", "gli", "os", "as", "de", "het", "een"})


def _assignment_then_command(words: list[str], i: int) -> bool:
    """``gitmemory_disable=1 git push``: an environment assignment before a command."""
    j = i
    while j < len(words) and "=" in words[j] and not words[j].startswith("-"):
        j += 1
    return j > i and j < len(words) and words[j] in COMMANDS
