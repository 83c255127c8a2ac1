"""What is checked, tested and updated, moved toward weaker (the axes of
:mod:`gitmemory.injection.weakens` that read a check taken out or made to pass, a suite
taken out of a pipeline and a host's upgrades held back).  Stdlib only and no ``re``."""

from __future__ import annotations

from gitmemory.injection.clauses import MODALS as _MODALS
from gitmemory.injection.clauses import PAST_AUX as _PAST_AUX
from gitmemory.injection.clauses import SPARE as _SPARE
from gitmemory.injection.clauses import SWITCHED_OFF as _SWITCHED_OFF
from gitmemory.injection.clauses import live as _live
from gitmemory.injection.clauses import mood as _mood
from gitmemory.injection.clauses import near as _near
from gitmemory.injection.clauses import parts as _parts
from gitmemory.injection.clauses import phrase as _phrase

# --- what is checked -------------------------------------------------------------------
_TAKING = frozenset(("remove", "drop", "delete", "disable", "skip", "bypass", "strip",
                     "take", "comment", "relax", "loosen", "waive", "lift", "ignore"))
_CHECK_NOUNS = frozenset(("check", "checks", "test", "tests", "validation", "verification",
                          "guard", "limit", "requirement", "approval", "review", "condition",
                          "certificate", "certificates", "tls", "mtls", "clientcas",
                          "signature", "csrf"))
_TRUE = frozenset(("true", "ok", "yes", ":ok", "#t", "t", "allow", "allowed"))
_REGARDLESS = frozenset(("whatever", "regardless", "always", "unconditionally", "anyway",
                         "simply", "just"))
_EXCEPTIONS = frozenset(("exception", "exemption", "waiver", "loophole", "carve-out"))


def _check(words: list[str], decided: bool) -> str | None:
    """A check taken out of a guard or a server: "remove the radius test from
    `farmer-on-meadow?`", "take `certificate` and `clientcas` out of immudb.toml"; a
    predicate made to pass whatever it is given, as a party's decision ("`refuge-ok?`
    returns true for them whatever `unmown-pct` says, the groups agreed"); an exception
    added to a rule ("lower `occupied-nights` and add the rain exception")."""
    for i, word in enumerate(words):
        if word in _TAKING and _live(words, i):
            j = _near(words, i, _CHECK_NOUNS, 6)
            if j != -1 and not _SPARE.intersection(words[i + 1:j]) and _guarded_place(
                    words, j):
                return _phrase(words, i, j)
        if word in ("add", "allow", "make") and _live(words, i):
            j = _near(words, i, _EXCEPTIONS, 5)
            determined = j != -1 and bool({"the", "a", "an"}.intersection(words[j - 2:j]))
            if determined and (decided or _guarded_place(words, j)):
                return _phrase(words, i, j)
        if word in ("is", "are", "gets", "get") and decided and i + 1 < len(words) and words[
                i + 1] in _SWITCHED_OFF and _CHECK_NOUNS.intersection(
                p for w in words[max(0, i - 3):i] for p in _parts(w)):
            return _phrase(words, max(0, i - 1), i + 1)
        if word in ("return", "returns", "pass", "passes", "accept", "accepts", "answer",
                    "answers", "say", "says") and (
                _mood(words, i, decided) or (i and words[i - 1] in _MODALS)) and \
                _live(words, i):
            j = _near(words, i, _TRUE, 3)
            k = _near(words, i, _REGARDLESS, 8)
            k = k if k != -1 or not _REGARDLESS.intersection(words[max(0, i - 2):i]) else i
            k = k if k != -1 or j == -1 else _unproven(words, j)
            if j != -1 and k != -1:
                return _phrase(words, i, max(j, k))
    return None


# What a check asks to be shown: passed "without" one, the check passes whatever it is given.
_PROOFS_ASKED = _CHECK_NOUNS | frozenset((
    "token", "password", "key", "permit", "permits", "licence", "license", "paperwork",
    "papers", "proof", "id", "document", "documents", "signatures", "approvals", "consent"))


def _unproven(words: list[str], j: int) -> int:
    """Where "without <a proof>" ends right after the answer at ``j`` ("`move-allowed`
    returns true without a certificate"), or -1 ("returns true without raising")."""
    if words[j + 1:j + 2] != ["without"]:
        return -1
    return _near(words, j + 1, _PROOFS_ASKED, 3)


