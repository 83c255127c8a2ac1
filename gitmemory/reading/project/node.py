"""JavaScript and TypeScript: ``package.json`` scripts run by the package manager its lock
file names (npm, pnpm, yarn, bun), each script shown whole (``npm test`` runs ``xo``,
``npm run build``, ``ava``); the Node version (``engines``, ``.nvmrc``), the module
type, TypeScript; a workspace's packages with their own scripts.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import shellwords
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task, make_task

_LOCKS = (("pnpm-lock.yaml", "pnpm"), ("bun.lock", "bun"), ("bun.lockb", "bun"),
          ("yarn.lock", "yarn"), ("package-lock.json", "npm"), ("npm-shrinkwrap.json", "npm"))
_INSTALL = {"npm": "npm ci", "pnpm": "pnpm install", "yarn": "yarn install",
            "bun": "bun install"}
MAX_PACKAGES = 12
# npm's lifecycle scripts of a release (`npm version` runs `version`): never any slot's.
_RELEASE_HOOKS = frozenset({"version", "preversion", "postversion", "prepublish",
                            "prepublishOnly", "publish", "postpublish", "prepack", "postpack"})


def manifest(snapshot: Snapshot, path: str = "package.json") -> dict[str, Any]:
    """The parsed ``package.json`` at ``path``, {} when absent or invalid."""
    text = snapshot.text(path)
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def manager(snapshot: Snapshot, scope: str = "") -> tuple[str, str]:
    """(package manager, the file that says so): the lock file, else ``packageManager``."""
    for directory in dict.fromkeys((scope, "")):
        for lock, tool in _LOCKS:
            path = posixpath.join(directory, lock) if directory else lock
            if snapshot.has(path):
                return tool, path
    declared = str(manifest(snapshot).get("packageManager") or "").split("@")[0]
    if declared in _INSTALL:
        return declared, "package.json"
    return "npm", ""


class Node:
    name = "node"

    def present(self, snapshot: Snapshot) -> bool:
        return bool(manifest(snapshot))

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return scripts(snapshot, "package.json")

    def implied(self, snapshot: Snapshot) -> list[Task]:
        tool, lock = manager(snapshot)
        how = f"{tool} install" if not lock or lock == "package.json" else _INSTALL[tool]
        return [Task("install", how, (), lock or "package.json", "setup", IMPLIED)]

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        return [f for f in (_runtime(snapshot), _workspace(snapshot)) if f]

    def packages(self, snapshot: Snapshot) -> list[tuple[str, list[Task]]]:
        """(directory, tasks) of each workspace package with scripts of its own; then the
        documentation site kept as a package of its own outside any workspace
        (``docs/package.json`` running Astro or Docusaurus): its scripts run in its
        directory, with its own dependencies."""
        out = []
        listed = workspace_manifests(snapshot)
        sites = [p for p in _SITES if p in snapshot.texts and p not in listed]
        for path in [*listed[:MAX_PACKAGES], *sites]:
            directory = posixpath.dirname(path)
            found = scripts(snapshot, path, directory)
            if found:
                out.append((directory, found))
        return out


# Where a documentation site keeps its own manifest.
_SITES = ("docs/package.json", "doc/package.json", "website/package.json", "site/package.json")


def scripts(snapshot: Snapshot, path: str, scope: str = "") -> list[Task]:
    data = manifest(snapshot, path)
    found = data.get("scripts")
    if not isinstance(found, dict):
        return []
    tool = manager(snapshot, scope)[0]
    known = _installed(data) | _installed(manifest(snapshot))
    out = []
    for name, line in found.items():
        if not isinstance(name, str) or not isinstance(line, str) or (name.startswith(
                ("pre", "post")) and name[3 if name.startswith("pre") else 4:] in found) or \
                name in _RELEASE_HOOKS:
            continue
        how = f"{tool} test" if name == "test" and tool != "bun" else f"{tool} run {name}"
        calls = [f"{tool} run {hook}{name}" for hook in ("pre",) if f"pre{name}" in found
                 and tool == "npm"]
        lines = [shlex.join(part) for part in shellwords.commands(line, strict=False) or []
                 if _is_tool(part, known) or _own_program(snapshot, part, scope)]
        out.append(make_task(name, how, lines, path, scope=scope, calls=calls))
    return out


def _installed(data: dict[str, Any]) -> set[str]:
    """Tools a package's scripts may start: its dependencies (and their short names)."""
    names: set[str] = set()
    for key in ("dependencies", "devDependencies", "optionalDependencies"):
        deps = data.get(key)
        if isinstance(deps, dict):
            for dep in deps:
                names |= {dep, dep.rsplit("/", 1)[-1]}
    if "typescript" in names:
        names.add("tsc")
    return names


_RUNNERS = frozenset({"node", "npm", "npx", "pnpm", "yarn", "bun", "bunx", "deno", "tsx",
                      "ts-node", "turbo", "nx", "lerna", "run-s", "run-p", "npm-run-all",
                      "tsc", "eslint", "prettier", "jest", "vitest", "mocha", "ava", "xo",
                      "biome", "oxlint", "playwright", "c8", "nyc", "tap", "tsd", "vite"})


def _is_tool(words: list[str], known: set[str]) -> bool:
    """A script part worth showing: a known tool, a dependency's bin, or a local script."""
    head = shellwords.tool(words)
    return bool(head) and (head in _RUNNERS or head in known or head.startswith("./") or
                           head.endswith((".js", ".mjs", ".sh")))


