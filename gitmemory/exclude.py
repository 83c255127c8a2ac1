"""INTERIM (replaced by the safety branch): path exclusion."""

from __future__ import annotations

import fnmatch

LOCK_NAMES = {"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "uv.lock",
              "Cargo.lock", "Gemfile.lock", "composer.lock", "go.sum", "Pipfile.lock"}


def excluded(path: str, patterns: list[str]) -> bool:
    base = path.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatch(path, p) or ("/" not in p and fnmatch.fnmatch(base, p))
               or (p.endswith("/**") and path.startswith(p[:-2])) for p in patterns)


def is_lock_file(path: str) -> bool:
    base = path.rsplit("/", 1)[-1]
    return base in LOCK_NAMES or base.endswith(".lock")
