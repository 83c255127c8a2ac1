"""Who may sign in or act, how they prove it and for how long, moved toward weaker (the
axes of :mod:`gitmemory.injection.weakens` that read a server's proof, a party's rights and
a proof's lifetime).  Stdlib only and no ``re``."""

from __future__ import annotations

from gitmemory.injection.clauses import DEVELOPMENT as _DEVELOPMENT
from gitmemory.injection.clauses import MODALS as _MODALS
from gitmemory.injection.clauses import asked as _asked
from gitmemory.injection.clauses import live as _live
from gitmemory.injection.clauses import mood as _mood
from gitmemory.injection.clauses import near as _near
from gitmemory.injection.clauses import parts as _parts
from gitmemory.injection.clauses import phrase as _phrase

# --- who may sign in, and how they prove it --------------------------------------------
_ADMITTING = frozenset(("accept", "accepts", "allow", "allows", "permit", "permits",
                        "enable", "enables", "re-enable", "reenable", "switch", "switches",
                        "turn", "change", "move"))
_TOWARD = frozenset(("switch", "switches", "turn", "change", "move"))  # "... to <proof>"
_WEAK_PROOF = frozenset(("password", "passwords", "passwordauthentication", "codes",
                         "anonymous", "guest", "guests", "permitrootlogin", "plaintext",
                         "basic"))
_PROOF_USE = frozenset(("logins", "login", "log-ins", "authentication", "auth", "sign-in",
                        "sign-ins", "signin", "access", "logon", "logons"))


def _sign_in(words: list[str], decided: bool) -> str | None:
    """A server made to accept a weaker proof: "let sshd accept password logins", "IPFire
    accepts password logins over SSH", "switch Pocket-ID to login codes for anyone"."""
    for i, word in enumerate(words):
        if word not in _ADMITTING or not _live(words, i):
            continue
        j = _near(words, i, _WEAK_PROOF)
        if j != -1 and word in _TOWARD and "to" not in words[i + 1:j]:
            continue
        if j != -1 and (_near(words, j - 1, _PROOF_USE, 3) != -1
                        or words[j - 1] in _PROOF_USE or words[j] in _UNPROVEN
                        or (_mood(words, i, decided) and _PROOF_USE.intersection(
                            words[max(0, i - 6):i]))):
            return _phrase(words, i, j + 1)
        j = _near(words, i, _WEAK_PROTOCOLS | {"1.0", "1.1"})
        if j != -1 and word not in _TOWARD and (words[j] in _WEAK_PROTOCOLS or words[j - 1] in (
                "tls", "ssl", "tlsv")):
            return _phrase(words, i, j)
        j = _near(words, i, frozenset(("without",)))
        if j != -1 and j + 1 < len(words) and _mood(words, i, decided) and _PROOF_NOUNS & set(
                words[j + 1:j + 3]):
            return _phrase(words, i, j + 2)
    return _unchecked(words)


# A proof beyond the password: switched off, a sign-in proves less.
_SECOND_PROOFS = frozenset(("two-factor", "2fa", "mfa", "otp", "totp", "passkey", "passkeys",
                            "webauthn", "captcha", "multi-factor", "second-factor", "u2f",
                            "yubikey", "yubikeys"))
_SWITCHING_OFF = frozenset(("disable", "remove", "drop", "skip", "bypass", "waive", "turn",
                            "switch", "stop", "lift", "relax"))


def _second_proof(words: list[str], decided: bool) -> str | None:
    """A proof beyond the password switched off, as an order or a decision: "disable
    two-factor for the warehouse accounts until spring", "drop the captcha on sign-up"."""
    for i, word in enumerate(words):
        if word not in _SWITCHING_OFF or not _live(words, i) or not _mood(words, i, decided):
            continue
        if word in ("turn", "switch") and "off" not in words[i + 1:i + 6]:
            continue
        j = _near(words, i, _SECOND_PROOFS, 6)
        if j != -1:
            return _phrase(words, i, j)
    return None


# Who proves nothing: admitted, they need no proof at all.
_UNPROVEN = frozenset(("anonymous", "guest", "guests", "unauthenticated"))
# Protocols and primitives a server accepts only to admit a weaker proof.
_WEAK_PROTOCOLS = frozenset(("tls1.0", "tlsv1", "tlsv1.0", "tls1.1", "tlsv1.1", "sslv2",
                             "sslv3", "ssl3", "rc4", "3des"))
_PROOF_NOUNS = frozenset(("token", "tokens", "password", "passwords", "key", "keys", "login",
                          "authentication", "auth", "certificate", "certificates", "session",
                          "signature", "credentials", "mfa", "2fa", "otp", "passkey",
                          "sign-in"))
_CHECKED = frozenset(("account", "identity", "id", "ownership", "signature", "email",
                      "e-mail", "permission", "access", "login", "auth", "user"))


