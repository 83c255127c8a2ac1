"""Keys written as arrays of byte literals, for :mod:`gitmemory.secrets.redact` (issue 31:
firmware and its documentation give a LoRaWAN AppKey, an AES key or a pre-shared key as
``{ 0x2b, 0x7e, 0x15, ... }``, which no rule for a token's characters reads as one value).

A run of hex literals (``0x`` and two, four, eight or sixteen digits, all of one width,
a type's suffix or cast allowed) joined by commas or blanks, across the lines of an
initializer too, escaped bytes in a string (``b"\\x2b\\x7e..."``) and numbers of a byte's
size in brackets (``[43, 126, 21, ...]``) are key material when they hold 16 bytes or
more drawn at random (hex of 3.0 bits a digit or more: a zeroed key, a counting sequence
are not), and what they are given to says secret: the name a declaration assigns them to
(``APPKEY[16] =``, ``const SECRET: [u8; 32] =``, ``key :=``, ``#define NWKSKEY``,
``"psk":``), judged as a variable's name is (:func:`judging.judge_name`), or, with no
declaration, a word of their sentence ("the AppKey of node 7 is 0x4a, 0x8a, ...").
Tables, S-boxes, device EUIs and public keys are arrays of bytes too; their names say what
they are, and they stay.  Two-digit groups parted by blanks (``2b 7e 15 16 ...``) are read
the same way in prose, where a word must name a key.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging
from gitmemory.secrets.words import PUBLIC

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

RULE = "key-bytes"
# Hex literals joined by a comma (a line break and a diff's marker may follow it) or by
# blanks; read on the lower-cased text.
_COMMA = r"[ \t]*,[ \t]*(?:\r?\n[+ ]?[ \t]*)?"
_SEPARATOR = r"(?:" + _COMMA + r"|[ \t]+)"
# A literal may carry a type's suffix (Rust's 0x2bu8, C's 0x2bu) and, after the first, a
# cast (Java's (byte) 0xAB).
_LITERAL = r"0x[0-9a-f]{2,16}+(?:u8|i8|ul|u|l)?"
_LITERALS = lazy_regex(_LITERAL + r"(?:" + _SEPARATOR + r"(?:\(\w{1,12}\)[ \t]*)?"
                       + _LITERAL + r")+")
_DIGITS = lazy_regex(r"0x([0-9a-f]+)")
# Escaped bytes in a string (Python's b"\x2b\x7e...", C's "\x2b\x7e...").
_ESCAPED = lazy_regex(r"(?:\\x[0-9a-f]{2}){16,}+")
# Numbers of a byte's size in brackets ([43, 126, 21, ...]).
_DECIMALS = lazy_regex(r"[\[{(][ \t]*(?:\r?\n[+ ]?[ \t]*)?(\d{1,3}+(?:" + _COMMA
                       + r"\d{1,3}+){15,}+)(?![\d.])")
_PAIRS = lazy_regex(r"(?<![\w:.\-])[0-9a-f]{2}(?: [0-9a-f]{2}){15,}+(?![\w:.\-])")
_PAIR_NEEDLES = ("key", "secret", "psk", "token")
_LINE = 2000  # characters of a line read after such a word
_WIDTHS = frozenset({2, 4, 8, 16})
_MIN_DIGITS = 32  # 16 bytes, the smallest key such arrays hold (AES-128, LoRaWAN)
_MAX_DIGITS = 1024  # a larger table is data
_MIN_ENTROPY = 3.0
_REACH = 200  # characters read before the array for its name
# The name a declaration gives, last before the array: NAME[16] =, NAME: [u8; 32] =,
# NAME :=, "NAME": (JSON, YAML), #define NAME.
_DECLARED = lazy_regex(r"(?:#[ \t]*define[ \t]+([A-Za-z_]\w*)"
                       r"|([A-Za-z_][\w\-]*)[\"']?[ \t]*(?:\[[^\]\n]{0,20}\][ \t]*)*"
                       r"(?::[^=\n{}]{0,60}?)?(?::=|=(?!=)|:(?=[ \t]*[\[{(]?[ \t]*\Z)))")
_WORD = lazy_regex(r"[A-Za-z][A-Za-z0-9_\-]*")
# A key pair's bytes hold its private half (Solana's keypair files: 64 numbers, the secret
# key and then the public).
_PAIRED = frozenset({"keypair", "key-pair", "keypairs"})
# Words that say the bytes are an id, a digest or a table, not a key.
_NOT_KEYS = frozenset({"eui", "deveui", "appeui", "joineui", "fingerprint", "hash", "digest",
                       "checksum", "sbox", "table", "iv", "id", "uuid", "mac", "address"})


def find(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each array of bytes that a name or a sentence says is a key."""
    if "0x" in lowered:
        for m in _LITERALS.finditer(lowered):
            digits = _DIGITS.findall(m.group())
            if len({len(d) for d in digits}) == 1 and len(digits[0]) in _WIDTHS and \
                    _random("".join(digits)) and _named(text, m.start()):
                yield m.start(), m.end()
    if "\\x" in lowered:
        for m in _ESCAPED.finditer(lowered):
            if _random(m.group().replace("\\x", "")) and _named(text, m.start()):
                yield m.start(), m.end()
    for m in _DECIMALS.finditer(lowered):
        numbers = [int(n) for n in m.group(1).replace(",", " ").split() if n.isdigit()]
        if random_bytes(numbers) and _named(text, m.start(), strong=True):
            yield m.start(1), m.end(1)
    yield from _pairs(text, lowered)


