"""A command that names a secret gives its value away, for :mod:`gitmemory.secrets.redact`
(issue 31: found by what a command says it handles, whatever the tool).

When one argument of a command names a secret (a path, an id or a label whose parts, joined
by ``/ : . _ -`` or in camel case, say password, secret, token, credential or a qualified
key: ``prod/billing/db-password``, ``app_host::smtp_password``, ``kv:payments-api-token``,
``smtpPassword``), the value the command is given is that secret:

- the argument of a flag that gives a value (``-v``, ``-s``, ``-w``, ``-p``, ``--value``,
  ``--string``, ``--data``, ``--body``, ``--secret``, ``--plaintext``, ``--payload``, also
  as ``--value=X``), when it
  has a password's shape (a digit, a symbol or an inner capital; not a word, a path, a URL,
  a host, a version or a number);
- the last positional argument, when it reads as a key (hex of 32 or more, or random
  letters of both cases and digits: :func:`gitmemory.secrets.defines.keyish`), as stores
  take a name and then a value (``etcdctl put /svc/api-token X``).

A reference stays (``$VAR``, ``$(openssl rand -hex 32)``, ``@file``, ``file://x``, a
placeholder), and so does every value of a command that names no secret.  A command is
a stretch of one line between ``|``, ``;``, ``&&`` and backticks; it is read only when
it holds a flag or stands between backticks, so prose is never read as one.

The pass starts from the credential words (literals, found fast) and reads no further
than the command they stand in.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import calls, defines, judging

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
# Each a literal, found by a substring search (an alternation would be tried at every
# position).  A name judges strong only with a qualifier before "key" (``signing-key``,
# ``api_key``; ``cache-key`` and ``keys/`` name no secret).
_WORDS = ("secret", "passw", "passphrase", "pwd", "token", "credential", "key")
_ARG = lazy_regex(r"(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"`|;&<>])+")
_STOPS = "\n|;`"
_ARG_ENDS = frozenset(" \t\r\n'\"`|;&<>")
_REACH = 300
_VALUE_FLAGS = frozenset({"-v", "-s", "-w", "-p", "--value", "--val", "--string", "--data",
                          "--body", "--secret", "--plaintext", "--secret-string",
                          "--secret-value", "--text", "--content", "--payload"})
_SEPARATORS = "/:._-"
_VERSION = lazy_regex(r"v?\d+(?:\.\d+)+(?:[-+.][\w.]+)?\Z")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each value given to a command that names a secret."""
    if "`" not in text and " -" not in text and "\t-" not in text:
        return  # no command: it stands between backticks or holds a flag
    done = -1
    for at, word in _occurrences(lowered):
        if at < done or not _names_secret(_around(text, at, at + len(word))):
            continue  # most credential words are words of code or prose, not a name's part
        start, end = _command(text, at)
        done = end
        args = [(a.start(), a.end()) for a in _ARG.finditer(text, start, end)]
        while args and not any(c.isalnum() for c in text[args[0][0]:args[0][1]]):
            args.pop(0)  # a diff's marker, a prompt ("+", "$", ">")
        if len(args) < 3 or not _is_command(text, args, start, end):
            continue
        named = [i for i, (s, e) in enumerate(args) if _names_secret(text[s:e])]
        if not named:
            continue
        strength = judging.judge_name(_unquoted_text(text, *args[named[0]]).split("=")[-1])
        rule = strength[0] if strength else judging.SECRET
        yield from _values(text, args, set(named), rule)


def _occurrences(lowered: str) -> list[tuple[int, str]]:
    found = []
    for word in _WORDS:
        at = lowered.find(word)
        while at != -1:
            found.append((at, word))
            at = lowered.find(word, at + len(word))
    found.sort()
    return found


def _around(text: str, start: int, end: int) -> str:
    """The argument a word stands in: to the blanks, quotes and stops either side."""
    while start > 0 and start - 1 > end - 160 and text[start - 1] not in _ARG_ENDS:
        start -= 1
    while end < len(text) and end - start < 160 and text[end] not in _ARG_ENDS:
        end += 1
    return text[start:end]


def _command(text: str, pos: int) -> tuple[int, int]:
    """The stretch of one command around ``pos``: from the last stop before it to the next."""
    start = max(text.rfind(c, max(0, pos - _REACH), pos) for c in _STOPS) + 1
    amp = text.rfind("&&", start, pos)
    start = amp + 2 if amp != -1 else start
    if start == 0 and pos > _REACH:
        start = pos - _REACH
    ends = [i for i in (text.find(c, pos, pos + _REACH) for c in _STOPS) if i != -1]
    amp = text.find("&&", pos, pos + _REACH)
    if amp != -1:
        ends.append(amp)
    return start, min(ends) if ends else min(len(text), pos + _REACH)


def _is_command(text: str, args: list[tuple[int, int]], start: int, end: int) -> bool:
    """A program's name first, and a flag in it or backticks around it."""
    first = text[args[0][0]:args[0][1]].lstrip("+$ ")
    if not first or not (first[0].isalpha() or first[0] in "./~") or "=" in first:
        return False
    quoted = start > 0 and text[start - 1] == "`" and text[end:end + 1] == "`"
    return quoted or any(text[s] == "-" and text[s + 1:s + 2].isalpha() for s, _ in args[1:])


def _names_secret(arg: str) -> bool:
    """A path, an id or a label (parts joined by ``/ : . _ -``) whose name says secret."""
    if arg.startswith("-"):
        if "=" not in arg:
            return False  # a flag: --password X is read elsewhere
        arg = arg.split("=", 1)[1]
    arg = arg.strip("'\"")
    if "=" in arg or len(arg) > 120 or not (any(sep in arg for sep in _SEPARATORS) or (
            arg[:1].isalpha() and any(c.isupper() for c in arg[1:]) and any(
                c.islower() for c in arg))):
        return False  # a word of prose; a name has parts (db_password, dbPassword)
    strength = judging.judge_name(arg.replace("::", "/"))
    return strength is not None and strength[1]


def _values(text: str, args: list[tuple[int, int]], named: set[int], rule: str
            ) -> Iterator[_Found]:
    last = len(args) - 1
    for i, (s, e) in enumerate(args):
        if i in named or i == 0:
            continue
        arg = text[s:e]
        flag, _, glued = arg.partition("=")
        if flag in _VALUE_FLAGS and glued:
            found = _flagged(text, s + len(flag) + 1, e)
        elif i and text[args[i - 1][0]:args[i - 1][1]] in _VALUE_FLAGS:
            found = _flagged(text, s, e)
        elif i == last and not text[args[i - 1][0]].startswith("-"):
            found = _positional(text, s, e)
        else:
            continue
        if found:
            yield found[0], found[1], rule, False


def _unquoted_text(text: str, start: int, end: int) -> str:
    s, e = defines.unquoted(text, start, end)
    return text[s:e]


def _flagged(text: str, start: int, end: int) -> tuple[int, int] | None:
    start, end = defines.unquoted(text, start, end)
    value = text[start:end]
    if value.startswith(("$", "@", "<", "{", "%", "-")) or "://" in value or \
            _VERSION.match(value) or judging.made_of_words(value):
        return None
    if defines.keyish(value) or (not any(c in value for c in "/:\\")  # a path, host:port
                                 and calls.password_shaped(value)):
        return start, end
    return None


def _positional(text: str, start: int, end: int) -> tuple[int, int] | None:
    start, end = defines.unquoted(text, start, end)
    value = text[start:end]
    if value.startswith(("$", "@", "<", "{", "%")) or "://" in value:
        return None
    return (start, end) if defines.keyish(value) else None