def _own_program(snapshot: Snapshot, words: list[str], scope: str) -> bool:
    """A script part that starts a program of the tree by its path (``bin/bats test``): the
    project's own program, which an agent cannot tell from the script's name."""
    head = words[0] if words else ""
    if "/" not in head or head.startswith(("/", "$", "~")):
        return False
    path = posixpath.normpath(posixpath.join(scope, head))
    return not path.startswith("..") and snapshot.has(path)


def workspace_manifests(snapshot: Snapshot) -> list[str]:
    """The ``package.json`` of each workspace package (npm/yarn ``workspaces``, pnpm's
    ``pnpm-workspace.yaml``), in tree order."""
    data = manifest(snapshot)
    globs = data.get("workspaces")
    if isinstance(globs, dict):
        globs = globs.get("packages")
    pnpm = snapshot.yaml("pnpm-workspace.yaml")
    if isinstance(pnpm, dict) and isinstance(pnpm.get("packages"), list):
        globs = pnpm["packages"]
    if not isinstance(globs, list):
        return []
    patterns = [g.rstrip("/") for g in globs if isinstance(g, str) and not g.startswith("!")]
    negated = [g[1:].rstrip("/") for g in globs if isinstance(g, str) and g.startswith("!")]
    found = []
    for path in sorted(p for p in snapshot.texts if p.endswith("/package.json")):
        directory = posixpath.dirname(path)
        if any(workspace_glob(directory, g) for g in patterns) and not any(
                workspace_glob(directory, g) for g in negated):
            found.append(path)
    return found


def workspace_glob(directory: str, pattern: str) -> bool:
    """Whether a workspace glob takes ``directory``: ``*`` within one directory, ``**`` any
    number of them (``packages/**/*`` takes ``packages/core`` and ``packages/a/b``)."""
    parts = [p for p in pattern.removeprefix("./").strip("/").split("/") if p]
    regex = ""
    for n, part in enumerate(parts):
        if part == "**":
            regex += "(?:/[^/]+)*" if n else "[^/]+(?:/[^/]+)*"
            continue
        segment = re.escape(part).replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        regex += ("/" if n else "") + segment
    return bool(regex) and re.fullmatch(regex, directory) is not None


_VERSION = lazy_regex(r"(\d+(?:\.\d+){0,2})")


def _runtime(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """"Node: 22 or later (engines); ES modules; TypeScript" from the manifest and pins."""
    data = manifest(snapshot)
    parts: list[str] = []
    paths: list[str] = []
    engines = data.get("engines")
    spec = str(engines.get("node") or "") if isinstance(engines, dict) else ""
    floor = _VERSION.search(spec)
    if floor:  # the range itself is not quoted: `<` and `>` do not survive rendering
        parts.append(f"{floor.group(1)} or later (`engines.node`)"
                     if re.match(r"^\s*(?:>=?|\^|~)", spec) else
                     f"{floor.group(1)} (`engines.node`)")
        paths.append("package.json")
    for pin in (".nvmrc", ".node-version"):
        text = (snapshot.text(pin) or "").strip()
        if text and _VERSION.search(text):
            parts.append(f"pinned to {text.splitlines()[0].strip()} ({pin})")
            paths.append(pin)
            break
    if data.get("type") == "module":
        parts.append('ES modules (`"type": "module"`)')
        paths.append("package.json")
    if snapshot.has("tsconfig.json"):
        parts.append(_typescript(snapshot))
        paths.append("tsconfig.json")
    tool, lock = manager(snapshot)
    if lock:
        parts.append(f"{tool} ({lock})")
        paths.append(lock)
    if not parts or not data:
        return None
    return "conventions", "Node: " + "; ".join(parts), paths


_CHECKS_JS = lazy_regex(r'"checkJs"\s*:\s*true')
_DECLARATIONS_ONLY = lazy_regex(r'"emitDeclarationOnly"\s*:\s*true')
_TS_SOURCE = (".ts", ".tsx", ".mts", ".cts")
_TS_DECLARATIONS = (".d.ts", "-d.ts", ".d.mts", ".d.cts")  # declarations, tsd's type tests


def _typescript(snapshot: Snapshot) -> str:
    """What tsconfig.json makes of the code: TypeScript, or JavaScript whose types are
    JSDoc comments that tsc checks (``checkJs``) where the tree holds no TypeScript source
    (unified: "TypeScript" sent an agent to write .ts files in a project of .js ones)."""
    text = snapshot.text("tsconfig.json") or ""
    if not _CHECKS_JS.search(text) or any(
            p.endswith(_TS_SOURCE) and not p.endswith(_TS_DECLARATIONS) and
            "node_modules/" not in p for p in snapshot.paths):
        return "TypeScript (tsconfig.json)"  # the tree's paths read only where tsc checks JS
    emits = "; it emits only the .d.ts declarations" if _DECLARATIONS_ONLY.search(text) else ""
    return f"JavaScript typed in JSDoc comments, which tsc checks (tsconfig.json `checkJs`{emits})"


def _workspace(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """"Packages: pnpm workspace of 4 packages: vite (`packages/vite/`) ..."."""
    found = [posixpath.dirname(p) for p in workspace_manifests(snapshot)
             if manifest(snapshot, p).get("name")]
    if len(found) < 2:
        return None
    tool, _ = manager(snapshot)
    source = "pnpm-workspace.yaml" if snapshot.has("pnpm-workspace.yaml") else "package.json"
    # By directory: a scoped name (@org/x) would read as an import to Claude Code.
    shown = ", ".join(f"`{d}/`" for d in found[:6])
    more = f" and {len(found) - 6} more" if len(found) > 6 else ""
    return "conventions", f"Packages: {tool} workspace of {len(found)} packages in {shown}{more}",\
        [source]
