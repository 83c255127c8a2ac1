"""Which agent files are rendered from branch memory, and where (docs/design.md, "Outputs").

The ``outputs`` setting names entries of :data:`AGENTS`; each builds one
target, of a kind that carries its own behaviour (the protocol is
:class:`~gitmemory.outputs.shared.Target`).  A *document*
(:mod:`~gitmemory.outputs.documents`) is a file an agent loads in every
session (``CLAUDE.md``, ``AGENTS.md``, ``GEMINI.md``): a stamped header, a
hand-written base file verbatim, then the memory block.  A *rule set*
(:mod:`~gitmemory.outputs.rules`) is a family of path-scoped files gitmemory
owns in a directory (Claude Code's ``.claude/rules/``, Cursor, Copilot,
Windsurf): one per area of the code, with the front matter that agent reads,
plus one always-loaded file for repository-wide items.  The renderer loops
over :func:`targets` and never names a file itself, so a new agent file is
one more entry here.  Stdlib only.
"""

from __future__ import annotations

import os

from gitmemory.errors import ConfigError
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs.areas import Area, globs
from gitmemory.outputs.documents import Document
from gitmemory.outputs.rules import RULE_LIMIT, RuleSet
from gitmemory.outputs.shared import Target

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from gitmemory.config import Config

__all__ = ["AGENTS", "AGENTS_LIMIT", "CODEX_FILE", "CODEX_ROOT_SHARE", "COPILOT_LIMIT",
           "GEMINI_FILE", "NAMES",
           "RULE_LIMIT", "Agent", "Document", "RuleSet", "Target", "check", "detected",
           "documents", "every_pattern", "targets"]

AGENTS_LIMIT = 32 * 1024  # bytes: Codex reads at most this much of AGENTS files by default
# Codex's limit is shared by the AGENTS files from the root down to the working directory:
# the root file keeps half of it, and the nested files the team writes keep the rest.
CODEX_ROOT_SHARE = AGENTS_LIMIT // 2
CODEX_FILE = "AGENTS.override.md"  # Codex reads it instead of AGENTS.md in the same folder
GEMINI_FILE = "GEMINI.gitmemory.md"  # named in .gemini/settings.json (context.fileName)
# characters of an instruction file Copilot code review reads (GitHub's documentation)
COPILOT_LIMIT = 4_000


# Front matter, per agent (docs/agents.md has the table and the sources).

def _yaml_list(key: str, area: Area) -> str:
    """``key:`` and the area's globs as a YAML list of quoted strings."""
    return f"{key}:\n" + "".join(f'  - "{glob}"\n' for glob in globs(area))


def _claude_rules(area: Area) -> str:
    if not area:
        return ""  # a rule file without `paths` is loaded in every session
    return "---\n" + _yaml_list("paths", area) + "---\n"


def _cursor(area: Area) -> str:
    if not area:
        return ("---\ndescription: Background notes from this branch's commit history, "
                "about the whole repository\nalwaysApply: true\n---\n")
    return (f"---\ndescription: Background notes from this branch's commit history, about "
            f"{', '.join(f'{d}/' if d else '*' for d in area)}\nglobs: {','.join(globs(area))}\n"
            f"alwaysApply: false\n---\n")


def _copilot(area: Area) -> str:
    return f'---\napplyTo: "{",".join(globs(area)) if area else "**"}"\n---\n'


def _windsurf(area: Area) -> str:
    if not area:
        return "---\ntrigger: always_on\n---\n"
    return "---\ntrigger: glob\n" + _yaml_list("globs", area) + "---\n"


class Agent:
    """An entry of the registry: how to build the target, and the files that show a
    repository already uses the agent (``init`` enables it when one exists)."""

    __slots__ = ("build", "label", "signs")

    def __init__(self, label: str, build: Callable[[Config], Target],
                 signs: tuple[str, ...] = ()) -> None:
        self.label, self.build, self.signs = label, build, signs

    def used_in(self, toplevel: str) -> str | None:
        """The first of its signs the repository at ``toplevel`` has (a directory sign ends
        in ``/``; links do not count), or None."""
        for sign in self.signs:
            path = os.path.join(toplevel, sign.rstrip("/"))
            kind_ok = os.path.isdir(path) if sign.endswith("/") else os.path.isfile(path)
            if kind_ok and not os.path.islink(path):
                return sign
        return None


