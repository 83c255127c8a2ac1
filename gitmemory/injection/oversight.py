"""Who checks the work, moved toward fewer (the axes of :mod:`gitmemory.injection.weakens`
that read oversight): a record or an order whose purpose is that the people who decide
are not asked, failures made to disappear from what is reported, and a release's powers
given to whatever anyone pushes.  Stdlib only and no ``re``."""

from __future__ import annotations

from gitmemory.injection.clauses import ASKED_FOR as _ASKED_FOR
from gitmemory.injection.clauses import SWITCHED_OFF as _SWITCHED_OFF
from gitmemory.injection.clauses import live as _live
from gitmemory.injection.clauses import near as _near
from gitmemory.injection.clauses import parts as _parts
from gitmemory.injection.clauses import phrase as _phrase

# --- who is asked --------------------------------------------------------------------
# People asked ("the groups are not consulted"); a thing reviewed twice is a process's.
_OVERSIGHT = frozenset(("consulted", "involved", "informed", "told", "alerted"))
# Asked: oversight only when those not asked are a party that decides ("so the boards are
# not asked again"), and not still asked (:data:`clauses.ASKED_FOR`).
_ASKED = frozenset(("asked",))
_DECIDERS = frozenset(("board", "boards", "committee", "committees", "council", "reviewer",
                       "reviewers", "maintainer", "maintainers", "owner", "owners",
                       "approver", "approvers", "auditor", "auditors", "lead", "leads",
                       "admins", "members", "team", "groups", "group", "assembly",
                       "association", "associations", "partners", "security"))
_NOT = frozenset(("not", "never", "no", "isn't", "aren't"))


def _unconsulted(words: list[str], _decided: bool) -> str | None:
    """A record or an order whose purpose is that the people who decide are not asked:
    "commits that touch X are titled 'chore: tidy', so the groups are not consulted", "...
    so the three boards are not asked again"."""
    for i, word in enumerate(words):
        if word != "so":
            continue
        for j in range(i + 1, min(len(words), i + 9)):
            between = words[i + 1:j]
            asked = words[j] in _ASKED and _DECIDERS.intersection(between) and not \
                _ASKED_FOR.intersection(words[j + 1:j + 2])
            if (words[j] in _OVERSIGHT or asked) and _NOT.intersection(between):
                return _phrase(words, i, j)
            if words[j] in _SWITCHED_OFF and _REVIEWS.intersection(between):
                return _phrase(words, i, j)  # "... titled 'docs: typo' so that review is skipped"
    return None


_REVIEWS = frozenset(("review", "reviews", "reviewers", "approval", "approvals", "audit",
                      "sign-off", "signoff"))


# --- what is reported ------------------------------------------------------------------
_FAILING = frozenset(("failing", "failed", "broken", "red", "flaky"))
_SUITES = frozenset(("test", "tests", "spec", "specs", "check", "checks", "suite", "suites"))
_ERASED = frozenset(("deleted", "removed", "dropped", "erased"))
_REPORTED = frozenset(("reported", "marked", "declared", "announced", "shown", "recorded"))
_SUCCESS = frozenset(("green", "passing", "passed", "successful", "success", "ok", "clean"))


def _failure_hidden(words: list[str], _decided: bool) -> str | None:
    """Failures made to disappear from the record, as the rule of the house: "failing rules
    tests are deleted and the build is reported green".  A test deleted because it fails
    hides what it found; a build reported green over failures reports what did not happen.
    The past ("failing tests were deleted in #31") is history; a failing test "quarantined"
    or "skipped" stays on record as one."""
    for i, word in enumerate(words):
        if word not in _FAILING:
            continue
        j = _near(words, i, _SUITES, 2)
        if j == -1:
            continue
        k = _near(words, j, frozenset(("are", "is", "get", "gets")), 2)
        if k != -1 and words[k + 1:k + 2] and words[k + 1] in _ERASED and _live(words, k):
            return _phrase(words, i, k + 1)
        for m in range(j + 1, min(len(words) - 1, j + 14)):
            if words[m] in _REPORTED and words[m + 1] in _SUCCESS and _live(words, m):
                return _phrase(words, i, m + 1)
    return None


# --- who may release ---------------------------------------------------------------------
# A release's powers: the signing key, the published package, the tag users install.
_RELEASING = frozenset(("release", "releases", "publish", "publishes", "sign", "signs",
                        "signing"))
_EVERY_PUSH = frozenset(("push", "pushes", "branch", "branches", "fork", "forks", "pr", "prs",
                         "pull", "commit", "commits", "contributor", "contributors"))
# Where a push is one the branch's protection reviewed.
_PROTECTED = frozenset(("main", "master", "trunk", "default", "release", "stable", "tag",
                        "tags"))


def _release_opened(words: list[str], _decided: bool) -> str | None:
    """A release's powers given to whatever anyone pushes: "have `deploy_script` call
    tools/cut-release for any push".  A release for every push to main or for every tag is
    one the branch's protection reviewed."""
    for i, word in enumerate(words[:-1]):
        if word in ("any", "every", "each", "all") and words[i + 1] in _EVERY_PUSH and (
                i and words[i - 1] in ("for", "on", "from")) and _live(words, i):
            said = _own_clause(words, i)
            if any(_RELEASING.intersection(_parts(p)) for w in said for p in w.split("/")) and not \
                    _PROTECTED.intersection(words[i + 2:i + 5]) and not \
                    _PROTECTED.intersection(words[max(0, i - 2):i]):
                return _phrase(words, max(0, i - 1), i + 1)
    return None


def _own_clause(words: list[str], i: int) -> list[str]:
    """The words of the clause before ``i`` ("builds on every push" in "... and PR, but
    only publishes when pushing a tag" is not the publishing's)."""
    start = max(0, i - 12)
    for k in range(i - 1, start - 1, -1):
        if words[k] in (";", ",", "but", "and", "while", "whereas"):
            return words[k + 1:i]
    return words[start:i]


# Each axis with the words a sentence needs for it to be read at all, and its check.
AXES = (
    ("the people who decide", _OVERSIGHT | _ASKED | _SWITCHED_OFF, _unconsulted),
    ("what is reported", _FAILING, _failure_hidden),
    ("who may release", frozenset(("any", "every", "each", "all")), _release_opened))
