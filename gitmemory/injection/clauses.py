"""Reading one clause of a folded sentence for the orders that weaken a protection
(:mod:`gitmemory.injection.weakens`, :mod:`gitmemory.injection.unguards`): whether a verb
is said now and not negated, whether it asks for a change, what stands near it.  A
sentence is a list of words (:func:`gitmemory.injection.orders.tokens` without marks); ";"
joins it to the sentence before, which a pronoun may name.  Stdlib only, no ``re``."""

from __future__ import annotations

NEGATIONS = frozenset(("no", "not", "never", "don't", "dont", "nobody", "without", "nor",
                       "cannot", "can't", "won't", "mustn't", "shouldn't", "doesn't",
                       "isn't", "aren't", "only"))
PAST_AUX = frozenset(("was", "were", "had", "been", "used", "did", "previously",
                      "formerly", "once"))
CLAUSE_ENDS = frozenset((",", ":", "(", "so", "because", "since", "but", "while",
                         "whereas", "although", "and", "or", "then"))
MODALS = frozenset(("should", "must", "shall", "will", "can", "may", "let", "have", "make",
                    "needs", "need"))
CHANGE_LEADS = frozenset(("let", "make", "have", "now", "henceforth", "should", "must",
                          "will", "shall"))


def live(words: list[str], i: int) -> bool:
    """Whether the verb at ``i`` is said now and not negated within its clause."""
    for word in reversed(words[max(0, i - 5):i]):
        if word in CLAUSE_ENDS or word == ";":
            break
        if word in NEGATIONS or word in PAST_AUX:
            return False
    return True


def near(words: list[str], i: int, wanted: frozenset[str], reach: int = 8) -> int:
    """Where a word of ``wanted`` stands within ``reach`` words after ``i`` in the same
    clause, or -1."""
    for j in range(i + 1, min(len(words), i + 1 + reach)):
        if words[j] in (";", ":") or (words[j] in ("but", "because") and j > i + 1):
            return -1
        if words[j] in wanted or any(part in wanted for part in parts(words[j])):
            return j
    return -1


def parts(word: str) -> list[str]:
    """The words a name joins: `session-seconds`, `SESSION_TTL`, `ssl.client.certificate`."""
    return word.replace("_", "-").replace(".", "-").split("-")


def phrase(words: list[str], i: int, j: int) -> str:
    return " ".join(words[i:j + 1])


def mood(words: list[str], i: int, decided: bool) -> bool:
    """Whether the verb at ``i`` asks for a change: an imperative, a modal or "let" before
    it, "now" ("from now on"), or a party's decision in the item."""
    return decided or i == 0 or words[i - 1] == ";" or bool(
        CHANGE_LEADS.intersection(words[max(0, i - 6):i]))
