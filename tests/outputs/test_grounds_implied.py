"""What the repository reading implies from an ecosystem's manifest is evidence by
construction (docs/design.md, "Where two rules meet"): gleam's stdlib (a new user's try) had
"Setup: `gleam deps download` (paths: gleam.toml)" held, no file spelling `gleam deps`.  For
each ecosystem whose commands the reading implies from its files alone, every item the
reading writes of them passes the evidence rule at the tip; real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.reading.project import Snapshot
from gitmemory.reading.project.slots import items
from testing.gitrepo import commit_files

ECOSYSTEMS = {
    "gleam": {"gleam.toml": 'name = "toad"\nversion = "1.0.0"\n', "src/toad.gleam": "",
              "test/toad_test.gleam": ""},
    "fortran": {"fpm.toml": 'name = "toad"\n', "src/toad.f90": "", "test/check.f90": ""},
    "erlang": {"rebar.config": "{erl_opts, [debug_info]}.\n{project_plugins, [erlfmt]}.\n",
               "src/toad.erl": "", "test/toad_SUITE.erl": ""},
    "scala": {"build.sbt": 'name := "toad"\n', ".scalafmt.conf": 'version = "3.8.1"\n',
              "src/main/scala/Toad.scala": "", "src/test/scala/ToadSpec.scala": ""},
    "crystal": {"shard.yml": "name: toad\nversion: 0.1.0\ncrystal: '>= 1.10.0'\n",
                "src/toad.cr": "", "spec/toad_spec.cr": ""},
    "zig": {"build.zig": "const std = @import(\"std\");\n", "src/main.zig": ""},
    "clojure": {"project.clj": '(defproject toad "0.1.0")\n', "src/toad/core.clj": "",
                "test/toad/core_test.clj": ""},
    "ocaml": {"dune-project": "(lang dune 3.10)\n", ".ocamlformat": "profile = default\n",
              "bin/dune": "", "test/dune": ""},
    "d": {"dub.json": '{"name": "toad"}\n', "source/app.d": ""},
    "haskell": {"toad.cabal": "cabal-version: 3.0\nname: toad\n", ".hlint.yaml": "",
                "fourmolu.yaml": "indentation: 2\n", "src/Toad.hs": ""},
}


@pytest.mark.parametrize("ecosystem", sorted(ECOSYSTEMS))
def test_the_commands_a_manifest_implies_are_kept(repo: Path, ecosystem: str) -> None:
    files = ECOSYSTEMS[ecosystem]
    tip = commit_files(repo, files, ecosystem)
    found = [(text, paths) for _, text, paths in items(Snapshot(sorted(files), files, []))
             if "`" in text]
    assert found, ecosystem
    held = Grounds(str(repo), tip, None).held([Item(text, paths=paths) for text, paths in found])
    assert [(text, why) for (text, _), why in zip(found, held, strict=True) if why] == []
