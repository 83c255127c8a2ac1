"""Values a command line gives to a name, known by their shape, for
:mod:`gitmemory.secrets.redact` (issue 31: found by where a value stands and what it
looks like, so a name that says nothing hides nothing):

- ``NAME=VALUE`` given to a flag (``--dart-define=FEED=X``, ``--build-arg K=X``,
  ``--set a.b=X``, ``-e K=X``, ``-DNAME=X``) or after a verb that stores values
  (``put``, ``set``, ``define``, ``add``, ``create``, ``update``, also after a
  namespace: ``vars put PATH relay=X``, ``config:set FEED=X``): the value is hidden
  when it reads as a key (hex of 32 or more, random letters of both cases and digits)
  while the name does not say it is an id, a hash, a version or an address;
- the argument of a subcommand that sets a credential (``set-agent-token agent X``,
  ``add-password X``; :mod:`gitmemory.secrets.positions` finds the subcommand, as it
  finds every credential key followed by a blank): the first of the next three
  arguments that reads as one, a UUID included (the tokens Consul and Nomad hand out
  are UUIDs); a word, a flag and a reference stay.

The first pass starts from the ``=`` before a key-shaped value (few in any text) and
only then reads back to the start of its command for the flag or the verb.
"""

from __future__ import annotations

from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging
from gitmemory.secrets.words import NEUTRAL_LAST

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_END = lazy_regex(r"[|;\n`]")
# "=" then a value long enough to be a key (its opening quote kept apart).
_ASSIGNED = lazy_regex(r"=(?!=)(['\"]?)([^\s'\"`|;,=]{10,}={0,2})(?![^\s'\"`|;,])")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_GLUED = lazy_regex(r"-[A-Za-z](?=[A-Za-z_])")  # -DNAME=, -PNAME=
_VERBS = frozenset({"put", "set", "define", "add", "create", "update"})
_SKIPPED = lazy_regex(r"[ \t]+(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"`|;]+)")
_SETTER = lazy_regex(r"(?:set|add|put|update|store|save)[-_]((?:[a-z0-9]+[-_]){0,3}?"
                     r"(?:token|password|passwd|secret|credential|psk|apikey|api-key))\Z")
# Names of what is not a credential, beside those that end a neutral name.
_NOT_SECRET = frozenset({"sha", "hash", "commit", "rev", "revision", "digest", "checksum",
                         "version", "build", "tag", "image", "ref", "branch", "uuid", "guid",
                         "id", "color", "colour"})
_HEX = frozenset("0123456789abcdefABCDEF")


def find(text: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each key-shaped value given to a name by a flag or
    after a verb that stores values."""
    if "=" not in text:
        return
    for m in _ASSIGNED.finditer(text):
        value = m.group(2)
        if not keyish(value):
            continue
        eq = m.start()
        start = eq
        while start > 0 and eq - start < 60 and text[start - 1] in _NAME_CHARS:
            start -= 1
        name = text[start:eq]
        glued = _GLUED.match(name)
        if glued:
            name = name[glued.end():]
        if not name or not (name[0].isalpha() or name[0] == "_") or _names_no_secret(name):
            continue
        if glued or _given(text, start):
            yield m.start(2), m.end(2), judging.SECRET, False


def _given(text: str, start: int) -> bool:
    """Whether the name at ``start`` follows a flag (``--set``, ``--dart-define=``,
    ``-e``) or, in the same command, a verb that stores values (``vars put PATH``)."""
    head = text[max(0, start - 300):start]
    cut = max(head.rfind(c) for c in "|;\n`")
    words = [w.strip("'\"") for w in head[cut + 1:].split()]
    words = [w for w in words if w]
    if not words:
        return False
    if words[-1].startswith("-"):
        return True
    return any(w.lower().rsplit(":", 1)[-1] in _VERBS for w in words[1:])  # config:set


def setter_value(text: str, name: str, pos: int) -> _Found | None:
    """The credential given to a subcommand that sets one (``set-agent-token``), among
    the three arguments after ``pos``, or None."""
    m = _SETTER.match(name.lower())
    if m is None:
        return None
    strength = judging.judge_name(m.group(1))
    if strength is None or not strength[1]:
        return None
    end = _command_end(text, pos)
    pos -= 1  # the blank before the first argument
    for _ in range(3):
        arg = _SKIPPED.match(text, pos, end)
        if arg is None:
            break
        pos = arg.end()
        start, stop = unquoted(text, arg.end() - len(arg.group().lstrip(" \t")), pos)
        value = text[start:stop]
        if value.startswith("-") or judging.is_reference(value):
            continue
        if judging.UUID.match(value) or keyish(value):
            return start, stop, strength[0], False
    return None


def keyish(value: str) -> bool:
    """Hex of 32 or more, or letters of both cases and digits that make no words: a key or
    a generated password, not a version, a path, a setting or a name (``OpenSSL3Fips``,
    whose letters come in runs of words)."""
    if len(value) < 10 or judging.is_reference(value) or judging.is_placeholder(value):
        return False
    if len(value) >= 32 and all(c in _HEX for c in value):
        return True
    if sum(c.isdigit() for c in value) < 2 or sum(c.isupper() for c in value) < 2 or \
            sum(c.islower() for c in value) < 2:
        return False
    if not all(c.isalnum() or c in "-_+/=.~!@#%^*" for c in value) or "://" in value:
        return False
    runs = _LETTER_RUNS.findall(value)
    if sum(map(len, runs)) >= 3 * len(runs):
        return False  # words run together, as names are made
    return judging.entropy(value) >= 3.0 and not judging.made_of_words(value)


_LETTER_RUNS = lazy_regex(r"[A-Z]?[a-z]+|[A-Z]+")


def _names_no_secret(name: str) -> bool:
    parts = judging.name_parts(name)
    return not parts or parts[-1] in NEUTRAL_LAST or any(p in _NOT_SECRET for p in parts)


def unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]``'s bounds without the quotes round it, when it is quoted."""
    if end - start >= 2 and text[start] in "'\"" and text[end - 1] == text[start]:
        return start + 1, end - 1
    return start, end


def _command_end(text: str, pos: int, window: int = 300) -> int:
    m = _END.search(text, pos, pos + window)
    return m.start() if m else min(len(text), pos + window)
