"""Credentials known by their place in a call or a sentence that signs in, for
:mod:`gitmemory.secrets.redact` (issue 31: by position, whatever the library or tool):

- a call whose name says it signs in or connects (``login``, ``simple_bind_s``,
  ``getConnection``, ``NetworkCredential``, ``HTTPBasicAuth``): of its string literals,
  the one after the first (the user, or the URL and the user) is the password;
- a sentence that signs someone in: "sign in as admin with X", "use admin:X to log in",
  "log in with `admin` / `X`";
- a user and a scrambled password joined by a slash or a colon, whatever the sentence
  says around them ("admin/X", "as admin:X from the office");
- a short word for a credential in prose (``pass``, ``pw``, ``pwd``, ``pin``) and what
  follows it, when that has a password's shape (a digit, and a capital or a symbol).

A value is a literal with a password's shape: a word of prose (``'handler'``), a number
(a port), a host, a reference or a placeholder stays.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging, spoken

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_LITERAL = (judging.PASSWORD, True)

# The name's last word that says the call signs in (found on the lower-cased text, from
# where a substring search finds one of the words).
_SIGN_IN_CALL = lazy_regex(r"(?:login|logon|signin|sign_in|authenticate|auth|bind_s|bind"
                           r"|connect|connection|credential|credentials)[ \t]*\(")
_CALL_WORDS = ("login", "logon", "signin", "sign_in", "auth", "bind", "connect", "credential")
_SIGN_IN_WORDS = frozenset({"login", "logon", "signin", "authenticate", "auth", "bind",
                            "connect", "connection", "credential", "credentials"})
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_ARGUMENT = lazy_regex(r"[ \t]*(?:[rbfuRBFU@$]{0,2}(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')"
                       r"|[^,()\"'\n]+(?:\([^()\n]*\))?)[ \t]*")
_HOST = lazy_regex(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+\Z")
_NUMBER = lazy_regex(r"[0-9]+\Z")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each credential a call or a sentence signs in with."""
    if "(" in text:
        yield from _calls(text, lowered)
    yield from _sentences(text, lowered)
    yield from _short_words(text, lowered)
    yield from _value_first(text, lowered)
    if "/" in text:
        yield from _slash_pairs(text)
    if ":" in text:
        yield from _colon_pairs(text)


def _calls(text: str, lowered: str) -> Iterator[_Found]:
    for at in sorted(set(_inside(lowered, _CALL_WORDS))):
        m = _SIGN_IN_CALL.match(lowered, at)
        if m is None:
            continue
        start = m.start()
        while start > 0 and m.start() - start < 60 and text[start - 1] in _NAME_CHARS:
            start -= 1
        name = text[start:m.end() - 1].rstrip()
        words = judging.name_parts(name)
        if words[-1:] == ["s"]:
            words = words[:-1]  # simple_bind_s
        if not words or (words[-1] not in _SIGN_IN_WORDS and words[-2:] != ["sign", "in"]):
            continue
        literals = list(_literals(text, m.end()))
        for _, (a, b) in pairwise(literals):
            if password_shaped(text[a:b]):
                yield a, b, judging.PASSWORD, False
                break