AGENTS: dict[str, Agent] = {
    "claude": Agent("Claude Code", lambda cfg: Document(
        "claude", cfg.output_file, cfg.base_file, rules="claude-rules", imports_agents=True,
        line_cap=True)),
    "claude-rules": Agent("Claude Code rules", lambda cfg: RuleSet(
        "claude-rules", ".claude/rules/gitmemory", prefix="", suffix=".md", front=_claude_rules,
        always="repository.md", always_unless="claude", whole_dir=True), (".claude/rules/",)),
    "agents": Agent("Codex (AGENTS.override.md)", lambda cfg: Document(
        "agents", CODEX_FILE, "AGENTS.md", max_bytes=CODEX_ROOT_SHARE, optional=True,
        legacy_base="AGENTS_base.md", replaces="AGENTS.md"), ("AGENTS.md",)),
    "cursor": Agent("Cursor", lambda cfg: RuleSet(
        "cursor", ".cursor/rules", prefix="gitmemory-", suffix=".mdc", front=_cursor,
        always="gitmemory.mdc"), (".cursor/", ".cursorrules")),
    "copilot": Agent("GitHub Copilot", lambda cfg: RuleSet(
        "copilot", ".github/instructions", prefix="gitmemory-", suffix=".instructions.md",
        front=_copilot, always="gitmemory.instructions.md", limit=COPILOT_LIMIT),
        (".github/copilot-instructions.md", ".github/instructions/")),
    "windsurf": Agent("Windsurf", lambda cfg: RuleSet(
        "windsurf", ".windsurf/rules", prefix="gitmemory-", suffix=".md", front=_windsurf,
        always="gitmemory.md"), (".windsurf/", ".windsurfrules")),
    "gemini": Agent("Gemini CLI", lambda cfg: Document(
        "gemini", GEMINI_FILE, None, optional=True), ("GEMINI.md",)),
}
NAMES = tuple(AGENTS)


def check(names: list[str], where: str = "outputs") -> None:
    """Refuse a name no entry has, with the known ones in the message."""
    unknown = [name for name in names if name not in AGENTS]
    if unknown:
        raise ConfigError(f"unknown output {unknown[0]!r} in {where}",
                          hint="known outputs: " + ", ".join(NAMES))


def targets(cfg: Config) -> list[Target]:
    """The targets ``cfg`` asks for, in registry order (documents and rule sets)."""
    check(cfg.outputs, cfg.sources.get("outputs", "outputs"))
    wanted = set(cfg.outputs)
    built = [agent.build(cfg) for name, agent in AGENTS.items() if name in wanted]
    paths = [t.path for t in built] + [t.base for t in built if t.base]
    clash = next((p for p in paths if paths.count(p) > 1), None)
    if clash is not None:  # output_file = "AGENTS.md" with the agents output on, say
        raise ConfigError(f"two outputs would write {clash}",
                          hint="change output_file or base_file, or drop one output")
    return built


def documents(cfg: Config) -> list[Document]:
    """The documents: files loaded in every session (CLAUDE.md from CLAUDE_base.md ...)."""
    return [t for t in targets(cfg) if isinstance(t, Document)]


def detected(toplevel: str) -> list[tuple[str, str]]:
    """(output, the file that shows it) for each agent the repository already uses."""
    return [(name, sign) for name, agent in AGENTS.items()
            if (sign := agent.used_in(toplevel)) is not None]


def every_pattern(cfg: Config) -> list[str]:
    """gitignore lines for every configured output, and for interrupted memory writes."""
    return [line for target in targets(cfg) for line in target.ignore_patterns()] + \
        [f"/{MEMORY_DIR}/.*.tmp"]