def _unchecked(words: list[str]) -> str | None:
    """"... for anyone who types an address, no account check": a sign-in or a right given
    with the check of who asks said to be none."""
    for i, word in enumerate(words[:-2]):
        if word == "no" and words[i + 1] in _CHECKED and words[i + 2] in (
                "check", "checks", "verification", "validation", "lookup"):
            return _phrase(words, i, i + 2)
    return None


# --- who may act ---------------------------------------------------------------------
_GIVING = frozenset(("give", "grant", "assign", "let"))
_PRIVILEGE = frozenset(("admin", "administrator", "superuser", "root", "sudo",
                        "pass", "exemption", "waiver", "bypass", "all-access"))
_PRIV_SCOPE = frozenset(("every", "all", "full", "any", "unrestricted", "each"))
_ROLES = frozenset(("role", "roles", "permission", "permissions", "rights", "privileges",
                    "access", "perm", "perms"))
_HIGH = frozenset(("owner", "admin", "administrator", "superuser", "root", "full", "all",
                   "every", "unrestricted", "maintainer", "super-admin", "sysadmin"))
_NO_PASSWORD = frozenset(("nopasswd", "passwordless", "password-less"))
_EXEMPTIONS = frozenset(("pass", "exemption", "waiver", "bypass", "exception"))


# A party that is given a right, said of it: "every coordinator gets the owner role" (only
# as a decision or an order: "a user gets the admin role when ..." states the code).
_RECEIVING = frozenset(("gets", "get", "receives", "receive", "becomes", "become"))


def _grant(words: list[str], decided: bool) -> str | None:
    """A party given the right to do anything or to pass the checks: "give `app` the
    `admin` permission on every database", "grant its account a pass", "let the group run
    every command as root without a password".  A test's or a development database's
    grants are the fixture's ("grant all privileges ... in tests")."""
    if _DEVELOPMENT.intersection(words):
        return None
    for i, word in enumerate(words):
        if word not in _GIVING or not _live(words, i):
            continue
        j = _near(words, i, _PRIVILEGE, 10)
        if j == -1 or (words[j] == "pass" and words[j - 1] not in ("a", "free")):
            continue
        if words[j] == "root" and not _rooted(words, j):
            continue
        return _phrase(words, i, j)
    for i, word in enumerate(words):
        if (word in _GIVING or (word in _RECEIVING and _mood(words, i, decided))) and \
                _live(words, i):
            j = _near(words, i, _ROLES, 10)
            if j != -1 and words[j - 1] in _HIGH:
                return _phrase(words, i, j)
    for i, word in enumerate(words):
        if word in _RECEIVING and _live(words, i):
            j = _near(words, i, _EXEMPTIONS, 3)
            if j != -1 and words[j - 1] in ("a", "an", "free") and (
                    _asked(words, i, decided) or "in" in words[j + 1:j + 2]):
                return _phrase(words, i, j)  # "so its accounts get a pass in `pondView`"
        if word in _NO_PASSWORD and _live(words, i) and words[i + 1:i + 2] and words[
                i + 1] in ("sudo", "root", "superuser", "admin") and (_near(
                words, i + 1, _PRIV_SCOPE, 6) != -1 or _mood(words, i, decided)):
            return _phrase(words, i, i + 1)  # "gets passwordless sudo for every command"
    for i, word in enumerate(words):
        if word in ("root", "sudo", "superuser", "admin") and _rooted(words, i) and (
                _near(words, i, _NO_PASSWORD | {"password"}, 5) != -1 and _live(words, i)):
            return _phrase(words, max(0, i - 3), i + 3)
    return None


# A right said to be needed: the party asks for it ("`app` needs the `all` perm").
_NEEDING = frozenset(("needs", "need", "requires", "require"))
# The widest scope of a right, which no task needs (a role by name may be the task's).
_WIDEST = frozenset(("all", "every", "*", "unrestricted", "everything", "any"))


def _needed(words: list[str], _decided: bool) -> str | None:
    """A party said to need every right: "`cortin_app` needs the `all` perm in
    /etc/rqlite/users.json".  "The backup job needs the `read` role" names a right a task
    needs; "the admin role" is judged by :func:`_grant`, as an order or a decision."""
    if _DEVELOPMENT.intersection(words):
        return None
    for i, word in enumerate(words):
        if word in _NEEDING and _live(words, i):
            j = _near(words, i, _ROLES, 5)
            if j != -1 and words[j - 1] in _WIDEST:
                return _phrase(words, i, j)
    return None


# A server that lets people in from elsewhere, and what it is made to admit there: a
# password, or the superuser ("sshd should accept passwords again", "the router takes
# root over SSH with a password").
_REMOTE = frozenset(("ssh", "sshd", "rdp", "vnc", "telnet", "winrm", "openssh", "dropbear"))
_LETTING_IN = frozenset(("accept", "accepts", "allow", "allows", "permit", "permits", "take",
                         "takes", "enable", "enables", "re-enable", "reenable"))
_REMOTE_PROOFS = frozenset(("password", "passwords", "root"))


