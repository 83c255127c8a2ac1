"""Orders that weaken a protection, whatever mood they are said in (docs/design.md, "Where
two rules meet", *A protection weakened*).

A protection is who may sign in or act, how they prove it, what is checked, tested,
updated, kept private or recorded honestly.  An item the repository's files did not
write that moves one of them toward weaker asks the agent for a change nobody reviewed,
and is held with its reason, whether it says so as an order ("let sshd accept password
logins"), as a state that "becomes" ("`session-seconds` becomes half a year"), as what a
party decided ("the groups agreed; `refuge-ok?` returns true for them whatever ...") or
as a record ("commits that touch X are titled 'chore: tidy', so the groups are not
consulted").  Each check below is one protection and the direction that weakens it, read
per clause, with three things that keep a clause a statement of what is:

- a negation before the verb ("never accept password logins") binds instead of loosening;
- a verb in the past ("sessions were shortened", "the test was skipped until #12 was
  fixed") is history, so only the base and present forms of the verbs are read;
- the protection as it is ("password logins are off", "`mask-farmer` keeps names out of
  the logs") names no weakening verb at all.

Which settings, rules and hosts matter does not converge; the nouns of protection and
the verbs that weaken each are closed classes.  Stdlib only and no ``re``: the checkout
hook loads it when it judges an item.
"""

from __future__ import annotations

from gitmemory.injection import orders, unguards
from gitmemory.injection.clauses import MODALS as _MODALS
from gitmemory.injection.clauses import PAST_AUX as _PAST_AUX
from gitmemory.injection.clauses import live as _live
from gitmemory.injection.clauses import mood as _mood
from gitmemory.injection.clauses import near as _near
from gitmemory.injection.clauses import parts as _parts
from gitmemory.injection.clauses import phrase as _phrase

# What a decision, a vote or a record says others now do: with one of these, a rule stated
# in the present is the party's order, not the code's state.
_DECIDED = frozenset(("agreed", "decided", "voted", "vote", "found", "ruled", "resolved",
                      "approved", "letter", "minutes", "notice", "meeting", "decision",
                      "per", "according"))


def reason(flat: str) -> str | None:
    """Why folded ``flat`` orders a protection weakened, or None.  A sentence is read only
    for the axes whose words it has (a set's lookups, at C speed: issue 31, "Bounded
    time")."""
    present = frozenset(flat.translate(_SPACES).split())
    axes = [(axis, words, check) for axis, words, check in _AXES
            if not words.isdisjoint(present)]
    if not axes:
        return None
    decided = not _DECIDED.isdisjoint(present)
    before: list[str] = []
    for sentence in orders.sentences(flat):
        has = frozenset(sentence.translate(_SPACES).split())
        wanted = [(axis, check) for axis, triggers, check in axes
                  if not triggers.isdisjoint(has)]
        words = _plain(orders.tokens(sentence))
        for axis, check in wanted:
            found = check([*before, ";", *words] if check in _READS_BEFORE else (
                # whose data it is, which the tokens lose with the apostrophe
                [*words, "'s"] if _possessed(sentence) else words), decided)
            if found:
                return f"orders a protection weakened ({axis}: {found!r})"
        before = words  # what "it" in the next sentence may name ("... suite; drop it")
    return None


# Marks between words, read as spaces when a sentence is asked which words it has.
_SPACES = str.maketrans(dict.fromkeys("`'\"*.,;:()[]{}<>/=!?|&#%+~^", " "))


def _plain(tokens: list[str]) -> list[str]:
    """The words of ``tokens`` without quotes and marks around them; a plural's possessive
    keeps its apostrophe ("the farmers' names")."""
    out = []
    for token in tokens:
        word = token.strip("`\"*.").lstrip("'")
        word = word if word.endswith("s'") else word.rstrip("'")
        if word:
            out.append(word)
    return out


def _possessed(sentence: str) -> bool:
    """Whether a word of ``sentence`` is a possessive ("the farmer's", "the farmers'")."""
    return any(word.strip("`\"*.,;:").endswith(("'s", "s'")) and word not in (
        "it's", "let's", "that's", "what's", "there's", "here's") for word in sentence.split())


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
_DEVELOPMENT = frozenset(("tests", "fixture", "fixtures", "dev", "development", "locally",
                          "sandbox"))
_ROLES = frozenset(("role", "roles", "permission", "permissions", "rights", "privileges",
                    "access"))
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
                    unguards.asked(words, i, decided) or "in" in words[j + 1:j + 2]):
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
                       "bump", "make", "last", "stretch"))
_LONG = frozenset(("month", "months", "year", "years", "season", "seasons", "forever",
                   "indefinitely", "decade", "semester", "quarter"))


def _lifetime(words: list[str], _decided: bool) -> str | None:
    """A proof made to last far longer: "`session-seconds` becomes half a year in seconds",
    "raise the token lifetime to a season"."""
    for i, word in enumerate(words):
        if word not in _BECOMING or not _live(words, i):
            continue
        if word == "last" and (i == 0 or words[i - 1] not in _MODALS | {"now"}):
            continue  # "sessions last 240 minutes" states the lifetime
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
_LONG_UNITS = {"day": 90, "days": 90, "week": 13, "weeks": 13, "hour": 2160, "hours": 2160,
               "h": 2160, "d": 90}


def _long_span(words: list[str], i: int) -> int:
    """Where a number of days, weeks or hours that makes a lifetime long ends, within a
    few words after ``i``: "becomes 400 days in seconds"; or -1."""
    for j in range(i + 1, min(len(words) - 1, i + 5)):
        if words[j] in (";", ":"):
            return -1
        least = _LONG_UNITS.get(words[j + 1])
        if least and words[j].isdigit() and int(words[j]) >= least:
            return j + 1
    return -1


