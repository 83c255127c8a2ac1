"""What a project's own git hook enforces, by its name
(gitmemory/reading/project/hook_rules.py)."""

from __future__ import annotations

from gitmemory.injection.elements import elements
from gitmemory.reading.project import wanted
from tests.reading.test_project import lines, one, snapshot

PRE_COMMIT = """\
repos:
  - repo: https://github.com/example/hooks
    rev: v1.0.0
    hooks:
      - id: pairs
        name: Update both the lock file and the manifest
  - repo: local
    hooks:
      - id: lint
        name: Check both YAML and JSON syntax
        entry: scripts/lint.sh
        language: script
      - id: schema
        name: Keep schema.sql and the migrations in sync
        entry: scripts/schema-check.sh
        language: script
"""
DEVENV = """\
{ pkgs, ... }:
{
  name = "locale-tools";
  git-hooks.hooks = {
    locales = {
      enable = true;
      name = "Edit both locales/en.po and locales/en.json";
      entry = "scripts/check-locales";
      files = "^locales/en\\\\.(po|json)$";
    };
  };
}
"""


def test_a_local_hook_named_for_files_changed_together_states_the_rule() -> None:
    found = lines(snapshot({".pre-commit-config.yaml": PRE_COMMIT, "mix.exs": ""}))
    assert one(found, "Rules for files changed together:") == (
        "Rules for files changed together: Keep schema.sql and the migrations in sync (a commit "
        "hook in `.pre-commit-config.yaml` checks it)")
    # the words around the name run nothing ("git hook" would read as `git hook`): the gate
    # has only the name's own elements to confirm
    assert elements(one(found, "Rules for files changed together:")) == [], found
    assert "devenv.nix" in wanted(["devenv.nix", "src/x.c"])
    found = lines(snapshot({"devenv.nix": DEVENV, "Makefile": "all:\n\ttrue\n"}))
    assert one(found, "Rules for files changed together:") == (
        "Rules for files changed together: Edit both locales/en.po and locales/en.json (a commit "
        "hook in `devenv.nix` checks it)")


def test_a_tools_hook_or_a_name_that_only_checks_both_says_nothing() -> None:
    # the remote repository's hook is the tool's; "Check both ..." is no change to make
    config = PRE_COMMIT.replace("Keep schema.sql and the migrations in sync", "Schema check")
    found = lines(snapshot({".pre-commit-config.yaml": config, "mix.exs": ""}))
    assert not any(line.startswith("Rules for files changed together:") for line in found)
    # a devenv.nix without git hooks: its names are packages', not rules
    plain = DEVENV.replace("git-hooks.hooks", "env.vars")
    found = lines(snapshot({"devenv.nix": plain, "Makefile": "all:\n\ttrue\n"}))
    assert not any(line.startswith("Rules for files changed together:") for line in found)
