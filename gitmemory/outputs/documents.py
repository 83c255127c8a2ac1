"""Documents: the agent files loaded in every session (docs/design.md, "Outputs").

``CLAUDE.md`` from ``CLAUDE_base.md``; Codex's ``AGENTS.override.md``, which
Codex reads instead of ``AGENTS.md`` in the same folder, from the team's
``AGENTS.md``; ``GEMINI.gitmemory.md``, which Gemini CLI reads beside the
team's ``GEMINI.md``: a stamped header, the base file verbatim (when the
document has one), then the memory block within the file's budget.  The
team's own ``AGENTS.md`` and ``GEMINI.md`` stay where they are, tracked and as
written, so an agent or a review bot that reads a fresh clone finds them.
Claude Code does not read ``AGENTS.md`` when there is a ``CLAUDE.md``, so
``CLAUDE.md`` imports it.  Stdlib only: the checkout hook renders through
this module.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.outputs import render, stamp
from gitmemory.outputs.shared import Rendering, Target, Wanted, size

AGENTS_FILE = "AGENTS.md"
# Where 0.3 moved a hand-written AGENTS.md before it generated its own: read while a
# repository waits for `gitmemory init` to put the team's file back.
AGENTS_BASE = "AGENTS_base.md"


class Document(Target):
    """A file loaded in every session: header, ``base`` verbatim, memory block.

    ``rules`` names the rule set that takes this agent's area items when it is
    enabled too; ``max_bytes`` is the agent's limit on the whole file; ``line_cap``
    says the ``max_file_lines`` setting applies (Claude Code's advice for CLAUDE.md);
    ``optional`` documents exist only while they carry memory (the agent reads the
    team's file when they are absent); ``legacy_base`` is read instead of a ``base``
    that gitmemory 0.3 generated, until ``gitmemory init`` puts the team's file back;
    ``replaces`` is the file the agent reads no more while this one is there.
    """

    shadowed = True
    __slots__ = ("imports_agents", "legacy_base", "line_cap", "max_bytes", "optional",
                 "replaces", "rules")

    def __init__(self, name: str, path: str, base: str | None, *, rules: str | None = None,
                 max_bytes: int | None = None, imports_agents: bool = False,
                 line_cap: bool = False, optional: bool = False,
                 legacy_base: str | None = None, replaces: str | None = None) -> None:
        super().__init__(name, path, base)
        self.rules = rules
        self.max_bytes = max_bytes
        self.imports_agents = imports_agents
        self.line_cap = line_cap
        self.optional = optional
        self.legacy_base = legacy_base
        self.replaces = replaces

    @property
    def required(self) -> bool:  # type: ignore[override]
        """Always there once rendered (an optional one may rightly be absent)."""
        return not self.optional

    def wanted(self, shared: Rendering) -> list[Wanted]:
        found = shared.documents.get(self.name)
        if found is None:  # a rule set that takes what it leaves out may have asked first
            found = shared.documents[self.name] = [Wanted(self, self.path,
                                                          document(self, shared))]
        return found

    def present(self, toplevel: str) -> list[str]:
        return [self.path]

    def write(self, path: str, text: str) -> None:
        """Rebuilt on every checkout: replaced atomically, no fsync."""
        files.atomic_write(path, text, durable=False)

    def ignore_patterns(self) -> list[str]:
        entry = "/" + self.path
        head, name = os.path.split(entry)
        # A crash between writing a temporary file and renaming it leaves the temporary
        # behind (files.atomic_write); it must never be committed by `git add -A`.
        return [entry, entry + ".edited*", f"{head.rstrip('/')}/.{name}.*.tmp"]

    def loaded(self, toplevel: str) -> tuple[list[str], list[str]]:
        return [self.path] if os.path.isfile(os.path.join(toplevel, self.path)) else [], []

    def handwritten_fix(self) -> str:
        if self.optional or self.base is None:
            return super().handwritten_fix()
        return f"run `gitmemory init` to move it into {self.base}"

    def inputs(self, toplevel: str) -> list[str]:
        found = [os.path.join(toplevel, name) for name in (self.base, self.legacy_base) if name]
        if self.imports_agents:
            found += [os.path.join(toplevel, AGENTS_FILE), os.path.join(toplevel, AGENTS_BASE)]
        return found


def base_text(target: Document, toplevel: str) -> tuple[str | None, str | None]:
    """(the base file read, its text): ``base``, or the legacy base while ``base`` is a
    file gitmemory 0.3 generated; (None, None) for a document without one.  A base that
    carries a gitmemory stamp otherwise is refused."""
    if target.base is None:
        return None, None
    for name in (target.base, target.legacy_base):
        if name is None:
            continue
        files.check_dirs(toplevel, os.path.dirname(name))
        text = files.read_text(os.path.join(toplevel, name))
        if text is None or stamp.STAMP not in text:
            return name, text
        if name == target.base and target.legacy_base and \
                os.path.lexists(os.path.join(toplevel, target.legacy_base)):
            continue  # 0.3's generated AGENTS.md: its base is the team's text
        raise files.UnsafePath(f"{name} contains a gitmemory stamp",
                               hint=f"remove the generated header line from {name}")
    return target.base, None


def document(target: Document, shared: Rendering) -> str | None:
    """The content of ``target``: base verbatim and the items it carries, within budget."""
    top, cfg = shared.toplevel, shared.cfg
    try:
        base_file, base = base_text(target, top)
    except files.UnsafePath:
        if target.optional:  # a symlinked AGENTS.md: Codex reads it, not a copy of ours
            return None
        raise
    imports = agents_import(top, base) if target.imports_agents else ""
    scoped = target.rules in shared.enabled
    # Area items go to the rule set when it is on; a fact kept for its area's file alone
    # is never the document's (counted among the notes left out while no rule set shows it).
    chosen = [e for e in shared.entries if not (e.area_only or (scoped and e.area))]
    # The file less its block, as it will be written: with a block, the header also names
    # the memory file, and a blank line parts the block from what comes before it.  " "
    # stands for the block (a line of its own, uncounted).
    rest = shared.compose(" ", base=base, base_file=base_file, imports=imports)
    used_lines, used_size = rest.count("\n"), size(rest) - 1
    budget = render.Budget(
        chars=cfg.max_inject_chars,
        size=target.max_bytes - used_size if target.max_bytes else None,
        lines=cfg.max_file_lines - used_lines if cfg.max_file_lines and target.line_cap
        else None)
    # With its rule set on, what the block has no room for goes to that set's always-loaded
    # file (every session loads it too), which then says what is left after both.
    block = shared.block(chosen, budget, hidden=shared.left_out(scoped),
                         name=target.name if scoped else None)
    if not block and (target.optional or not (base and base.strip())):
        return None
    return shared.compose(block, base=base, base_file=base_file, imports=imports)


def agents_import(toplevel: str, base: str | None) -> str:
    """``@AGENTS.md`` when the repository has a hand-written one (Claude Code does not read
    AGENTS.md when there is a CLAUDE.md), ``@AGENTS_base.md`` while gitmemory 0.3's
    generated AGENTS.md waits for ``gitmemory init`` (importing that would load the memory
    twice); "" otherwise or when the base imports it."""
    chosen = None
    for name in (AGENTS_FILE, AGENTS_BASE):
        path = os.path.join(toplevel, name)
        if os.path.isfile(path) and not os.path.islink(path) and \
                stamp.STAMP not in (files.read_text(path, limit=4096) or ""):
            chosen = name
            break
    if chosen is None or (base and f"@{chosen}" in base):
        return ""
    return f"@{chosen}\n"
