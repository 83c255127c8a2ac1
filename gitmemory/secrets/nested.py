"""Values nested under a credential's key, at any depth, for :mod:`gitmemory.secrets.redact`.

An object or a list that opens under a key whose name says credential holds the
credential in its strings, whatever their own keys say: Composer's ``"bearer":
{"repo.example.com": X}`` and ``"gitlab-token": {"gitlab.com": X}`` key it by host, an
identity provider's export puts it in ``"credentials": [{"type": "password", "value":
X}]``, a tool's settings in ``"auth": {"npm": {"registry": ..., "value": X}}``.  JSON,
JSON inside a shell string or an escaped JSON string (``\\"bearer\\"``), YAML's and
Python's flow style alike.

Each quoted string inside the brackets, to the one that closes them, is judged as if it
were assigned to the outer name (:func:`judging.is_secret`): a weak name (``auth``,
``tokens``) hides only random values, a strong one (``token``, ``credentials``) any
literal of a credential's length.  A string keyed by a field that names something else
(``type``, ``username``, ``url``, ``id``, ``integrity`` ...) stays, and so do settings
(``"refresh"``), references, URLs, paths, colours and short values (a design token's
``"16px"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging
from gitmemory.secrets.words import NEUTRAL_LAST

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
# A credential word, the rest of a key, its closing quote (maybe escaped), ":" and an
# opening bracket.  The name is completed backwards in Python.
_OPENER = lazy_regex(r"(?:pass|pw|secret|token|cred|key|auth|bearer)[a-z0-9_.\-]{0,40}+"
                     r"(?P<close>\\?[\"'])[ \t]*[:=][ \t]*[\[{]")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_REACH = 4000  # how far a nested value may be from its key
_MIN_VALUE = 8  # shorter strings are settings and sizes, not credentials


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each credential nested under a credential's key."""
    if "{" not in text and "[" not in text:
        return
    done = 0
    for m in _openers(lowered):
        if m.start() < done:
            continue
        start = m.start()
        while start > 0 and m.start() - start < 60 and text[start - 1] in _NAME_CHARS:
            start -= 1
        name = text[start:m.start("close")]
        if start == 0 or text[start - 1] not in "\"'":
            continue  # a key is quoted: "gitlab-token", 'bearer'
        strength = judging.judge_name(name)
        if strength is None:
            continue
        names = judging.name_parts(name)
        end = _close(text, m.end() - 1)
        done = end
        for key, vstart, vend in _strings(text, m.end(), end):
            value = text[vstart:vend]
            if key is not None and _neutral(key):
                continue
            if len(value) >= _MIN_VALUE and " " not in value and judging.is_secret(
                    value, True, strength, names, config=True):
                yield vstart, vend, strength[0], False


def _openers(lowered: str) -> Iterator[re.Match[str]]:
    """:data:`_OPENER` where a bracket opens after a quoted key (``": {``, ``':[``), in
    order: found from the quote (an expression that opens with a literal is searched for
    fast; one that opens with an alternation is tried at every position)."""
    found = []
    for bracket in _BRACKETS:
        for m in bracket.finditer(lowered):
            back = _OPENER_BACK.search(lowered, max(0, m.start() - 48), m.start() + 1)
            if back is not None:
                found.append((back.start(), m.end()))
    for start, end in sorted(found):
        opener = _OPENER.match(lowered, start, end)
        if opener is not None:
            yield opener


_BRACKETS = (lazy_regex(r"\"[ \t]*[:=][ \t]*[\[{]"), lazy_regex(r"'[ \t]*[:=][ \t]*[\[{]"))
# The credential word of a key that ends just before its closing quote.
_OPENER_BACK = lazy_regex(r"(?:pass|pw|secret|token|cred|key|auth|bearer)[a-z0-9_.\-]{0,40}"
                          r"\\?[\"']\Z")


def _neutral(key: str) -> bool:
    """A field that names something other than the credential: ``type``, ``username``,
    ``token_url``, ``clientId``; a host (``gitlab.com``) or ``value`` is not one."""
    parts = judging.name_parts(key)
    return bool(parts) and (parts[-1] in NEUTRAL_LAST or parts[-1] in _CHECKSUMS)


# A package's record in a lock or a manifest (a package named "js-tokens"): its checksum
# and where it came from.
_CHECKSUMS = frozenset({"integrity", "checksum", "shasum", "hash", "resolved", "tarball"})


def _close(text: str, pos: int) -> int:
    """Where the bracket at ``pos`` closes (strings skipped), or :data:`_REACH` later."""
    depth = 0
    limit = min(len(text), pos + _REACH)
    i = pos
    while i < limit:
        ch = text[i]
        if ch in "\"'":
            i = _string_end(text, i, limit) + 1
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return limit


def _string_end(text: str, pos: int, limit: int) -> int:
    """The closing quote of the string opened at ``pos`` (an escaped ``\\"`` closes one
    that an escaped quote opened), or the line's end."""
    quote = text[pos]
    escaped = pos > 0 and text[pos - 1] == "\\"
    i = pos + 1
    while i < limit:
        ch = text[i]
        if ch == "\n":
            return i
        if ch == quote and (text[i - 1] == "\\") == escaped:
            return i
        if ch == "\\" and not escaped:
            i += 2
            continue
        i += 1
    return limit


def _strings(text: str, start: int, end: int) -> Iterator[tuple[str | None, int, int]]:
    """(key, start, end) of each quoted value between ``start`` and ``end``; ``key`` is
    the key it is the value of, or None in a list."""
    key: str | None = None
    i = start
    while i < end:
        ch = text[i]
        if ch in "\"'":
            close = _string_end(text, i, end)
            vstart, vend = i + 1, close - 1 if text[close - 1] == "\\" else close
            after = close + 1
            while after < end and text[after] in " \t\\\"'":
                after += 1
            if text[after:after + 1] in (":", "="):
                key = text[vstart:vend]
            else:
                yield key, vstart, vend
            i = close + 1
            continue
        if ch in ",[{}]\n":
            key = None
        i += 1