def _pairs(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """Two-digit groups on a line after a word that may name a key (searched for from the
    words, not the digits: a text has far more hex digits than keys)."""
    done = -1
    for needle in _PAIR_NEEDLES:
        at = lowered.find(needle)
        while at != -1:
            end = lowered.find("\n", at)
            end = min(len(lowered) if end == -1 else end, at + _LINE)
            for m in _PAIRS.finditer(lowered, at, end):
                if m.start() > done and _random(m.group().replace(" ", "")) and \
                        _named(text, m.start(), prose_only=True):
                    done = m.start()
                    yield m.start(), m.end()
            at = lowered.find(needle, at + 1)


def _random(digits: str) -> bool:
    return _MIN_DIGITS <= len(digits) <= _MAX_DIGITS and \
        judging.entropy(digits) >= _MIN_ENTROPY


def random_bytes(numbers: list[int]) -> bool:
    """Numbers that read as random bytes, not as codes, counts or an order a list keeps:
    all below 256, in no order, a quarter of them or more above 127 (as half of random
    bytes are)."""
    return max(numbers) < 256 and sorted(numbers) != numbers and \
        4 * sum(n > 127 for n in numbers) >= len(numbers) and \
        _random("".join(f"{n:02x}" for n in numbers))


def _named(text: str, start: int, prose_only: bool = False, strong: bool = False) -> bool:
    """Whether the declaration the array at ``start`` is given to, or else its sentence,
    names a secret."""
    window = text[max(0, start - _REACH):start]
    cut = max(window.rfind("}"), window.rfind("\n\n"))
    window = window[cut + 1:]
    if not prose_only:
        declared = [m.group(1) or m.group(2) for m in _DECLARED.finditer(window)]
        if declared:
            return _secret_name(declared[-1], strong)
    line = window[window.rfind("\n") + 1:]
    words = [w.lower() for w in _WORD.findall(line)]
    if any(w in _NOT_KEYS or w in PUBLIC for w in words):
        return False
    return any(_secret_name(w, strong) for w in words)


def _secret_name(name: str, strong: bool = False) -> bool:
    """A name that says secret (``strong``: that says it outright or ends in key,
    ``APPKEY``, ``psk``, ``KEY``; not a weak name's ``key_order``, ``keys``, by which a
    list of numbers is as often keyed)."""
    parts = judging.name_parts(name)
    if parts and parts[-1] in _PAIRED:
        return not any(p in PUBLIC for p in parts)
    judged = judging.judge_name(name)
    return bool(parts) and not any(p in _NOT_KEYS or p in PUBLIC for p in parts) and \
        judged is not None and (judged[1] or not strong or parts[-1].endswith("key"))
