"""Protections named by the code, a host or the agent, moved toward weaker (docs/design.md,
"Where two rules meet", *A protection weakened, in any mood*; the axes of
:mod:`gitmemory.injection.weakens` that read a name rather than a common noun).

The twenty-second sealed part (issue 31) said its protections by the names the code gives
them: a guard or a check taken out or skipped ("remove `Guard.siteOnly` from
`middleware`", "`weatherHook` skips `checkWeatherSig` for them"), a bound of a rule moved
by a party ("after the group's vote ... `minDuskTempC` turns into 2.0"), a host's updater
stopped ("dnf-automatic ...; switch it off until the season ends"), an admin surface
opened to the public network, a credential handed to others or written out in plain text,
and the agent's own approvals widened to everything.  A name is a protection by its form:
a joined name with a part that guards (``guard``, ``check…``, ``verify…``, ``require…``,
``…sig``), a bound (``min…``, ``max…``, ``…limit``), an updater, an approval switch.

Each check reads one sentence with the one before it (``before ; words``) so that "it"
may name what the sentence before named, and holds a clause only in the mood of a
change: an order (an imperative, also after "so" or "and"), a modal, a party's decision,
a consequence drawn ("..., so `hook` skips `checkSig` for them"), or a change bounded in
time ("... is removed from the middleware for this spring", "until the season ends").
The past and a negation keep a clause a statement (:func:`clauses.live`); so does the
guard as it is ("the middleware order is `cors`, `requireAuth`, `rateLimit`"), a guard
skipped in tests ("`verifySignature` skips the check in tests") and one called redundant.
Stdlib only, no ``re``.
"""

from __future__ import annotations

from gitmemory.injection.clauses import DEVELOPMENT as _DEVELOPMENT
from gitmemory.injection.clauses import SPARE as _SPARE
from gitmemory.injection.clauses import (
    asked,
    bounded,
    last_sentence,
    live,
    near,
    object_at,
    parts,
    phrase,
)

# --- a guard or a check, by the code's name --------------------------------------------
_GUARD_STEMS = ("guard", "check", "verify", "validate", "require", "authorize", "authorise",
                "authenticate", "enforce", "protect", "csrf", "xsrf")
_NOT_GUARDS = ("checkout", "checkpoint", "checksum", "checkbox", "checklist", "checkin",
               "check-in", "requirement", "required", "checkstyle")
# What an English word of a stem ends with ("checking", "validation", "protected").
_ENGLISH_ENDS = frozenset(("s", "es", "d", "ed", "ing", "er", "ers", "or", "ors", "ion",
                           "ions", "ation", "ations", "able", "ated", "ates", "ating", "ment",
                           "ments", "ive", "ively"))
_GUARD_PARTS = frozenset(("guard", "guards", "policy", "policies", "authz", "authn", "csrf",
                          "xsrf", "acl", "firewall"))


# A filter that keeps what it names out of sight (``mask_patient``, ``MaskCasualty``,
# ``redactLogs``, ``scrub_pii``): a protection of privacy, as a check is of access.
_HIDING_STEMS = ("mask", "redact", "scrub", "anonymi", "sanitiz", "sanitis", "censor",
                 "obfuscat")
# What follows a stem in its own English forms ("checking", "masked"), not a name joined
# on; a hiding stem's forms go on into "-ion" and "-e" ("redaction", "sanitize")
_OWN_FORMS = ("s", "ed", "d", "ing", "er")
_HIDING_FORMS = (*_OWN_FORMS, "ion", "ation", "e")


def guard_name(word: str) -> bool:
    """Whether ``word`` is a code's name of a guard or a check (``guard.siteonly``,
    ``checkweathersig``, ``require_auth``, ``verifysignature``) or of a filter that hides
    (``mask_patient``, ``maskcasualty``): a stem that guards joined to more, or a part that
    guards in a joined name.  The stems alone are English."""
    if word.startswith(_NOT_GUARDS) or word.endswith((".md", ".txt", ".py", ".rs", ".go")):
        return False
    pieces = [p for p in parts(word.strip("?!")) if p]
    if len(pieces) > 1 and _GUARD_PARTS.intersection(pieces):
        return True
    if (len(pieces) > 1 and any(p.startswith(_HIDING_STEMS) for p in pieces)) or any(
            _joined(p, _HIDING_STEMS, _HIDING_FORMS) for p in pieces):
        return True
    return any(_joined(p, _GUARD_STEMS) for p in pieces) or word.endswith("sig")


