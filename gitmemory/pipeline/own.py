"""gitmemory's own commits: never pending, never read (docs/design.md, "Data flow").

A commit is gitmemory's own when it changes nothing but gitmemory's files,
whoever made it and whatever its message says: memory and settings under
``.gitmemory/``, the agents' base files (``CLAUDE_base.md`` ...), in
``.gitignore`` and ``.gitattributes`` only gitmemory's lines (the generated
files' patterns, the merge driver's line, a comment naming gitmemory), and in
the agents' settings that ``init`` registers gitmemory in
(``.claude/settings.json``, ``.mcp.json``, ``.gemini/settings.json``) only
gitmemory's entries: the file with them taken out is the same before and after.  The
set-up commit (``Set up gitmemory``) and a memory commit are such commits:
a model would read them to learn nothing, and the agent reads the base file
itself.  A commit that also touches anything else is the person's work, and
so is one whose ``Memory-*`` trailer states something (unless gitmemory's own
trailer marks it a memory commit).  Three git processes at most: one ``log``
of the commits that touch those files, one ``show`` of the ignore and
attribute lines and one ``cat-file`` of the settings of the few that touch
nothing else.
"""

from __future__ import annotations

import json

from gitmemory import git
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs.loads import GEMINI_SETTINGS
from gitmemory.outputs.targets import AGENTS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config

OWN_TRAILER = "Gitmemory-Update: true"
SETTINGS_DIR = MEMORY_DIR.split("/")[0]  # .gitmemory
SHARED = (".gitignore", ".gitattributes")  # gitmemory's when every line changed is its own
# gitmemory's when the file less gitmemory's entries is unchanged (setup/agent_hook.py,
# setup/mcp_config.py, setup/gemini_settings.py write them)
SETTINGS = (".claude/settings.json", ".mcp.json", GEMINI_SETTINGS)
_NAME = "gitmemory"


def own_commits(repo_dir: str, cfg: Config, spec: list[str]) -> set[str]:
    """gitmemory's own commits in ``spec`` (see the module docstring)."""
    bases = _bases(cfg)
    out = git.run(["-c", "core.quotePath=false", "log", "-z", "--no-merges", "--name-only",
                   "--full-diff", "--format=%x01%H%x02%(trailers:only,unfold,separator=%x03)",
                   *spec, "--", SETTINGS_DIR, *bases, *SHARED, *SETTINGS], repo_dir)
    found: dict[str, list[str]] = {}
    for sha, trailers, names in _records(out):
        if _stated(trailers) or not all(_ours(name, bases) for name in names):
            continue
        found[sha] = names
    shared = [sha for sha, names in found.items() if any(n in SHARED for n in names)]
    if shared:
        patterns = _patterns(cfg)
        for sha, lines in _changed_lines(repo_dir, shared).items():
            if not all(_our_line(line, patterns) for line in lines):
                del found[sha]
    settled = [(sha, n) for sha, names in found.items() for n in names if n in SETTINGS]
    for sha, _ in _changed_settings(repo_dir, settled):
        found.pop(sha, None)
    return set(found)


def _records(out: str) -> list[tuple[str, str, list[str]]]:
    """(sha, trailers, names) of each commit of the log."""
    records: list[tuple[str, str, list[str]]] = []
    for raw in out.split("\0"):
        token = raw.lstrip("\n")
        if token.startswith("\x01"):
            sha, _, trailers = token[1:].partition("\x02")
            records.append((sha, trailers, []))
        elif token and records:
            records[-1][2].append(token)
    return records


def _stated(trailers: str) -> bool:
    """Whether a ``Memory-*`` trailer states knowledge and no memory commit's trailer
    explains it (gitmemory writes none of the first kind)."""
    lines = [line.strip() for line in trailers.split("\x03") if line.strip()]
    if any(line.lower() == OWN_TRAILER.lower() for line in lines):
        return False
    return any(line.lower().startswith("memory-") for line in lines)


def _ours(name: str, bases: list[str]) -> bool:
    return name.startswith(SETTINGS_DIR + "/") or name in bases or name in SHARED or \
        name in SETTINGS


def _bases(cfg: Config) -> list[str]:
    """Every agent's base file, whether or not its output is on."""
    return sorted({base for agent in AGENTS.values() if (base := agent.build(cfg).base)})


def _patterns(cfg: Config) -> set[str]:
    """The ignore lines gitmemory writes for every agent file it can generate."""
    return {line for agent in AGENTS.values() for line in agent.build(cfg).ignore_patterns()}


def _our_line(line: str, patterns: set[str]) -> bool:
    text = line.strip()
    return not text or text in patterns or "gitmemory" in text.lower()


def _changed_lines(repo_dir: str, shas: list[str]) -> dict[str, list[str]]:
    """The lines each of ``shas`` adds or removes in ``.gitignore`` and ``.gitattributes``."""
    out = git.run(["-c", "core.quotePath=false", "show", "--no-color", "--no-ext-diff",
                   "--no-textconv", "--unified=0", "--format=%x01%H", *shas, "--", *SHARED],
                  repo_dir)
    found: dict[str, list[str]] = {}
    for record in out.split("\x01")[1:]:
        sha, _, diff = record.partition("\n")
        lines, in_hunk = found.setdefault(sha, []), False
        for line in diff.split("\n"):
            if line.startswith("diff --git "):
                in_hunk = False
            elif line.startswith("@@"):
                in_hunk = True
            elif in_hunk and line[:1] in ("+", "-"):
                lines.append(line[1:])
    return found


def _changed_settings(repo_dir: str, asked: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (commit, settings file) of ``asked`` whose change is more than gitmemory's
    entries: one ``cat-file`` of each file before and after."""
    specs = [spec for sha, name in asked for spec in (f"{sha}^:{name}", f"{sha}:{name}")]
    blobs = iter(git.cat_file(specs, repo_dir)) if specs else iter(())
    return [(sha, name) for sha, name in asked
            if _without_ours(next(blobs)) != _without_ours(next(blobs))]


def _without_ours(blob: tuple[str, str, bytes] | None) -> object:
    """A settings file's JSON less gitmemory's entries (an absent file is ``{}``); text
    that does not parse stands for itself."""
    if blob is None:
        return {}
    try:
        data = json.loads(blob[2])
    except ValueError:
        return blob[2]
    stripped, ours = _stripped(data)
    return {} if ours else stripped  # a file of gitmemory's entries alone


def _stripped(value: object) -> tuple[object, bool]:
    """``value`` less gitmemory's entries (a list's element that holds a string naming
    gitmemory, a member named gitmemory), and whether it is all theirs: a container that
    lost an entry and holds no container any more (a hook's matcher) goes with it."""
    if isinstance(value, str):
        return value, _NAME in value.lower()
    if not isinstance(value, (dict, list)):
        return value, False
    pairs = value.items() if isinstance(value, dict) else enumerate(value)
    kept, lost = [], False
    for key, item in pairs:
        inner, ours = _stripped(item)
        if ours or (isinstance(value, dict) and str(key).lower() == _NAME):
            lost = True
        else:
            kept.append((key, inner))
    if lost and not any(isinstance(v, (dict, list)) for _, v in kept):
        return None, True
    if isinstance(value, dict):
        return dict(kept), False
    return [v for _, v in kept], False