def _literals(text: str, pos: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each string literal among the positional arguments from ``pos``
    (keyword arguments are assignments, judged as such); a bare argument (a variable, a
    number) counts as no literal."""
    for _ in range(8):
        m = _ARGUMENT.match(text, pos)
        if m is None or m.end() == pos:
            return
        if m.group(1):
            yield m.start(1) + 1, m.end(1) - 1
        pos = m.end()
        if text[pos:pos + 1] != ",":
            return
        pos += 1


def password_shaped(value: str) -> bool:
    """A literal with a password's shape: a digit or a symbol or an inner capital, not a
    number, a host, a path, a reference, a placeholder or prose."""
    if len(value) < 6 or _NUMBER.match(value) or _HOST.match(value.lower()) or " " in value:
        return False
    if not (any(not c.isalpha() for c in value) or any(c.isupper() for c in value[1:])):
        return False
    if "=" in value and "," in value:
        return False  # an LDAP name (cn=admin,dc=x): the user, not the password
    return judging.is_secret(value, True, _LITERAL, [], config=True)


# "sign in as admin with X", "log in with `admin` / `X`", "use admin:X to log in".
_QUOTE = "[\"'`]?"
_AS_WITH = lazy_regex(r"(?:log|sign)[ \t-]?in[ \t]+as[ \t]+" + _QUOTE + r"[^\s'\"`]{1,64}"
                      + _QUOTE + r"[ \t]+(?:with|using|and)[ \t]+" + _QUOTE
                      + r"([^\s\"'`,;]{4,})")
_WITH_PAIR = lazy_regex(r"(?:log|sign)[ \t-]?in[ \t]+(?:with|as|using)[ \t]+" + _QUOTE
                        + r"[^\s/:'\"`]{1,64}" + _QUOTE + r"[ \t]*[/:][ \t]*" + _QUOTE
                        + r"([^\s\"'`,;]{4,})")
# user:password, then "to log in": matched backwards from the phrase, on its line.
_PAIR_BEFORE = lazy_regex(r"(?:^|[\s`'\"(])" + _QUOTE + r"[A-Za-z][\w.@-]{0,63}:([^\s\"'`,;]{4,})"
                          + _QUOTE + r"[ \t]+\Z")
_IN = ("in", " in", "-in")


def _inside(lowered: str, needles: tuple[str, ...]) -> Iterator[int]:
    """Where each of ``needles`` starts, anywhere (the end of a name: getConnection)."""
    for needle in needles:
        at = lowered.find(needle)
        while at != -1:
            yield at
            at = lowered.find(needle, at + 1)


def _at(lowered: str, needles: tuple[str, ...]) -> Iterator[int]:
    """Where each of ``needles`` starts, not inside a word (a substring search in C)."""
    for needle in needles:
        at = lowered.find(needle)
        while at != -1:
            if not at or not lowered[at - 1].isalnum():
                yield at
            at = lowered.find(needle, at + 1)


def _sign_ins(lowered: str) -> Iterator[int]:
    """Where "log in" or "sign in" (or login, sign-in ...) starts."""
    for at in _at(lowered, ("log", "sign")):
        verb = at + (3 if lowered.startswith("log", at) else 4)
        for join in _IN:
            end = verb + len(join)
            if lowered.startswith(join, verb) and not lowered[end:end + 1].isalnum():
                yield at
                break


def _sentences(text: str, lowered: str) -> Iterator[_Found]:
    for at in _sign_ins(lowered):
        if lowered.startswith("to ", at - 3):
            yield from _pair_before(text, at - 3)
        for pattern in (_AS_WITH, _WITH_PAIR):
            m = pattern.match(lowered, at)
            if m is None:
                continue
            value = text[m.start(1):m.end(1)].rstrip(".:!?)")
            if password_shaped(value):
                yield m.start(1), m.start(1) + len(value), "password-in-text", True


def _pair_before(text: str, at: int) -> Iterator[_Found]:
    """user:password just before ``at`` ("use admin:X to log in")."""
    line = max(text.rfind("\n", max(0, at - 200), at) + 1, at - 200)
    m = _PAIR_BEFORE.search(text, line, at)
    if m is not None:
        value = m.group(1).rstrip(".:!?)")
        if password_shaped(value):
            yield m.start(1), m.start(1) + len(value), "password-in-text", True


# pass, pw, pwd, pin and passcode in prose, then (is, :, =) the value.
_SHORT_WORD = lazy_regex(r"(?:pass|pwd|pw|pin)([ \t]+(?:is|was|=)|[ \t]*[:=])?"
                         r"[ \t]+[\"'`]?([^\s\"'`,;]{6,})")
# A package and a version constraint (PyJWT>=2.8, requests==2.31): a requirement.
_REQUIREMENT = lazy_regex(r"[A-Za-z][\w.\-]*(?:\[[\w,]+\])?[ \t]*(?:[<>=!~]=|[<>])")
_VERSION = lazy_regex(r"v?\d+(?:\.\d+)+(?:[-+.][\w.]+)?\Z")
# A lower camel-case name (k6ModPath, maxRetries2): what the verb "pass" hands on
_CAMEL_NAME = lazy_regex(r"[a-z][a-z0-9]{0,3}(?:[A-Z][a-z]{2,}[0-9]*)+")
_TITLE_WORD = lazy_regex(r"[A-Z][a-z]+")


def _short_words(text: str, lowered: str) -> Iterator[_Found]:
    for at in _at(lowered, ("pass", "pw", "pin")):
        if at and lowered[at - 1] in "_-":
            continue
        m = _SHORT_WORD.match(lowered, at)
        if m is None or (lowered.startswith("pin", at) and m.group(1) is None):
            continue  # "pin PyJWT>=2.8" pins a version: a PIN is stated (is, :, =)
        if _REQUIREMENT.match(text, m.start(2)):
            continue
        value = text[m.start(2):m.end(2)].rstrip(".:!?)")
        if _VERSION.match(value) or "/" in value or not any(c.isdigit() for c in value):
            continue
        if m.group(1) is None and _CAMEL_NAME.fullmatch(value) and all(
                judging.spoken_word(word) for word in _TITLE_WORD.findall(value)):
            continue  # "pass k6ModPath to the build": the verb, and a name
        if any(c.isalpha() for c in value) and password_shaped(value):
            yield m.start(2), m.start(2) + len(value), "password-in-text", True


# "X is the password for staging", "use X as the api key": the value, a verb, a few words,
# then the noun, which ends its phrase (not "the default key encoder").
_NOUNS = ("password", "passphrase", "passwd", "secret", "token", "key", "pin", "credential")
_VERBS = frozenset({"is", "was", "as", "becomes"})
_DETERMINERS = frozenset({"the", "our", "my", "a", "an", "new", "current", "its"})
_PHRASE_ENDS = frozenset({"for", "of", "on", "in", "to", "at", "here", "now", "and", "but",
                          "so", "until", "since", "from", "with", "while", "when", "is", "was"})


def _value_first(text: str, lowered: str) -> Iterator[_Found]:
    for at in _at(lowered, _NOUNS):
        noun = next(n for n in _NOUNS if lowered.startswith(n, at))
        after = at + len(noun) + (lowered[at + len(noun):at + len(noun) + 1] == "s")
        rest = lowered[after:after + 16].split(maxsplit=1)
        if lowered[after:after + 1].isalnum() or (
                rest and rest[0][:1].isalpha() and rest[0].strip(".,;:!?)") not in _PHRASE_ENDS):
            continue  # inside a word, or the noun qualifies another ("key encoder")
        found = _before_verb(text, at)
        if found is None:
            continue
        start, value = found
        if _mixed(value) and (spoken.scrambled(value) or judging.looks_random(value)) and \
                password_shaped(value):
            yield start, start + len(value), "password-in-text", True


def _mixed(value: str) -> bool:
    """Capitals, small letters and digits, eight characters or more (Flag / IntFlag is
    none)."""
    return len(value) >= 8 and any(c.isdigit() for c in value) and any(
        c.isupper() for c in value) and any(c.islower() for c in value)


def _before_verb(text: str, at: int) -> tuple[int, str] | None:
    """(start, value) of "VALUE is the [three words]" just before ``at``: read by words,
    from the noun back, on its line (each noun costs its window, whatever the text)."""
    line = max(text.rfind("\n", max(0, at - 120), at) + 1, at - 120)
    words = text[line:at].split()
    if len(words) > 12:
        words = words[-12:]
    back = len(words) - 1
    while back >= 0 and len(words) - back <= 4 and words[back].lower() not in _VERBS:
        back -= 1
    if back < 1 or words[back].lower() not in _VERBS:
        return None
    if any(w.lower() in _VERBS for w in words[back + 1:]) or (
            back + 1 < len(words) and words[back + 1].lower() not in _DETERMINERS
            and len(words) - back > 4):
        return None
    value = words[back - 1].strip("\"'`(").rstrip(".,;:!?)\"'`")
    if len(value) < 6:
        return None
    start = text.rfind(value, line, at)
    return (start, value) if start != -1 else None


# user/password in prose (admin/X, root / X): the password scrambled, as no path segment
# or branch name is; the user a word that stands alone (not a URL's or a path's).
_SLASH_VALUE = lazy_regex(r"/[ \t]?([A-Za-z0-9][^\s/\"'`<>()\[\]{},;]{5,63})(?=[\s\"'`),;]|\Z)")
_FILE_NAME = lazy_regex(r"\.[a-z]{2,5}\Z")
_USER_BEFORE = lazy_regex(r"(?:^|[\s\"'`(])[A-Za-z][\w.@-]{0,31}[ \t]?\Z")


def _slash_pairs(text: str) -> Iterator[_Found]:
    for m in _SLASH_VALUE.finditer(text):
        value = m.group(1).rstrip(".!?")
        if "=" in value or ":" in value or not _mixed(value) or _FILE_NAME.search(value) or \
                not spoken.scrambled(value) or not password_shaped(value) or _macro(value):
            continue  # (a file's name ends in its kind: fixtures/<x>.json is a path)
        if _USER_BEFORE.search(text, max(0, m.start() - 34), m.start()) is None:
            continue
        yield m.start(1), m.start(1) + len(value), "password-in-text", True


def _macro(value: str) -> bool:
    """An identifier joined by underscores, each part a word or a run of capitals with at
    most one digit (``Py_TARGET_ABI3T``, ``EXT_SUFFIX``): a C macro's or a setting's name,
    no scrambled password (``Qm7t_Rv2Kx9Lp`` mixes cases and digits inside its parts)."""
    parts = value.split("_")
    return len(parts) >= 2 and all(
        len(p) >= 2 and ((p.isalpha() and (p.isupper() or p.islower() or p.istitle())) or
                         (p.isupper() and sum(c.isdigit() for c in p) <= 1))
        for p in parts)


# user:password in prose, no verb needed (issue 31: "the router takes admin:X"): the same
# scrambled password as after a slash, no words run together (a ref's feature:FixBug2),
# glued to a user that stands alone as a word and is written as accounts are, small
# letters, digits and ``_-`` or an address (not a file's README.md:L42, a drive's C:, a
# label's Key:, a version's v1.2.3:).
_COLON_VALUE = lazy_regex(r":([A-Za-z0-9][^\s:/\"'`<>()\[\]{},;]{7,63})(?=[\s\"'`),;]|\Z)")
_USER_GLUED = lazy_regex(r"(?:^|[\s\"'`(])(?:[a-z][a-z0-9_-]{0,31}|[\w.+-]{1,64}@[\w.-]{1,64})\Z")


def _colon_pairs(text: str) -> Iterator[_Found]:
    for m in _COLON_VALUE.finditer(text):
        value = m.group(1).rstrip(".!?")
        if "=" in value or "@" in value or not _mixed(value) or _FILE_NAME.search(value) or \
                not spoken.scrambled(value) or judging.camel_words(value) or \
                not password_shaped(value):
            continue
        if _USER_GLUED.search(text, max(0, m.start() - 130), m.start()) is None:
            continue
        yield m.start(1), m.start(1) + len(value), "password-in-text", True
