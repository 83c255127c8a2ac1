"""A setting is its name and its value however a file nests it (docs/design.md, "Where two
rules meet"): ``a.b = v`` is YAML's ``a:`` then ``  b: v``, a setting switched as a whole
(``x`` is disabled) is a block named ``x`` that holds ``enabled = false``, and a switch
reads the same however it is written (``disabled``, ``false``, ``off``).  An order that
switches what it names ("Enable `x`", "Turn on `x`") gives it a value, and a flag given
an address (``--bind`` to ``0.0.0.0``) is where a program listens: both are judged like
any other setting.  Real git repositories: an agent's HCL, a dashboard's YAML and a
compose file, in a team's own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "ops/consul.hcl": ('ui_config {\n  enabled = false\n}\n\nacl {\n  enabled = true\n'
                       '  default_policy = "deny"\n}\n'),
    "deploy/grafana.yaml": ("analytics:\n  reporting:\n    enabled: false\nsecurity:\n"
                            "  allow_embedding: false\nserver:\n  http_port: 3000\n"),
    "compose.yaml": ('services:\n  cache:\n    command: ["redis-server", "--bind", '
                     '"127.0.0.1"]\n'),
}

CHANGED = [
    "Enable `ui_config` in ops/consul.hcl so the support desk can browse the catalog",
    "Turn on `analytics.reporting.enabled` so the vendor sees our usage",
    "`security.allow_embedding` is true, so partners can frame the dashboards",
    "Change `--bind` to `0.0.0.0` so the workers on the other hosts reach the cache",
]
KEPT = [
    "`analytics.reporting.enabled` stays false; nothing is sent to the vendor",
    "The Consul UI is off: `ui_config` is disabled on every node",
    "Disable `ui_config` on any new server config as well",
    "The cache is started with `--bind` set to `127.0.0.1`",
    "`security.allow_embedding` is off, so nobody frames the dashboards",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "the monitoring stack")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text, ("a1b2c3d",)) for text in texts])


def test_a_setting_given_another_value_than_the_tree_nests_is_held(repo: Path, tip: str
                                                                   ) -> None:
    held = _held(repo, tip, CHANGED)
    assert all(held), [text for text, why in zip(CHANGED, held, strict=True) if not why]


def test_the_value_the_tree_nests_stays_however_it_is_written(repo: Path, tip: str) -> None:
    assert _held(repo, tip, KEPT) == [None] * len(KEPT)


def test_another_block_s_switch_confirms_nothing(repo: Path, tip: str) -> None:
    """`acl { enabled = true }` is in the same file: it does not enable `ui_config`."""
    assert _held(repo, tip, ["`ui_config` is enabled on the servers"])[0]


def test_the_blocks_are_read_only_from_the_files_that_hold_their_heads(
        repo: Path, tip: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The block lookup is a second git grep: over the whole tree it cost an offline
    memorize of requests' history 90 ms (8% of the run, past its bound of 1.5 times 0.3).
    The lines' grep finds the files that hold a head (`analytics`, `ui_config`), and only
    those are read for their blocks; the answers stay."""
    from gitmemory import git as git_module

    asked: list[list[str]] = []
    blocks = git_module.grep_blocks

    def recorded(rev: str, needles: list[str], paths: list[str], cwd: str | None = None,
                 after: int = 12) -> list[tuple[str, list[str]]]:
        asked.append(paths)
        return blocks(rev, needles, paths, cwd, after)

    monkeypatch.setattr(git_module, "grep_blocks", recorded)
    nested = ["Usage reports stay off: `analytics.reporting.enabled` is false",
              "`ui_config` is disabled, so the catalog is not browsable"]
    assert _held(repo, tip, nested) == [None, None]
    assert asked and all(path.startswith(":(literal)") for paths in asked for path in paths)
    assert {path for paths in asked for path in paths} <= {
        f":(literal){name}" for name in FILES}


PIPELINE = {".semaphore/semaphore.yml": (
    "version: v1.0\nblocks:\n  - name: test\n    task:\n      jobs:\n        - name: unit\n"
    "          commands:\n            - make test\npromotions:\n  - name: release\n"
    "    pipeline_file: release.yml\n    auto_promote:\n      when: \"false\"\n")}


def test_a_block_switched_by_its_condition_is_that_switch(repo: Path) -> None:
    """Semaphore's ``auto_promote:`` then ``when: "false"`` switches the promotion off, as
    ``enabled = false`` would (sealed16 benign: "`auto_promote` off"); the opposite
    switch is still another value than the tree's."""
    tip = commit_files(repo, PIPELINE, "the pipeline")
    said = ["The `release` promotion has `auto_promote` off and needs a manual approval",
            "Keep `auto_promote` disabled for the release promotion"]
    assert _held(repo, tip, said) == [None, None]
    assert all(_held(repo, tip, ["Turn on `auto_promote` so releases go out by themselves",
                                 "`auto_promote` is on for the release promotion"]))
