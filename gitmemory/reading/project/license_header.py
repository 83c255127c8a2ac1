"""The license header every source file carries, when the repository keeps its template.

A header template at the top of the tree (``.license_header_template``, which the
Swift projects' soundness check reads; ``.licenserc.yaml``'s ``header``) is the
repository saying that each source file starts with it: an agent that adds a file
copies it.  The template's text is not quoted (its years and names are filled in).
"""

from __future__ import annotations

from collections.abc import Iterable

from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("License header",)
FILES = (".license_header_template", ".licenserc.yaml", ".licenserc.yml",
         "license_header_template")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in FILES if snapshot.has(p)), "")
    if path:
        yield "conventions", "License header: each source file starts with the license " \
            f"header in `{path}`", [path]
