"""The items of a list a credential's name holds, for :mod:`gitmemory.secrets.redact`
(issue 31, anticipated from the sixteenth sealed part's small-letter bodies: an app that
accepts several keys lists them, and each item is a key whatever its alphabet).

A name that says credential, in the singular or the plural (``credentials``, ``api_keys``,
``ZORBLY_TOKENS``, ``allowed_tokens``), then its items:

- a YAML block sequence, the lines after ``name:`` that open with ``-`` deeper than the
  name (``- <value>``; a mapping's item, ``- name: ci``, is another rule's);
- a flow sequence of bare or quoted words (``api_tokens: [a, b]``, ``keys = ["a", "b"]``);
- a variable's value cut by commas (``API_KEYS=a,b``: an environment file's list).

Each item is judged as if it were assigned to the name (:func:`judging.is_secret`): a weak
name (the plurals, ``keys``, ``tokens``) hides only a random value, in any alphabet, or hex
of a key's length; a strong one (``credentials``) any literal of a credential's length, and
so does a list of passwords (``passwords``, ``old_passphrases``): each item is what the
singular names, a password a person chose as well as a random one.
A public or a cache's key, an id's list, references, paths, URLs and words stay
(``authorized_keys: [alice, bob]``).

The pass starts from the credential words (literals) and reads no further than the list.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging
from gitmemory.secrets.words import PASSWORD_WORDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_WORDS = ("pass", "pw", "secret", "token", "cred", "key", "auth")
_OPENER = lazy_regex(r"(?:pass|pw|secret|token|cred|key|auth)[a-z0-9_.\-]{0,40}+[\"']?"
                     r"[ \t]*([:=])[ \t]*")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_ITEM = lazy_regex(r"(\r?\n[+ ]?)([ \t]*)-[ \t]+([\"']?)([^\s\"'#:,\[\]{}]{1,400})\3[ \t]*"
                   r"(?=\r?\n|\Z)")
_FLOW_ITEM = lazy_regex(r"[ \t]*([\"']?)([^\s\"',\[\]{}]{1,400})\1[ \t]*(?:,|(\]))")
_ENV_ITEM = lazy_regex(r"([^\s\"',;]{1,400})(,?)")
_MIN_ITEM = 8
_MAX_ITEMS = 50


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each credential a list under a credential's name holds."""
    for m in _openers(lowered):
        start = m.start()
        while start > 0 and text[start - 1] in _NAME_CHARS:
            start -= 1
        name = text[start:m.start(1)].rstrip(" \t\"'")
        parts = judging.name_parts(name) if name else []
        if parts and parts[-1][:-1] in PASSWORD_WORDS:
            strength: tuple[str, bool] | None = (judging.PASSWORD, True)  # each a password
            parts = [*parts[:-1], parts[-1][:-1]]  # judged as the singular's value
        else:
            strength = judging.judge_name(name) if name else None
        if strength is None:
            continue
        after = m.end()
        nxt = text[after:after + 1]
        if nxt in ("\n", "\r", "") and m.group(1) == ":":
            items = _block_items(text, after, start)
        elif nxt == "[" and not lowered.startswith("[redacted:", after):  # a marker's bracket
            items = _flow_items(text, after + 1)
        elif m.group(1) == "=" and name.isupper():
            items = _env_items(text, after)
        else:
            continue
        for item_start, item_end, quoted in items:
            value = text[item_start:item_end]
            if len(value) >= _MIN_ITEM and judging.is_secret(value, quoted, strength, parts,
                                                               config=True):
                yield item_start, item_end, strength[0], False


def _openers(lowered: str) -> Iterator[re.Match[str]]:
    """:data:`_OPENER`'s matches, tried only where a credential word stands (a substring
    search: an expression that opens with an alternation is tried at every position)."""
    ends = set()  # "secret_key:" is found from "secret" and from "key": one opener
    for word in _WORDS:
        at = lowered.find(word)
        while at != -1:
            m = _OPENER.match(lowered, at)
            if m is not None and m.end() not in ends:
                ends.add(m.end())
                yield m
            at = lowered.find(word, at + 1)


def _block_items(text: str, pos: int, name_start: int) -> list[tuple[int, int, bool]]:
    line = text.rfind("\n", 0, name_start) + 1
    head = text[line:name_start]
    depth = len(head) - len(head.lstrip(" \t+-"))
    items: list[tuple[int, int, bool]] = []
    while len(items) < _MAX_ITEMS:
        m = _ITEM.match(text, pos)
        if m is None or len(m.group(2)) + len(m.group(1).lstrip("\r\n")) <= depth:
            break
        items.append((m.start(4), m.end(4), bool(m.group(3))))
        pos = m.end()
    return items


def _flow_items(text: str, pos: int) -> list[tuple[int, int, bool]]:
    items: list[tuple[int, int, bool]] = []
    while len(items) < _MAX_ITEMS:
        m = _FLOW_ITEM.match(text, pos)
        if m is None:
            return []  # not a flat list of words: nested objects are another rule's
        items.append((m.start(2), m.end(2), bool(m.group(1))))
        if m.group(3):
            return items
        pos = m.end()
    return items


def _env_items(text: str, pos: int) -> list[tuple[int, int, bool]]:
    items: list[tuple[int, int, bool]] = []
    while len(items) < _MAX_ITEMS:
        m = _ENV_ITEM.match(text, pos)
        if m is None:
            break
        items.append((m.start(1), m.end(1), False))
        if not m.group(2):
            break
        pos = m.end()
    return items if len(items) > 1 else []  # one value is an assignment's
