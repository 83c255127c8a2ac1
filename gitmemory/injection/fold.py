"""Folding text before it is judged, so that look-alikes compare equal.

:func:`fold` gives one line, case-folded: NFKC (full-width and mathematical
letters), invisible characters dropped (:func:`~gitmemory.injection.neutralize.one_line`),
then for text that is not ASCII, NFKD with combining marks dropped (diacritics)
and the UTS #39 look-alikes of Latin letters and digits mapped to them
(:mod:`gitmemory.confusables`, generated from Unicode's table):
Greek ν reads v, Cyrillic г reads r, Cherokee Ꭵ reads i.

:func:`words` splits folded text into words, repairing letters spaced out
("i g n o r e"), words run together ("ignoreallprevious") and the one
ambiguity a skeleton leaves: a vertical stroke is both I and l (Greek Ι in
"aΙΙ" is an l, in "Ιgnore" an I), so a word the vocabulary does not know is
tried with its l's read as i's and the other way round.

Stdlib only and no ``re``: this runs on the checkout hook for lines it has not
judged before.
"""

from __future__ import annotations

from gitmemory import escapes
from gitmemory.injection import vocabulary as w
from gitmemory.injection.neutralize import one_line

_SEPARATORS = str.maketrans(dict.fromkeys("\"'`.,;:!?()[]{}<>|&*=+~^%#/\\-_", " "))
_CONFUSABLES: dict[int, str] = {}


def fold(text: str) -> str:
    """One line, case-folded, look-alikes mapped to plain Latin letters."""
    flat = one_line(unescaped(text.replace("\uff20", "@")))
    if flat.isascii():
        return flat.casefold()
    flat = _unaccented(flat).translate(_lookalikes()).casefold()
    return flat if flat.isascii() else _unaccented(flat)


_ROUNDS = 2  # escapes decoded this many times over: %2549 is %49 is I


def unescaped(text: str) -> str:
    """``text`` with HTML character references (``&#73;``, ``&#x49;``, ``&lt;``) and
    percent escapes (``%49``) decoded, as a browser, a model or an agent reads them
    (:mod:`gitmemory.escapes`, as the secrets scan reads them, a decoded space read too):
    an escape that decodes to no printable character is left as written; and without
    the markup a reader renders as nothing inside a word (:func:`joined`)."""
    if "&" in text or "%" in text:
        text = escapes.decoded(text, spaces=True, rounds=_ROUNDS)
    return joined(text) if "<" in text else text


_WORD_BREAK = "<wbr"  # HTML's optional line break: a reader shows the word whole


def joined(text: str, by: str = "") -> str:
    """``text`` without the tags that split a word for the eye only (``ig<wbr>nore``,
    ``<WBR/>``): a reader shows the words they split as one, and so every check reads them
    (a soft hyphen and the zero-width characters go with the invisible ones).  ``by``: what
    stands in a tag's place instead (a space: the words as the raw file shows them)."""
    low = text.lower()
    if _WORD_BREAK not in low:
        return text
    out, at = [], 0
    while (start := low.find(_WORD_BREAK, at)) != -1:
        end = low.find(">", start)
        if end == -1 or low[start + len(_WORD_BREAK):end].strip(" /"):
            out.append(text[at:start + 1])  # <wbrx>, an unclosed one: not the tag
            at = start + 1
            continue
        out.append(text[at:start] + by)
        at = end + 1
    out.append(text[at:])
    return "".join(out)


def _unaccented(text: str) -> str:
    """NFKD with combining marks (accents, Devanagari nukta, Arabic harakat) dropped."""
    import unicodedata

    text = unicodedata.normalize("NFKD", text)
    return text.translate({ord(c): None for c in set(text) if unicodedata.combining(c)})


def _lookalikes() -> dict[int, str]:
    if not _CONFUSABLES:
        from gitmemory.confusables import TABLE

        _CONFUSABLES.update({ord(k): v for k, v in TABLE.items()})
    return _CONFUSABLES


def words(flat: str) -> list[str]:
    """Words of folded text, with spaced-out letters and run-together words repaired."""
    tokens = flat.translate(_SEPARATORS).split()
    out: list[str] = []
    run: list[str] = []
    for token in [*tokens, ""]:
        if len(token) == 1 and token.isalpha():
            run.append(token)
            continue
        out.extend(_split_run("".join(run)) if len(run) >= 3 else run)
        run = []
        if len(token) >= 10 and token not in w.VOCABULARY and any(
                stem in token for stem in w.VERB_STEMS):
            out.extend(_split_run(token))
        elif token:
            out.append(token)
    return [_stroke(token) for token in out]


def _stroke(token: str) -> str:
    """``lgnore`` -> ``ignore``, ``aii`` -> ``all``: I and l look alike."""
    if token in w.VOCABULARY or ("l" not in token and "i" not in token):
        return token
    for reading in (token.replace("l", "i"), token.replace("i", "l")):
        if reading in w.VOCABULARY:
            return reading
    return token


def _split_run(token: str) -> list[str]:
    """``ignoreallpreviousinstructions`` -> its words, when the vocabulary covers it."""
    if len(token) > 80:
        return [token]
    best: list[list[str] | None] = [[]] + [None] * len(token)
    for end in range(1, len(token) + 1):
        for start in range(max(0, end - 14), end):
            head = best[start]
            if head is not None and token[start:end] in w.VOCABULARY:
                best[end] = [*head, token[start:end]]
                break
    found = best[len(token)]
    return found if found and len(found) > 1 else [token]