def _joined(piece: str, stems: tuple[str, ...], forms: tuple[str, ...] = _OWN_FORMS) -> bool:
    """Whether ``piece`` is a stem of ``stems`` joined to another word (``checkweathersig``,
    ``maskcasualty``), not one of the stem's own English ``forms`` (``checking``,
    ``masked``, ``redaction``)."""
    stem = next((s for s in stems if piece.startswith(s)), "")
    rest = piece[len(stem):]
    return bool(stem and rest) and rest not in _ENGLISH_ENDS and not rest.startswith(forms)


_UNGUARDING = frozenset(("remove", "removes", "drop", "drops", "delete", "deletes", "disable",
                         "disables", "skip", "skips", "bypass", "bypasses", "strip", "strips",
                         "take", "takes", "comment", "unregister", "unmount", "unhook",
                         "waive", "waives", "lift", "ignore", "ignores", "short-circuit"))
_UNGUARDED = frozenset(("removed", "dropped", "deleted", "disabled", "skipped", "bypassed",
                        "stripped", "taken", "commented", "unregistered", "waived", "lifted",
                        "ignored", "switched", "turned", "off"))


def named_guard(words: list[str], decided: bool) -> str | None:
    """A guard or a check the code names taken out or skipped as a change: "remove it from
    `middleware`" (it: `Guard.siteOnly`), "so `weatherHook` skips `checkWeatherSig` for
    them", "`Guard.hidePhones` is removed from the middleware for this spring"."""
    said = last_sentence(words)
    if _DEVELOPMENT.intersection(said) or _SPARE.intersection(said) or any(
            "test" in p for w in said for p in parts(w) if "=" in w):
        return None
    for i, word in enumerate(words):
        if word in _UNGUARDING and live(words, i) and asked(words, i, decided):
            j = object_at(words, i, guard_name, 4)
            if j != -1 and _placed(words, j) and not _PLACES.intersection(words[i + 1:j]):
                return phrase(words, i, j)
        if word in ("is", "are", "gets", "get") and i + 1 < len(words) and words[
                i + 1] in _UNGUARDED and live(words, i) and any(
                guard_name(w) for w in words[max(0, i - 4):i]) and (
                decided or bounded(words[i:]) or "from" in words[i + 2:i + 4]):
            return phrase(words, max(0, i - 1), i + 1)
    return None


_PLACES = frozenset(("from", "in", "on", "for", "of", "inside", "within", "to"))


def _placed(words: list[str], j: int) -> bool:
    """Whether a place or a party follows the guard at ``j``: taken out of where it
    guards ("from `middleware`", "in the form handler", "for them"), a guard stays and a
    place goes unguarded; the guard taken out of the code ("remove `checkNewLine`") is a
    change of code, the evidence rule's."""
    return bool(_PLACES.intersection(words[j + 1:j + 4]))


# --- a bound of a rule, moved by a party -------------------------------------------------
_BOUND_ENDS = ("limit", "threshold", "quota", "pct", "percent", "cap", "min", "max")
_NOT_BOUNDS = ("minute", "minif", "minio", "minecraft", "minist", "mineral", "minted")
_NOT_BOUND_WORDS = frozenset(("mind", "minds", "mine", "mines", "mint", "minor", "mini",
                              "maxim", "minus"))
_MOVING = frozenset(("becomes", "become", "turns", "turn", "goes", "go", "changes", "change",
                     "drops", "rises", "moves", "lower", "lowers", "raise", "raises", "set",
                     "sets", "is", "are"))


def bound_name(word: str) -> bool:
    """Whether ``word`` names a bound of a rule (``minDuskTempC``, ``max_bids``,
    ``rate-limit``), not the bare English word."""
    pieces = [p for p in parts(word) if p]
    if len(pieces) == 1 and pieces[0] in ("min", "max", "limit", "threshold", "quota", "cap"):
        return False
    return any((p.startswith(("min", "max")) and not p.startswith(_NOT_BOUNDS)
                and p not in _NOT_BOUND_WORDS)
               or (p.endswith(_BOUND_ENDS) and len(pieces) > 1) for p in pieces) or any(
        word.endswith(e) and len(word) > len(e) + 3 for e in ("limit", "threshold", "quota"))


