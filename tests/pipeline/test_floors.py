"""A minimum the history states and the tip's manifest gives otherwise is no longer true
(docs/design.md, "Memory"): tealdeer's CHANGELOG said "Minimal supported Rust version is
now 1.75" in v1.7.0, three bumps later `Cargo.toml` says 1.88, and both reached CLAUDE.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.providers.offline.minimums import against_manifest, family, raises_minimum
from testing.gitrepo import commit_file, git, gitmemory, set_up

CARGO = '[package]\nname = "tl"\nversion = "{0}"\nedition = "2021"\nrust-version = "{1}"\n'
CHANGES = ("# Changelog\n\n## v1.7.0\n\n### Changes\n\n"
           "- Minimal supported Rust version is now 1.75 (#350)\n")


def test_msrv_and_minimal_name_rusts_minimum() -> None:
    assert family("Minimal supported Rust version is now 1.75") == {"rust"}
    assert family("Bump MSRV to 1.80 (#426)") == {"rust"}
    assert raises_minimum("Bump MSRV to 1.80 (#426)")
    assert raises_minimum("Update dependencies, increase MSRV to 1.36 (#92)")
    assert not raises_minimum("Run clippy lints with MSRV")


@pytest.mark.parametrize(("said", "runtime", "version"), [
    ("Minimal supported Rust version is now 1.75", "rust", "1.75"),
    ("increase MSRV to 1.36", "rust", "1.36"),
    ("The minimum supported Python version is 3.9", "python", "3.9"),
])
def test_a_stated_minimum_is_read_with_its_runtime_and_version(said: str, runtime: str,
                                                               version: str) -> None:
    assert not against_manifest(said, {runtime: version})
    assert against_manifest(said, {runtime: "9.99"})


def test_support_dropped_states_no_minimum() -> None:
    assert not against_manifest("Drop support for Python 3.8", {"python": "9.99"})


def _history(repo: Path) -> None:
    set_up(repo, "offline")
    commit_file(repo, "src/main.rs", "fn main() {}\n", "Add the binary")
    (repo / "Cargo.toml").write_text(CARGO.format("1.7.0", "1.75"))
    git(repo, "add", "Cargo.toml")
    commit_file(repo, "CHANGELOG.md", CHANGES, "Release v1.7.0")
    (repo / "Cargo.toml").write_text(CARGO.format("1.8.0", "1.88"))
    git(repo, "add", "Cargo.toml")
    git(repo, "commit", "-q", "-m", "Placeholder variants (#512)")


@pytest.mark.slow
def test_a_minimum_the_tip_manifest_gives_otherwise_is_not_kept(repo: Path) -> None:
    _history(repo)
    gitmemory(repo, "memorize")
    memory = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    claude = (repo / "CLAUDE.md").read_text()
    assert "rust-version 1.88" in memory
    assert "1.75" not in memory
    assert "1.75" not in claude


@pytest.mark.slow
def test_an_item_already_in_memory_goes_when_the_manifest_moves_on(repo: Path) -> None:
    set_up(repo, "offline")
    (repo / "Cargo.toml").write_text(CARGO.format("1.7.0", "1.75"))
    git(repo, "add", "Cargo.toml")
    commit_file(repo, "CHANGELOG.md", CHANGES, "Release v1.7.0")
    gitmemory(repo, "memorize")
    memory = repo / ".gitmemory" / "branches" / "main.md"
    assert "Minimal supported Rust version is now 1.75" in memory.read_text()
    commit_file(repo, "Cargo.toml", CARGO.format("1.8.0", "1.88"), "Placeholder variants")
    out = gitmemory(repo, "memorize").stdout
    assert "Minimal supported Rust version is now 1.75" not in memory.read_text()
    assert "the tip's Cargo.toml gives rust 1.88" in out


def test_the_linux_kernel_is_a_platform_with_a_minimum() -> None:
    """TigerBeetle's 0.17.4 notes open with "As of TigerBeetle 0.17.4, the minimum required
    Linux kernel version is 5.11." (fresh28): no toolchain named, so no item."""
    said = "As of TigerBeetle 0.17.4, the minimum required Linux kernel version is 5.11."
    assert raises_minimum(said)
    assert family(said) == {"linux kernel"}
    assert not raises_minimum("Fix the Linux build on arm64")
