"""Documents: the agent files loaded in every session (docs/design.md, "Outputs").

``CLAUDE.md``, ``AGENTS.md``, ``GEMINI.md``: a stamped header, the hand-written
base file verbatim, then the memory block within the file's budget.  Claude
Code reads a repository's ``AGENTS.md`` only when there is no ``CLAUDE.md``,
so ``CLAUDE.md`` imports it.  Stdlib only: the checkout hook renders through
this module.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.outputs import render, stamp
from gitmemory.outputs.shared import Rendering, Target, Wanted, size

AGENTS_FILE, AGENTS_BASE = "AGENTS.md", "AGENTS_base.md"


class Document(Target):
    """A file loaded in every session: header, ``base`` verbatim, memory block.

    ``rules`` names the rule set that takes this agent's area items when it is
    enabled too; ``max_bytes`` is the agent's limit on the whole file; ``line_cap``
    says the ``max_file_lines`` setting applies (Claude Code's advice for CLAUDE.md).
    """

    shadowed = True
    required = True
    base: str
    __slots__ = ("imports_agents", "line_cap", "max_bytes", "rules")

    def __init__(self, name: str, path: str, base: str, *, rules: str | None = None,
                 max_bytes: int | None = None, imports_agents: bool = False,
                 line_cap: bool = False) -> None:
        super().__init__(name, path, base)
        self.rules = rules
        self.max_bytes = max_bytes
        self.imports_agents = imports_agents
        self.line_cap = line_cap

    def wanted(self, shared: Rendering) -> list[Wanted]:
        return [Wanted(self, self.path, document(self, shared))]

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

    def inputs(self, toplevel: str) -> list[str]:
        found = [os.path.join(toplevel, self.base)]
        if self.imports_agents:
            found += [os.path.join(toplevel, AGENTS_FILE), os.path.join(toplevel, AGENTS_BASE)]
        return found


def document(target: Document, shared: Rendering) -> str | None:
    """The content of ``target``: base verbatim and the items it carries, within budget."""
    top, cfg = shared.toplevel, shared.cfg
    files.check_dirs(top, os.path.dirname(target.base))
    base = files.read_text(os.path.join(top, target.base))
    if base is not None and stamp.STAMP in base:
        raise files.UnsafePath(f"{target.base} contains a gitmemory stamp",
                               hint=f"remove the generated header line from {target.base}")
    imports = agents_import(top, shared.enabled, base) if target.imports_agents else ""
    scoped = target.rules in shared.enabled
    chosen = [e for e in shared.entries if not (scoped and e.area)]
    # The file less its block, as it will be written: with a block, the header also names
    # the memory file, and a blank line parts the block from what comes before it.  " "
    # stands for the block (a line of its own, uncounted).
    rest = shared.compose(" ", base=base, base_file=target.base, imports=imports)
    used_lines, used_size = rest.count("\n"), size(rest) - 1
    budget = render.Budget(
        chars=cfg.max_inject_chars,
        size=target.max_bytes - used_size if target.max_bytes else None,
        lines=cfg.max_file_lines - used_lines if cfg.max_file_lines and target.line_cap
        else None)
    block = shared.block(chosen, budget, hidden=shared.left_out())
    if not block and not (base and base.strip()):
        return None
    return shared.compose(block, base=base, base_file=target.base, imports=imports)


def agents_import(toplevel: str, enabled: set[str], base: str | None) -> str:
    """``@AGENTS.md`` when the repository has a hand-written one (Claude Code reads AGENTS.md
    only when there is no CLAUDE.md), ``@AGENTS_base.md`` when gitmemory renders AGENTS.md
    from it (so the memory is not loaded twice); "" otherwise or when the base imports it."""
    path = os.path.join(toplevel, AGENTS_FILE)
    chosen = None
    if os.path.isfile(path) and not os.path.islink(path) and \
            stamp.STAMP not in (files.read_text(path, limit=4096) or ""):
        chosen = AGENTS_FILE  # hand-written (gitmemory leaves it alone even when enabled)
    if chosen is None and "agents" in enabled:
        base_path = os.path.join(toplevel, AGENTS_BASE)
        if os.path.isfile(base_path) and not os.path.islink(base_path):
            chosen = AGENTS_BASE
    if chosen is None or (base and f"@{chosen}" in base):
        return ""
    return f"@{chosen}\n"
