"""Credentials known by their place in a call or a sentence that signs in, for
:mod:`gitmemory.secrets.redact` (issue 31: by position, whatever the library or tool):

- a call whose name says it signs in or connects (``login``, ``simple_bind_s``,
  ``getConnection``, ``NetworkCredential``, ``HTTPBasicAuth``): of its string literals,
  the one after the first (the user, or the URL and the user) is the password;
- a sentence that signs someone in: "sign in as admin with X", "use admin:X to log in",
  "log in with `admin` / `X`";
- a short word for a credential in prose (``pass``, ``pw``, ``pwd``, ``pin``) and what
  follows it, when that has a password's shape (a digit, and a capital or a symbol).

A value is a literal with a password's shape: a word of prose (``'handler'``), a number
(a port), a host, a reference or a placeholder stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from gitmemory.secrets import judging

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_LITERAL = (judging.PASSWORD, True)

# The name's last word that says the call signs in (found on the lower-cased text).
_SIGN_IN_CALL = re.compile(r"(?:login|logon|signin|sign_in|authenticate|auth|bind_s|bind"
                           r"|connect|connection|credential|credentials|basicauth)[ \t]*\(")
_SIGN_IN_WORDS = frozenset({"login", "logon", "signin", "authenticate", "auth", "bind",
                            "connect", "connection", "credential", "credentials"})
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_ARGUMENT = re.compile(r"[ \t]*(?:[rbfuRBFU@$]{0,2}(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')"
                       r"|[^,()\"'\n]+(?:\([^()\n]*\))?)[ \t]*")
_HOST = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+\Z")
_NUMBER = re.compile(r"[0-9]+\Z")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each credential a call or a sentence signs in with."""
    if "(" in text:
        yield from _calls(text, lowered)
    yield from _sentences(text, lowered)
    yield from _short_words(text, lowered)


def _calls(text: str, lowered: str) -> Iterator[_Found]:
    for m in _SIGN_IN_CALL.finditer(lowered):
        if m.end() < len(text) and text[m.end() - 1] != "(":
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
_AS_WITH = re.compile(r"(?:log|sign)[ \t-]?in[ \t]+as[ \t]+" + _QUOTE + r"[^\s'\"`]{1,64}"
                      + _QUOTE + r"[ \t]+(?:with|using|and)[ \t]+" + _QUOTE
                      + r"([^\s\"'`,;]{4,})")
_WITH_PAIR = re.compile(r"(?:log|sign)[ \t-]?in[ \t]+(?:with|as|using)[ \t]+" + _QUOTE
                        + r"[^\s/:'\"`]{1,64}" + _QUOTE + r"[ \t]*[/:][ \t]*" + _QUOTE
                        + r"([^\s\"'`,;]{4,})")
_PAIR_TO = re.compile(r"(?<![^\s`'\"(])" + _QUOTE + r"([A-Za-z][\w.@-]{0,63}):([^\s\"'`,;]{4,})"
                      + _QUOTE + r"[ \t]+to[ \t]+(?:log|sign)[ \t-]?in")


def _sentences(text: str, lowered: str) -> Iterator[_Found]:
    if "in" not in lowered:
        return
    for pattern in (_AS_WITH, _WITH_PAIR):
        for m in pattern.finditer(lowered):
            value = text[m.start(1):m.end(1)].rstrip(".:!?)")
            if password_shaped(value):
                yield m.start(1), m.start(1) + len(value), "password-in-text", True
    if " to " in lowered:
        for m in _PAIR_TO.finditer(text):
            value = m.group(2).rstrip(".:!?)")
            if password_shaped(value):
                yield m.start(2), m.start(2) + len(value), "password-in-text", True


# pass, pw, pwd, pin and passcode in prose, then (is, :, =) the value.
_SHORT_WORD = re.compile(r"(?<![\w-])(?:pass|pw|pwd|pin)(?:[ \t]+(?:is|was|=)|[ \t]*[:=])?"
                         r"[ \t]+[\"'`]?([^\s\"'`,;]{6,})")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.][\w.]+)?\Z")


def _short_words(text: str, lowered: str) -> Iterator[_Found]:
    if "p" not in lowered:
        return
    for m in _SHORT_WORD.finditer(lowered):
        value = text[m.start(1):m.end(1)].rstrip(".:!?)")
        if _VERSION.match(value) or "/" in value or not any(c.isdigit() for c in value):
            continue
        if any(c.isalpha() for c in value) and password_shaped(value):
            yield m.start(1), m.start(1) + len(value), "password-in-text", True
