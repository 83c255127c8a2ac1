"""Which changed files never leave the machine (docs/design.md, "Invariants").

``exclude_paths`` holds gitignore-style globs (defaults:
:data:`gitmemory.config.DEFAULT_EXCLUDES`); memorize drops the hunks of every
file they match before any provider call, and drops lock files too
(:func:`is_lock_file`): they are long, generated and say nothing a person
decided.

The glob rules are gitignore's:

- a pattern with no ``/`` (``*.pem``, ``.env*``, ``secrets``) matches a file
  or directory name at any depth; a pattern with a ``/`` at the start or in
  the middle (``config/secrets.yml``, ``/build``) is anchored at the
  repository root;
- ``*`` and ``?`` never match ``/``; ``[abc]`` and ``[!abc]`` are classes;
  ``**/`` matches any number of directories, ``/**`` everything inside,
  ``/**/`` zero or more directories;
- a pattern that matches a directory (``secrets/**``, ``secrets/``,
  ``secrets``) excludes everything under it;
- ``!pattern`` re-includes what an earlier pattern excluded; the last
  matching pattern wins; blank lines and ``#`` comments are ignored.

Matching ignores case, unlike git by default: on a case-insensitive file
system ``.ENV`` and ``Secrets/`` are the same files as ``.env`` and
``secrets/``, and for an exclusion list catching more is the safe side.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gitmemory.lazy_regex import lazy_regex

LOCK_FILES = frozenset(name.lower() for name in (
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock",
    "bun.lockb", "deno.lock", "poetry.lock", "uv.lock", "pdm.lock", "Pipfile.lock",
    "pylock.toml", "conda-lock.yml", "pixi.lock", "Cargo.lock", "Gemfile.lock", "composer.lock",
    "go.sum", "go.work.sum", "flake.lock", "mix.lock", "pubspec.lock", "Podfile.lock",
    "Package.resolved", "packages.lock.json", "gradle.lockfile", "Chart.lock",
    ".terraform.lock.hcl", "renv.lock", "paket.lock", "cabal.project.freeze", "stack.yaml.lock",
    "shrinkwrap.yaml", "requirements.lock", "requirements-dev.lock", "Manifest.toml",
))
_LOCK_SUFFIXES = (".lock", ".lockb", ".lockfile", "-lock.json", "-lock.yaml", "-lock.yml")


def excluded(path: str, patterns: list[str]) -> bool:
    """Whether ``path`` (relative to the repository root) matches ``patterns``.

    As in git, a file inside an excluded directory stays excluded even if a
    later ``!pattern`` names the file: only what was excluded by a pattern
    naming files can be re-included.  (Remembered: a run asks about the same files
    commit after commit.)
    """
    return _excluded(path, tuple(patterns))


@lru_cache(maxsize=8192)
def _excluded(path: str, patterns: tuple[str, ...]) -> bool:
    parts = _segments(path)
    rules = _rules(patterns)
    for end in range(1, len(parts) + 1):
        sub = "/".join(parts[:end])
        is_dir = end < len(parts)
        state = False
        for negated, regex, dir_only in rules:
            if (is_dir or not dir_only) and regex.fullmatch(sub):
                state = not negated
        if state:
            return True
    return False


_Rule = tuple[bool, re.Pattern[str], bool]


@lru_cache(maxsize=64)
def _rules(patterns: tuple[str, ...]) -> list[_Rule]:
    """The rules of ``patterns`` in order.  Without a ``!`` among them the last match is
    any match, so they are joined: one rule for any path and one for directories only,
    each an expression with a branch per pattern (a path a commit touched is asked about
    once a depth, not once a pattern)."""
    rules = [rule for rule in map(_compile, patterns) if rule is not None]
    if any(negated for negated, _, _ in rules):
        return rules
    joined = []
    for dirs in (False, True):
        regexes = [regex.pattern for _, regex, dir_only in rules if dir_only == dirs]
        if regexes:
            joined.append((False, re.compile("|".join(f"(?:{r})" for r in regexes),
                                             re.IGNORECASE | re.DOTALL), dirs))
    return joined


def is_lock_file(path: str) -> bool:
    """Whether ``path`` is a dependency lock file (``package-lock.json``, ``go.sum`` ...)."""
    name = _segments(path)[-1:] or [""]
    base = name[0].lower()
    return base in LOCK_FILES or (base.endswith(_LOCK_SUFFIXES) and base not in _LOCK_SUFFIXES)


def _segments(path: str) -> list[str]:
    return [p for p in path.replace("\\", "/").split("/") if p and p != "."]


@lru_cache(maxsize=512)
def _compile(pattern: str) -> _Rule | None:
    """(negated, expression over "a/b/c" paths, directories only), None for no pattern."""
    text = _trim(pattern)
    if not text or text.startswith("#"):
        return None
    negated = text.startswith("!")
    if negated or text.startswith("\\!") or text.startswith("\\#"):
        text = text[1:]
    dir_only = text.endswith("/") and not text.endswith("\\/")
    text = text.rstrip("/")
    if not text:
        return None
    anchored = "/" in text
    text = text.lstrip("/")
    body = _translate(text)
    if not anchored:
        body = "(?:.*/)?" + body
    return negated, lazy_regex(body, re.IGNORECASE | re.DOTALL), dir_only


def _trim(pattern: str) -> str:
    """Surrounding blanks go, except a trailing space escaped with a backslash."""
    text = pattern.strip("\r\n").lstrip()
    stripped = text.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(text):
        return stripped[:-1] + " "
    return stripped


def _translate(glob: str) -> str:
    out: list[str] = []
    i, n = 0, len(glob)
    while i < n:
        if glob.startswith("**/", i) and (i == 0 or glob[i - 1] == "/"):
            out.append("(?:[^/]*/)*")
            i += 3
        elif glob.startswith("/**", i) and i + 3 == n:
            out.append("/.*")
            i += 3
        elif glob.startswith("**", i) and i + 2 == n and (i == 0 or glob[i - 1] == "/"):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        elif glob[i] == "[":
            i = _bracket(glob, i, out)
        elif glob[i] == "\\" and i + 1 < n:
            out.append(re.escape(glob[i + 1]))
            i += 2
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return "".join(out)


def _bracket(glob: str, i: int, out: list[str]) -> int:
    end = glob.find("]", i + 2 if glob[i + 1:i + 2] in ("!", "^", "]") else i + 1)
    if end == -1:
        out.append(re.escape("["))
        return i + 1
    inner = glob[i + 1:end]
    if inner[:1] in ("!", "^"):
        inner = "^" + inner[1:]
    inner = inner.replace("\\", "\\\\")
    out.append(f"(?!/)[{inner}]")
    return end + 1
