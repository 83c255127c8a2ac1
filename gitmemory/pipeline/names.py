"""The code names an item tells of as current (docs/design.md, "Memory").

A commit message may name a function its change planned and never kept
(``evaluate_fmt(...)``), or put a method in a class that does not hold it
(``Database._make_model()`` where ``Results`` defines it); an item that states
such a name as the code of today sends an agent to look for what is not there.

What counts as a code name: a call (``name()``, ``Type.method(...)``, in a code
span or not); a bare identifier may be a field of another program's schema (an
RBAC policy's ``prefix_len``) that this tree never spells.  The member is what is
looked for, as a whole word in any file but gitmemory's own; a ``Type.`` in front
of it is checked where the tree defines the member with a keyword
(``def``, ``func``, ``fn``, ``function``, ``fun``): the definition's line or the
line ``git grep -p`` shows it in (its class, for an indented method) must name
the type.  Names in upper case and short ones are left alone, and so is every
name of an item that says a name went (removed, renamed, replaced ...): that
item names what the tree no longer has on purpose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gitmemory import git
from gitmemory.config import Config
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.sources.runs.tree import generated

_IDENT = r"[A-Za-z_]\w*(?:(?:\.|::|#)[A-Za-z_]\w*)*"
_CALL = lazy_regex(rf"(?<![\w.:#/-])({_IDENT})\((?:\.\.\.|…)?\)")
_SPAN = lazy_regex(rf"`({_IDENT})\([^`()]*\)`")
_WENT = lazy_regex(r"\b(?:remov|renam|replac|delet|drop|deprecat|retir|rewr[io]t|reverts?\b|"
                   r"revert(?:ed|ing)\b|no longer\b|instead of\b|former|used to\b|was\b|were\b|"
                   r"old\b|legacy\b|gone\b)", re.I)
# a definition: by a keyword, or a method by its modifiers (TypeScript's, Java's, C#'s
# ``public Parse(value: unknown)``, which no keyword opens)
_DEFINES = r"\b(?:def|func|fn|function|fun|public|private|protected|internal|static|" \
    r"override|async)\b[^=;]*?\b{}\s*[(<\[]"


@dataclass(frozen=True)
class Name:
    """A code name an item states: its member, and the type before it if any."""

    member: str
    owner: str | None


def told_as_current(text: str) -> list[Name]:
    """The code names ``text`` states as the tree's (see the module docstring)."""
    if _WENT.search(text):
        return []
    spans = [m.group(1) for m in (*_CALL.finditer(text), *_SPAN.finditer(text))]
    names = [_name(span) for span in dict.fromkeys(spans)]
    return [n for n in names if len(n.member) >= 4 and not n.member.isupper()]


def _name(span: str) -> Name:
    parts = re.split(r"\.|::|#", span)
    owner = parts[-2] if len(parts) > 1 and parts[-2][:1].isupper() else None
    return Name(parts[-1], owner)


def missing(tip: str, names: list[Name], top: str, cfg: Config) -> set[Name]:
    """Those of ``names`` that ``tip``'s tree does not hold (see the module docstring)."""
    if not names:
        return set()
    leave_out = [MEMORY_DIR.split("/")[0], *generated(cfg)]
    paths = [":(top)", *(f":(exclude,top{',glob' * ('*' in p)}){p.rstrip('/')}"
                         for p in leave_out)]
    lines = git.grep_in_functions(tip, sorted({n.member for n in names}), paths, top)
    held = {word for _, _, text in lines for word in re.findall(r"\w+", text)}
    return {n for n in names if n.member not in held or (n.owner and _elsewhere(n, lines))}


def _elsewhere(name: Name, lines: list[tuple[str, bool, str]]) -> bool:
    """Whether the tree defines ``name``'s member, and never where its type is named."""
    defines = re.compile(_DEFINES.format(re.escape(name.member)))
    owner = re.compile(rf"\b{re.escape(name.owner or '')}\b")
    header: dict[str, str] = {}
    seen = False
    for path, is_header, text in lines:
        if is_header:
            header[path] = text
        elif defines.search(text):
            seen = True
            if owner.search(text) or owner.search(header.get(path, "")) or \
                    _module_named(path, name.owner or ""):
                return False
    return seen


def _module_named(path: str, owner: str) -> bool:
    """Whether ``path`` is in a module ``owner`` names: a function at a module's top is
    called through the module's name, which its directory or file gives (TypeBox's
    ``Value.Parse()``, ``export function Parse`` in ``src/value/parse/parse.ts``)."""
    wanted = owner.casefold()
    parts = path.split("/")
    return any(part.casefold().replace("-", "").replace("_", "") == wanted
               for part in [*parts[:-1], parts[-1].split(".")[0]])
