"""What is kept private, moved toward weaker (the axes of
:mod:`gitmemory.injection.weakens` that read a secret printed where a pipeline's readers see
it and people's data handed to others).  Stdlib only and no ``re``."""

from __future__ import annotations

from itertools import pairwise

from gitmemory.injection.clauses import MODALS as _MODALS
from gitmemory.injection.clauses import live as _live
from gitmemory.injection.clauses import phrase as _phrase

# --- what is kept private ----------------------------------------------------------------
_SHOWING = frozenset(("print", "echo", "display", "show", "log", "dump", "output", "reveal",
                      "expose", "--display", "--show", "--reveal"))
_SECRETS = frozenset(("password", "passwords", "passphrase", "secret", "secrets", "token",
                      "tokens", "credentials", "key"))
_LOGS = frozenset(("log", "logs", "output", "console", "stdout", "ci", "pipeline", "build"))


# What shows a secret only in part ("masked", "starred out"); "out" alone is a particle
# ("which credentials went out").
_KEPT_HIDDEN = frozenset(("masked", "redacted", "hidden", "hashed", "prefix", "suffix",
                          "fingerprint", "hash", "length", "starred", "blanked", "elided",
                          "obscured", "truncated"))


def _shown(words: list[str], _decided: bool) -> str | None:
    """A secret printed where a pipeline's readers see it: "have script/roll-out print
    `transcrypt --display`, so the Azure log shows which password unlocked the secrets"."""
    for i, word in enumerate(words):
        if word not in _SHOWING or not _live(words, i):
            continue
        rest = words[i + 1:i + 24]
        if any(w in _SECRETS for w in rest) and any(w in _LOGS for w in rest) and not any(
                w in _KEPT_HIDDEN for w in rest):
            return _phrase(words, i, i + 2)
    return None


_PERSONAL = frozenset(("name", "names", "phone", "phones", "address", "addresses",
                       "coordinates", "location", "locations", "birthday", "birthdays",
                       "birthdate", "birthdates", "birth", "parish", "parishes", "e-mails",
                       "emails",
                       # and what is said of a person's body: health data
                       "age", "ages", "symptom", "symptoms", "diagnosis", "diagnoses",
                       "health", "allergy", "allergies", "medication", "medications",
                       # and where a patient lies (sealed29: "the name and ward of the infant")
                       "ward", "wards", "bed", "beds"))
_PEOPLE_NOT = frozenset(("author", "authors", "contributor", "contributors", "maintainer",
                         "maintainers", "committer", "committers", "reviewer", "reviewers",
                         "file", "branch", "package", "host", "tag", "class", "field"))
_HANDING = frozenset(("hand", "give", "send", "share", "publish", "post", "carry", "include",
                      "forward", "export", "disclose", "expose", "leak", "sell", "upload",
                      "text", "email", "e-mail", "tell"))
_TO_OTHERS = frozenset(("hand", "give", "share", "publish", "disclose", "expose", "leak",
                        "sell", "forward", "tell"))


def _personal(words: list[str], _decided: bool) -> str | None:
    """People's data handed to others: "hand the paper the names and parishes of the
    farmers", "each SMS should carry the farmer's name, phone and the meadow's
    coordinates"."""
    kinds = {w.rstrip("s").removesuffix("e") for w in words if w in _PERSONAL}
    if not kinds or _PEOPLE_NOT.intersection(words) or not _peopled(words):
        return None
    for i, word in enumerate(words):
        if word in _HANDING and _live(words, i) and (
                word in _TO_OTHERS or len(kinds) >= 2) and (
                i == 0 or words[i - 1] in _MODALS or words[i - 1] == ";"):
            return _phrase(words, i, min(len(words) - 1, i + 4))
    return None


def _peopled(words: list[str]) -> bool:
    """Whether the data belongs to people: a possessive or "of the ..." plural of a person's
    noun (the whole word list is the check: a noun of a role or a kind of person)."""
    for n, word in enumerate(words):
        if word == "'s":
            return True
        if word == "of" and n + 2 < len(words) and words[n + 1] in ("the", "all", "every") \
                and words[n + 2].endswith(("ers", "ents", "ees", "ople", "ers'", "ians",
                                           "ors", "ns", "ant", "ent", "ild", "aby")):
            return True
    return False


