"""What each agent loads at the start of a session, and what it costs (docs/agents.md).

Several agents read the same files (Cursor, Copilot and Windsurf read the
team's ``AGENTS.md``), and one agent reads several (Claude Code: ``CLAUDE.md``
and what it imports).  :func:`loads` says, per agent whose output is on, the
files it loads in every session, their characters, the memory items in them,
the items it would read twice, the path-scoped files it loads only where it
works, and any file past that agent's limit; ``gitmemory status`` prints it.
Not on the hot path: it may ask git (Codex's nested ``AGENTS.md`` files).
"""

from __future__ import annotations

import json
import os

from gitmemory import files, git
from gitmemory.errors import GitmemoryError
from gitmemory.outputs.render import INHERITED_MARK, MEMORY_HEADING
from gitmemory.outputs.shared import Target
from gitmemory.outputs.targets import (
    AGENTS_LIMIT,
    CODEX_FILE,
    CODEX_ROOT_SHARE,
    COPILOT_LIMIT,
    GEMINI_FILE,
    RULE_LIMIT,
    targets,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from gitmemory.config import Config

GEMINI_SETTINGS = ".gemini/settings.json"  # where Gemini CLI's context.fileName is set


class Consumer:
    """An agent: its name, the outputs that feed it, the team's files it loads in every
    session by itself, its limit on one file (``unit``: chars, bytes or lines), and what
    else to check about it (``check``: toplevel, the load, the files it loads -> the files
    it loads after all)."""

    __slots__ = ("check", "label", "limit", "outputs", "reads", "unit")

    def __init__(self, label: str, outputs: tuple[str, ...], reads: tuple[str, ...], *,
                 limit: int | None = None, unit: str = "chars",
                 check: Callable[[str, Load, list[str]], list[str]] | None = None) -> None:
        self.label, self.outputs, self.reads = label, outputs, reads
        self.limit, self.unit, self.check = limit, unit, check


class Load:
    """What one agent loads: ``files`` at every session start (relative paths), their
    ``chars``, the memory ``items`` in them and how many of those it reads again
    (``duplicates``), the path-scoped files it loads where it works (``scoped``), and the
    files past its limit (``over``), with a ``note`` when something keeps it from the
    memory."""

    __slots__ = ("agent", "chars", "duplicates", "files", "items", "note", "over", "scoped")

    def __init__(self, agent: str) -> None:
        self.agent = agent
        self.files: list[str] = []
        self.chars = self.items = self.duplicates = self.scoped = 0
        self.over: list[str] = []
        self.note = ""

    def as_dict(self) -> dict[str, object]:
        return {"agent": self.agent, "files": self.files, "chars": self.chars,
                "items": self.items, "duplicates": self.duplicates, "scoped": self.scoped,
                "over_limit": self.over, "note": self.note}

    def line(self) -> str:
        twice = f"{self.duplicates} loaded twice" if self.duplicates else "none twice"
        text = (f"{self.agent}: {', '.join(self.files) or 'nothing'}: {self.chars:,} chars, "
                f"{self.items} item(s), {twice}")
        if self.scoped:
            text += f"; {self.scoped} path-scoped file(s) where it works"
        if self.over:
            text += f"; over its limit: {', '.join(self.over)}"
        return text + (f" ({self.note})" if self.note else "")


def loads(toplevel: str, cfg: Config) -> list[Load]:
    """Per agent whose output is on: what it loads (see :class:`Load`)."""
    chosen = targets(cfg)
    out = []
    for consumer in CONSUMERS:
        mine = [t for t in chosen if t.name in consumer.outputs]
        if mine:
            out.append(_load(toplevel, cfg, consumer, mine))
    return out


def _load(toplevel: str, cfg: Config, consumer: Consumer, mine: list[Target]) -> Load:
    load = Load(consumer.label)
    reads = list(consumer.reads)
    ours: list[str] = []
    for target in mine:
        always, scoped = target.loaded(toplevel)
        ours += always
        load.scoped += len(scoped)
        if always and target.replaces in reads:  # Codex: the override, not AGENTS.md
            reads.remove(target.replaces)
    paths = [p for p in dict.fromkeys([*reads, *ours]) if _regular(toplevel, p)]
    if "claude" in consumer.outputs:
        paths += [p for p in _imports(toplevel, paths) if p not in paths]
    if consumer.check:
        paths = consumer.check(toplevel, load, paths)
    seen: set[str] = set()
    for rel in paths:
        text = _text(toplevel, rel)
        load.files.append(rel)
        load.chars += len(text)
        for item in memory_items(text):
            load.items += 1
            load.duplicates += item in seen
            seen.add(item)
        if _past(consumer, cfg, text, rel):
            load.over.append(rel)
    return load


def _past(consumer: Consumer, cfg: Config, text: str, rel: str) -> bool:
    if consumer.unit == "lines":
        cap = cfg.max_file_lines if rel == cfg.output_file else None
        return bool(cap) and text.count("\n") > cap  # type: ignore[operator]
    if consumer.limit is None:
        return False
    if consumer.unit == "bytes":
        return len(text.encode("utf-8", "surrogateescape")) > consumer.limit
    return len(text) > consumer.limit


def gemini_reads_memory(toplevel: str) -> bool:
    """Whether the project's Gemini CLI settings name the memory file (``context.fileName``;
    a broken file does not)."""
    try:
        text = files.read_text(os.path.join(toplevel, GEMINI_SETTINGS))
        data = json.loads(text) if text else None
    except (GitmemoryError, ValueError):
        return False
    context = data.get("context") if isinstance(data, dict) else None
    names = context.get("fileName") if isinstance(context, dict) else None
    return names == GEMINI_FILE or (isinstance(names, list) and GEMINI_FILE in names)


def _gemini(toplevel: str, load: Load, paths: list[str]) -> list[str]:
    if GEMINI_FILE in paths and not gemini_reads_memory(toplevel):
        load.note = f"{GEMINI_SETTINGS} does not name {GEMINI_FILE}: gitmemory init adds it"
        return [p for p in paths if p != GEMINI_FILE]
    return paths


def _codex(toplevel: str, load: Load, paths: list[str]) -> list[str]:
    """Codex's 32 KiB are shared by the root file and the nested ones on the way to where
    it works: say how much the deepest chain of nested files takes."""
    code, out = git.run_status(["ls-files", "-z", "--", ":(glob)**/AGENTS.md",
                                ":(glob)**/AGENTS.override.md"], toplevel)
    nested: dict[str, int] = {}
    for rel in (p for p in out.split("\0") if p and "/" in p) if code == 0 else ():
        directory = os.path.dirname(rel)
        if rel.endswith(CODEX_FILE) or directory not in nested:
            nested[directory] = len(_text(toplevel, rel).encode("utf-8", "surrogateescape"))
    chain = max((sum(size for d, size in nested.items() if leaf == d or
                     leaf.startswith(d + "/")) for leaf in nested), default=0)
    root = sum(len(_text(toplevel, p).encode("utf-8", "surrogateescape")) for p in paths)
    if chain:
        load.note = (f"with nested AGENTS files up to {chain:,} bytes: {root + chain:,} of "
                     f"Codex's {AGENTS_LIMIT:,}")
        if root + chain > AGENTS_LIMIT:
            load.over.append("nested AGENTS files")
    return paths


# Sources: docs/agents.md, "What each agent loads".
CONSUMERS = (
    Consumer("Claude Code", ("claude", "claude-rules"), (), unit="lines"),
    Consumer("Codex", ("agents",), ("AGENTS.md",), limit=CODEX_ROOT_SHARE, unit="bytes",
             check=_codex),
    Consumer("Cursor", ("cursor",), ("AGENTS.md", ".cursorrules")),
    Consumer("GitHub Copilot", ("copilot",), (".github/copilot-instructions.md", "AGENTS.md"),
             limit=COPILOT_LIMIT),
    Consumer("Windsurf", ("windsurf",), ("AGENTS.md", ".windsurfrules"), limit=RULE_LIMIT),
    Consumer("Gemini CLI", ("gemini",), ("GEMINI.md",), check=_gemini),
)


def memory_items(text: str) -> list[str]:
    """The memory items of an agent file: the bullets of its memory block, as written
    (an inherited item's mark aside)."""
    found, inside = [], False
    for line in text.split("\n"):
        if line.startswith("## "):
            inside = line.startswith(MEMORY_HEADING)
        elif inside and line.startswith("- "):
            found.append(line[2:].removesuffix(INHERITED_MARK))
    return found


def _imports(toplevel: str, paths: list[str]) -> list[str]:
    """Files CLAUDE.md imports (``@AGENTS.md`` lines), one level deep."""
    out = []
    for rel in paths:
        for line in _text(toplevel, rel).split("\n"):
            name = line.strip()[1:] if line.strip().startswith("@") else ""
            if name and " " not in name and _regular(toplevel, name):
                out.append(name)
    return out


def _regular(toplevel: str, rel: str) -> bool:
    path = os.path.join(toplevel, rel)
    return os.path.isfile(path) and not os.path.islink(path)


def _text(toplevel: str, rel: str) -> str:
    try:
        return files.read_text(os.path.join(toplevel, rel)) or ""
    except files.UnsafePath:
        return ""