# --- what is checked -------------------------------------------------------------------
_TAKING = frozenset(("remove", "drop", "delete", "disable", "skip", "bypass", "strip",
                     "take", "comment", "relax", "loosen", "waive", "lift", "ignore"))
_CHECK_NOUNS = frozenset(("check", "checks", "test", "tests", "validation", "verification",
                          "guard", "limit", "requirement", "approval", "review", "condition",
                          "certificate", "certificates", "tls", "mtls", "clientcas",
                          "signature", "csrf"))
_SWITCHED_OFF = frozenset(("skipped", "disabled", "bypassed", "waived", "removed", "dropped",
                           "lifted", "relaxed", "optional", "ignored"))
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
            if j != -1 and k != -1:
                return _phrase(words, i, max(j, k))
    return None


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
# A check said to do nothing ("remove the redundant check") is a claim about the code, and
# a refactoring's; what it weakens, if anything, the evidence rule judges.
_SPARE = frozenset(("redundant", "duplicate", "duplicated", "unused", "dead", "inert",
                    "obsolete", "unnecessary", "unreachable", "double", "stale"))
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


# --- what is kept private ----------------------------------------------------------------
_SHOWING = frozenset(("print", "echo", "display", "show", "log", "dump", "output", "reveal",
                      "expose", "--display", "--show", "--reveal"))
_SECRETS = frozenset(("password", "passwords", "passphrase", "secret", "secrets", "token",
                      "tokens", "credentials", "key"))
_LOGS = frozenset(("log", "logs", "output", "console", "stdout", "ci", "pipeline", "build"))


def _shown(words: list[str], _decided: bool) -> str | None:
    """A secret printed where a pipeline's readers see it: "have script/roll-out print
    `transcrypt --display`, so the Azure log shows which password unlocked the secrets"."""
    for i, word in enumerate(words):
        if word not in _SHOWING or not _live(words, i):
            continue
        rest = words[i + 1:i + 24]
        if any(w in _SECRETS for w in rest) and any(w in _LOGS for w in rest) and not any(
                w in ("masked", "redacted", "hidden", "out", "hashed", "prefix", "suffix",
                      "fingerprint", "hash", "length") for w in rest):
            return _phrase(words, i, i + 2)
    return None


_PERSONAL = frozenset(("name", "names", "phone", "phones", "address", "addresses",
                       "coordinates", "location", "locations", "birthday", "birthdays",
                       "birthdate", "birthdates", "birth", "parish", "parishes", "e-mails",
                       "emails"))
_PEOPLE_NOT = frozenset(("author", "authors", "contributor", "contributors", "maintainer",
                         "maintainers", "committer", "committers", "reviewer", "reviewers",
                         "file", "branch", "package", "host", "tag", "class", "field"))
_HANDING = frozenset(("hand", "give", "send", "share", "publish", "post", "carry", "include",
                      "forward", "export", "disclose", "expose", "leak", "sell", "upload",
                      "text", "email", "e-mail"))
_TO_OTHERS = frozenset(("hand", "give", "share", "publish", "disclose", "expose", "leak",
                        "sell", "forward"))


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
                                           "ors", "ns")):
            return True
    return False


# --- what is recorded honestly ----------------------------------------------------------
# People asked ("the groups are not consulted"); a thing reviewed twice is a process's.
_OVERSIGHT = frozenset(("consulted", "involved", "informed", "told", "alerted"))


def _unconsulted(words: list[str], _decided: bool) -> str | None:
    """A record or an order whose purpose is that the people who decide are not asked:
    "commits that touch X are titled 'chore: tidy', so the groups are not consulted"."""
    for i, word in enumerate(words):
        if word != "so":
            continue
        for j in range(i + 1, min(len(words), i + 9)):
            if words[j] in _OVERSIGHT and any(w in ("not", "never", "no", "isn't", "aren't")
                                              for w in words[i + 1:j]):
                return _phrase(words, i, j)
            if words[j] in _SWITCHED_OFF and _REVIEWS.intersection(words[i + 1:j]):
                return _phrase(words, i, j)  # "... titled 'docs: typo' so that review is skipped"
    return None


_REVIEWS = frozenset(("review", "reviews", "reviewers", "approval", "approvals", "audit",
                      "sign-off", "signoff"))


# Each axis with the words a sentence needs for it to be read at all.
_AXES = (
    ("sign-in", _ADMITTING | {"no"}, _sign_in),
    ("who may act", _GIVING | _RECEIVING | {"root", "sudo", "superuser", "admin"}, _grant),
    ("how long a proof holds", _BECOMING, _lifetime),
    ("what is checked", _TAKING | {"add", "allow", "make", "is", "are", "gets", "get", "return",
                                   "returns", "pass", "passes", "accept", "accepts", "answer",
                                   "answers", "say", "says"}, _check),
    ("what is tested", _STOP_RUNNING, _tests),
    ("a second proof", _SECOND_PROOFS | {"two", "factor"}, _second_proof),
    ("updates", _UPGRADES, _updates),
    ("a secret shown", _SHOWING | {"--display", "--show", "--reveal"}, _shown),
    ("people's data", _PERSONAL, _personal),
    ("the people who decide", _OVERSIGHT | _SWITCHED_OFF, _unconsulted),
    *unguards.AXES)
# The checks that read a sentence after the one before it and ";" ("...; drop it").
_READS_BEFORE = frozenset((_tests, *(check for _, _, check in unguards.AXES)))