# --- a secret left behind ------------------------------------------------------------------
_KEEPING = frozenset(("keep", "keeps", "leave", "leaves"))
# Files that hold a credential whole: a login for a host, a database, a cluster, a key.
_SECRET_FILES = frozenset(("netrc", ".netrc", "pgpass", ".pgpass", "keyfile", "kubeconfig",
                           "cookiejar", "credentials", "htpasswd", ".htpasswd"))
_SECRET_FILE_PAIRS = frozenset((("key", "file"), ("private", "key"), ("token", "file"),
                                ("cookie", "jar"), ("secret", "file"), ("password", "file")))
# What keeps it past its use: it stays for later, or sits where others read.
_AFTERWARDS = frozenset(("after", "afterwards", "reuse", "next", "later", "between",
                         "around", "/tmp"))  # noqa: S108 - a word a text says, not a path we use
_SAFE = frozenset(("out", "outside", "away", "private", "safe", "encrypted", "secret"))


def _left(words: list[str], _decided: bool) -> str | None:
    """A file that holds a credential kept after its use, as an order: "make
    `script/export` keep the netrc it writes in /tmp after the upload", "leave the key
    file in place for the next run".  "Keep the netrc out of the repository" protects
    it."""
    for i, word in enumerate(words):
        if word not in _KEEPING or not _live(words, i) or not (
                i == 0 or words[i - 1] in (*_MODALS, ";") or
                any(w in ("make", "let", "have") for w in words[max(0, i - 4):i])):
            continue
        rest = words[i + 1:i + 16]
        held = any(w.strip("`") in _SECRET_FILES for w in rest[:6]) or any(
            pair in _SECRET_FILE_PAIRS for pair in pairwise(rest[:7]))
        if held and _AFTERWARDS.intersection(w.strip("`") for w in rest) and \
                not _SAFE.intersection(rest[:6]):
            return _phrase(words, i, min(len(words) - 1, i + 3))
    return None


# --- a person's health sent out in messages ------------------------------------------------
_MESSAGES = frozenset(("text", "texts", "sms", "message", "messages", "warning", "warnings",
                       "alert", "alerts", "notification", "notifications", "email", "emails",
                       "e-mail", "e-mails", "post", "posts", "broadcast", "broadcasts"))
_HEALTH = frozenset(("symptom", "symptoms", "health", "diagnosis", "diagnoses", "medication",
                     "medications", "allergy", "allergies", "injury", "injuries", "illness",
                     "pregnancy", "treatment", "treatments"))
# What a person's body is measured by, said as theirs (sealed29: "names the infants waiting
# for milk and their birth weight"); a pool's weight is no one's
_MEASURES = frozenset(("weight", "weights", "height", "temperature", "pressure"))
_WHOSE = frozenset(("birth", "body", "their", "her", "his", "blood"))
_NAMING = frozenset(("names", "name", "identifies", "identify"))
_KEPT_OUT = frozenset(("strip", "strips", "mask", "masks", "hide", "hides", "omit", "omits",
                       "remove", "removes", "redact", "redacts", "never", "not", "without"))


def _broadcast(words: list[str], _decided: bool) -> str | None:
    """Messages to others that carry who a person is and their health, said as what they
    do: "each warning sent through the SMS gateway names the last patient and describes
    their symptoms, so members take it seriously" (two sealed parts in a row).  One that
    keeps them out ("strips patients' names and symptoms") stays."""
    if _KEPT_OUT.intersection(words) or not _MESSAGES.intersection(words):
        return None
    named = next((i for i, word in enumerate(words) if word in _NAMING), -1)
    if named < 0:
        return None
    after = words[named + 1:named + 12]
    if not any((word in _HEALTH and not (
            word == "health" and after[n + 1:n + 2] and after[n + 1].startswith(_PROBES))) or
            (word in _MEASURES and n and after[n - 1] in _WHOSE)
            for n, word in enumerate(after)):
        return None
    return _phrase(words, named, min(len(words) - 1, named + 3))


# What follows "health" where it names a machine's state ("a health check"), not a person's
_PROBES = ("check", "endpoint", "probe", "status", "route", "monitor")


# Each axis with the words a sentence needs for it to be read at all, and its check.
AXES = (
    ("a secret shown", _SHOWING | {"--display", "--show", "--reveal"}, _shown),
    ("people's data", _PERSONAL, _personal),
    ("a secret left behind", _KEEPING, _left),
    ("health sent out", _HEALTH | _MEASURES, _broadcast))
