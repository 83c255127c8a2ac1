"""Hand-written lines of a memory file merged three-way (docs/design.md, "Team sharing").

Prose a person wrote before or inside a section, and the sections this version
does not know, as the merge driver (:mod:`gitmemory.memory.merging`) merges them:
a side's change wins over the unchanged other, both changes are kept, lines one
side deleted stay deleted, and no line appears twice.
"""

from __future__ import annotations


def merge_lines(base: list[str], ours: list[str], theirs: list[str]) -> list[str]:
    """Hand-written lines: a side's change wins over the unchanged other; both changed gives
    the union (ours first, theirs' new lines after the line they followed), lines that one
    side deleted stay deleted, and no line appears twice."""
    if theirs in (ours, base):
        return list(ours)
    if ours == base:
        return list(theirs)
    old, mine, other = set(base), set(ours), set(theirs)
    out = [line for line in ours if not (line.strip() and line in old and line not in other)]
    pos, inserted, blank_before = 0, False, False
    for line in theirs:
        if not line.strip():
            if inserted:
                out.insert(pos, "")
                pos += 1
            blank_before, inserted = True, False
            continue
        if line in out:
            pos = _find(out, line, pos) + 1
            inserted = False
        elif not (line in old and line not in mine):
            pos = _past_ours(out, pos, mine - old - other)
            if blank_before and pos > 0 and out[pos - 1].strip():
                out.insert(pos, "")
                pos += 1
            out.insert(pos, line)
            pos, inserted = pos + 1, True
        blank_before = False
    return _tidy_blanks(out)


def _past_ours(lines: list[str], pos: int, added: set[str]) -> int:
    """Where both sides added lines at one place, ours come first: skip past them."""
    i = pos
    while i < len(lines) and (lines[i] in added or not lines[i].strip()):
        i += 1
        if lines[i - 1] in added:
            pos = i
    return pos


def _find(lines: list[str], line: str, start: int) -> int:
    try:
        return lines.index(line, start)
    except ValueError:
        return lines.index(line)


def _tidy_blanks(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        if line.strip() or (out and out[-1].strip()):
            out.append(line if line.strip() else "")
    while out and not out[-1].strip():
        out.pop()
    return out


def merge_extra(base: list[tuple[str, list[str]]], ours: list[tuple[str, list[str]]],
                 theirs: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """Extra sections matched by heading; bodies merged like prose; removals honoured."""
    def by_heading(sections: list[tuple[str, list[str]]]) -> dict[str, tuple[str, list[str]]]:
        out: dict[str, tuple[str, list[str]]] = {}
        for heading, body in sections:
            key = " ".join(heading.casefold().split())
            if key in out:
                out[key] = (out[key][0], [*out[key][1], "", *body])
            else:
                out[key] = (heading, body)
        return out

    old, mine, other = by_heading(base), by_heading(ours), by_heading(theirs)
    merged: list[tuple[str, list[str]]] = []
    for key in [*mine, *(k for k in other if k not in mine)]:
        o, t, b = mine.get(key), other.get(key), old.get(key)
        if o is not None and t is not None:
            merged.append((o[0], merge_lines(b[1] if b else [], o[1], t[1])))
        elif o is not None and not (b is not None and b[1] == o[1]):
            merged.append(o)
        elif t is not None and not (b is not None and b[1] == t[1]):
            merged.append(t)
    return merged
