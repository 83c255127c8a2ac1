"""The tests a suite leaves out unless asked: tags its runner excludes by default
(docs/design.md, "Sources").

A suite whose tests that need the network, a proxy or a slow service carry a tag, and
whose runner's settings exclude that tag, runs green without them: an agent that
changes that code must know the tag and how to include it.  Read from the settings
themselves: ExUnit's ``exclude:`` in ``test/test_helper.exs``, RSpec's
``filter_run_excluding``, JUnit tags a Gradle or Maven build excludes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.jvm import maven
from gitmemory.reading.project.settings import listed
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Test tags",)
FILES = ("test/test_helper.exs", "spec/spec_helper.rb", "spec/rails_helper.rb")
_EXUNIT = lazy_regex(r"ExUnit\.(?:start|configure)\((?P<args>[^)]*)\)")
_EXCLUDE = lazy_regex(r"\bexclude:\s*(?:\[(?P<many>[^\]]*)\]|:(?P<one>\w+))")
_TAG = lazy_regex(r":(\w+)|\b(\w+):\s*(?:true|:)")
_RSPEC = lazy_regex(r"filter_run_excluding\s*\(?\s*(?::(\w+)|(\w+):\s*true)")
_GRADLE = lazy_regex(r"excludeTags\s*\(?\s*((?:['\"][\w-]+['\"]\s*,?\s*)+)")
_MAVEN = lazy_regex(r"<excludedGroups>\s*([\w\s,-]+?)\s*</excludedGroups>")
_MOST = 6


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    said: list[str] = []
    paths: list[str] = []
    exunit = _exunit(snapshot.text(FILES[0]) or "")
    if exunit:
        said.append("ExUnit excludes " + listed([f"`:{t}`" for t in exunit], _MOST) +
                    f" by default (`mix test --include {exunit[0]}` runs them)")
        paths.append(FILES[0])
    for path in FILES[1:]:
        tags = list(dict.fromkeys(a or b for a, b in _RSPEC.findall(snapshot.text(path) or "")))
        if tags:
            said.append("RSpec skips specs tagged " + listed([f"`{t}`" for t in tags], _MOST) +
                        f" unless asked (`rspec --tag {tags[0]}`)")
            paths.append(path)
            break
    for path in ("build.gradle.kts", "build.gradle", "pom.xml"):
        text = snapshot.text(path) or ""
        found = [t for m in _GRADLE.findall(text) for t in re.findall(r"[\w-]+", m)] + \
            [t for m in _MAVEN.findall(text) for t in re.split(r"[\s,]+", m) if t]
        profile = ""
        if not found and path == "pom.xml":
            found, profile = _maven_property(text)
        if found:
            said.append("JUnit tags " + listed([f"`{t}`" for t in dict.fromkeys(found)], _MOST) +
                        f" are excluded from the build's test run ({path})" + (
                            f"; `{maven(snapshot)} {profile}` runs them" if profile else ""))
            paths.append(path)
            break
    if said:
        yield "conventions", "Test tags: " + "; ".join(said), paths


# `<excludedGroups>${failsafe.excludedGroups}</excludedGroups>`: the tags set by a property
_MAVEN_REF = lazy_regex(r"<excludedGroups>\s*\$\{([\w.-]+)\}\s*</excludedGroups>")
_PROFILE = lazy_regex(r"<profile>(.*?)</profile>", re.S)


def _maven_property(text: str) -> tuple[list[str], str]:
    """The tags a Maven build excludes through a property (``<excludedGroups>${x}``, the
    property set to ``long-running``), and the goal with the profile that empties it
    (``verify -Plong-running``: the failsafe plugin runs in ``verify``, surefire in
    ``test``), or "" when no profile does."""
    ref = _MAVEN_REF.search(text)
    if ref is None:
        return [], ""
    name = re.escape(ref.group(1))
    value = re.search(rf"<{name}>\s*([\w\s,-]+?)\s*</{name}>", text)
    if value is None:
        return [], ""
    tags = [t for t in re.split(r"[\s,]+", value.group(1)) if t]
    profile = next((m.group(1) for block in _PROFILE.findall(text)
                    if re.search(rf"<{name}\s*/>|<{name}>\s*</{name}>", block)
                    for m in [re.search(r"<id>\s*([\w.-]+)\s*</id>", block)] if m), "")
    plugin = text.rfind("<artifactId>", 0, ref.start())
    goal = "verify" if "failsafe" in text[plugin:ref.start()] else "test"
    return tags, f"{goal} -P{profile}" if profile else ""


def _exunit(text: str) -> list[str]:
    tags: list[str] = []
    for call in _EXUNIT.finditer(text):
        for found in _EXCLUDE.finditer(call.group("args")):
            if found.group("one"):
                tags.append(found.group("one"))
            else:
                tags += [a or b for a, b in _TAG.findall(found.group("many") or "")]
    return list(dict.fromkeys(tags))