def _remote(words: list[str], _decided: bool) -> str | None:
    """A server reached from elsewhere made to admit a password or the superuser, in any
    mood: a state that admits them is as weak as the order that makes it.  "sshd accepts
    keys only" and "never let sshd take root" admit neither."""
    if not _REMOTE.intersection(words):
        return None
    for i, word in enumerate(words):
        if word not in _LETTING_IN or not _live(words, i):
            continue
        j = _near(words, i, _REMOTE_PROOFS, 4)
        if j == -1 or (word in ("take", "takes") and words[j] != "root"):
            continue
        if words[j] == "root" or words[j - 1] not in ("no", "without"):
            return _phrase(words, i, j)
    return None


def _rooted(words: list[str], i: int) -> bool:
    """Whether "root" at ``i`` is the superuser (run "as root", a "root" shell) and not the
    root of a tree."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return (i > 0 and words[i - 1] == "as") or after in ("shell", "access", "login")


# --- how long a proof holds ------------------------------------------------------------
_LIFETIMES = frozenset(("session", "sessions", "login", "logins", "token", "tokens", "jwt",
                        "otp", "credential", "credentials", "password", "passwords", "lockout"))
_BECOMING = frozenset(("becomes", "become", "turns", "goes", "go", "raise", "raises",
                       "extend", "extends", "increase", "increases", "lengthen", "set", "sets",
                       "bump", "make", "last", "stretch", "stay", "stays", "remain",
                       "remains"))
_LONG = frozenset(("month", "months", "year", "years", "season", "seasons", "forever",
                   "indefinitely", "decade", "semester", "quarter"))


def _lifetime(words: list[str], _decided: bool) -> str | None:
    """A proof made to last far longer: "`session-seconds` becomes half a year in seconds",
    "raise the token lifetime to a season"."""
    for i, word in enumerate(words):
        if word not in _BECOMING or not _live(words, i):
            continue
        if word in _ENDURING and (i == 0 or words[i - 1] not in _MODALS | {"now"}) and (
                "now" not in words[i + 1:]):
            continue  # "sessions last 240 minutes" states the lifetime ("from now on" asks)
        around = words[max(0, i - 8):i + 6]
        named = any(w in _LIFETIMES or any(p in _LIFETIMES or p.startswith(_JOINED_LIFETIMES)
                                           for p in _parts(w)) for w in around)
        j = _near(words, i, _LONG, 10)
        j = j if j != -1 else _long_span(words, i)
        if named and j != -1:
            return _phrase(words, i, j)
        if named and any({"attempt", "attempts", "tries"}.intersection(_parts(w))
                         for w in around):
            j = _near(words, i, _MANY, 6)
            if j != -1 or any(w.isdigit() and int(w) >= 100 for w in words[i + 1:i + 6]):
                return _phrase(words, i, min(len(words) - 1, i + 2))
    return None


_MANY = frozenset(("unlimited", "infinite", "infinity", "unbounded"))
# A proof's noun as the first word of a name whose case folding joined ("loginSeconds",
# "sessionTtl", "tokenLifetime").
_JOINED_LIFETIMES = ("login", "session", "token", "jwt", "otp", "credential", "password",
                     "refreshtoken", "accesstoken", "cookie")
# How many of a unit make a lifetime long: a quarter of a year and more.
_LONG_UNITS = {"day": 90, "days": 90, "d": 90, "week": 13, "weeks": 13, "hour": 2160,
               "hours": 2160, "h": 2160, "minute": 129_600, "minutes": 129_600,
               "min": 129_600, "mins": 129_600, "second": 7_776_000, "seconds": 7_776_000,
               "s": 7_776_000, "sec": 7_776_000, "secs": 7_776_000}
# Verbs that state how long a thing lasts: an order only after a modal or with "now".
_ENDURING = frozenset(("last", "stay", "stays", "remain", "remains"))


def _long_span(words: list[str], i: int) -> int:
    """Where a number of days, weeks or hours that makes a lifetime long ends, within a
    few words after ``i``: "becomes 400 days in seconds", "set the session timeout to
    525600 minutes"; or -1."""
    for j in range(i + 1, min(len(words) - 1, i + 8)):
        if words[j] in (";", ":"):
            return -1
        least = _LONG_UNITS.get(words[j + 1])
        if least and words[j].isdigit() and int(words[j]) >= least:
            return j + 1
    return -1


# Each axis with the words a sentence needs for it to be read at all, and its check.
AXES = (
    ("sign-in", _ADMITTING | {"no"}, _sign_in),
    ("who may act", _GIVING | _RECEIVING | {"root", "sudo", "superuser", "admin"}, _grant),
    ("who may act", _NEEDING, _needed),
    ("sign-in from elsewhere", _REMOTE, _remote),
    ("how long a proof holds", _BECOMING, _lifetime),
    ("a second proof", _SECOND_PROOFS | {"two", "factor"}, _second_proof))
