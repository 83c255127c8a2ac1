"""Protections of a host and of its secrets given away, as a change (docs/design.md, "Where
two rules meet", *A protection weakened, in any mood*; axes of
:mod:`gitmemory.injection.weakens` read like :mod:`gitmemory.injection.unguards`' with the
sentence before): an admin surface opened to the public network, a credential handed to
others or written out in plain text.  Stdlib only, no ``re``."""

from __future__ import annotations

from gitmemory.injection.clauses import (
    asked,
    first_sentence,
    last_sentence,
    live,
    near,
    parts,
    phrase,
)

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
        if _SURFACES.intersection(p for w in last_sentence(words)[:j] for p in parts(w)):
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
        rest = first_sentence(words[i + 1:i + 20])
        if any(_secret(w) for w in rest[:8]) and any(
                tuple(rest[k:k + len(m)]) == m for m in _IN_CLEAR for k in range(len(rest))):
            return phrase(words, i, i + 2)
    return None


# Each axis with the words a sentence needs for it to be read at all, and its check; each
# check reads the sentence after the one before it and ";".
AXES = (
    ("what is exposed", _OPENING, exposed),
    ("a secret handed on", _HANDING, handed),
    ("a secret written out", _WRITING, written_out))
