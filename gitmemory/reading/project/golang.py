"""Go: the ``go`` and ``toolchain`` lines of go.mod, golangci-lint's configuration, and
``go test ./...`` where the module has tests; nested modules of a multi-module tree.
"""

from __future__ import annotations

import posixpath
import re

from gitmemory.reading.project.snapshot import Snapshot, strings, table
from gitmemory.reading.project.task import IMPLIED, Task

GOLANGCI = (".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json")
_GO = re.compile(r"^go\s+(\d+\.\d+(?:\.\d+)?)\s*$", re.M)
_TOOLCHAIN = re.compile(r"^toolchain\s+go(\d+\.\d+(?:\.\d+)?)\s*$", re.M)
_MODULE = re.compile(r"^module\s+(\S+)", re.M)
MAX_MODULES = 8


class Go:
    name = "go"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("go.mod")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = []
        if any(p.endswith("_test.go") for p in snapshot.paths):
            found.append(Task("test", "go test ./...", (), "go.mod", "test", IMPLIED))
        config = next((c for c in GOLANGCI if snapshot.has(c)), "")
        if config:
            found.append(Task("lint", "golangci-lint run", (), config, "lint", IMPLIED))
        found.append(Task("setup", "go mod download", (), "go.mod", "setup", IMPLIED))
        checked = _gofmt_checked(snapshot)
        if checked:
            # named as the file that checks names it: that file is the item's evidence
            said = "go fmt ./..." if _GO_FMT.search(snapshot.text(checked) or "") and not \
                _GOFMT_ITSELF.search(snapshot.text(checked) or "") else "gofmt -w ."
            found.append(Task("format", said, (), checked, "format", IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        text = snapshot.text("go.mod") or ""
        version, toolchain = _GO.search(text), _TOOLCHAIN.search(text)
        out: list[tuple[str, str, list[str]]] = []
        if version:
            said = f"Go: {version.group(1)} (go.mod `go` line)"
            if toolchain:
                said += f"; toolchain go{toolchain.group(1)}"
            module = _MODULE.search(text)
            if module:
                said += f"; module `{module.group(1)}`"
            out.append(("conventions", said, ["go.mod"]))
        linters = _golangci(snapshot)
        if linters:
            out.append(linters)
        return out

    def packages(self, snapshot: Snapshot) -> list[tuple[str, list[Task]]]:
        """Nested modules (their own go.mod): ``go test ./...`` runs there, not from the top."""
        mods = sorted(p for p in snapshot.paths if p.endswith("/go.mod") and
                      not p.startswith(("vendor/", "testdata/")) and "/testdata/" not in p)
        out = []
        for path in mods[:MAX_MODULES]:
            directory = posixpath.dirname(path)
            if any(p.startswith(directory + "/") and p.endswith("_test.go")
                   for p in snapshot.paths):
                out.append((directory, [Task("test", "go test ./...", (), path, "test", IMPLIED,
                                             directory)]))
        return out


def _golangci(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """"Linters: golangci-lint ... enables errcheck, govet ...; formatters gofmt"."""
    path = next((c for c in GOLANGCI[:2] if snapshot.has(c)), "")
    doc = snapshot.yaml(path) if path else None
    if not isinstance(doc, dict):
        return None
    linters, formatters = table(doc, "linters"), table(doc, "formatters")
    enabled = strings(linters.get("enable"))
    formats = strings(formatters.get("enable"))
    if not enabled and not formats:
        return None
    default = linters.get("default") or ("none" if linters.get("disable-all") else "")
    text = f"Linters: golangci-lint ({path})"
    if enabled:
        more = f" and {len(enabled) - 8} more" if len(enabled) > 8 else ""
        base = "only" if default == "none" else "adds"
        text += f" {base} {', '.join(enabled[:8])}{more}"
    if formats:
        text += f"; formatters {', '.join(formats[:4])}"
    return "conventions", text, [path]


_GOFMT = re.compile(r"\bgo ?fmt\b")
_GO_FMT, _GOFMT_ITSELF = re.compile(r"\bgo fmt\b"), re.compile(r"\bgofmt\b")
_CI_FILES = (".gitlab-ci.yml", "azure-pipelines.yml", ".azure-pipelines.yml")


def _gofmt_checked(snapshot: Snapshot) -> str:
    """The CI file, or the script at the top of the tree CI runs, that formats or checks
    with gofmt (``./.ci.gofmt.sh`` running ``gofmt -l .``); "" when none does.  gofmt
    takes no settings, so its fixing form (``gofmt -w .``, or ``go fmt ./...`` where that
    file runs it so) formats as CI expects."""
    ci = {p: t for p, t in snapshot.texts.items()
          if p.startswith(".github/workflows/") or p in _CI_FILES}
    for path, text in sorted(ci.items()):
        if _GOFMT.search(text):
            return path
    joined = "\n".join(ci.values())
    for path, text in sorted(snapshot.texts.items()):
        if "/" not in path and path.endswith(".sh") and path in joined and _GOFMT.search(text):
            return path
    return ""

