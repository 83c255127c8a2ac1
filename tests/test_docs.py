"""Docs that cannot rot: generated parts match the code, relative links resolve."""

from __future__ import annotations

import importlib.util
import re
from types import ModuleType

import pytest

from testing.precommit_repo import ROOT

DOCS = ROOT / "docs"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_gen", DOCS / "_gen.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cli_reference_matches_every_commands_help() -> None:
    assert (DOCS / "cli.md").read_text("utf-8") == _generator().cli_reference(), \
        "docs/cli.md is stale: run python docs/_gen.py"


def test_settings_table_matches_config_keys() -> None:
    current = (DOCS / "configuration.md").read_text("utf-8")
    assert current == _generator().configuration(current), \
        "docs/configuration.md is stale: run python docs/_gen.py"


def test_git_config_names_are_camel_case() -> None:
    assert _generator().git_name("max_inject_chars") == "gitmemory.maxInjectChars"
    assert _generator().git_name("enabled") == "gitmemory.enabled"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_relative_links_point_at_files_that_exist(page: str) -> None:
    text = (DOCS / page).read_text("utf-8")
    for target in re.findall(r"\]\((?!https?:|#)([^)#\s]+)", text):
        assert (DOCS / target).exists(), f"{page} links to missing {target}"
