"""Memory files whose items cite paths, and the agent files every output writes."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import Item, Memory, generate
from testing.memory import path_for

ALL_OUTPUTS = "claude,claude-rules,agents,cursor,copilot,windsurf,gemini"

# The path-scoped file of area `src/api` for each rule-set output.
API_RULES = {
    "claude-rules": ".claude/rules/gitmemory/src-api.md",
    "cursor": ".cursor/rules/gitmemory-src-api.mdc",
    "copilot": ".github/instructions/gitmemory-src-api.instructions.md",
    "windsurf": ".windsurf/rules/gitmemory-src-api.md",
}
# The file each rule-set output keeps for repository-wide items (claude-rules: only
# when the claude output is off; otherwise those items go to CLAUDE.md).
ALWAYS_RULES = {
    "cursor": ".cursor/rules/gitmemory.mdc",
    "copilot": ".github/instructions/gitmemory.instructions.md",
    "windsurf": ".windsurf/rules/gitmemory.md",
}

Spec = tuple[str, tuple[str, ...]] | str


def items(*specs: Spec) -> list[Item]:
    """Items from ``"text"`` or ``("text", paths)``, each with a made-up ref."""
    out = []
    for n, spec in enumerate(specs):
        text, paths = (spec, ()) if isinstance(spec, str) else spec
        out.append(Item(text, (f"{n + 1:07x}",), paths))
    return out


def write_memory(repo: Path, branch: str, *, conventions: tuple[Spec, ...] = (),
                 decisions: tuple[Spec, ...] = (), bugs: tuple[Spec, ...] = (),
                 facts: tuple[Spec, ...] = ()) -> Path:
    """Write ``branch``'s memory file in the work tree of ``repo``; its path."""
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    path = Path(path_for(str(directory), branch))
    path.write_text(generate(Memory(branch, {
        "facts": items(*facts), "architectural-decisions": items(*decisions),
        "conventions": items(*conventions), "bug-patterns": items(*bugs),
    }, updated="2026-11-21T10:30:00Z")))
    return path


def tree(repo: Path) -> dict[str, str]:
    """Every generated agent file under ``repo`` (path -> text), .git and memory aside."""
    found = {}
    for path in sorted(repo.rglob("*")):
        rel = path.relative_to(repo).as_posix()
        if path.is_file() and not rel.startswith((".git/", ".gitmemory/")) and \
                "gitmemory-stamp:" in path.read_text(errors="replace"):
            found[rel] = path.read_text()
    return found


def claude_reads(repo: Path) -> str:
    """``CLAUDE.md`` and gitmemory's rule files for Claude Code (on by default): what
    Claude Code reads of the memory while it works in every part of the code."""
    rules = repo / ".claude" / "rules" / "gitmemory"
    parts = [repo / "CLAUDE.md", *(sorted(rules.glob("*.md")) if rules.is_dir() else [])]
    return "\n".join(part.read_text() for part in parts if part.is_file())
