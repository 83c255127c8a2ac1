"""The repository's files are read at memorize time, never on checkout: post-checkout
opens none of the files the bootstrap reads, loads none of its modules and starts no
process (background maintenance, which memorizes detached, is switched off here so the
hook is measured alone; docs/design.md, "The hot path")."""

from __future__ import annotations

from pathlib import Path

from gitmemory.reading.project import is_source
from testing.gitrepo import commit_file, git
from testing.gitrepo import gitmemory as run_cli
from testing.hooks import run_hook

# Runs the hook as the native shim does, recording every file opened and every process
# started (audit events), and the modules loaded.


def test_post_checkout_reads_none_of_the_bootstrap_s_files(repo: Path) -> None:
    for name, text in {"Makefile": "test:\n\tpytest\n", "package.json": '{"scripts": {}}',
                       "pyproject.toml": '[project]\nname = "x"\n', "go.mod": "module x\n",
                       "Cargo.toml": '[package]\nname = "x"\n',
                       ".github/workflows/ci.yml": "jobs: {}\n"}.items():
        commit_file(repo, name, text, f"add {name}")
    run_cli(repo, "init", "--hooks", "none")
    git(repo, "config", "gitmemory.backgroundMaintenance", "false")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "wire gitmemory")
    git(repo, "checkout", "-q", "-b", "feature")
    for run in ("cold", "warm"):  # the first run fills the settings caches
        probed = run_hook(repo, "post-checkout", "0" * 40, "HEAD", "1")
        spawned, modules = probed.spawned, probed.modules
        assert probed.code == 0
        read = [p.split(str(repo), 1)[-1].lstrip("/") for p in probed.opened
                if str(repo) in p or str(repo.resolve()) in p]
        assert ".git/HEAD" in read  # the probe sees what the hook opens
        assert not [p for p in read if is_source(p)], (run, read)
        # the one lookup of the evidence rule (git ls-tree, git grep) may run when the
        # render cache has no verdict yet; nothing reads the files as the bootstrap does
        assert not any(word in spawned for word in ("cat-file", " log", "show")), spawned
        assert "gitmemory.providers.offline" not in modules
        assert "gitmemory.reading.project" not in modules
    assert not spawned.strip(), spawned  # warm: no process at all
    assert (repo / "CLAUDE.md").exists()  # the hook did its work
