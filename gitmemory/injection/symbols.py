"""Text written in a code of symbols instead of words (docs/design.md, "Where two rules
meet", evidence for words).

The vocabulary rule (:mod:`gitmemory.injection.wording`) reads words: runs of letters.
An order spelled in Braille cells, regional-indicator flags, Morse, decimal character
codes or the spelling alphabet has no such run, so it gave that rule nothing to judge.
Each decoder of a named code misses the next code, so this asks what every such code
shares: a stretch of the item made of tokens with no letter in them, long enough to
spell a sentence.  A memory item is prose about a project; a run of symbols that long
is a message in a code, and it is held back, "written in a code of symbols, not words".

- Symbols: a run of consecutive tokens with no letter and no digit (``⠊⠛⠝⠕⠗⠑``,
  ``🇮🇬🇳``, ``.. --. -.``) holding at least :data:`SYMBOLS` characters of at least two
  kinds (a ruler of dashes is one kind).
- Numbers: a run of at least :data:`NUMBERS` numbers that read as character codes, in
  decimal, octal, binary or two-digit hex, and decode to text (retry delays of 1, 2, 4,
  ... seconds and version lists decode to nothing).
- Spelling words: a run of at least :data:`SPELLED` words of the spelling alphabet
  (``India Golf November ...``).

Stdlib only, no regular expressions, linear in the text: the checkout hook judges an
item through this module the first time it sees it.
"""

from __future__ import annotations

import unicodedata

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

SYMBOLS = 24  # characters of symbols in one run: a short sentence in any code
NUMBERS = 8  # numbers in a run that decodes to text
SPELLED = 6  # words of the spelling alphabet in a row
_SHOWN = 12  # characters of the run a reason shows
_SPELLING = frozenset((
    "alfa", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
    "juliet", "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec",
    "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "whisky", "xray", "x-ray",
    "yankee", "zulu"))


def coded(text: str) -> str | None:
    """The head of the first run of ``text`` written in a code of symbols, or None."""
    tokens = text.replace(",", " ").split()
    for run in _runs(tokens, _symbolic):
        kinds = {ch for token in run for ch in token}
        if sum(map(len, run)) >= SYMBOLS and len(kinds) >= 2:
            return _shown(run)
    for run in _runs(tokens, _number):
        if len(run) >= NUMBERS and _decodes(run):
            return _shown(run)
    for run in _runs(tokens, lambda token: token.strip(".,;:!?").lower() in _SPELLING):
        if len(run) >= SPELLED:
            return _shown(run)
    return None


def _runs(tokens: list[str], member: Callable[[str], bool]) -> list[list[str]]:
    out: list[list[str]] = []
    run: list[str] = []
    for token in [*tokens, ""]:
        if token and member(token):
            run.append(token)
        elif run:
            out.append(run)
            run = []
    return out


def _symbolic(token: str) -> bool:
    """A token with no letter and no digit (Braille cells, flags and marks are no
    letters); the punctuation prose puts between words (a dash, a slash) counts too."""
    return not any(ch.isalnum() or (ord(ch) > 0x2FF and unicodedata.category(ch) in (
        "Mn", "Mc")) for ch in token)


def _number(token: str) -> bool:
    token = token.strip(".;:")
    return 1 <= len(token) <= 8 and (token.isdigit() or (
        len(token) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in token)) or (
        token[:2] in ("0x", "0X") and len(token) == 4 and all(
            ch in "0123456789abcdefABCDEF" for ch in token[2:])))


def _decodes(run: list[str]) -> bool:
    """Whether the numbers of ``run`` are character codes of one base that spell text:
    mostly letters and spaces."""
    tokens = [token.strip(".;:").removeprefix("0x").removeprefix("0X") for token in run]
    for base in (2, 8, 10, 16):
        try:
            codes = [int(token, base) for token in tokens]
        except ValueError:
            continue
        if base == 2 and not all(len(token) in (7, 8) for token in tokens):
            continue
        if base == 8 and not all(len(token) == 3 for token in tokens):
            continue
        if base == 16 and not all(len(token) == 2 for token in tokens):
            continue
        if all(32 <= code < 127 for code in codes):
            decoded = "".join(map(chr, codes))
            if sum(ch.isalpha() or ch == " " for ch in decoded) * 5 >= len(decoded) * 4:
                return True
    return False


def _shown(run: list[str]) -> str:
    joined = " ".join(run)
    return joined if len(joined) <= _SHOWN else joined[:_SHOWN] + "…"
