"""Memory text as a file keeps it, and as an agent file may show it (docs/design.md,
"Where two rules meet").

Memory items come from any contributor's commits, through an LLM or a hand
edit, and agent files are instructions an agent acts on.  Two functions, one
per side of that meeting:

- :func:`stored` is what a memory file keeps: the text as written, made one
  printable line (whitespace collapsed, control and invisible characters
  dropped) of at most :data:`MAX_ITEM_CHARS` characters, nothing else.  What
  0.3's neutraliser wrote into files (a full-width at sign, ``&lt;`` and
  ``&gt;`` in an item holding no ``<`` or ``>``) is read back as the plain
  character.
- :func:`neutralize` is what a reader is shown (every agent file, ``search``,
  ``show``, the MCP server): :func:`stored`, then, outside code spans only,
  what that reader would act on is broken: an HTML comment or tag, an ``@``
  where Claude Code (or Gemini CLI) would read an import, an image, and a
  start that would open a heading, list, thematic break or fence.  Inside a
  code span nothing changes.  Running it twice changes nothing.

:mod:`gitmemory.injection.detect` spots items that read as orders to the
agent; those are held back from agent files for review.

The checkout hook renders ``CLAUDE.md`` through this module, so it imports
nothing costly: no ``re``, and ``unicodedata`` only for text that is not ASCII.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MAX_ITEM_CHARS = 300
_ELLIPSIS = "..."
_IMPORT_AT = "\uff20"  # FULLWIDTH COMMERCIAL AT: reads as @, never an import
_PATH_START = "~/\\."
_LIST_MARKERS = "-+*"
_BREAK_CHARS = frozenset("-*_ ")
_TAG_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/!?")
# ASCII controls: whitespace ones (and the separators str.split() treats as space) become
# spaces, the others go.
_ASCII_TABLE = {i: (" " if chr(i).isspace() else None) for i in (*range(32), 127)}
# Invisible characters outside the C* categories (Unicode Default_Ignorable_Code_Point):
# combining grapheme joiner, Khmer inherent vowels, Mongolian variation selectors,
# variation selectors (used to smuggle bytes into "emoji"), tags.  They take no room: they
# go.
_INVISIBLE_RANGES = ((0x034F, 0x034F), (0x17B4, 0x17B5), (0x180B, 0x180F), (0xFE00, 0xFE0F),
                     (0xE0000, 0xE0FFF))
# Characters that are no space but render as a blank one: the Hangul fillers and BRAILLE
# PATTERN BLANK.  Between two words a reader sees two words, so they read as a space
# ("Ignore\u3164all\u3164previous" is three words, never one the judges cannot read).
_BLANK_RANGES = ((0x115F, 0x1160), (0x2800, 0x2800), (0x3164, 0x3164), (0xFFA0, 0xFFA0))


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


def stored(text: str, limit: int = MAX_ITEM_CHARS) -> str:
    """``text`` as a memory file keeps it: one printable line of at most ``limit``
    characters, as written otherwise (0.3's escapes read back as plain characters; a
    right-to-left override's run kept in the order it was shown, so the line reads, and
    is judged, as it did)."""
    line = printable(visual(text) if RLO in text else text, spans=True)
    return _read_back(_refolded(_shortened(line, limit)) if len(line) > limit else line)


def neutralize(text: str, limit: int = MAX_ITEM_CHARS,
               imports: Callable[[str], bool] | None = None) -> str:
    """``text`` as a reader may be shown it: :func:`stored`, then what the reader would act
    on broken, outside code spans only; at most ``limit`` characters (breaking adds a few,
    so the text is shortened further when it must be).  ``imports``: whether a handle
    (``@org/team``, :func:`handles`) names a path its reader would import; without it,
    every handle is taken for one."""
    line = printable(visual(text) if RLO in text else text, spans=True)
    room = limit
    while room > 0:
        shown = _shown(_read_back(_refolded(_shortened(line, room)) if len(line) > room
                                  else line), imports)
        if len(shown) <= limit:
            return shown
        room -= len(shown) - limit
    return ""


def _shown(line: str, imports: Callable[[str], bool] | None = None) -> str:
    line = _strip_block_markers(line)
    out = []
    at = 0
    for start, end in [*code_spans(line), (len(line), len(line))]:
        out.append(_outside(line, at, start, imports))
        out.append(line[start:end])
        at = end
    return "".join(out)


def printable(text: str, *, spans: bool = False) -> str:
    """One printable line: invisible and control characters removed, whitespace collapsed
    to single spaces; every other character as written.  ``spans``: the spaces inside a
    code span are kept as written (`ANDN    SynthRunning`; docs/design.md, "Where two
    rules meet", *Text as written and the neutraliser*), each other whitespace character
    there one space."""
    if text.isascii():
        plain = text if text.isprintable() else text.translate(_ASCII_TABLE)
    else:
        plain = text.translate(_invisible_table(text))
    if spans and "`" in plain and "  " in plain:
        return fold_spaces(plain)
    return " ".join(plain.split())


def _refolded(line: str) -> str:
    """A line cut short, folded again: a cut that took a span's closing backticks leaves
    its spaces outside any span (a second pass must change nothing)."""
    return fold_spaces(line) if "  " in line else line


def fold_spaces(line: str) -> str:
    """``line``'s runs of whitespace folded to one space outside its code spans, and
    turned to spaces, as many, inside them; no space at either end."""
    out, at = [], 0
    for start, end in [*code_spans(line), (len(line), len(line))]:
        between = line[at:start]
        folded = " ".join(between.split())
        if between[:1].isspace() and folded:
            folded = " " + folded
        if between[-1:].isspace():
            folded += " "
        out.append(folded)
        out.append("".join(" " if ch.isspace() else ch for ch in line[start:end]))
        at = end
    return "".join(out).strip()


def one_line(text: str) -> str:
    """NFKC, then :func:`printable`: the line the judges fold (full-width and mathematical
    letters read as plain ones; never what a file keeps or shows)."""
    if text.isascii():
        return printable(text)
    import unicodedata

    return printable(unicodedata.normalize("NFKC", text))


def _invisible_table(text: str) -> dict[int, str | None]:
    import unicodedata

    table: dict[int, str | None] = dict(_ASCII_TABLE)
    for ch in set(text):  # each distinct character once: items are short, alphabets small
        if ch.isascii():
            continue
        if ch.isspace() or _blank(ord(ch)):
            table[ord(ch)] = " "
        elif unicodedata.category(ch)[0] == "C" or _invisible(ord(ch)):
            table[ord(ch)] = None  # control, format (zero-width, bidi, tag), private, unassigned
    return table


def _invisible(cp: int) -> bool:
    return any(low <= cp <= high for low, high in _INVISIBLE_RANGES)


def _blank(cp: int) -> bool:
    return any(low <= cp <= high for low, high in _BLANK_RANGES)


def _read_back(text: str) -> str:
    """What 0.3's neutraliser wrote, as the plain characters it stood for: its full-width at
    sign, and ``&lt;`` ``&gt;`` in a text that holds no ``<`` or ``>`` (0.3 escaped every
    one, so such a text was written by it)."""
    if _IMPORT_AT in text:
        text = text.replace(_IMPORT_AT, "@")
    if ("&lt;" in text or "&gt;" in text) and "<" not in text and ">" not in text:
        text = text.replace("&lt;", "<").replace("&gt;", ">")
    return text


def code_spans(line: str) -> list[tuple[int, int]]:
    """The code spans of a markdown line, as (start, end) with their backticks, the way
    CommonMark reads them: a run of n backticks opens a span that the next run of exactly
    n closes; a run with no such closer is literal, and so is a backtick after a
    backslash outside a span."""
    found = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if ch != "`":
            i += 1
            continue
        run_end = i
        while run_end < n and line[run_end] == "`":
            run_end += 1
        close = _closing(line, run_end, run_end - i)
        if close < 0:
            i = run_end  # no closer: these backticks are literal
            continue
        found.append((i, close))
        i = close
    return found


def _closing(line: str, start: int, run: int) -> int:
    """The end of the first run of exactly ``run`` backticks from ``start``, or -1."""
    i, n = start, len(line)
    while i < n:
        if line[i] != "`":
            i += 1
            continue
        end = i
        while end < n and line[end] == "`":
            end += 1
        if end - i == run:
            return end
        i = end
    return -1


def _outside(line: str, start: int, end: int,
             imports: Callable[[str], bool] | None = None) -> str:
    """``line[start:end]``, a stretch outside code spans, with what a reader acts on
    broken: HTML (a ``<`` before a tag's first character gets a backslash, which
    CommonMark reads as a literal ``<``), images, imports, and a fence at the start of
    the line (each of its characters escaped)."""
    part = line[start:end]
    if not part:
        return part
    while "![" in part:
        part = part.replace("![", "[")
    if "<" in part:
        part = _escape_tags(part)
    if "@" in part:
        part = _break_imports(part, line[start - 1] if start else " ", imports)
    if start == 0 and part[:3] in ("```", "~~~"):
        fence = len(part) - len(part.lstrip(part[0]))
        part = "".join("\\" + ch for ch in part[:fence]) + part[fence:]
    return part


def _escape_tags(part: str) -> str:
    """A backslash before each ``<`` that would open a tag, a comment or an autolink (a
    letter, ``/``, ``!`` or ``?`` after it) and is not escaped already."""
    out = []
    slashes = 0
    for k, ch in enumerate(part):
        if ch == "<" and slashes % 2 == 0 and part[k + 1:k + 2] in _TAG_START:
            out.append("\\")
        out.append(ch)
        slashes = slashes + 1 if ch == "\\" else 0
    return "".join(out)


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
    return line[:outside_code(line, cut if cut > limit // 2 else room)].rstrip() + _ELLIPSIS


def outside_code(text: str, cut: int) -> int:
    """Where to cut ``text`` near ``cut`` so that no code span is left open: before the
    backtick that opens the span ``cut`` falls in (a cut example, `` `- POSIX: support
    for...``, read on to the end of the line as code), else ``cut``."""
    if text.count("`", 0, cut) % 2 == 0:
        return cut
    opened = text.rfind("`", 0, cut)
    return opened if opened > len(text[:opened].rstrip()) // 2 else cut


def _break_imports(part: str, before: str, imports: Callable[[str], bool] | None = None
                   ) -> str:
    """Claude Code reads ``@path`` as "import this file" where the ``@`` starts the line or
    follows a space (Gemini CLI the same): break that token with a full-width at sign,
    and any ``@`` before ``~ / \\ .``, which only a path follows.  The ``@`` of an e-mail
    address, a pinned action (``checkout@v4``) or a scope inside a word stays, and so does
    a handle ``imports`` says names no path (``@org/team`` where the work tree has no
    ``org``): an import of nothing is no import."""
    out = list(part)
    for i, ch in enumerate(out):
        if ch != "@":
            continue
        prev = out[i - 1] if i else before
        after = out[i + 1] if i + 1 < len(out) else " "
        if after.isspace():
            continue  # "write tests @ /test/node": an "@" alone names no file
        if after in _PATH_START or (prev.isspace() and (
                imports is None or imports(_handle(part, i)))):
            out[i] = _IMPORT_AT
    return "".join(out)


def _handle(text: str, at: int) -> str:
    """The word that starts with the ``@`` at ``at``."""
    end = at
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[at:end]


def handles(text: str) -> list[str]:
    """The words of ``text`` an agent could read as an import of a path: an ``@`` that
    starts the text or follows a space, and no path start after it (those are always
    broken), each once, code spans included (a few too many is only a longer key)."""
    found = [word for word in text.split() if word.startswith("@") and len(word) > 1 and
             word[1] not in _PATH_START]
    return list(dict.fromkeys(found))


def names_path(root: str, handle: str) -> bool:
    """Whether ``handle`` (``@org/team``) could import something under ``root``, the
    directory agent files resolve their imports against: its first part names an entry
    there, tracked or not (decided by the work tree, not by a list of names)."""
    import os

    path = handle[1:].rstrip(".,;:!?)]}\"'")
    first = path.split("/", 1)[0]
    return not first or first in (".", "..") or os.path.lexists(os.path.join(root, first))
