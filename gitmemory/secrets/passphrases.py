"""A passphrase given in quotes to a secret's name: several words, the secret whole.

A password or a key made of words (diceware, a BIP39 mnemonic, Keybase's paper key of
thirteen words) is given quoted, with its spaces: ``--paperkey "bamboo ocean tiger ..."``,
``KEYBASE_PAPERKEY="bamboo ocean ..."``, ``passphrase: 'ocean tiger ...'``.  The other
rules read a value to its first blank, so they hid the first word and left the rest: the
whole quoted run is the secret when the name is a strong secret's (a password, a
passphrase, a qualified key, a mnemonic or a seed phrase) and the value is five or more
lower-case words and reads as no sentence (two short function words at most: "must be at
least eight characters long" is a message).
"""

from __future__ import annotations

from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging

# runs on the lower-cased text: a name, `=`, `:` or blanks, a quoted run of words
_QUOTED_WORDS = lazy_regex(
    r"(?P<name>[a-z0-9_.\-]{0,60}(?:pass|pwd|secret|key|mnemonic|seed|phrase)[a-z0-9_.\-]{0,30})"
    r"[\"']?[ \t]*(?:[=:][ \t]*|[ \t]+)(?P<q>[\"'])(?P<value>[a-z]{3,}(?:[ \t]+[a-z]{3,}){4,40})"
    r"(?P=q)")
_FUNCTION_WORDS_TEXT = """the and for with not you your must are was were has have this that
from into than then when will can may any all our its their been being should"""
_FUNCTION_WORDS = frozenset(_FUNCTION_WORDS_TEXT.split())
_WORDS_NAMES = ("mnemonic", "seed", "phrase")


def find(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each quoted passphrase given to a secret's name."""
    if "\"" not in text and "'" not in text:
        return
    for m in _QUOTED_WORDS.finditer(lowered):
        name = m["name"].lstrip("-.")
        judged = judging.judge_name(name)
        if not ((judged and judged[1]) or any(w in name for w in _WORDS_NAMES)):
            continue
        words = m["value"].split()
        if sum(w in _FUNCTION_WORDS for w in words) > 2:
            continue
        yield m.start("value"), m.end("value")
