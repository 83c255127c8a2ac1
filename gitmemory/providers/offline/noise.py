"""Commits whose message holds nothing worth remembering.

Merges, WIP/fixup/squash, typo fixes, version bumps and releases, dependency
bots, formatting runs, "Update README", adding or dropping a Python version:
their subjects are skipped outright (their files still count towards layout
facts).
"""

from __future__ import annotations

import re
from dataclasses import replace

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.header import Header
from gitmemory.reading.paths import files_kind

_DOC_FILES = (r"readme|changelog|changes|news|history|docs?|authors|contributors|copyright|"
              r"license|screenshots?|gifs?|images?|badges?|version|dependencies|deps|"
              r"lock ?files?|submodules?|translations?|snapshots?|golden files?")
_NOISE = lazy_regex(
    r"^(?:wip\b|work in progress|fixup!|squash!|amend!|initial commit|first commit|"
    r"(?:fix(?:ed|es|ing)?\s+)?(?:a\s+|some\s+|more\s+|minor\s+)?typos?\b|"
    r"(?:update[sd]?|bump(?:ed|s)?|regenerate[sd]?|refresh(?:ed)?)\s+(?:\S+\s+){0,2}?"
    r"(?:" + _DOC_FILES + r")(?:\.\w+)?(?:\s+(?:for|to|in)\s+\S+(?:\s+\S+)?)?$|"
    r"(?:bump|release|prepare(?:\s+for)?\s+release|release\s+version|version|"
    r"release\s+candidate|rc)\b[\s:v]*\d|"
    r"(?:increment|increase|update|set)(?:s|ed)?\s+(?:the\s+)?version(?:\s+number)?\s+to\b|"
    # "Version is now 5.0.2-SNAPSHOT": apollo-kotlin's bump, the version and nothing else
    r"version\s+(?:is\s+now|is|now|becomes)\s+v?\d+(?:\.\d+)+\S*$|"
    r"bump\s+(?:the\s+)?version|version\s+bump\b|prep(?:are)?\s+for\s+v?\d|(?:[-*]\s+)?v?\d+\.\d+(?:\.\d+)*\S*$|"
    r"(?:apply|run|ran|running)\s+(?:\S+\s+)?(?:black|ruff|prettier|isort|gofmt|rustfmt|"
    r"eslint|clang-format|formatter|linter|pre-commit)|"
    r"(?:re)?format(?:ted|ting)?(?:\s+(?:the\s+)?(?:code|files?|sources?|everything|all))?"
    r"(?:\s+with\s+\S+)?$|(?:fix\s+)?(?:lint|linting|linter)(?:\s+(?:errors?|warnings?|issues?))?$|"
    r"(?:fix\s+|remove\s+)?(?:trailing\s+)?whitespace\b|"
    r"(?:cargo|go|mix|dotnet|dart|deno|zig|terraform)\s+(?:fmt|format)\b\W*$|"
    r"(?:gofmt|rustfmt|clang-format|prettier|black|ruff format|stylua|ormolu|fourmolu)\W*$|"
    r"pre-commit autoupdate|\[pre-commit\.ci\]|"
    r"merged?\s+(?:branch|pull request|remote-tracking|origin/|main\b|master\b|develop\b)|"
    r"(?:bump|update|upgrade)\s+\S+\s+(?:requirement\s+)?from\s+\S+\s+to\b)", re.I)
# Which Python versions are supported: the project's metadata says so (the bootstrap
# reads it), a subject that adds or drops one is bookkeeping.
_PYTHON_VERSIONS = lazy_regex(
    r"^(?:drop|drops|dropped|remove|removes|add|adds|added|formali[sz]e|test|tests|support|"
    r"supports|require|requires|bump|declare|enable)\b.{0,40}?(?:\b(?:python|py|cpython|pypy)"
    r"\s*-?\s*v?3\.?\d{1,2}t?\b|\b3\.\d{1,2}t?\s+support\b|end[- ]of[- ]life python|"
    r"\beol python)", re.I)
_EMPTY = """update updates updated change changes changed misc stuff cleanup
clean up tmp temp test tests fix fixes fixed minor small more done oops wip tweak tweaks
improvements improvement refactor refactoring docs doc save commit code work progress"""
_EMPTY_WORDS = frozenset(_EMPTY.split())
_BOTS = ("dependabot", "renovate", "pre-commit-ci", "github-actions", "greenkeeper",
         "snyk-bot", "allcontributors")


def is_noise(header: Header, commit: Commit) -> bool:
    """Whether the commit's message should be ignored."""
    if header.kind in ("merge", "release", "style"):
        return True
    if any(key.lower() == "gitmemory-update" for key, _ in commit.trailers):
        return True
    if by_bot(commit):
        return True
    text = header.text.strip()
    if _NOISE.match(text) or _NOISE.match(commit.subject.strip()) or _PYTHON_VERSIONS.match(text):
        return True
    words = [w for w in re.split(r"[\s,.;:!]+", text.lower()) if w]
    return len(words) < 2 or all(w in _EMPTY_WORDS for w in words)


def by_bot(commit: Commit) -> bool:
    """Whether a dependency or CI bot wrote the commit."""
    author = commit.author.lower()
    return any(bot in author for bot in _BOTS)


def by_files(header: Header, commit: Commit) -> Header:
    """``header`` with the kind its commit's files give (``docs``, ``test``, ``ci``: every
    file of that kind) when its subject gives no type; a revert stays a revert whatever
    it touched (bandit's 'Revert "Pin GitHub Actions to commit SHAs"' touches workflows
    only, and read as a CI change it became "pinned GitHub Actions to commit SHAs")."""
    if header.conventional or header.kind == "revert":
        return header
    kind = files_kind([f.path for f in commit.files])
    return replace(header, kind=kind) if kind else header
