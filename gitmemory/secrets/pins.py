"""PINs stated in prose, for :mod:`gitmemory.secrets.redact` (issue 31: the password
concept in every language, where the secret is digits and no shape tells it).

A PIN is digits: the word for it in any language (PIN is international, as are "code
PIN", "PIN-Code", "ПИН-код"), then a few plain words and a copula of a language of
:mod:`gitmemory.secrets.spoken`'s tables (or a colon), then a number of four to twelve
digits, in groups or not: "the SIM PIN is 0000", "Der PIN-Code der Karte lautet 4711".
The verb ("pin numpy to 1.26", "the pin is high for 2000 ms") and a connector's pin
("GPIO pin 17") state none.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import spoken

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose

_WORDS = ("pin", "passcode", "pincode", "pin-code", "pin code", "pin-kood", "pin-koodi",
         "pin kodu", "pinkode", "pin-kode", "pin-kód", "пин-код", "пін-код", "kod pin",
         "código pin", "codice pin", "geheimzahl", "geheimnummer")
_STATEMENT = lazy_regex(
    r"(?:[ \t]+[^\W\d_][\w'’-]{0,20}){0,8}?(?:[ \t]+(?:is|was|"
    + "|".join(map(re.escape, spoken.COPULAS))
    + r")(?:[ \t]+now)?[ \t]*[:=]?[ \t]+|[ \t]*[:：=][ \t]*)"
    r"[\"'`«„]?(\d{4,12}|\d{2,6}(?:[- ]\d{2,6}){1,2})(?![\w.,-]\w)")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """Each PIN stated after the word for one (see :data:`_WORDS`)."""
    if "pin" not in lowered and "pass" not in lowered and "geheim" not in lowered and (
            lowered.isascii()):
        return
    for word in _WORDS:
        at = lowered.find(word)
        while at != -1:
            after = at + len(word)
            if (not at or not lowered[at - 1].isalnum()) and not lowered[after:after + 1].isalnum():
                m = _STATEMENT.match(lowered, after)
                if m and sum(c.isdigit() for c in m.group(1)) >= 4:
                    yield m.start(1), m.end(1), "password-in-text", True
            at = lowered.find(word, after)
