"""Neutralising memory text (docs/design.md, "Invariants").

``CLAUDE.md`` is an instruction file for an agent, and memory items come from
any contributor's commits, through an LLM or a hand edit.  :func:`neutralize`
is the single place where such text becomes one safe line: it runs when a
memory file is written and again when an agent file is rendered, and running
it twice changes nothing.  :mod:`gitmemory.injection.detect` spots items that
read as orders to the agent; those are held back from agent files for review.

The checkout hook renders ``CLAUDE.md`` through this module, so it imports
nothing costly: no ``re``, and ``unicodedata`` only for text that is not ASCII.
"""

from __future__ import annotations

MAX_ITEM_CHARS = 300
_ELLIPSIS = "..."
_IMPORT_AT = "\uff20"  # FULLWIDTH COMMERCIAL AT: reads as @, never a Claude Code import
_PATH_START = "~/\\."
_LIST_MARKERS = "-+*"
_BREAK_CHARS = frozenset("-*_ ")
# ASCII controls: whitespace ones (and the separators str.split() treats as space) become
# spaces, the others go.
_ASCII_TABLE = {i: (" " if chr(i).isspace() else None) for i in (*range(32), 127)}
# Invisible characters outside the C* categories (Unicode Default_Ignorable_Code_Point):
# combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian variation
# selectors, variation selectors (used to smuggle bytes into "emoji"), and BRAILLE PATTERN
# BLANK, which renders as a space but is not one.
_INVISIBLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                     (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                     (0xE0000, 0xE0FFF))


RLO, _PDF, _PDI = "\u202e", "\u202c", "\u2069"


def visual(text: str) -> str:
    """``text`` in the order a terminal or editor shows it: each run after a right-to-left
    override (to its pop, or the end of the line) reversed."""
    out = []
    for line in text.split("\n"):
        parts = line.split(RLO)
        shown = [parts[0]]
        for part in parts[1:]:
            cut = min((i for i in (part.find(_PDF), part.find(_PDI)) if i != -1),
                      default=len(part))
            shown.append(part[:cut][::-1] + part[cut:])
        out.append("".join(shown))
    return "\n".join(out)


def neutralize(text: str, limit: int = MAX_ITEM_CHARS) -> str:
    """One printable line with no markup that could act on the agent.

    Each step can expose work for an earlier one (removing a format character
    lets a combining mark compose), so the steps repeat until nothing changes:
    that is what makes a second call a no-op.
    """
    for _ in range(8):
        done = _neutralize_once(text, limit)
        if done == text:
            break
        text = done
    return text


def one_line(text: str) -> str:
    """NFKC, invisible and control characters removed, whitespace collapsed to single spaces."""
    if text.isascii():
        return " ".join((text if text.isprintable() else text.translate(_ASCII_TABLE)).split())
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    table: dict[int, str | None] = dict(_ASCII_TABLE)
    for ch in set(text):  # each distinct character once: items are short, alphabets small
        if ch.isascii():
            continue
        if ch.isspace():
            table[ord(ch)] = " "
        elif unicodedata.category(ch)[0] == "C" or _invisible(ord(ch)):
            table[ord(ch)] = None  # control, format (zero-width, bidi, tag), private, unassigned
    return " ".join(text.translate(table).split())


def _invisible(cp: int) -> bool:
    return any(low <= cp <= high for low, high in _INVISIBLE_RANGES)


def _neutralize_once(text: str, limit: int) -> str:
    # The override goes with the other controls: its run is kept as it was shown, so the
    # line reads as it did (and is judged as it reads).
    line = one_line(visual(text) if RLO in text else text)
    line = line.replace("<", "&lt;").replace(">", "&gt;")
    while "``" in line:
        line = line.replace("``", "`")
    while "~~~" in line or "![" in line:
        line = line.replace("~~~", "~").replace("![", "[")
    line = _strip_block_markers(line)
    if len(line) > limit:
        line = _shortened(line, limit)
    return _break_imports(line)


def _strip_block_markers(line: str) -> str:
    """Drop what would open a heading, list, quote or rule at the start of a bullet."""
    while line:
        if set(line) <= _BREAK_CHARS:  # a thematic break such as "---" or "* * *"
            return ""
        first = line[0]
        if first == "#":
            rest = line.lstrip("#")
            if len(line) - len(rest) > 6 or (rest and rest[0] != " "):
                return line  # "#123" or "#hashtag": not a heading
            line = rest.lstrip()
        elif first in _LIST_MARKERS and line[1:2] in ("", " "):
            line = line[1:].lstrip()
        else:
            return line
    return line


def _shortened(line: str, limit: int) -> str:
    room = limit - len(_ELLIPSIS)
    if room <= 0:
        return line[:limit]
    cut = line.rfind(" ", 0, room + 1)
    return line[: cut if cut > limit // 2 else room].rstrip() + _ELLIPSIS


def _break_imports(line: str) -> str:
    """Claude Code reads ``@path`` as "import this file": break that token.

    An ``@`` that starts a word, or that comes before ``~ / \\ .``, becomes a
    full-width at sign; the ``@`` inside an e-mail address stays.
    """
    if "@" not in line:
        return line
    out = list(line)
    for i, ch in enumerate(out):
        if ch != "@":
            continue
        before = out[i - 1] if i else " "
        after = out[i + 1] if i + 1 < len(out) else " "
        if not (before.isalnum() or before == "_") or after in _PATH_START:
            out[i] = _IMPORT_AT
    return "".join(out)
