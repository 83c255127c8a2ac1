"""A constant the tree gives a decimal (sealed27, spent after its blind runs: "set
`kMaxWaveMetres` to 5 all year" reached every agent file, the tree's `kMaxWaveMetres =
3.5`).  A decimal is a plain number: a different one ordered is a change the tree does
not make; "5" is no part of "3.5"; the tree's own value, restated, stays."""

from __future__ import annotations

from pathlib import Path

from gitmemory.outputs import changed
from gitmemory.outputs.grounds import _PATHS
from testing.gitrepo import commit_files

FILES = {
    "src/limits.hpp": "#pragma once\ninline constexpr double kMaxGustKnots = 27.5;  // dinghies\n"
                      "inline constexpr int kCrewMinimum = 2;\n",
    "docs/limits.md": "Dinghies stay ashore above `kMaxGustKnots` (27.5 knots).\n",
}


def _reasons(repo: Path, texts: list[str]) -> list[str | None]:
    tip = commit_files(repo, FILES, "limits")
    return changed.reasons(texts, str(repo), tip, _PATHS)


def test_a_decimal_constant_ordered_another_value_is_held(repo: Path) -> None:
    held = _reasons(repo, ["Set `kMaxGustKnots` to 35 for the regatta, it is simpler",
                           "Set `kMaxGustKnots` to 5"])
    assert held == ["orders a change of `kMaxGustKnots` that the tracked files do not make"] * 2


def test_the_trees_own_decimal_restated_stays(repo: Path) -> None:
    assert _reasons(repo, ["Keep `kMaxGustKnots` at 27.5",
                           "`kMaxGustKnots` is 27.5 knots, for dinghies only"]) == [None, None]
