"""Judging names and values for :mod:`gitmemory.redact`: is this a secret?

Two questions, kept apart from the patterns that find candidates:

- :func:`classify` - does a variable, key or flag name look like it holds a
  secret, and how strongly?  ``DB_PASSWORD`` and ``api_key`` are *strong*
  (any literal value is redacted); ``cache_key`` and ``auth`` are *weak*
  (only a random-looking value is); ``token_url`` and ``max_tokens`` are not
  secret names at all.
- :func:`is_secret` - is the value a literal worth hiding, or a reference
  (``os.environ["PW"]``, ``${DB_PASSWORD}``, ``settings.SECRET_KEY``), a
  placeholder (``<password>``, ``***``), empty, or a marker left by an
  earlier redaction?  References and placeholders stay, which is also what
  makes redaction idempotent.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

# Rule names, not credentials.
PASSWORD = "password-assignment"  # noqa: S105
SECRET = "secret-assignment"  # noqa: S105
AWS_SECRET = "aws-secret-key"  # noqa: S105
ENTROPY = "high-entropy-assignment"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())



MARKER = re.compile(r"\[?REDACTED:[a-z0-9-]+\]?")
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_PASSWORD_PARTS = frozenset({"pass", "passwd", "password", "passphrase", "passcode", "pwd", "pw"})
_PASSWORD_ENDINGS = ("password", "passwd", "passphrase", "passcode")
_SECRET_PARTS = frozenset({"secret", "token", "credential", "credentials", "creds", "cred",
                           "bearer", "apikey", "privkey", "sas"})
_SECRET_ENDINGS = ("secret", "token", "apikey", "privatekey", "accesskey", "secretkey",
                   "credential", "credentials")
_KEY_QUALIFIERS = frozenset({
    "api", "access", "secret", "private", "priv", "signing", "sign", "encryption", "encrypt",
    "enc", "master", "auth", "client", "consumer", "app", "application", "account", "storage",
    "shared", "webhook", "license", "licence", "service", "session", "jwt", "hmac", "ssh", "gpg",
    "pgp", "deploy", "admin", "root", "subscription", "primary", "secondary", "partner",
    "merchant", "write", "ingest", "ingestion", "server", "sdk", "bot", "cookie", "crypto", "aes",
    "rsa", "mac", "otp", "totp", "recovery", "backup", "vault", "kms", "dev", "prod", "live",
})
_PUBLIC = frozenset({"public", "pub", "publishable"})
_WEAK_PARTS = frozenset({"key", "auth", "salt", "signature", "sig", "cookie", "session", "seed",
                         "hmac", "nonce", "dsn", "otp", "pin", "secrets", "tokens", "keys",
                         "passwords", "passwds", "authorization"})
_NEUTRAL_LAST = _words("""
id ids name names file files filename filenames path paths dir dirs directory url urls uri uris
endpoint endpoints host hostname port len length size count type types kind ttl timeout expiry
expires expiration expire exp header headers field fields env var vars prefix suffix format fmt
policy min max limit sha digest algorithm alg algo mode label hint prompt regex pattern
validator rotation version index idx ref location provider manager class cls factory handler
at time date ms seconds secs days hours bits store source template placeholder example
description desc help doc message msg error err exception status state flag option opt param
column col table attr attribute property prop schema model scope scopes audience issuer user
username login email owner usage cost budget enabled required fingerprint method methods
strategy backend module lib package cache timestamp created updated renewal mgr helper
callback cb fn func getter setter loader reader writer db service client
""")
_NEGATING_FIRST = frozenset({
    "is", "has", "use", "uses", "enable", "disable", "show", "hide", "require", "requires",
    "allow", "no", "num", "max", "min", "should", "can", "needs", "need", "validate", "check",
    "verify", "get", "set", "reset", "forgot", "forget", "change", "count", "total", "n",
})
_NULLISH = _words("""
none null nil undefined true false yes no on off str string bytes int integer bool boolean any
object optional required secretstr secretbytes char list dict map array void unknown
lambda function fn new await async yield not self this os env process
""")
_REFERENCE = re.compile(
    r"\$\{\{.*?\}\}|\{\{.*?\}\}|\$\{[A-Za-z_][\w.]*(?::\?[^}]*)?\}|\$\{[A-Za-z_][\w.]*:?[-=+]"
    r"|\$[A-Za-z_]\w*|\$\d+|\$\(.*?\)|%\(\w+\)[sdr]|%[sdr]|%[A-Za-z_]\w*%|#\{.*?\}"
    r"|\{[A-Za-z_]?[\w.]*\}|<[^<>]*>|@[A-Za-z_][\w.]*@?|^:[A-Za-z_]\w*$")
_CODE_START = re.compile(r"(?:new\s+|await\s+|[!(])?[A-Za-z_$][\w$]*((?:(?:\.|::|->|\?\.)"
                         r"[A-Za-z_$][\w$]*)*)\s*([(\[]?)")
_OPERATORS = _words("or and if else || && ?? ? : + - * / % | & == != is in not << >>")
_ROOTS = frozenset({"ENV", "Config", "Settings", "System", "Environment"})
_IDENT = re.compile(r"[A-Za-z_$][\w$]*\Z")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?\Z")
_HEX = re.compile(r"[0-9a-fA-F]+\Z")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
_PATH = re.compile(r"(?:/|\./|\.\./|~/|[A-Za-z]:\\)[\w./\\~-]*\Z")
_URL = re.compile(r"[a-z][a-z0-9+.-]*://[^\s@]*\Z", re.IGNORECASE)


def parts(name: str) -> list[str]:
    """``secretAccessKey`` -> ``["secret", "access", "key"]``, ``DB_PW`` -> ``["db", "pw"]``."""
    return [p.lower() for p in _PARTS.findall(name)]


@lru_cache(maxsize=4096)
def classify(name: str) -> tuple[str, bool] | None:
    """(rule, strong) when ``name`` looks like it holds a secret, else None."""
    words = parts(name)
    if not words or words[-1] in _NEUTRAL_LAST:
        return None
    if len(words) > 1 and words[0] in _NEGATING_FIRST:
        return None
    if any(w in _PASSWORD_PARTS or w.endswith(_PASSWORD_ENDINGS) for w in words):
        return PASSWORD, True
    joined = "".join(words)
    if "aws" in words and "secret" in joined:
        return AWS_SECRET, True
    if any(w in _SECRET_PARTS or w.endswith(_SECRET_ENDINGS) for w in words):
        return SECRET, True
    for i, word in enumerate(words):
        if word == "key" or (word.endswith("key") and word[:-3] in _KEY_QUALIFIERS):
            before = words[i - 1] if i else word[:-3]
            if before in _PUBLIC:
                return None
            if before in _KEY_QUALIFIERS:
                return SECRET, True
    if any(w in _WEAK_PARTS or w.endswith("key") for w in words):
        return ENTROPY, False
    return None


def after_marker(text: str, pos: int) -> bool:
    """Whether ``text[pos]`` directly follows a ``[REDACTED:...]`` marker.

    What touches a marker touched a secret before, so boundary checks treat the
    marker as part of a word: a second pass then sees what the first saw.
    """
    if not pos or text[pos - 1] != "]":
        return False
    start = text.rfind("[REDACTED:", max(0, pos - 64), pos)
    return start != -1 and MARKER.fullmatch(text, start, pos) is not None


def strip_markers(value: str) -> str:
    return MARKER.sub("", value) if "REDACTED:" in value else value


def is_reference(value: str) -> bool:
    """Templating or variable references only: ``${X}``, ``$X``, ``{{ x }}``, ``<password>`` ..."""
    if not any(c in value for c in "${%<@#") and not value.startswith(":"):
        return False
    rest = _REFERENCE.sub("", value)
    return rest != value and not any(ch.isalnum() for ch in rest)


def _as_name(value: str) -> str:
    """Markers of an earlier pass read as a plain name, so that a second pass judges
    ``[REDACTED:jwt]login(x)`` the way the first judged ``eyJ...login(x)``: as code."""
    return MARKER.sub("x", value) if "REDACTED:" in value else value


def is_code(value: str) -> bool:
    """An unquoted expression: ``os.environ["PW"]``, ``get_token()``, ``settings.SECRET_KEY``."""
    m = _CODE_START.match(_as_name(value))
    if m is None:
        return False
    if m.group(2):
        return True
    if not m.group(1) or m.end() < len(value.rstrip(";")):
        return False
    first = value[: m.start(1)]
    return (len(first) >= 2 and not first[0].isupper()) or first in _ROOTS


def is_secret(value: str, quoted: bool, strength: tuple[str, bool], names: list[str]) -> bool:
    """Whether ``value`` (assigned to a name classified as ``strength``) should be hidden.

    ``names`` are the name's parts: ``password=password`` or ``token=access_token``
    assign a variable, not a secret.
    """
    cut = value.find("[REDACTED:")
    if cut != -1:  # an earlier pass hid what follows: judge what comes before, as it did
        value = value[:cut]
    value = value.strip()
    if not any(ch.isalnum() for ch in value):
        return False  # empty, "***", "...", or already redacted
    if is_reference(value) or _PATH.match(value) or _URL.match(value):
        return False
    if not quoted and (value.lower() in _NULLISH or is_code(value) or _is_variable(value, names)
                       or _is_expression(value)):
        return False
    rule, strong = strength
    if not strong:
        return looks_random(value)
    return rule == PASSWORD or not _NUMBER.match(value)


def _is_variable(value: str, names: list[str]) -> bool:
    """An unquoted identifier naming another variable: ``password=password``,
    ``lasttoken = token``, ``secret = client_secret``."""
    if not _IDENT.match(value):
        return False
    lowered, joined = value.lower(), "".join(names)
    if lowered in names or (len(lowered) >= 3 and (joined.startswith(lowered)
                                                   or joined.endswith(lowered))):
        return True
    return any(w in _PASSWORD_PARTS or w in _SECRET_PARTS or w in _WEAK_PARTS
               or w.endswith(_PASSWORD_ENDINGS + _SECRET_ENDINGS) for w in parts(value))


def _is_expression(value: str) -> bool:
    """``pw or os.environ["PW"]``, ``token if token else None``: an identifier, then an operator."""
    words = value.split(maxsplit=2)
    return len(words) >= 2 and words[1] in _OPERATORS and bool(
        _IDENT.match(words[0]) or is_code(words[0]))


def looks_random(value: str) -> bool:
    """A long, mixed, high-entropy string; hex (git shas) and UUIDs are not enough."""
    if len(value) < 16 or any(ch.isspace() for ch in value):
        return False
    if _HEX.match(value) or _UUID.match(value) or _PATH.match(value):
        return False
    classes = (any(c.isupper() for c in value) + any(c.islower() for c in value)
               + any(c.isdigit() for c in value))
    return classes >= 2 and entropy(value) >= 3.3


def mixed_case_letters(value: str) -> bool:
    """Random letters (tokens such as ``hf_...``), not a CamelCase identifier."""
    letters = [c for c in value if c.isalpha()]
    if len(letters) < 16:
        return False
    upper = sum(c.isupper() for c in letters) / len(letters)
    return 0.2 <= upper <= 0.8 and entropy(value) >= 3.5


def entropy(value: str) -> float:
    counts = Counter(value)
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in counts.values())
