"""The license header every source file carries, when the repository keeps its template
or CI checks for it.

A header template at the top of the tree (``.license_header_template``, which the
Swift projects' soundness check reads; ``.licenserc.yaml``'s ``header``) is the
repository saying that each source file starts with it: an agent that adds a file
copies it.  The template's text is not quoted (its years and names are filled in).  So
is a CI step that checks every file for its header with google/addlicense (``addlicense
-c 'The Cobra Authors' -l apache -check .``): a new file without it fails CI; the holder
and licence it names are said.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

from gitmemory.reading.project import ci_steps
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("License header",)
FILES = (".license_header_template", ".licenserc.yaml", ".licenserc.yml",
         "license_header_template")
# addlicense's names for its licences (`-l apache`)
_LICENSES = {"apache": "Apache-2.0", "bsd": "BSD", "mit": "MIT", "mpl": "MPL-2.0"}


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in FILES if snapshot.has(p)), "")
    if path:
        yield "conventions", "License header: each source file starts with the license " \
            f"header in `{path}`", [path]
        return
    checked = _addlicense(snapshot)
    if checked:
        said, workflow = checked
        yield "conventions", f"License header: each source file starts with {said} " \
            f"(CI checks with `addlicense -check`)", [workflow]


def _addlicense(snapshot: Snapshot) -> tuple[str, str] | None:
    """("the Apache-2.0 license header naming `The Cobra Authors`", workflow) for a CI
    step running addlicense with ``-check``, or None."""
    for path in sorted(snapshot.texts):
        if not path.startswith(ci_steps.WORKFLOWS) or not path.endswith((".yml", ".yaml")):
            continue
        for run in _runs(snapshot.yaml(path)):
            if "addlicense" not in run or not re.search(r"(?:^|\s)-check\b", run):
                continue
            try:
                words = shlex.split(run.replace("\n", " "))
            except ValueError:
                continue
            given = {w: words[n + 1] for n, w in enumerate(words[:-1]) if w in ("-c", "-l")}
            kind = _LICENSES.get(given.get("-l", "apache"), given.get("-l", ""))
            holder = f" naming `{given['-c']}`" if given.get("-c") else ""
            return f"the {kind} license header{holder}", path
    return None


def _runs(doc: object) -> list[str]:
    """Every step's ``run`` of a GitHub workflow."""
    jobs = doc.get("jobs") if isinstance(doc, dict) else None
    if not isinstance(jobs, dict):
        return []
    return [step["run"] for job in jobs.values() if isinstance(job, dict)
            for step in (job.get("steps") or []) if isinstance(step, dict) and
            isinstance(step.get("run"), str)]
