"""A branch's memory over the default branch's (docs/design.md, "Layers of memory").

A branch's file holds only what the branch learned.  What the branch shows is
its own items, then the default branch's memory as the branch carries it
(the default branch's file in the branch's own tree), each of those marked as
inherited, less the inherited items the branch replaced or removed.  Those
are named in the branch's file, in a ``## Not Inherited`` section, one bullet
each: memorize writes one when the branch's own item says the same thing
differently or fills the same slot (``Tests:``, ``Code style:`` ...), and a
person adds one to drop an inherited item that is wrong for the branch.

Matching here is exact (case, spacing and end punctuation aside): the fuzzy
judgement was made when the bullet was written, so this runs on the checkout
path with the standard library alone and no git process.
"""

from __future__ import annotations

from gitmemory.memory.markdown import SECTION_IDS, Item, Memory

NOT_INHERITED = "Not Inherited"
NOTE = ("_Items of the default branch's memory that this branch replaced or removed: "
        "its agent files leave them out. Add a bullet here to drop another._")
_SUFFIXES = (" (refs: ", " (paths: ")


def key(text: str) -> str:
    """An item's text for exact matching: case, spacing and end punctuation ignored."""
    return " ".join(text.casefold().split()).rstrip(".;:!")


def _item_text(line: str) -> str | None:
    """The item text of a bullet (its evidence suffix cut), else None."""
    body = line.lstrip(" \t")
    if len(body) < 3 or body[0] not in "-*+" or body[1] not in " \t":
        return None
    text = body[2:].strip()
    if text.endswith(")"):
        cut = max(text.rfind(suffix) for suffix in _SUFFIXES)
        if cut > 0:
            text = text[:cut]
    return text or None


def hidden(memory: Memory | None) -> list[str]:
    """The texts the branch's ``## Not Inherited`` section names, in order."""
    found: list[str] = []
    for heading, body in memory.extra if memory else ():
        if heading.strip().rstrip(":").casefold() == NOT_INHERITED.casefold():
            found += [text for line in body if (text := _item_text(line)) is not None]
    return found


def with_hidden(memory: Memory, texts: list[str]) -> Memory:
    """``memory`` whose ``## Not Inherited`` section names what it did and ``texts`` too
    (each once; a section written by hand keeps its prose)."""
    have = {key(text) for text in hidden(memory)}
    new = [t for t in dict.fromkeys(texts) if key(t) not in have]
    if not new:
        return memory
    out = memory.copy()
    lines = [f"- {text}" for text in new]
    for n, (heading, body) in enumerate(out.extra):
        if heading.strip().rstrip(":").casefold() == NOT_INHERITED.casefold():
            out.extra[n] = (heading, [*body, *lines])
            return out
    out.extra.append((NOT_INHERITED, [NOTE, "", *lines]))
    return out


class Layered:
    """One item as a branch shows it: ``inherited`` when it comes from the default
    branch's memory."""

    __slots__ = ("inherited", "item", "section")

    def __init__(self, section: str, item: Item, inherited: bool) -> None:
        self.section, self.item, self.inherited = section, item, inherited


def layered(own: Memory | None, base: Memory | None) -> list[Layered]:
    """``own``'s items, then ``base``'s that ``own`` neither repeats nor hides, each
    group in section order."""
    out = [Layered(sid, item, False) for sid in SECTION_IDS
           for item in (own.sections[sid] if own else ())]
    if base is None:
        return out
    taken = {key(entry.item.text) for entry in out} | {key(t) for t in hidden(own)}
    for sid in SECTION_IDS:
        for item in base.sections[sid]:
            k = key(item.text)
            if k not in taken:
                taken.add(k)
                out.append(Layered(sid, item, True))
    return out


def combined(own: Memory | None, base: Memory | None, branch: str) -> Memory | None:
    """One memory holding what :func:`layered` shows (for questions about the whole
    picture, such as whether repository-read items exist); None when both are None."""
    if own is None and base is None:
        return None
    sections: dict[str, list[Item]] = {sid: [] for sid in SECTION_IDS}
    for entry in layered(own, base):
        sections[entry.section].append(entry.item)
    return Memory(branch, sections, through=own.through if own else None)
