"""A command the reading writes from a build tool's convention is confirmed by that tool's
build file (issue 29, "commands"; docs/design.md, "Where two rules meet"): the gate that
judges every agent file must never hold back what the reading itself derived from the
tree, or the command is in memory and missing from CLAUDE.md.  One minimal tree per
build tool whose conventions the reading names, each written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.sources.repository import read_commit
from testing.gitrepo import git

_COMMANDS = ("Setup", "Tests", "Lint", "Format", "Type checks", "Docs", "Build")

# The smallest tree that makes each build tool's conventions show (its build file, a
# source file, a test file where the convention needs one).
CONVENTIONS = {
    "meson": {"meson.build": "project('knot', 'c', default_options: ['c_std=c11'])\n"
                             "executable('knot', 'knot.c')\ntest('smoke', find_program("
                             "'tests/smoke.sh'))\n",
              "knot.c": "int main(void) { return 0; }\n", "tests/smoke.sh": "#!/bin/sh\n"},
    "cmake": {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(knot C)\n"
                                "enable_testing()\nadd_executable(knot knot.c)\n"
                                "add_test(NAME knot COMMAND knot)\n",
              "knot.c": "int main(void) { return 0; }\n"},
    "autotools": {"configure.ac": "AC_INIT([knot], [0.3])\nAM_INIT_AUTOMAKE\nAC_OUTPUT\n",
                  "Makefile.am": "bin_PROGRAMS = knot\n", "knot.c": ""},
    "mix": {"mix.exs": "defmodule Knot.MixProject do\n  use Mix.Project\nend\n",
            ".formatter.exs": "[inputs: [\"lib/**/*.ex\"]]\n", "lib/knot.ex": "",
            "test/test_helper.exs": "ExUnit.start()\n"},
    "dart": {"pubspec.yaml": "name: knot\nenvironment:\n  sdk: ^3.4.0\ndev_dependencies:\n"
                             "  test: ^1.25.0\n", "lib/knot.dart": "", "test/knot_test.dart": ""},
    "dune": {"dune-project": "(lang dune 3.11)\n", "bin/dune": "(executable (name knot))\n",
             "bin/knot.ml": "", "test/dune": "(test (name t))\n", "test/t.ml": "",
             ".ocamlformat": "profile = default\n", "knot.opam": "opam-version: \"2.0\"\n"},
    "zig": {"build.zig": "const std = @import(\"std\");\n", "src/main.zig": "",
            "build.zig.zon": ".{ .name = .knot }\n"},
    "swift": {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
              "Sources/Knot/knot.swift": "", "Tests/KnotTests/knot.swift": ""},
    "cargo": {"Cargo.toml": "[package]\nname = \"knot\"\nversion = \"0.3.0\"\n",
              "src/lib.rs": "", "tests/it.rs": ""},
    "go": {"go.mod": "module example.org/knot\n\ngo 1.22\n", "knot.go": "package knot\n",
           "knot_test.go": "package knot\n"},
    "mkdocs": {"mkdocs.yml": "site_name: Knot\ntheme:\n  name: material\n",
               "docs/index.md": "# Knot\n", "build.gradle.kts": "plugins { kotlin(\"jvm\") }\n",
               "gradlew": "#!/bin/sh\n", "src/main/kotlin/Knot.kt": ""},
    "a guide's script": {"Knot.sln": "", "src/Knot/Knot.csproj": "<Project />\n",
                         "build.cmd": "@echo off\r\n", "README.md": "# Knot\n\nBuilding\n"
                         "--------\n\n```\nbuild\n```\n\n```\nbuild pack\n```\n"},
    "nix": {"stack.yaml": "resolver: lts-22.0\n", "src/A.hs": "", "test/Spec.hs": "",
            "CONTRIBUTING.md": "See [the notes](docs/development.md).\n",
            "docs/development.md": "# Notes\n\n## Testing\n\n```\nnix-shell --run knot-spec"
                                   "\n```\n"},
    "php, a code sniffer": {"composer.json": '{"require-dev": {"phpunit/phpunit": "^11"}}\n',
                            "phpcs.xml.dist": "<ruleset name=\"Knot\"/>\n",
                            "src/Knot.php": "<?php\n", "phpunit.xml.dist": "<phpunit/>\n"},
    "php, psalm": {"composer.json": '{"require-dev": {"vimeo/psalm": "^6"}}\n',
                   "psalm.xml": "<psalm/>\n", ".php_cs.dist": "<?php\n",
                   "src/Knot.php": "<?php\n"},
    "perl": {"dist.ini": "name = Knot\n", "cpanfile": "requires 'Moo';\n",
             "lib/Knot.pm": "1;\n", "t/basic.t": ""},
    "lua": {"knot-0.3-1.rockspec": "package = 'knot'\n", ".busted": "return {}\n",
            ".luacheckrc": "std = 'lua54'\n", "stylua.toml": "indent_width = 2\n",
            "src/knot.lua": "", "spec/knot_spec.lua": ""},
    "sbt": {"build.sbt": "name := \"knot\"\n", "src/main/scala/Knot.scala": "",
            ".scalafmt.conf": "version = 3.8.0\n"},
    # the form for one test class names a class: the file that declares it is cited
    "gradle, one class": {"build.gradle": "plugins { id 'java' }\n", "gradlew": "#!/bin/sh\n",
                          "settings.gradle": "rootProject.name = 'knot'\n",
                          "src/main/java/org/knot/Knot.java": "class Knot {}\n",
                          "src/test/java/org/knot/KnotTest.java": "class KnotTest {}\n"},
    "bazel": {"WORKSPACE.bazel": 'workspace(name = "knot")\n', "knot.cc": "",
              "BUILD.bazel": 'cc_library(name = "knot", srcs = ["knot.cc"])\n',
              "test/BUILD.bazel": 'cc_test(name = "t", srcs = ["t.cc"])\n', "test/t.cc": ""},
    "kotlin multiplatform": {"build.gradle.kts": 'plugins { kotlin("multiplatform") }\n'
                                                 "kotlin {\n  jvm()\n  sourceSets {\n"
                                                 "    commonMain {}\n  }\n}\n",
                             "gradlew": "#!/bin/sh\n", "src/commonMain/kotlin/Knot.kt": ""},
    "maven, one class": {"pom.xml": "<project><artifactId>knot</artifactId></project>\n",
                         "src/main/java/org/knot/Knot.java": "class Knot {}\n",
                         "src/test/java/org/knot/KnotTest.java": "class KnotTest {}\n"},
}


@pytest.mark.parametrize("tool", sorted(CONVENTIONS))
def test_a_conventions_command_is_confirmed_by_the_build_file_it_was_read_from(
        repo: Path, tool: str) -> None:
    for name, text in CONVENTIONS[tool].items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", tool)
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    read = [r for r in read_commit(str(repo), tip, []) if r.key in _COMMANDS]
    assert read, tool
    items = [Item(r.text, (), r.paths) for r in read]
    held = Grounds(str(repo), tip, None, at_base=False).held(items)
    assert held == [None] * len(items), list(zip([i.text for i in items], held, strict=True))


def test_a_subcommand_the_build_file_does_not_support_is_still_held(repo: Path) -> None:
    """The near miss: a program's own verbs confirm it, not any word after it."""
    (repo / "meson.build").write_text("project('knot', 'c')\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "meson")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    items = [Item("Tests: `meson wipe-all --force`", (), ("meson.build",))]
    assert Grounds(str(repo), tip, None, at_base=False).held(items) != [None]


def test_the_generated_code_items_of_unseen_trees_pass_the_gate(repo: Path) -> None:
    """The reading's "Generated code" items cite the files they were read from and name
    only what those files hold: a workflow's generated banner (circe: held at first, for
    a `.github/...` path the gate does not confirm) and a source compiled by name."""
    from tests.reading.test_project_generated_unseen import SBT_CI

    files = {"build.sbt": 'name := "knot"\n', ".github/workflows/ci.yml": SBT_CI,
             ".github/workflows/clean.yml": SBT_CI.replace("sbt test", "echo clean"),
             "knot.tl": "", "knot.lua": "", "Makefile": "gen:\n\ttl gen knot.tl\n"}
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "knot")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    read = [r for r in read_commit(str(repo), tip, []) if r.key == "Generated code"]
    assert len(read) == 1 and "workflows say" in read[0].text and "knot.tl" in read[0].text
    items = [Item(r.text, (), r.paths) for r in read]
    assert Grounds(str(repo), tip, None, at_base=False).held(items) == [None]
