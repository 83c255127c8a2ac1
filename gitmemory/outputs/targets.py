"""Which agent files are rendered from branch memory, and where (docs/design.md, "Outputs").

The ``outputs`` setting names entries of :data:`AGENTS`; each builds one
target.  A *document* is a file an agent loads in every session (``CLAUDE.md``,
``AGENTS.md``, ``GEMINI.md``): a stamped header, a hand-written base file
verbatim, then the memory block.  A *rule set* is a family of path-scoped
files gitmemory owns in a directory (Claude Code's ``.claude/rules/``, Cursor,
Copilot, Windsurf): one per area of the code, with the front matter that
agent reads, plus one always-loaded file for repository-wide items.  The
renderer loops over :func:`targets` and never names a file itself, so a new
agent file is one more entry here.  Stdlib only.
"""

from __future__ import annotations

from gitmemory.errors import ConfigError
from gitmemory.outputs.areas import Area, globs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from gitmemory.config import Config

RULE_LIMIT = 12_000  # characters per rule file: Windsurf's documented limit, our cap for all
AGENTS_LIMIT = 32 * 1024  # bytes: Codex reads at most this much of AGENTS.md by default


class Target:
    """One agent's generated file or files; ``path`` is relative to the top."""

    kind = ""
    __slots__ = ("base", "name", "path")

    def __init__(self, name: str, path: str, base: str | None) -> None:
        self.name = name
        self.path = path
        self.base = base

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, {self.path!r}, {self.base!r})"


class Document(Target):
    """A file loaded in every session: header, ``base`` verbatim, memory block.

    ``rules`` names the rule set that takes this agent's area items when it is
    enabled too; ``max_bytes`` is the agent's limit on the whole file; ``line_cap``
    says the ``max_file_lines`` setting applies (Claude Code's advice for CLAUDE.md).
    """

    kind = "document"
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


class RuleSet(Target):
    """Path-scoped rule files in the directory ``path``: ``<prefix><area><suffix>`` per area,
    ``always`` for repository-wide items (left to the document named ``always_unless``
    when that one is enabled), each opened by ``front(area)``."""

    kind = "rules"
    __slots__ = ("always", "always_unless", "front", "limit", "prefix", "suffix", "whole_dir")

    def __init__(self, name: str, directory: str, *, prefix: str, suffix: str,
                 front: Callable[[Area], str], always: str, always_unless: str | None = None,
                 limit: int = RULE_LIMIT, whole_dir: bool = False) -> None:
        super().__init__(name, directory, None)
        self.prefix, self.suffix, self.front = prefix, suffix, front
        self.always, self.always_unless = always, always_unless
        self.limit, self.whole_dir = limit, whole_dir

    def file(self, area: Area, name: str) -> str:
        """The file for ``area`` (named ``name``), or the always-loaded one for ()."""
        return f"{self.path}/{self.prefix}{name}{self.suffix}" if area else \
            f"{self.path}/{self.always}"

    def owns(self, filename: str) -> bool:
        """Whether ``filename`` in the directory is one of ours (generated, git-ignored)."""
        if not filename.endswith(self.suffix) or filename.startswith("."):
            return False
        return self.whole_dir or filename == self.always or filename.startswith(self.prefix)

    def ignore_patterns(self) -> list[str]:
        """.gitignore lines for every file of ours, kept copies and interrupted writes."""
        if self.whole_dir:
            return [f"/{self.path}/"]
        stem = self.always.split(".")[0]
        return [f"/{self.path}/{stem}*", f"/{self.path}/.{stem}*.tmp"]


# Front matter, per agent (docs/agents.md has the table and the sources).

def _claude_rules(area: Area) -> str:
    if not area:
        return ""  # a rule file without `paths` is loaded in every session
    return "---\npaths:\n" + "".join(f'  - "{glob}"\n' for glob in globs(area)) + "---\n"


def _cursor(area: Area) -> str:
    if not area:
        return ("---\ndescription: Background notes from this branch's commit history, "
                "about the whole repository\nalwaysApply: true\n---\n")
    return (f"---\ndescription: Background notes from this branch's commit history, about "
            f"{', '.join(f'{d}/' for d in area)}\nglobs: {','.join(globs(area))}\n"
            f"alwaysApply: false\n---\n")


def _copilot(area: Area) -> str:
    return f'---\napplyTo: "{",".join(globs(area)) if area else "**"}"\n---\n'


def _windsurf(area: Area) -> str:
    if not area:
        return "---\ntrigger: always_on\n---\n"
    return f"---\ntrigger: glob\nglobs: {','.join(globs(area))}\n---\n"


class Agent:
    """An entry of the registry: how to build the target, and the files that show a
    repository already uses the agent (``init`` enables it when one exists)."""

    __slots__ = ("build", "label", "signs")

    def __init__(self, label: str, build: Callable[[Config], Target],
                 signs: tuple[str, ...] = ()) -> None:
        self.label, self.build, self.signs = label, build, signs


AGENTS: dict[str, Agent] = {
    "claude": Agent("Claude Code", lambda cfg: Document(
        "claude", cfg.output_file, cfg.base_file, rules="claude-rules", imports_agents=True,
        line_cap=True)),
    "claude-rules": Agent("Claude Code rules", lambda cfg: RuleSet(
        "claude-rules", ".claude/rules/gitmemory", prefix="", suffix=".md", front=_claude_rules,
        always="repository.md", always_unless="claude", whole_dir=True), (".claude/rules/",)),
    "agents": Agent("AGENTS.md (Codex and others)", lambda cfg: Document(
        "agents", "AGENTS.md", "AGENTS_base.md", max_bytes=AGENTS_LIMIT), ("AGENTS.md",)),
    "cursor": Agent("Cursor", lambda cfg: RuleSet(
        "cursor", ".cursor/rules", prefix="gitmemory-", suffix=".mdc", front=_cursor,
        always="gitmemory.mdc"), (".cursor/", ".cursorrules")),
    "copilot": Agent("GitHub Copilot", lambda cfg: RuleSet(
        "copilot", ".github/instructions", prefix="gitmemory-", suffix=".instructions.md",
        front=_copilot, always="gitmemory.instructions.md"),
        (".github/copilot-instructions.md", ".github/instructions/")),
    "windsurf": Agent("Windsurf", lambda cfg: RuleSet(
        "windsurf", ".windsurf/rules", prefix="gitmemory-", suffix=".md", front=_windsurf,
        always="gitmemory.md"), (".windsurf/", ".windsurfrules")),
    "gemini": Agent("Gemini CLI", lambda cfg: Document(
        "gemini", "GEMINI.md", "GEMINI_base.md"), ("GEMINI.md",)),
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
    return [t for t in targets(cfg) if isinstance(t, Document)]
