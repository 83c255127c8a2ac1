"""Secrets written out a character at a time, for :mod:`gitmemory.secrets.redact`.

A password read over a radio or a phone is spelled in the phonetic alphabet ("capital
Zulu papa six Lima ..."), and one pasted where a chat would mangle it is written as its
byte values ("[90, 112, 54, ...]").  Either is the secret whole: each is hidden where a
word that names a secret stands before it on its line (password, passphrase, secret,
token, key, PIN), and only as a run long enough to be one (eight characters or more), so
"Alpha and Bravo teams" and a list of ports stay.
"""

from __future__ import annotations

from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
RULE = "spelled-secret"
_LEAST = 8  # characters: a shorter run is a call sign or a list, not a password

# The ICAO/NATO spelling alphabet, its common variants, and the digits as said on a radio.
_LETTERS = ("alfa", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
            "india", "juliett", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa",
            "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "whisky",
            "x-ray", "xray", "yankee", "zulu")
_DIGITS = ("zero", "one", "two", "three", "tree", "four", "five", "fife", "six", "seven",
           "eight", "nine", "niner")
# Words of the alphabet no English sentence has often: one of them, or no spelling
_TELLING = ("bravo", "charlie", "foxtrot", "juliet", "kilo", "quebec", "sierra", "tango",
            "yankee", "zulu", "x-ray", "xray", "whisk", "niner")
_CASES = ("capital", "small", "upper", "lower", "uppercase", "lowercase")
_SPELLED = lazy_regex(
    r"(?<![\w-])(?:(?:" + "|".join(_CASES) + r")[ \t]+)?(?:" + "|".join(
        (*_LETTERS, *_DIGITS)) + r")(?:[ \t,-]+(?:(?:" + "|".join(_CASES) + r")[ \t]+)?(?:"
    + "|".join((*_LETTERS, *_DIGITS)) + r")){" + str(_LEAST - 1) + r",}(?![\w-])")
# Byte values of printable characters, in a list: "[90, 112, 54, ...]" or "90 112 54 ...".
_BYTES = lazy_regex(r"(?<![\w.])(\d{2,3})(?:(?:[ \t]*,[ \t]*|[ \t]+)\d{2,3}){" +
                    str(_LEAST - 1) + r",}(?![\w.])")
_NAMED = lazy_regex(r"(?<![a-z])(?:password|passphrase|passcode|passwort|secret|token|"
                    r"credential|key|pin)s?(?![a-z])")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each secret spelled out after a word that names one."""
    if _NAMED.search(lowered) is None:
        return
    spelled = any(word in lowered for word in _TELLING)
    for pattern, whole in ((_SPELLED, _spelled), (_BYTES, _printable)):
        if pattern is _SPELLED and not spelled:
            continue
        for m in pattern.finditer(lowered):
            line = lowered.rfind("\n", 0, m.start()) + 1
            if _NAMED.search(lowered, line, m.start()) and whole(m.group(0)):
                yield m.start(), m.end(), RULE, True


def _spelled(run: str) -> bool:
    """Whether a run of the alphabet's words spells at least one digit and one letter: a
    password, not a phrase of call signs ("Alpha Bravo Charlie Delta ...")."""
    words = set(run.replace(",", " ").replace("-", " ").split())
    return bool(words & set(_DIGITS)) and bool(words & {w.replace("-", "") for w in _LETTERS})


def _printable(run: str) -> bool:
    """Whether every number of the run is a printable ASCII character's byte."""
    values = [int(v) for v in run.replace(",", " ").split()]
    return all(32 < v < 127 for v in values)