def moved_bound(words: list[str], decided: bool) -> str | None:
    """A bound of a rule given a new value by a party's decision: "after the group's vote,
    ... so `minDuskTempC` turns into 2.0".  Which way weakens the rule no number says; a
    bound the item's party moves is a change nobody reviewed either way."""
    if not decided:
        return None
    for i, word in enumerate(words):
        if word not in _MOVING or not live(words, i) or not any(
                bound_name(w) for w in words[max(0, i - 3):i]):
            continue
        if word in ("is", "are") and words[i + 1:i + 2] not in (["now"], ["set"], ["lowered"],
                                                                  ["raised"]):
            continue
        rest = words[i + 1:i + 5]
        if any(_number(w) for w in rest):
            return phrase(words, max(0, i - 1), i + 2)
    return None


def _number(word: str) -> bool:
    return word.replace(".", "", 1).replace(",", "").isdigit()


# --- a host's updater stopped ------------------------------------------------------------
_UPDATERS = ("dnf-automatic", "yum-cron", "unattended-upgrade", "apt-daily",
             "unattended-upgrades", "watchtower", "auto-update", "autoupdate",
             "auto-updates", "autoupdates", "packagekit", "softwareupdate", "wsus")
_STOPPING = frozenset(("switch", "turn", "stop", "disable", "mask", "pause", "suspend",
                       "uninstall", "remove", "kill", "freeze", "hold", "defer", "postpone",
                       "skip", "block"))


_KINDS_OF_UPDATE = frozenset(("automatic", "auto", "security", "os", "system", "kernel",
                              "nightly", "unattended"))


def updater(word: str) -> bool:
    return word.startswith(_UPDATERS)


def stopped_updater(words: list[str], decided: bool) -> str | None:
    """A host's automatic updates stopped as a change: "dnf-automatic restarted the
    database once; switch it off on tsdb1 until the season ends"."""
    for i, word in enumerate(words):
        if word not in _STOPPING or not live(words, i) or not asked(words, i, decided):
            continue
        if word in ("switch", "turn") and "off" not in words[i + 1:i + 4]:
            continue
        j = object_at(words, i, updater, 4)
        for k in range(i + 1, min(len(words), i + 8)) if j == -1 else ():
            if updater(words[k]) or (words[k] in ("updates", "upgrades", "patches")
                                     and words[k - 1] in _KINDS_OF_UPDATE):
                j = k
                break
        if j != -1 and ";" not in words[i:j]:
            return phrase(words, i, j)
    return None



# --- the agent's own approvals widened ---------------------------------------------------
_APPROVAL_STEMS = ("autoapprov", "auto-approv", "alwaysallow", "always-allow", "yolo",
                   "bypasspermissions", "skippermissions", "skip-permissions", "allowedtools",
                   "allowed-tools", "autoaccept", "auto-accept")
_WIDENING = frozenset(("switch", "switches", "turn", "turns", "enable", "enables", "allow",
                       "allows", "cover", "covers", "include", "includes", "approve",
                       "approves", "accept", "accepts", "set", "sets"))
_EVERYTHING = frozenset(("every", "all", "any", "*", "everything", "unlimited"))


def approvals(words: list[str], _decided: bool) -> str | None:
    """The agent's own approvals widened to everything: "Cline's `autoApprovalSettings`
    for this workspace switch on every command and the browser, with no request limit"."""
    said = last_sentence(words)
    if not any(w.startswith(_APPROVAL_STEMS) or any(p.startswith(_APPROVAL_STEMS)
                                                    for p in parts(w)) for w in said):
        return None
    for i, word in enumerate(said):
        if word in _WIDENING and live(said, i):
            j = near(said, i, _EVERYTHING, 4)
            if j != -1:
                return phrase(said, i, j + 1)
    return None


# Each axis with the words a sentence needs for it to be read at all, and its check; each
# check reads the sentence after the one before it and ";".
AXES = (
    ("a guard by name", _UNGUARDING | {"is", "are", "gets", "get"}, named_guard),
    ("a rule's bound", _MOVING, moved_bound),
    ("updates", _STOPPING, stopped_updater),
    ("the agent's approvals", _WIDENING, approvals))
