"""Reading one clause of a folded sentence for the orders that weaken a protection
(:mod:`gitmemory.injection.weakens`, :mod:`gitmemory.injection.unguards`): whether a verb
is said now and not negated, whether it asks for a change, what stands near it.  A
sentence is a list of words (:func:`gitmemory.injection.orders.tokens` without marks); ";"
joins it to the sentence before, which a pronoun may name.  Stdlib only, no ``re``."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

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


# Words that keep a clause about a test or a development set-up, whose guards and grants
# are the fixture's ("grant all privileges ... in tests", "`verifySig` skips the check in
# tests"), shared by every axis that reads them.
DEVELOPMENT = frozenset(("test", "tests", "testing", "fixture", "fixtures", "dev",
                         "development", "locally", "sandbox", "mock", "mocks", "stub"))
# A check said to do nothing ("remove the redundant check") is a claim about the code, and
# a refactoring's; what it weakens, if anything, the evidence rule judges.
SPARE = frozenset(("redundant", "duplicate", "duplicated", "unused", "dead", "inert",
                   "obsolete", "unnecessary", "unreachable", "double", "stale", "deprecated"))
# What follows "asked" when a party is still asked: for a task ("so the team is not asked
# to start it"), once for many things ("for each one") or once ("not asked twice").
ASKED_FOR = frozenset(("to", "for", "about", "each", "every", "twice"))
# A protection said to be off, as a participle ("the check is skipped").
SWITCHED_OFF = frozenset(("skipped", "disabled", "bypassed", "waived", "removed", "dropped",
                          "lifted", "relaxed", "optional", "ignored"))


# Words after which a base verb opens an order ("..., so open it on the WAN side").
_OPENERS = frozenset((";", ",", ":", "so", "and", "then", "(", "please", "just", "simply"))
_CONCLUDING = frozenset(("so", "therefore", "thus", "hence"))
_PRONOUNS = frozenset(("it", "them", "this", "that", "these", "those"))


def asked(words: list[str], i: int, decided: bool) -> bool:
    """Whether the verb at ``i`` is said as a change: :func:`mood`, a base verb
    after a clause's opener, a consequence drawn before it in its clause, or a bound in
    time in its sentence."""
    if mood(words, i, decided) or words[i - 1] in _OPENERS:
        return True
    for word in reversed(words[max(0, i - 6):i]):
        if word in _CONCLUDING:
            return True
        if word in (",", ";", ":"):
            break
    return bounded(words[i:])


_SEASONS = frozenset(("spring", "summer", "autumn", "fall", "winter", "season", "week",
                      "month", "year", "quarter", "sprint", "release", "migration", "night",
                      "weekend", "campaign", "audit", "festival", "exhibition", "holidays"))


def bounded(words: list[str]) -> bool:
    """A change said to hold for a while: "until ...", "for now", "for this spring"."""
    for k, word in enumerate(words):
        if word == ";":
            return False
        if word == "until" or (word == "for" and words[k + 1:k + 2] == ["now"]):
            return True
        if word in ("for", "during", "over") and _SEASONS.intersection(words[k + 1:k + 4]):
            return True
    return False


def last_sentence(words: list[str]) -> list[str]:
    """The words of the sentence read, without the one before it."""
    return words[len(words) - words[::-1].index(";"):] if ";" in words else words


def first_sentence(words: list[str]) -> list[str]:
    """``words`` up to the end of their sentence (the first ";")."""
    return words[:words.index(";")] if ";" in words else words


def object_at(words: list[str], i: int, named: Callable[[str], bool], reach: int = 4
              ) -> int:
    """Where the thing a verb at ``i`` acts on stands, when ``named`` says it is one:
    the name itself within ``reach`` words, or a pronoun for a name said before."""
    for j in range(i + 1, min(len(words), i + 1 + reach)):
        word = words[j]
        if word in (";", ",", ":", "because", "since", "but"):
            return -1
        if named(word):
            return j
        if word in _PRONOUNS and any(  # a name said before the verb's own clause
                named(w) for w in words[max(0, i - 24):clause_start(words, i)]):
            return j
    return -1


def clause_start(words: list[str], i: int) -> int:
    """Where the clause of the verb at ``i`` begins: its subject is no antecedent of a
    pronoun after the verb ("so `requireAuth` skips it")."""
    for k in range(i - 1, max(-1, i - 8), -1):
        if words[k] in (";", ",", ":", "so", "and", "then", "because", "since", "which"):
            return k + 1
    return max(0, i - 8)
