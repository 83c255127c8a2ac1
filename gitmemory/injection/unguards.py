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

from gitmemory.injection.clauses import live, mood, near, parts, phrase

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# Words after which a base verb opens an order ("..., so open it on the WAN side").
_OPENERS = frozenset((";", ",", ":", "so", "and", "then", "(", "please", "just", "simply"))
_CONCLUDING = frozenset(("so", "therefore", "thus", "hence"))
_PRONOUNS = frozenset(("it", "them", "this", "that", "these", "those"))
_DEVELOPMENT = frozenset(("test", "tests", "testing", "fixture", "fixtures", "dev",
                          "development", "locally", "sandbox", "mock", "mocks", "stub"))
_SPARE = frozenset(("redundant", "duplicate", "duplicated", "unused", "dead", "obsolete",
                    "unnecessary", "unreachable", "stale", "deprecated"))


def asked(words: list[str], i: int, decided: bool) -> bool:
    """Whether the verb at ``i`` is said as a change: :func:`clauses.mood`, a base verb
    after a clause's opener, a consequence drawn before it in its clause, or a bound in
    time in its sentence."""
    if mood(words, i, decided) or words[i - 1] in _OPENERS:
        return True
    for word in reversed(words[max(0, i - 6):i]):
        if word in _CONCLUDING:
            return True
        if word in (",", ";", ":"):
            break
    return _bounded(words[i:])


_SEASONS = frozenset(("spring", "summer", "autumn", "fall", "winter", "season", "week",
                      "month", "year", "quarter", "sprint", "release", "migration", "night",
                      "weekend", "campaign", "audit", "festival", "exhibition", "holidays"))


def _bounded(words: list[str]) -> bool:
    """A change said to hold for a while: "until ...", "for now", "for this spring"."""
    for k, word in enumerate(words):
        if word == ";":
            return False
        if word == "until" or (word == "for" and words[k + 1:k + 2] == ["now"]):
            return True
        if word in ("for", "during", "over") and _SEASONS.intersection(words[k + 1:k + 4]):
            return True
    return False


def _sentence(words: list[str]) -> list[str]:
    """The words of the sentence read, without the one before it."""
    return words[len(words) - words[::-1].index(";"):] if ";" in words else words


def _object(words: list[str], i: int, named: Callable[[str], bool], reach: int = 4
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
                named(w) for w in words[max(0, i - 24):_clause_start(words, i)]):
            return j
    return -1


def _clause_start(words: list[str], i: int) -> int:
    """Where the clause of the verb at ``i`` begins: its subject is no antecedent of a
    pronoun after the verb ("so `requireAuth` skips it")."""
    for k in range(i - 1, max(-1, i - 8), -1):
        if words[k] in (";", ",", ":", "so", "and", "then", "because", "since", "which"):
            return k + 1
    return max(0, i - 8)


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


def guard_name(word: str) -> bool:
    """Whether ``word`` is a code's name of a guard or a check (``guard.siteonly``,
    ``checkweathersig``, ``require_auth``, ``verifysignature``): a stem that guards
    joined to more, or a part that guards in a joined name.  The stems alone are English."""
    if word.startswith(_NOT_GUARDS) or word.endswith((".md", ".txt", ".py", ".rs", ".go")):
        return False
    pieces = [p for p in parts(word.strip("?!")) if p]
    if len(pieces) > 1 and _GUARD_PARTS.intersection(pieces):
        return True
    return any(p.startswith(_GUARD_STEMS) and p[len(_stem(p)):] not in _ENGLISH_ENDS | {""}
               and not p[len(_stem(p)):].startswith(("s", "ed", "d", "ing", "er"))
               for p in pieces) or word.endswith("sig")


def _stem(piece: str) -> str:
    return next(s for s in _GUARD_STEMS if piece.startswith(s))


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
    said = _sentence(words)
    if _DEVELOPMENT.intersection(said) or _SPARE.intersection(said) or any(
            "test" in p for w in said for p in parts(w) if "=" in w):
        return None
    for i, word in enumerate(words):
        if word in _UNGUARDING and live(words, i) and asked(words, i, decided):
            j = _object(words, i, guard_name, 4)
            if j != -1 and _placed(words, j) and not _PLACES.intersection(words[i + 1:j]):
                return phrase(words, i, j)
        if word in ("is", "are", "gets", "get") and i + 1 < len(words) and words[
                i + 1] in _UNGUARDED and live(words, i) and any(
                guard_name(w) for w in words[max(0, i - 4):i]) and (
                decided or _bounded(words[i:]) or "from" in words[i + 2:i + 4]):
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
        j = _object(words, i, updater, 4)
        for k in range(i + 1, min(len(words), i + 8)) if j == -1 else ():
            if updater(words[k]) or (words[k] in ("updates", "upgrades", "patches")
                                     and words[k - 1] in _KINDS_OF_UPDATE):
                j = k
                break
        if j != -1 and ";" not in words[i:j]:
            return phrase(words, i, j)
    return None


# --- an admin surface opened to the public network ---------------------------------------
_OPENING = frozenset(("open", "opens", "expose", "exposes", "publish", "forward", "bind",
                      "serve", "allow", "unblock", "put"))
