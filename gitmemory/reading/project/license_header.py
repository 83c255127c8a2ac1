"""The license header every source file carries, when the repository keeps its template
or CI checks for it.

A header template at the top of the tree (``.license_header_template``, which the
Swift projects' soundness check reads; ``.licenserc.yaml``'s ``header``) is the
repository saying that each source file starts with it: an agent that adds a file
copies it.  The template's text is not quoted (its years and names are filled in).  So
is a CI step that checks every file for its header with google/addlicense (``addlicense
-c 'The Cobra Authors' -l apache -check .``): a new file without it fails CI; the holder
and licence it names are said.  So is Maven's license-maven-plugin (com.mycila) in the
top pom.xml, with the header file it names and the goals the pom itself names.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
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
    plugin = _maven_plugin(snapshot)
    if plugin:
        yield "conventions", plugin, ["pom.xml"]
        return
    checked = _addlicense(snapshot)
    if checked:
        said, workflow = checked
        yield "conventions", f"License header: each source file starts with {said} " \
            f"(CI checks with `addlicense -check`)", [workflow]


def _addlicense(snapshot: Snapshot) -> tuple[str, str] | None:
    """("the Apache-2.0 license header naming `The Cobra Authors`", workflow) for a CI
    step running addlicense with ``-check``, or None."""
    for path in ci_steps.workflows(snapshot):
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


_MYCILA = lazy_regex(r"<groupId>\s*com\.mycila\s*</groupId>\s*<artifactId>\s*"
                     r"license-maven-plugin\s*</artifactId>")
_HEADER = lazy_regex(r"<header>\s*(?:\$\{(?:project\.basedir|basedir)\}/)?([^<$\s]+)\s*"
                     r"</header>")


def _maven_plugin(snapshot: Snapshot) -> str:
    """The license header the top pom.xml's license-maven-plugin (com.mycila) keeps on the
    sources, and the goals the pom names (guice: "Use 'mvn license:format -N' at top of
    project to add missing headers"), or ""."""
    text = snapshot.text("pom.xml") or ""
    found = _MYCILA.search(text)
    if found is None:
        return ""
    header = _HEADER.search(text, found.end())
    where = f" in `{header.group(1)}`" if header and snapshot.has(header.group(1)) else ""
    mvn = "./mvnw" if snapshot.has("mvnw") else "mvn"
    # the goals the pom itself names (its comments tell how to run them): no other is said
    goals = [f"`{mvn} license:{goal}` {does}" for goal, does in (
        ("format", "adds it where it is missing"), ("check", "checks")) if
        f"license:{goal}" in text]
    return f"License header: each source file starts with the license header{where} " \
        f"(license-maven-plugin in pom.xml{': ' if goals else ''}{', '.join(goals)})"


def _runs(doc: object) -> list[str]:
    """Every step's ``run`` of a GitHub workflow."""
    return [step["run"] for step in ci_steps.job_steps(doc) if isinstance(step.get("run"), str)]
