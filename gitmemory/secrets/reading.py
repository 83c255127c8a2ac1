"""Text as a reader reads it, and where each of its characters came from.

What a scan must match is what a reader (an agent, a browser, a model, a shell) makes
of the text, not the bytes as written (docs/security.md, "Secrets"):

- percent escapes and HTML character references are decoded (``ghp%5F``,
  ``&#103;hp_``, ``ghp&lowbar;``; twice encoded too), as long as they decode to a
  printable character that is no space: a line break is never made where none was;
- every character is read as NFKC reads it, format, control and other invisible
  characters dropped (full-width letters, a token split by a zero-width space);
- in a word that mixes ASCII letters or digits with other characters, a look-alike
  letter reads as the ASCII its Unicode confusables skeleton names (a Cyrillic ``р``
  in ``ghр_``): :mod:`gitmemory.confusables`.  A word written in another script
  alone is left as it is;
- strong emphasis inside a word is read as the word it marks: ``**`` or ``***``
  between two word characters is dropped (``**ghp_abc**def`` renders as one bold
  and one plain run of the same word).  Underscores inside a word are no emphasis
  in Markdown (CommonMark), so ``__`` stays.

:func:`reading` gives the text as read and, for each of its characters, the offset
in the raw text it came from, so a finding is replaced where it was written.
:func:`plain` says, without loading ``re``, when reading changes nothing: the checkout
hook asks it (:func:`gitmemory.secrets.folded.may_hide`).
"""

from __future__ import annotations

import unicodedata

from gitmemory import escapes

# Invisible characters outside Unicode's C* categories (Default_Ignorable_Code_Point):
# combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian variation
# selectors, braille blank, variation selectors, tags and their supplement.
_INVISIBLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                     (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                     (0xE0000, 0xE0FFF))
_KEPT = frozenset("\n\r\t")
_WHITESPACE = str.maketrans("\n\r\t", "   ")
_ROUNDS = 3  # escapes decoded this many times over: %255F is %5F is _


def plain(text: str) -> bool:
    """Printable ASCII with ordinary whitespace and no escape to decode: it reads as
    written."""
    return text.isascii() and (
        text.isprintable() or text.translate(_WHITESPACE).isprintable()) and not (
        ("%" in text or "&" in text) and escapes.has_escape(text)) and not (
        "**" in text and _inner_emphasis(text) != [])


def read(text: str) -> str:
    """``text`` as read."""
    return text if plain(text) else reading(text)[0]


def reading(text: str) -> tuple[str, list[int]]:
    """``text`` as read, and for each of its characters the raw offset it came from,
    followed by ``len(text)``."""
    chars, origin = list(text), list(range(len(text)))
    for _ in range(_ROUNDS):
        if not escapes.has_escape("".join(chars)):
            break
        chars, origin = _decoded(chars, origin)
    chars, origin = _folded(chars, origin)
    chars, origin = _skeleton(chars, origin)
    chars, origin = _unemphasised(chars, origin)
    origin.append(len(text))
    return "".join(chars), origin


def raw_span(origin: list[int], start: int, end: int) -> tuple[int, int]:
    """The raw offsets of the read characters ``start`` to ``end`` (``origin`` from
    :func:`reading`): a decoded escape or a folded character is taken whole."""
    if end <= start:
        return origin[start], origin[start]
    last = origin[end - 1]
    stop = end
    while stop < len(origin) - 1 and origin[stop] == last:
        stop += 1
    return origin[start], max(origin[stop], last + 1)


# -- escapes -----------------------------------------------------------------------------

def _decoded(chars: list[str], origin: list[int]) -> tuple[list[str], list[int]]:
    text = "".join(chars)
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for start, end, value in escapes.spans(text, spaces=False):
        out += chars[pos:start]
        where += origin[pos:start]
        out += value
        where += [origin[start]] * len(value)
        pos = end
    out += chars[pos:]
    where += origin[pos:]
    return out, where


# -- characters --------------------------------------------------------------------------

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


def _folded(chars: list[str], origin: list[int]) -> tuple[list[str], list[int]]:
    table = {ch: found for ch in set(chars) if (found := _replacement(ch)) is not None}
    if not table:
        return chars, origin
    out: list[str] = []
    where: list[int] = []
    for ch, at in zip(chars, origin, strict=True):
        value = table.get(ch)
        if value is None:
            out.append(ch)
            where.append(at)
        else:
            out += value
            where += [at] * len(value)
    return out, where


def _skeleton(chars: list[str], origin: list[int]) -> tuple[list[str], list[int]]:
    """Look-alike letters read as ASCII in words that mix them with ASCII letters or
    digits."""
    if all(ch.isascii() for ch in chars):
        return chars, origin
    from gitmemory.confusables import TABLE

    out: list[str] = []
    where: list[int] = []
    word: list[int] = []  # indexes of the word under way
    for i in [*range(len(chars)), -1]:
        if i != -1 and not chars[i].isspace():
            word.append(i)
            continue
        mixed = any(chars[k].isascii() and chars[k].isalnum() for k in word) and any(
            chars[k] in TABLE for k in word)
        for k in word:
            value = TABLE.get(chars[k]) if mixed else None
            out += value if value is not None else chars[k]
            where += [origin[k]] * (len(value) if value is not None else 1)
        word = []
        if i != -1:
            out.append(chars[i])
            where.append(origin[i])
    return out, where


# -- emphasis ----------------------------------------------------------------------------

def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _inner_emphasis(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of two or three ``*`` between two word characters."""
    runs = []
    at = text.find("**")
    while at != -1:
        end = at
        while end < len(text) and text[end] == "*":
            end += 1
        if end - at <= 3 and at and end < len(text) and _word_char(text[at - 1]) and \
                _word_char(text[end]):
            runs.append((at, end))
        at = text.find("**", end)
    return runs


def _unemphasised(chars: list[str], origin: list[int]) -> tuple[list[str], list[int]]:
    text = "".join(chars)
    if "**" not in text:
        return chars, origin
    runs = _inner_emphasis(text)
    if not runs:
        return chars, origin
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for start, end in runs:
        out += chars[pos:start]
        where += origin[pos:start]
        pos = end
    out += chars[pos:]
    where += origin[pos:]
    return out, where