# Words of a sentence, no address bound here.
_PUBLIC = frozenset(("wan", "internet", "0.0.0.0", "0.0.0.0/0", "::/0",  # noqa: S104
                     "world", "anywhere", "everyone", "public"))
_SURFACES = frozenset(("gui", "webgui", "web-gui", "webui", "web-ui", "admin", "dashboard",
                       "console", "panel", "management", "ssh", "rdp", "vnc", "database",
                       "postgres", "postgresql", "mysql", "redis", "mongodb", "phpmyadmin",
                       "grafana", "kibana", "portainer", "adminer", "pgadmin", "ipmi", "idrac",
                       "ilo", "webmin", "cockpit", "proxmox", "api", "metrics", "debug"))


def exposed(words: list[str], decided: bool) -> str | None:
    """An admin surface opened to the public network as a change: "the firm needs its web
    GUI from home, so open it on the WAN side"."""
    for i, word in enumerate(words):
        if word not in _OPENING or not live(words, i) or not asked(words, i, decided):
            continue
        j = near(words, i, _PUBLIC, 8)
        if j == -1 or (words[j] == "public" and words[j + 1:j + 2] in (["key"], ["keys"])):
            continue
        if _SURFACES.intersection(p for w in _sentence(words)[:j] for p in parts(w)):
            return phrase(words, i, j)
    return None


# --- a credential handed to others, or written out ---------------------------------------
_HANDING = frozenset(("share", "give", "hand", "send", "forward", "email", "e-mail", "post",
                      "paste", "tell", "disclose", "publish", "dm", "text"))
_CREDENTIALS = frozenset(("password", "passwords", "passphrase", "passphrases", "credentials",
                          "credential", "secret", "secrets", "login", "logins", "token",
                          "tokens", "codes", "pin"))
_NOT_CREDENTIALS = frozenset(("page", "pages", "form", "screen", "flow", "url", "link",
                              "button", "reset", "policy", "manager", "field", "hash",
                              "rules", "strength", "length", "prompt", "expiry", "rotation",
                              "names", "name", "format", "endpoint", "docs", "history"))


# A credential of someone's: "the admin login", "their passwords", not "credentials" of a
# protocol a program forwards ("forward credentials to upstreams").
_OWNED = frozenset(("the", "their", "our", "your", "its", "his", "her", "my", "this", "that"))


def _credential(words: list[str], j: int) -> bool:
    """Whether the noun at ``j`` is a credential itself, not a page or a rule about one
    ("the admin login", not "the login page"; "backup codes", not "exit codes")."""
    after = words[j + 1] if j + 1 < len(words) else ""
    if after in _NOT_CREDENTIALS or words[j - 1] in ("public", "the-public"):
        return False
    if words[j] == "codes":
        return words[j - 1] in ("backup", "recovery", "2fa", "otp", "one-time")
    return True


def handed(words: list[str], decided: bool) -> str | None:
    """A credential handed to others as an order: "share the admin login with them"."""
    for i, word in enumerate(words):
        if word not in _HANDING or not live(words, i) or not asked(words, i, decided):
            continue
        j = near(words, i, _CREDENTIALS, 5)
        if j != -1 and _credential(words, j) and _OWNED.intersection(
                words[max(i + 1, j - 3):j]) and {"with", "to"}.intersection(words[j + 1:j + 6]):
            return phrase(words, i, j)
    return None


_WRITING = frozenset(("write", "put", "paste", "copy", "store", "keep", "save", "commit",
                      "add", "record", "list", "document", "spell", "include", "print"))
_IN_CLEAR = (("plain", "text"), ("plaintext",), ("clear", "text"), ("cleartext",),
             ("in", "the", "clear"), ("unencrypted",), ("unmasked",), ("verbatim",),
             ("unredacted",))
_SECRET_PARTS = frozenset(("token", "secret", "password", "passwd", "passphrase", "apikey",
                           "credentials", "pat", "dsn"))


def _secret(word: str) -> bool:
    pieces = parts(word)
    return word in _CREDENTIALS - {"login", "logins", "codes", "pin"} or (
        len(pieces) > 1 and bool(_SECRET_PARTS.intersection(pieces)))


def written_out(words: list[str], decided: bool) -> str | None:
    """A secret written in plain text where others read it, as an order: "write
    `SMSAPI_TOKEN` ... out in plain text in ops/smsapi/README.md"."""
    for i, word in enumerate(words):
        if word not in _WRITING or not live(words, i) or not asked(words, i, decided):
            continue
        rest = words[i + 1:i + 20]
        rest = rest[:rest.index(";")] if ";" in rest else rest
        if any(_secret(w) for w in rest[:8]) and any(
                tuple(rest[k:k + len(m)]) == m for m in _IN_CLEAR for k in range(len(rest))):
            return phrase(words, i, i + 2)
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
    said = _sentence(words)
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
    ("what is exposed", _OPENING, exposed),
    ("a secret handed on", _HANDING, handed),
    ("a secret written out", _WRITING, written_out),
    ("the agent's approvals", _WIDENING, approvals))
