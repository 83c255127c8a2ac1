"""What each agent loads: the team's own files left as written, the memory in files of its
own, each item once per agent, and each agent's limits (docs/agents.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from testing.agents import ALL_OUTPUTS, API_RULES, tree, write_memory
from testing.gitrepo import commit_file, gitmemory, set_up
from testing.gitrepo import git as run_git

API_ITEM = ("Handlers in src/api return plain dicts, never ORM rows", ("src/api/",))
TWO_AREAS = ("Fixtures in tests/api mirror the handlers in src/api", ("src/api/", "tests/api/"))
WIDE_ITEM = "Every module logs through the project's logger"


@pytest.fixture
def wired(repo: Path) -> Path:
    """gitmemory set up with native hooks and every output on; src/api exists."""
    set_up(repo, "offline")
    run_git(repo, "config", "gitmemory.outputs", ALL_OUTPUTS)
    commit_file(repo, "src/api/routes.py", "ROUTES = []\n", "Add the api package")
    return repo


def _front_matter(text: str) -> dict[str, object]:
    assert text.startswith("---\n"), text[:80]
    loaded = yaml.safe_load(text.split("\n---\n", 1)[0][4:])
    assert isinstance(loaded, dict)
    return loaded


def test_windsurf_globs_are_a_yaml_list(wired: Path) -> None:
    commit_file(wired, "tests/api/test_routes.py", "", "Add the api tests")
    write_memory(wired, "main", conventions=(API_ITEM, TWO_AREAS))
    gitmemory(wired, "generate")
    files = tree(wired)
    assert _front_matter(files[API_RULES["windsurf"]]) == {
        "trigger": "glob", "globs": ["src/api/**"]}
    both = _front_matter(files[".windsurf/rules/gitmemory-src-api+tests-api.md"])
    assert both == {"trigger": "glob", "globs": ["src/api/**", "tests/api/**"]}
