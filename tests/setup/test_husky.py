"""gitmemory/setup/husky.py, in process: husky is recognised from where git runs hooks, its
generated stubs are told apart from the team's scripts, and status says truthfully what
runs for each hook in every husky layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.setup import husky

V9_STUB = '#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n'
V8_SCRIPT = '#!/usr/bin/env sh\n. "$(dirname -- "$0")/_/husky.sh"\n\nnpm run lint\nnpm test\n'
V8_STUB = '#!/usr/bin/env sh\n. "$(dirname -- "$0")/_/husky.sh"\n'


def _v9(top: Path, scripts: dict[str, str], stubs: tuple[str, ...] = ()) -> husky.Husky:
    (top / ".husky" / "_").mkdir(parents=True)
    for name, text in scripts.items():
        (top / ".husky" / name).write_text(text)
    for name in stubs:
        (top / ".husky" / "_" / name).write_text(V9_STUB)
    found = husky.detect(str(top), str(top / ".husky" / "_"))
    assert found is not None
    return found


@pytest.mark.parametrize(("hooks_dir", "found"), [
    (".husky/_", True), (".husky", True), (".husky/deeper/_", True),
    (".git/hooks", False), (".huskyish", False), ("tools/.husky", False),
])
def test_husky_is_recognised_from_the_hooks_directory(tmp_path: Path, hooks_dir: str,
                                                      found: bool) -> None:
    (tmp_path / hooks_dir).mkdir(parents=True)
    assert (husky.detect(str(tmp_path), str(tmp_path / hooks_dir)) is not None) is found


def test_a_hooks_directory_reached_through_a_symlink_is_still_husky(tmp_path: Path) -> None:
    (tmp_path / ".husky" / "_").mkdir(parents=True)
    (tmp_path / "hooks-link").symlink_to(tmp_path / ".husky" / "_")
    assert husky.detect(str(tmp_path), str(tmp_path / "hooks-link")) is not None


@pytest.mark.parametrize(("text", "stub"), [
    (V9_STUB, True), (V8_STUB, True), (V8_SCRIPT, False), ("", False),
    ("#!/bin/sh\nexec pre-commit\n", False),
])
def test_stubs_are_told_apart_from_scripts(tmp_path: Path, text: str, stub: bool) -> None:
    found = _v9(tmp_path, {})
    (tmp_path / ".husky" / "_" / "pre-push").write_text(text)
    assert found.stub("pre-push") is stub


def test_a_team_script_is_found_and_read_for_a_gitmemory_call(tmp_path: Path) -> None:
    found = _v9(tmp_path, {"pre-push": "npm test\ngitmemory hook pre-push \"$@\"\n",
                           "post-checkout": "npm run build\n"})
    assert found.script("pre-push") == str(tmp_path / ".husky" / "pre-push")
    assert found.calls_gitmemory("pre-push")
    assert not found.calls_gitmemory("post-checkout")
    assert found.script("post-merge") is None
    assert not found.calls_gitmemory("post-merge")


def test_a_symlinked_team_script_is_not_read(tmp_path: Path) -> None:
    found = _v9(tmp_path, {})
    outside = tmp_path / "outside"
    outside.write_text("gitmemory hook pre-push\n")
    (tmp_path / ".husky" / "pre-push").symlink_to(outside)
    assert found.script("pre-push") is None
    assert not found.calls_gitmemory("pre-push")


@pytest.mark.parametrize(("ours", "legacy_runs", "script", "said"), [
    (True, True, True, "gitmemory after husky (.husky/pre-push)"),
    (True, True, False, "gitmemory (husky has no script for it)"),
    (True, False, True, "gitmemory"),
    (False, False, False, "missing (husky runs no script; gitmemory install adds gitmemory)"),
    (False, False, True, "missing (husky runs .husky/pre-push; gitmemory install adds "
                         "gitmemory)"),
])
def test_status_in_a_v9_layout(tmp_path: Path, ours: bool, legacy_runs: bool, script: bool,
                               said: str) -> None:
    found = _v9(tmp_path, {"pre-push": "npm test\n"} if script else {}, stubs=("pre-push",))
    assert husky.describe(found, "pre-push", ours, legacy_runs) == said


def test_status_when_the_team_script_calls_gitmemory_itself(tmp_path: Path) -> None:
    found = _v9(tmp_path, {"pre-push": "gitmemory hook pre-push \"$@\"\n"})
    assert husky.describe(found, "pre-push", False, False) == \
        "husky (.husky/pre-push calls gitmemory)"


def test_status_in_a_v8_layout_points_at_the_docs(tmp_path: Path) -> None:
    (tmp_path / ".husky").mkdir()
    (tmp_path / ".husky" / "pre-push").write_text(V8_SCRIPT)
    found = husky.detect(str(tmp_path), str(tmp_path / ".husky"))
    assert found is not None
    assert found.scripts_are_hooks()
    assert husky.describe(found, "pre-push", False, False) == \
        f"missing (git runs .husky/pre-push; {husky.HOW})"
    assert husky.describe(found, "post-merge", False, False) == \
        f"missing (git runs no script; {husky.HOW})"


def test_a_hook_with_neither_stub_nor_script_is_plainly_missing(tmp_path: Path) -> None:
    found = _v9(tmp_path, {})
    assert not found.scripts_are_hooks()
    assert husky.describe(found, "post-rewrite", False, False) == "missing"
