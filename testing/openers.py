"""Block openers of shapes nobody listed, for the tests that count the judges' work.

Every sealed set's time attack opened blocks the judges had not seen (sealed8's
``<dialog open>``, sealed10's ``{{< notice >}}``, sealed11's ``{{!--`` and
``\\begin{comment}``), and a fix tuned on one set's openers met the next set's.  These
are generated instead: a tag of a random name (with attributes, left open, nested), a
brace, bracket or percent word, a LaTeX environment or command, a line-start marker
(``=word``, ``#+BEGIN_word``, ``.. word::``, ``:::word``, ``!!! word``), runs of fence
characters, comment openers and opening quotes, each with a random word.  Seeded, so a
failure names the openers that caused it.
"""

from __future__ import annotations

import random
import string

_FIRST = string.ascii_letters
_REST = string.ascii_letters + string.digits


def word(rng: random.Random, extra: str = "") -> str:
    """A random name: a letter, then up to nine letters, digits or ``extra``."""
    return rng.choice(_FIRST) + "".join(rng.choice(_REST + extra)
                                        for _ in range(rng.randint(0, 9)))


def opener(rng: random.Random) -> str:
    """One block opener of a random shape and name."""
    name, other = word(rng, "-_:."), word(rng)
    shapes = (
        f"<{name}>", f'<{name} {other}="{word(rng)}">', f"<{name}", f"<{name}><{other}>",
        f"{{{name}}}", f"{{{name}:{other}={word(rng)}}}", "{{" + name + " ",
        "{{#" + name + "}}", "{%" + name + "%}", "{{< " + name + " >}}", f"[{name}]",
        f"[{name}={other}]", "[[" + name, f"\\begin{{{name}}}", f"\\{name}{{", f"={name} ",
        f"#+BEGIN_{name} ", f".. {name}:: ", f":::{name} ", f"!!! {name} ", f"@{name}{{",
        f"%{name}% ", rng.choice("`~$*_=+-") * rng.randint(1, 6),
        rng.choice(("<!--", "/*", "(*", "{-", "<%", "<?" + name, "<![CDATA[", '"""', "'''",
                    "{/*", "////")),
        rng.choice(('"', "'", "\u00ab", "\u201c", "(", "[", "{", "<", "\u300c")) + name)
    return rng.choice(shapes)


def openers(seed: int, count: int = 12) -> list[str]:
    """``count`` openers for ``seed``."""
    rng = random.Random(seed)  # noqa: S311 - shapes for tests, not secrets
    return [opener(rng) for _ in range(count)]


def item(seed: int, size: int, kinds: list[str] | None = None) -> str:
    """An item of ``size`` characters: the openers of ``seed`` (or ``kinds``) in turn, each
    before a word, nothing ever closed (the shape of the sealed sets' time attacks)."""
    rng = random.Random(seed)  # noqa: S311 - shapes for tests, not secrets
    kinds = kinds or openers(seed)
    parts, length, n = [f"Layout {seed}: "], 0, 0
    while length < size:
        part = f"{kinds[n % len(kinds)]}{rng.choice(('', ' '))}hut{n} "
        parts.append(part)
        length += len(part)
        n += 1
    return "".join(parts)[:size].rstrip()
