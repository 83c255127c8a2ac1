"""Secrets that only show once the text is folded (docs/security.md, "Secrets").

A token split by a zero-width space or a soft hyphen, or typed in full-width
letters (``ｇｈｐ＿...``), matches no rule in the raw text.  But every reader
folds it back: neutralisation (NFKC, invisible characters dropped) turns it
into a working token in ``CLAUDE.md``, and a model reads straight through it.
So text that is shown or sent is judged as it will be read:

- :func:`fold` is the text as read: NFKC per character, format, control and
  other invisible characters dropped (a superset of what
  :func:`gitmemory.injection.neutralize.one_line` drops; a test holds the two
  together), line breaks and other whitespace kept, so line numbers hold;
- :func:`scan` finds what the raw text or its folded form holds (the pre-push
  scan), by line and rule;
- :func:`redact` hides it in the raw text: a secret found only once folded is
  replaced whole, invisible characters and all, by ``[REDACTED:<rule>]``.

Text that is printable ASCII folds to itself and costs one ``redact``.
"""

from __future__ import annotations

import unicodedata

from gitmemory.secrets import redact as raw

Finding = raw.Finding

# Invisible characters outside Unicode's C* categories (Default_Ignorable_Code_Point):
# combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian variation
# selectors, braille blank, variation selectors, tags and their supplement.
_INVISIBLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                     (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                     (0xE0000, 0xE0FFF))
_KEPT = frozenset("\n\r\t")
_MAX_PASSES = 3


def _replacement(ch: str) -> str | None:
    """What ``ch`` reads as: None when it reads as itself."""
    if ch in _KEPT or ch.isspace():
        return None  # separators stay separators, and line breaks keep line numbers
    cp = ord(ch)
    if cp < 32 or cp == 127:
        return ""
    if cp < 128:
        return None
    if unicodedata.category(ch)[0] == "C" or any(lo <= cp <= hi for lo, hi in _INVISIBLE_RANGES):
        return ""
    folded = unicodedata.normalize("NFKC", ch)
    return None if folded == ch else folded


def _table(text: str) -> dict[int, str]:
    table = {}
    for ch in set(text):
        found = _replacement(ch)
        if found is not None:
            table[ord(ch)] = found
    return table


def _plain(text: str) -> bool:
    """Printable ASCII with ordinary whitespace: folding changes nothing."""
    return text.isascii() and (text.isprintable() or text.translate(_WHITESPACE).isprintable())


_WHITESPACE = str.maketrans("\n\r\t", "   ")


def fold(text: str) -> str:
    """``text`` as a reader sees it (see the module docstring)."""
    return text if _plain(text) else text.translate(_table(text))


def scan(text: str) -> list[Finding]:
    """Findings in ``text`` or in its folded form, by the raw text's line numbers."""
    found = raw.scan(text)
    if _plain(text):
        return found
    seen = {(f.line, f.rule) for f in found}
    return found + [f for f in raw.scan(fold(text)) if (f.line, f.rule) not in seen]


def redact(text: str) -> tuple[str, list[Finding]]:
    """``text`` with every secret hidden, those the folded form shows included."""
    done, findings = raw.redact(text)
    for _ in range(_MAX_PASSES):
        if _plain(done):
            break
        table = _table(done)
        more = raw.scan(done.translate(table))
        if not more:
            break
        done = _replace(done, table, more)
        findings = findings + more
    return done, findings


def _replace(text: str, table: dict[int, str], found: list[Finding]) -> str:
    """Replace, in ``text``, the characters each finding of its folded form came from."""
    origin = []  # for each character of the folded text, the raw offset it came from
    for i, ch in enumerate(text):
        origin += [i] * len(table.get(ord(ch), ch))
    origin.append(len(text))
    out, pos = [], 0
    for f in found:
        start, end = origin[f.start], origin[f.end - 1] + 1 if f.end > f.start else origin[f.end]
        if start < pos:
            continue
        out += [text[pos:start], "\n" * text.count("\n", start, end),
                raw.PLACEHOLDER.format(f.rule)]
        pos = end
    out.append(text[pos:])
    return "".join(out)
