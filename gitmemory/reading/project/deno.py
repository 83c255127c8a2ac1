"""Deno: deno.json's tasks (``deno task <name>``, with what each runs), ``deno test`` where
there are tests, ``deno lint`` and ``deno fmt`` (Deno's own, configured in deno.json).
"""

from __future__ import annotations

import json
import re
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task, make_task

FILES = ("deno.json", "deno.jsonc")
_COMMENT = lazy_regex(r"^\s*//.*$", re.M)
_TESTS = lazy_regex(r"(?:^|/)(?:[\w.-]+[._])?test\.(?:ts|tsx|js|mjs)$|"
                    r"(?:^|/)tests?/[^/]+\.(?:ts|js)$")


class Deno:
    name = "deno"

    def present(self, snapshot: Snapshot) -> bool:
        return any(snapshot.has(f) for f in FILES)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        config, path = _config(snapshot)
        tasks = config.get("tasks")
        if not isinstance(tasks, dict):
            return []
        out = []
        for name, spec in tasks.items():
            command = spec.get("command") if isinstance(spec, dict) else spec
            deps = spec.get("dependencies") if isinstance(spec, dict) else None
            calls = [f"deno task {d}" for d in deps or [] if isinstance(d, str) and d in tasks]
            out.append(make_task(name, f"deno task {name}",
                                 [command] if isinstance(command, str) else [], path,
                                 calls=calls))
        return out

    def implied(self, snapshot: Snapshot) -> list[Task]:
        _, path = _config(snapshot)
        found = [Task("lint", "deno lint", (), path, "lint", IMPLIED),
                 Task("format", "deno fmt", (), path, "format", IMPLIED)]
        if any(_TESTS.search(p) for p in snapshot.paths):
            found.append(Task("test", "deno test", (), path, "test", IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        return []


def _config(snapshot: Snapshot) -> tuple[dict[str, Any], str]:
    for path in FILES:
        text = snapshot.text(path)
        if text is None:
            continue
        try:
            data = json.loads(_COMMENT.sub("", text))
        except ValueError:
            return {}, path
        return (data if isinstance(data, dict) else {}), path
    return {}, FILES[0]