_GUARD_PREFIXES = ("is-", "is_", "can-", "can_", "has-", "has_", "check", "verify",
                   "validate", "require", "ensure", "allow", "auth", "guard", "need-", "must-")


def _guarded_place(words: list[str], j: int) -> bool:
    """Whether the check at ``j`` is taken from a guard, a server's settings or a
    pipeline: a predicate, a settings file or a pipeline after "from", "in", "of" or
    "out of"."""
    for k in range(j + 1, min(len(words), j + 8)):
        if words[k - 1] not in _PLACE_PREPOSITIONS:
            continue
        word = words[k]
        if word.endswith("?") or word.startswith(_GUARD_PREFIXES) or word.endswith(
                ("-ok", "_ok", "-allowed", "_allowed")) or (
                _settings(word) and _PROOFS.intersection(_parts(words[j]))):
            return True
    return False


_PLACE_PREPOSITIONS = frozenset(("from", "in", "of", "out", "inside", "within"))
# What a server's settings prove with: taken out of a settings file, the server proves less.
_PROOFS = frozenset(("certificate", "certificates", "tls", "mtls", "clientcas", "signature",
                     "csrf", "verification"))
_SETTINGS = (".toml", ".conf", ".cfg", ".yaml", ".yml", ".json", ".ini", ".env",
             ".properties", ".xml")


def _settings(word: str) -> bool:
    return word.startswith("/etc/") or word.endswith(_SETTINGS)


_PIPELINES = ("azure-pipelines", "gitlab-ci", "jenkinsfile", "github/workflows", "circleci",
              "travis", "bitbucket-pipelines", "drone", "buildkite")


def _pipeline(word: str) -> bool:
    return word.lstrip(".").startswith(_PIPELINES) or word in (
        "ci", "pipeline", "pipelines", "workflow")


_STOP_RUNNING = frozenset(("skip", "disable", "pause", "suspend", "drop", "remove"))


def _suite(words: list[str]) -> bool:
    return any("test" in w or w in ("lint", "specs", "suite", "checks", "e2e")
               for w in words)


def _tests(words: list[str], _decided: bool) -> str | None:
    """A pipeline told to stop running a suite: "skip `fennel test/rules.fnl` in
    azure-pipelines.yml until the season is over"."""
    for i, word in enumerate(words):
        if word not in _STOP_RUNNING or not _live(words, i):
            continue
        for k in range(i + 2, min(len(words), i + 10)):
            if words[k - 1] not in ("in", "from", "on", "during") or not any(
                    _pipeline(w) for w in words[k:k + 3]):  # "from the release pipeline"
                continue
            named = words[i + 1:k - 1]
            if _suite(named) or (set(named) & {"it", "them", "this", "that"} and _suite(
                    words[:i])):  # "the e2e suite slows releases; drop it from the pipeline"
                return _phrase(words, i, k)
    return None


# --- what is updated -------------------------------------------------------------------
_UPGRADES = frozenset(("upgrade", "upgrades", "full-upgrade", "dist-upgrade",
                       "unattended-upgrades", "patches", "patching", "-syu"))
_PACKAGERS = frozenset(("apk", "apt", "apt-get", "dnf", "yum", "zypper", "pacman", "security",
                        "os", "system", "kernel", "unattended-upgrades"))
_HOLDING = frozenset(("no", "hold", "pause", "postpone", "defer", "freeze", "stop", "skip",
                      "disable", "block", "delay", "suspend"))


def _updates(words: list[str], _decided: bool) -> str | None:
    """A host's upgrades held back: "no `apk upgrade` on the hosts until the grant year
    closes", "pause unattended-upgrades"."""
    for i, word in enumerate(words):
        if word in _UPGRADES and (word == "unattended-upgrades" or (
                i and words[i - 1] in _PACKAGERS)):
            before = words[max(0, i - 4):i]
            if any(w in _HOLDING for w in before) and not any(w in _PAST_AUX for w in before):
                return _phrase(words, max(0, i - 2), i)
    return None


# Each axis with the words a sentence needs for it to be read at all, and its check.
AXES = (
    ("what is checked", _TAKING | {"add", "allow", "make", "is", "are", "gets", "get", "return",
                                   "returns", "pass", "passes", "accept", "accepts", "answer",
                                   "answers", "say", "says"}, _check),
    ("what is tested", _STOP_RUNNING, _tests),
    ("updates", _UPGRADES, _updates))
# The checks that read a sentence after the one before it and ";".
READS_BEFORE = frozenset((_tests,))
