"""Evidence is local, on the tree's side (docs/design.md, "Where two rules meet";
:mod:`gitmemory.injection.places` reads the sentence): a value given for a place is
compared with what the tree writes at that place, never with the same words elsewhere.

- :func:`placed`: a file's line holds the value, or its blocks nest it (``log.level:
  info`` is YAML's ``log:`` then ``  level: info``), and placed beside another span, the
  line next to that span's holds it;
- :func:`local`: the blocks a host opens in the tree (its line and the lines indented
  under it, a list item's keys among them) give the statement's setting that value;
- :func:`tuned`: the tree does not give the setting one other number than the item's.

Stdlib only, and only loaded when an item holds such an element.
"""

from __future__ import annotations

from gitmemory.injection import spans


def placed(lines: list[str], target: str, at: str = "", side: str = "") -> bool:
    """Whether ``lines`` (a file of the tree) hold ``target`` on a line, and when ``at``
    is given, on the line ``side`` ("above" or "below") of a line holding ``at``."""
    found = [n for n, line in enumerate(lines) if _holds(line, target)]
    if not at:
        return bool(found) or _nests(lines, target)
    step = 1 if side == "above" else -1
    for n in found:
        other = _next_written(lines, n, step)
        if other is not None and _holds(lines[other], at):
            return True
    return False


def _nests(lines: list[str], target: str) -> bool:
    """Whether a block of ``lines`` gives ``target``'s dotted setting its value, however
    the file nests it (the tree's own value is as local nested as written in one line)."""
    name, value = spans.setting(target)
    if "." not in name:
        return False
    return any(spans.nested_holds(lines, name, value, n) for n in range(len(lines)))


def _next_written(lines: list[str], n: int, step: int) -> int | None:
    """The next line from ``n`` in direction ``step`` that holds more than blanks."""
    n += step
    while 0 <= n < len(lines):
        if lines[n].strip():
            return n
        n += step
    return None


def _holds(line: str, target: str) -> bool:
    """A span with words is held as a statement (spaces, quotes and separators aside);
    one of signs only (``'*'``) as written, its quotes too."""
    if spans.words(target):
        return spans.holds(line, target)
    return "".join(target.split()) in "".join(line.split())


def local(texts: list[list[str] | None], host: str, statement: str) -> bool | None:
    """Whether the blocks ``host`` opens in ``texts`` give ``statement``'s setting its
    value; None when no such block gives the setting a value."""
    name, value = spans.setting(statement)
    if not name:
        return None
    key = name.casefold()
    said: list[str] = []
    for lines in texts:
        for n, line in enumerate(lines or []):
            if host in line:
                said += [given for inner in _block(lines or [], n)
                         if (given := _given(inner, key)) is not None]
    if not said:
        return None
    return any(given.split()[0].strip(",;") in spans.same_switch(value.casefold())
               for given in said if given)


def enclosing(lines: list[str], n: int) -> list[str]:
    """The block line ``n`` sits in: from the nearest line above it that starts less
    indented (``n`` itself at the file's left edge or when it opens a YAML list item),
    that line and what is indented under it (a list item's keys, an HCL block's
    settings)."""
    indent = len(lines[n]) - len(lines[n].lstrip())
    start = n
    while indent and start > 0 and not lines[n].lstrip().startswith("- "):
        start -= 1
        line = lines[start]
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            break
    return _block(lines, start)


def _block(lines: list[str], n: int) -> list[str]:
    """The line ``n`` and the lines indented deeper than where it starts (a YAML list
    item's dash counts as its start, so its keys are inside), or up to the next section
    header for an INI-style ``[header]``."""
    head = lines[n]
    indent = len(head) - len(head.lstrip())
    inside = [head]
    for line in lines[n + 1:]:
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) <= indent:
            break
        inside.append(line)
    return inside


def _given(line: str, key: str) -> str | None:
    """The value ``line`` gives the setting ``key`` (its last dotted parts), or None."""
    normal = spans.normalised(line).casefold().lstrip("-").strip()
    name, eq, value = normal.partition("=")
    if not eq:
        return None
    name = name.strip().split()[-1] if name.strip() else ""
    if name != key and not key.endswith("." + name) and not name.endswith("." + key):
        return None
    return value.strip()


def tuned(texts: list[list[str] | None], statement: str) -> bool:
    """Whether the tree does not give ``statement``'s setting another number than its own:
    a line that writes this one confirms it whatever the others say, and a tree that
    gives the setting several numbers (test fixtures, one a case) names no one value the
    item changes."""
    name, _, value = statement.partition(" = ")
    key, value = name.strip().casefold(), value.strip().casefold()
    parts = key.split(".")
    others: set[str] = set()
    for lines in texts:
        for line in lines or []:
            given = _given(line, key)
            if given is None:
                given = next((g for at in range(1, len(parts)) if (
                    g := _given(line, ".".join(parts[at:]))) is not None), None)
            if given is None:
                continue
            if value in _tokens(given):
                return True  # `stretches = test? ? 1 : 12`: the tree writes this value too
            if _number(given.strip(",;")):
                others.add(given.strip(",;"))
    return len(others) != 1  # several values: the setting is per place, the item's is one


def _tokens(text: str) -> set[str]:
    """The numbers and words of a value as the tree writes it."""
    return set("".join(ch if ch.isalnum() or ch in "._" else " " for ch in text).split())


def _number(text: str) -> bool:
    """A value written as a plain number (``90``, ``0.5``, ``10_000``): an expression or a
    reference (``ENV.fetch(...)``) says nothing of the number the item gives."""
    digits = text.replace("_", "").replace(".", "", 1)
    return digits.isdigit()
