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


def test_state_directory_table_matches_its_members() -> None:
    current = (DOCS / "design.md").read_text("utf-8")
    assert current == _generator().design(current), \
        "docs/design.md is stale: run python docs/_gen.py"


def test_git_config_names_are_camel_case() -> None:
    assert _generator().git_name("max_inject_chars") == "gitmemory.maxInjectChars"
    assert _generator().git_name("enabled") == "gitmemory.enabled"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_relative_links_point_at_files_that_exist(page: str) -> None:
    text = (DOCS / page).read_text("utf-8")
    for target in re.findall(r"\]\((?!https?:|#)([^)#\s]+)", text):
        assert (DOCS / target).exists(), f"{page} links to missing {target}"


def test_every_design_reference_in_the_code_names_a_section_of_design_md() -> None:
    headings = set(re.findall(r"^## (.+)$", (DOCS / "design.md").read_text("utf-8"), re.M))
    cited: dict[str, set[str]] = {}
    for path in (ROOT / "gitmemory").rglob("*.py"):
        text = " ".join(path.read_text("utf-8").split())
        for section in re.findall(r'docs/design\.md, "([^"]+)"', text):
            cited.setdefault(section, set()).add(str(path.relative_to(ROOT)))
        for section in re.findall(r'docs/design\.md, "[^"]+" and "([^"]+)"', text):
            cited.setdefault(section, set()).add(str(path.relative_to(ROOT)))
    assert cited  # modules do point at the design notes
    missing = {section: sorted(paths) for section, paths in cited.items()
               if section not in headings}
    assert not missing, f"docs/design.md has no section for {missing}"


def test_no_module_cites_a_document_outside_the_repository() -> None:
    for path in (ROOT / "gitmemory").rglob("*.py"):
        assert not re.search(r"\bSPEC\b", path.read_text("utf-8")), path
