"""Which files of a repository are its changelog: the file every change adds an entry to
(CHANGELOG.md, NEWS, docs/history.rst) and the fragments of one change each
(``changelog.d/``, ``.changeset/``, reno's notes).  Read by the commit sources, the offline
extractor and the gate's record of a reviewed commit (docs/design.md, "Where two rules
meet", *A record of a reviewed commit*), so it sits below all of them.  Stdlib only."""

from __future__ import annotations

from functools import lru_cache

_CHANGELOG_NAMES = {"changes", "changelog", "history", "news", "releases", "release-notes",
                    "release_notes", "releasenotes", "whatsnew", "whats_new", "whats-new"}
_NOT_ENTRIES = {"template", "readme", "example", "examples", "config", "_template"}
_FRAGMENT_DIRS = {"changelog", "changelog.d", "changes", "newsfragments", "news", "changelogs",
                  "changelog_unreleased", "changelog-unreleased", "unreleased",
                  ".changeset", ".changes", "release-notes", "releasenotes", "announce"}
_FRAGMENT_TYPES = {"feature", "bugfix", "bug", "doc", "docs", "removal", "misc", "deprecation",
                   "breaking", "improvement", "trivial", "vendor", "contrib", "packaging",
                   "added", "changed", "fixed", "removed", "security", "change", "fix"}
TEXT_SUFFIXES = (".md", ".rst", ".txt", ".adoc", ".markdown")


@lru_cache(maxsize=8192)  # asked of each file of each commit by several rules
def is_changelog(path: str) -> bool:
    """CHANGES.rst, CHANGELOG.md, docs/history.rst, and fragments (changelog/123.bugfix.rst,
    .changeset/*.md, reno's releasenotes/notes/*.yaml)."""
    parts = path.lower().split("/")
    base = parts[-1]
    if base.partition(".")[0] in _NOT_ENTRIES:
        return False  # what an entry looks like, or how to write one
    fragment = any(part in _FRAGMENT_DIRS for part in parts[:-1])
    if parts[:-1][-2:] == ["releasenotes", "notes"] and base.endswith((".yaml", ".yml")):
        return True  # reno's notes
    if fragment and _versioned(base):
        return True  # jackson's release-notes/VERSION-2.x: the notes of a release series
    if "." in base and not base.endswith(TEXT_SUFFIXES):
        return fragment and base.rsplit(".", 1)[1] in _FRAGMENT_TYPES
    return fragment or base.partition(".")[0] in _CHANGELOG_NAMES


def release_notes_file(path: str) -> bool:
    """Whether ``path`` holds one release's notes in a release notes directory
    (``changelog/1.2.0.md``): the commit that writes it whole writes that release, however
    long its notes run."""
    parts = path.lower().split("/")
    return is_changelog(path) and any(part in _FRAGMENT_DIRS for part in parts[:-1]) and \
        _versioned(parts[-1])


def _versioned(base: str) -> bool:
    """Whether a file's name (lower case) is a version's or a release series' ("version-2.x",
    "v3.0.md", "2.19.rst"): in a release notes directory, the notes every change of that
    series adds to."""
    stem = base[:-len(suffix)] if (suffix := next(
        (s for s in TEXT_SUFFIXES if base.endswith(s)), "")) else base
    if stem in ("version", "versions"):
        return True  # release-notes/VERSION
    named = stem.removeprefix("version").removeprefix("v").lstrip("-_")
    head, dot, rest = named.partition(".")
    # "123.md" is a fragment named for its issue: a version has a dot, or says it is one
    return head.isdigit() and bool(dot or named != stem) and \
        all(part.isdigit() or part == "x" for part in rest.split(".") if rest)


def is_fragment(path: str) -> bool:
    """A changelog file of one change (``newsfragments/3035.feature.rst``,
    ``.changeset/x.md``), not the changelog every change adds to."""
    parts = path.lower().split("/")
    return is_changelog(path) and parts[-1].partition(".")[0] not in _CHANGELOG_NAMES and \
        any(part in _FRAGMENT_DIRS for part in parts[:-1]) and not _versioned(parts[-1])
