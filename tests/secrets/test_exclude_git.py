"""gitmemory/secrets/exclude.py against git itself: for each set of patterns, the paths
``excluded()`` keeps from every provider are exactly the ones ``git check-ignore`` says a
.gitignore with those patterns ignores (lower-case paths: gitmemory also ignores case)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.secrets.exclude import excluded
from testing.gitrepo import git

PATHS = [
    ".env", ".env.local", "app/.env.production", "config/prod.env", "deploy/key.pem",
    "certs/server.key", "id_rsa", "home/.ssh/id_ed25519.pub", ".npmrc", "web/.npmrc",
    "infra/main.tfstate", "infra/main.tfstate.backup", "infra/vars.tfvars", "secrets/db.yml",
    "app/secrets/api.json", "credentials.json", "gcp/service-account-prod.json",
    "src/app.py", "src/secrets.py", "docs/secrets.md", "build/out.js", "src/build/x.py",
    "docs/a/b/c.tmp", "docs/c.tmp", "logs/today.log", "keep.log", "a/b/c/d.txt",
    "data/file1.csv", "data/filea.csv", "vendor/lib/x.go", "lib/vendor/y.go",
]
PATTERN_SETS = {
    "defaults": DEFAULT_EXCLUDES,
    "anchored and not": ["/build", "vendor/", "*.log", "!keep.log"],
    "double stars": ["docs/**/*.tmp", "**/c/*.txt", "a/**/d.txt"],
    "classes and marks": ["data/file[0-9].csv", "src/?pp.py", "# a comment", ""],
    "re-include inside an excluded directory": ["secrets/", "!secrets/db.yml", "*.json",
                                                "!credentials.json"],
    "directory contents": ["lib/**", "infra/*"],
}


def _ignored_by_git(repo: Path, patterns: list[str]) -> set[str]:
    (repo / ".gitignore").write_text("\n".join(patterns) + "\n")
    done = git(repo, "check-ignore", "--no-index", "--stdin", check=False,
               stdin="\n".join(PATHS) + "\n")
    assert done.returncode in (0, 1), done.stderr
    return set(done.stdout.split())


@pytest.mark.parametrize("name", list(PATTERN_SETS))
def test_excluded_agrees_with_git_check_ignore(repo: Path, name: str) -> None:
    patterns = list(PATTERN_SETS[name])
    ours = {path for path in PATHS if excluded(path, patterns)}
    assert ours  # every set excludes something here, and leaves something
    assert ours != set(PATHS)
    assert ours == _ignored_by_git(repo, patterns)
