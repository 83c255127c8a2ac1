"""Passwords that tools take as bare command-line arguments, for :mod:`gitmemory.secrets.redact`.

No name says "password" here, only the tool's syntax: ``mysql -pS3cret``
(the value glued to ``-p``; ``-p dbname`` with a space only asks for a
prompt), ``sshpass -p 'S3cret' ssh ...``, ``htpasswd -b file user S3cret``
and ``htpasswd -nb user S3cret`` (batch mode: the password is the last
positional argument).  Each expression starts with the tool's name, a
literal, and runs only when that name occurs in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.secrets import judging

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_LITERAL = (judging.PASSWORD, True)
_VALUE = r"('[^'\n]*'|\"[^\"\n]*\"|[^\s'\"|;&<>]+)"
# The MySQL and MariaDB clients: -p glued to its value (a capital -P is the port).
_MYSQL = re.compile(r"(?:mysql|mariadb)[a-z-]{0,10}(?=[ \t])[^\n|;&]{0,300}?[ \t]-p" + _VALUE)
_SSHPASS = re.compile(r"sshpass(?=[ \t])[^\n|;&]{0,200}?[ \t]-p[ \t]*" + _VALUE)
_HTPASSWD = re.compile(r"htpasswd((?:[ \t]+[^\s|;&<>]+){2,8})")
_ARG = re.compile(r"\S+")


# -p glued to a value anywhere on a line that names the MySQL client, before it too
# ("connect with -u root -pS3cret to the mysql server"); a value with no letter is a port
# (docker's -p3306:3306).
_GLUED_P = re.compile(r"(?<![\w-])-p" + _VALUE)
_MYSQL_LINE = re.compile(r"[^\n]*(?:mysql|mariadb)[^\n]*")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each password passed to a known tool."""
    if "mysql" in lowered or "mariadb" in lowered:
        yield from _values(text, _MYSQL)
        for line in _MYSQL_LINE.finditer(lowered):
            for m in _GLUED_P.finditer(text, line.start(), line.end()):
                if any(c.isalpha() for c in m.group(1)):
                    yield from _values_of(text, m)
    if "sshpass" in lowered:
        yield from _values(text, _SSHPASS)
    if "htpasswd" in lowered:
        for m in _HTPASSWD.finditer(text):
            found = _htpasswd_password(text, m.start(1), m.group(1))
            if found:
                yield found


def _values(text: str, pattern: re.Pattern[str]) -> Iterator[_Found]:
    for m in pattern.finditer(text):
        yield from _values_of(text, m)


def _values_of(text: str, m: re.Match[str]) -> Iterator[_Found]:
    start, end = m.start(1), m.end(1)
    if text[start] in "'\"" and end - start >= 2:
        start, end = start + 1, end - 1
    if end > start and judging.is_secret(text[start:end], True, _LITERAL, []):
        yield start, end, judging.PASSWORD, False


def _htpasswd_password(text: str, offset: int, args: str) -> _Found | None:
    """The password of a batch-mode (``-b``) call: ``[-opts] file user pw`` or with
    ``-n`` (print, no file) ``user pw``."""
    flags = ""
    positional: list[tuple[int, int]] = []
    for arg in _ARG.finditer(args):
        word = arg.group()
        if word.startswith("-") and not positional:
            flags += word[1:]
        else:
            positional.append((offset + arg.start(), offset + arg.end()))
    if "b" not in flags:
        return None
    index = 1 if "n" in flags else 2
    if len(positional) <= index:
        return None
    start, end = positional[index]
    value = text[start:end]
    if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2:
        start, end, value = start + 1, end - 1, value[1:-1]
    if judging.is_secret(value, True, _LITERAL, []):
        return start, end, judging.PASSWORD, False
    return None
