"""What a project's own git hook enforces, by the name the project gave it (docs/design.md,
"Sources").

A hook the project wrote itself (pre-commit's ``repo: local``, a devenv git hook with an
``entry`` of its own) is named for the rule it checks: "Change both Makefile and
Makefile.win" fails a commit that touches one of them only.  A name that says files change
together is stated as a rule for files changed together, in its words, citing the file the
hook is set in; the hooks a tool ships (``check-yaml``) name the tool's checks, not the
project's rules, and are left to the ``Hooks`` item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.guide_rules import TOPICS
from gitmemory.reading.project.snapshot import Snapshot

FILES = ("devenv.nix",)
_TOGETHER = "Rules for files changed together"
# devenv's git hooks: `git-hooks.hooks = { x = { name = "..."; entry = ...; }; }`
_DEVENV_HOOKS = lazy_regex(r"\b(?:git-hooks|pre-commit)\.hooks\b")
_NIX_NAME = lazy_regex(r"\bname\s*=\s*\"([^\"\n]{8,120})\"\s*;")
_PRE_COMMIT = (".pre-commit-config.yaml", ".pre-commit-config.yml")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    together = dict(TOPICS)[_TOGETHER]
    for name, path in _named(snapshot):
        if together.search(name):
            yield "conventions", f"{_TOGETHER}: {name.rstrip('.')} (a commit hook in `{path}` " \
                "checks it)", [path]
            return


def _named(snapshot: Snapshot) -> Iterable[tuple[str, str]]:
    """(name, file) of each hook the project wrote itself."""
    for path in _PRE_COMMIT:
        doc = snapshot.yaml(path)
        if not isinstance(doc, dict):
            continue
        for repo in doc.get("repos") or []:
            if isinstance(repo, dict) and repo.get("repo") == "local":
                yield from ((str(hook["name"]), path) for hook in repo.get("hooks") or []
                            if isinstance(hook, dict) and hook.get("name"))
    for path in FILES:
        text = snapshot.text(path) or ""
        if _DEVENV_HOOKS.search(text):
            yield from ((re.sub(r"\s+", " ", m.group(1)), path)
                        for m in _NIX_NAME.finditer(text))
