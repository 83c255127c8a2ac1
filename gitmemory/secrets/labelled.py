"""A token whose own prefix says it is one, for :mod:`gitmemory.secrets.redact` (issue 31,
the sixteenth sealed part: Akahu's ``app_token_<28>`` and ``user_token_<28>`` in prose,
shorter than a vendor's body must be when its prefix says nothing).

A prefix like an identifier (words and numbers joined by ``_`` or ``-``, in either case)
whose last word names a credential (``token``, ``key``, ``secret``, ``password``,
``pat``, ``auth``, ``credential``: ``app_token_``, ``API_KEY_``, ``live-secret-``), then
``_`` or ``-`` and a tail of 16 characters or more that ends the word, is a token when the
tail is drawn at random (:func:`gitmemory.secrets.judging.random_run`: any token alphabet,
no words run together) or, under a name that judges strong, is hex of a key's length (32
or more, not a fingerprint's forty: :func:`gitmemory.secrets.judging.hex_key`).  The name
is judged as a name is (:func:`gitmemory.secrets.judging.judge_name`): a public key, a
cache's or a sort key and an id's prefix (``commit_``, ``build-``) name no credential.  An
identifier's words (``access_token_expires_in``, ``API_KEY_ENVIRONMENT_VARIABLE``) are no
tail, and a variable stays.

The pass starts from the tails (a separator, then 16 letters and digits: few in any text)
and reads the noun before each.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

RULE = "prefixed-token"
# The credential word that ends a prefix (found in the lower-cased text).
_NOUNS = ("token", "key", "secret", "password", "passwd", "pass", "pwd", "pat", "auth",
          "cred", "creds", "credential", "credentials", "apikey", "psk")
# A separator and the first 16 characters of a tail: rare in text, one pass finds them.
_RUN = lazy_regex(r"[_\-][A-Za-z0-9]{16}")
_TAIL = lazy_regex(r"[A-Za-z0-9]{16,200}")
_PREFIX_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_BEFORE = frozenset(" \t\n\r\"'`([{<=:,*")
_AFTER_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_MAX_PREFIX = 40
_PAT = (judging.SECRET, True)  # a personal access token's abbreviation, as the last word
# Parts of a prefix that name an id or a digest, not a credential (``commit_key_<hex>``).
_ID_PARTS = frozenset({"sha", "git", "rev", "ref", "id", "hash", "oid", "commit", "build",
                       "cache", "digest", "checksum", "version", "snapshot", "etag"})


def find(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each token behind a prefix that names a credential."""
    for m in _RUN.finditer(text):  # few runs: the nouns are checked on each in Python
        sep = m.start()
        for noun in _NOUNS:
            at = sep - len(noun)
            if at >= 0 and lowered.startswith(noun, at) and (
                    not at or text[at - 1] in "_-" or text[at - 1] in _BEFORE):
                found = _token(text, at, sep)
                if found:
                    yield found
                break  # "apikey_" is read once: "key" glued to "api" stands as no word


def _token(text: str, noun: int, sep: int) -> tuple[int, int] | None:
    m = _TAIL.match(text, sep + 1)
    if m is None or (m.end() < len(text) and text[m.end()] in _AFTER_WORD):
        return None
    start = noun
    while start > 0 and noun - start < _MAX_PREFIX and text[start - 1] in _PREFIX_CHARS:
        start -= 1
    if start and text[start - 1] not in _BEFORE:
        return None  # inside a path, a URL, an attribute or a longer word
    name = text[start:sep].strip("_-")
    parts = judging.name_parts(name)
    if not parts or not parts[0][:1].isalpha() or any(p in _ID_PARTS for p in parts):
        return None
    judged = judging.judge_name(name) or (_PAT if parts[-1] == "pat" else None)
    if judged is None:
        return None
    tail = m.group()
    if judging.random_run(tail):
        return start, m.end()
    if judged[1] and judging.hex_key(tail):  # a key's bytes; forty digits are a fingerprint's
        return start, m.end()
    return None
