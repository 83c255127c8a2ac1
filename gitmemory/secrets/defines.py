"""Values a command line gives to a name, known by their shape, for
:mod:`gitmemory.secrets.redact` (issue 31: found by where a value stands and what it
looks like, so a name that says nothing hides nothing):

- ``NAME=VALUE`` given to a flag (``--dart-define=FEED=X``, ``--build-arg K=X``,
  ``--set a.b=X``, ``-e K=X``, ``-DNAME=X``) or after a verb that stores values
  (``put``, ``set``, ``define``, ``add``, ``create``, ``update``: ``vars put PATH
  relay=X``): the value is hidden when it reads as a key (hex of 32 or more, random
  letters of both cases and digits) while the name does not say it is an id, a hash,
  a version or an address;
- the argument of a subcommand that sets a credential (``set-agent-token agent X``,
  ``add-password X``): the first of the next three arguments that reads as one, a
  UUID included (the tokens Consul and Nomad hand out are UUIDs); a word, a flag and a
  reference stay.

Each pass starts from a literal (``=`` after a flag's name, a verb, a credential word)
and reads no further than the command it is in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.secrets import judging
from gitmemory.secrets.words import NEUTRAL_LAST

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_COMMAND_END = frozenset("|;\n`")
_NAME = r"([A-Za-z_][\w.\-]{0,60})"
_VALUE = r"('[^'\n]*'|\"[^\"\n]*\"|[^\s'\"`|;,]+)"
# A flag, then NAME=VALUE (after "=" or a blank, maybe quoted whole), or -DNAME=VALUE.
_FLAG = re.compile(r"-(?:-[a-z][a-z0-9-]{0,40}(?:=|[ \t]+)['\"]?|[A-Za-z][ \t]+['\"]?|[DP])"
                   + _NAME + "=(?!=)" + _VALUE)
_VERBS = ("put", "set", "define", "add", "create", "update")
_ARGUMENT = re.compile(r"[ \t]+['\"]?" + _NAME + "=(?!=)" + _VALUE)
_SKIPPED = re.compile(r"[ \t]+(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"`|;]+)")
_SETTER = re.compile(r"(?:set|add|put|update|store|save)[-_]((?:[a-z0-9]+[-_]){0,3}?"
                     r"(?:token|password|passwd|secret|credential|psk|apikey|api-key))(?![\w-])")
# Names of what is not a credential, beside those that end a neutral name.
_NOT_SECRET = frozenset({"sha", "hash", "commit", "rev", "revision", "digest", "checksum",
                         "version", "build", "tag", "image", "ref", "branch", "uuid", "guid",
                         "id", "color", "colour"})
_HEX = frozenset("0123456789abcdefABCDEF")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each value found by its place on a command line."""
    if "=" in text:
        for m in _FLAG.finditer(text):
            yield from _defined(text, m)
        for verb in _VERBS:
            yield from _after_verb(text, lowered, verb)
    if "-" in text or "_" in text:
        yield from _set_credentials(text, lowered)


def _defined(text: str, m: re.Match[str]) -> Iterator[_Found]:
    start, end = _unquoted(text, m.start(2), m.end(2))
    if _names_no_secret(m.group(1)):
        return
    if _keyish(text[start:end]):
        yield start, end, judging.SECRET, False


def _after_verb(text: str, lowered: str, verb: str) -> Iterator[_Found]:
    needle = f" {verb} "
    at = lowered.find(needle)
    while at != -1:
        end = _command_end(text, at + len(needle))
        pos = at + len(needle) - 1
        while pos < end:
            m = _ARGUMENT.match(text, pos, end)
            if m is not None:
                yield from _defined(text, m)
                pos = m.end()
                continue
            skipped = _SKIPPED.match(text, pos, end)
            if skipped is None:
                break
            pos = skipped.end()
        at = lowered.find(needle, end)


def _set_credentials(text: str, lowered: str) -> Iterator[_Found]:
    for m in _SETTER.finditer(lowered):
        if m.start() and lowered[m.start() - 1] not in " \t`":
            continue  # a subcommand stands as a word (not git's --set-upstream-token)
        strength = judging.judge_name(m.group(1))
        if strength is None or not strength[1]:
            continue
        end = _command_end(text, m.end())
        pos = m.end()
        for _ in range(3):
            arg = _SKIPPED.match(text, pos, end)
            if arg is None:
                break
            pos = arg.end()
            start, stop = _unquoted(text, arg.end() - len(arg.group().lstrip(" \t")), pos)
            value = text[start:stop]
            if value.startswith("-") or judging.is_reference(value):
                continue
            if _UUID.match(value) or _keyish(value):
                yield start, stop, strength[0], False
                break


def _keyish(value: str) -> bool:
    """Hex of 32 or more, or letters of both cases and digits that are no words: a key or
    a generated password, not a version, a path, a setting or a name."""
    if len(value) < 10 or judging.is_reference(value) or judging.is_placeholder(value):
        return False
    if len(value) >= 32 and all(c in _HEX for c in value):
        return True
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)
            and any(c.isdigit() for c in value)):
        return False
    if not all(c.isalnum() or c in "-_+/=.~!@#%^*" for c in value) or "://" in value:
        return False
    return judging.entropy(value) >= 3.0 and not judging.made_of_words(value)


def _names_no_secret(name: str) -> bool:
    parts = judging.name_parts(name)
    return not parts or parts[-1] in NEUTRAL_LAST or any(p in _NOT_SECRET for p in parts)


def _unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    if end - start >= 2 and text[start] in "'\"" and text[end - 1] == text[start]:
        return start + 1, end - 1
    return start, end


def _command_end(text: str, pos: int, window: int = 300) -> int:
    high = min(len(text), pos + window)
    while pos < high and text[pos] not in _COMMAND_END:
        pos += 1
    return pos
