"""A condition an item puts on what a function of the tree does, asked of that function's
own lines (docs/design.md, "Where two rules meet", *A function's condition*;
:mod:`gitmemory.injection.behaviour` reads the item).

The function is found where the tree defines it: a line that names it after a keyword that
defines one (``sub``, ``def``, ``function``, ``fn``, ``func`` ...) or opens with it before
its parameters (``location_ok(Loc) :-``, ``poolAllowed = (pool) =>``), and its lines run to
the next line as little indented that is not a closing one.  An item is held when none of
its condition's content words is among that function's words (compared by their first
:data:`STEM` letters; identifiers split at their humps and underscores); a function the
tree does not define makes no verdict.  One ``git grep`` a batch.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.injection import behaviour
from gitmemory.injection.wording import words

STEM = 5  # letters two words are compared by
_BODY = 40  # lines read after a function's first
_DEFINES = frozenset(("sub", "def", "function", "fn", "func", "proc", "method", "defp",
                      "defn", "fun", "let", "const", "var", "static", "public", "private",
                      "protected", "async", "export", "pub"))
_CLOSING = ("}", "end", ")", "]", "</")


def reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str]) -> list[str | None]:
    """For each text, why it is held (a condition its function's lines do not test), or
    None."""
    claims = [behaviour.claim(text) for text in texts]
    names = sorted({found[0] for found in claims if found})
    if not names:
        return [None] * len(texts)
    bodies: dict[str, list[str]] = {}
    for _, lines in git.grep_after(tip, names, paths, repo_dir, after=_BODY):
        for name in names:
            if name not in bodies and _defines(lines[0], name):
                bodies[name] = _body(lines)
    out: list[str | None] = []
    for found in claims:
        if not found or found[0] not in bodies:
            out.append(None)
            continue
        name, condition = found
        known = {word[:STEM] for word in words(" ".join(bodies[name]))}
        if any(word[:STEM] in known for word in condition):
            out.append(None)
            continue
        out.append(f"states a condition `{name}` of the tree does not test "
                   f"({', '.join(condition[:3])})")
    return out


def _defines(line: str, name: str) -> bool:
    """Whether ``line`` defines the function ``name``."""
    at = line.find(name)
    if at < 0:
        return False
    before = line[:at].replace("(", " ").split()
    after = line[at + len(name):].lstrip()
    if before and before[-1] in _DEFINES:
        return True
    return not before and after.startswith(("(", "=", ":"))


def _body(lines: list[str]) -> list[str]:
    """The function's lines: its first, then those up to the next line as little indented
    as the first that does not close it."""
    first = lines[0]
    indent = len(first) - len(first.lstrip())
    body = [first]
    for line in lines[1:]:
        stripped = line.strip()
        if stripped and len(line) - len(line.lstrip()) <= indent and \
                not stripped.startswith(_CLOSING):
            break
        body.append(line)
    return body
