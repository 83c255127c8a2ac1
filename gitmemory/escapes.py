"""Percent escapes and HTML character references, decoded as a reader reads them.

A browser, a model or an agent reads ``&#73;gnore``, ``ghp&lowbar;`` and ``ghp%5F`` as
``Ignore``, ``ghp_`` and ``ghp_``, so the secrets scan (:mod:`gitmemory.secrets.reading`)
and the injection judges (:mod:`gitmemory.injection.fold`) read escapes the same way,
here: a run of percent escapes (UTF-8) or one character reference (decimal, hex or named,
HTML5's names), when what it decodes to is printable.  The secrets scan also refuses a
decoded space (a token is never split where none was written); the judges read it
(``Ignore&#32;all``).

Stdlib only and no ``re``: the checkout hook reads through both callers.
"""

from __future__ import annotations

_HEX = frozenset("0123456789abcdefABCDEF")
_DIGITS = frozenset("0123456789")
_ENTITY_CHARS = frozenset("#0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LONGEST_NAME = 32  # letters of the longest reference name read


def has_escape(text: str) -> bool:
    """Whether ``text`` holds ``%XX`` or what may be a character reference (``&...;``)."""
    at = text.find("%")
    while at != -1:
        if text[at + 1:at + 2] in _HEX and text[at + 2:at + 3] in _HEX and \
                text[at + 1:at + 3] != "":
            return True
        at = text.find("%", at + 1)
    at = text.find("&")
    while at != -1:
        end = text.find(";", at + 2, at + _LONGEST_NAME + 2)
        if end != -1 and set(text[at + 1:end]) <= _ENTITY_CHARS:
            return True
        at = text.find("&", at + 1)
    return False


def spans(text: str, *, spaces: bool) -> list[tuple[int, int, str]]:
    """(start, end, value) of each escape of ``text`` that decodes to printable text, left
    to right (``spaces``: a decoded space counts as printable)."""
    found: list[tuple[int, int, str]] = []
    at = _next(text, 0)
    while at != -1:
        end, value = _percent(text, at) if text[at] == "%" else _reference(text, at)
        if value is not None and _printable(value, spaces):
            found.append((at, end, value))
        at = _next(text, max(end, at + 1))
    return found


def decoded(text: str, *, spaces: bool, rounds: int) -> str:
    """``text`` with its escapes decoded, ``rounds`` times over (``%2549`` is ``%49`` is
    ``I``)."""
    for _ in range(rounds):
        if not has_escape(text):
            break
        found = spans(text, spaces=spaces)
        if not found:
            break
        out, start = [], 0
        for begin, end, value in found:
            out += [text[start:begin], value]
            start = end
        text = "".join(out) + text[start:]
    return text


def _next(text: str, start: int) -> int:
    percent, amp = text.find("%", start), text.find("&", start)
    return min(percent, amp) if percent != -1 and amp != -1 else max(percent, amp)


def _percent(text: str, at: int) -> tuple[int, str | None]:
    end = at
    while text[end:end + 1] == "%" and text[end + 1:end + 2] in _HEX and \
            text[end + 2:end + 3] in _HEX and text[end + 1:end + 3] != "":
        end += 3
    if end == at:
        return at + 1, None
    return end, bytes.fromhex(text[at:end].replace("%", "")).decode("utf-8", "replace")


def _reference(text: str, at: int) -> tuple[int, str | None]:
    end = text.find(";", at + 2, at + _LONGEST_NAME + 2)
    name = text[at + 1:end] if end != -1 else ""
    if name[:2] in ("#x", "#X"):
        digits, base, longest = name[2:], 16, 6
    elif name[:1] == "#":
        digits, base, longest = name[1:], 10, 7
    elif name[:1].isascii() and name[:1].isalpha() and name.isascii() and name.isalnum():
        from html.entities import html5

        return end + 1, html5.get(name + ";")
    else:
        return at + 1, None
    if not digits or len(digits) > longest or \
            not set(digits) <= (_HEX if base == 16 else _DIGITS):
        return at + 1, None
    number = int(digits, base)
    if not 0 < number <= 0x10FFFF or 0xD800 <= number <= 0xDFFF:
        return end + 1, None
    return end + 1, chr(number)


def _printable(value: str, spaces: bool) -> bool:
    return bool(value) and value.isprintable() and "\ufffd" not in value and (
        spaces or not any(ch.isspace() for ch in value))
