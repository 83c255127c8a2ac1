"""Commands whose purpose only a name says (issue 29, "commands"; docs/design.md, "Commands
that run"): a CI job named for a purpose whose one unnamed step runs a script of the tree
(the script is what the job is for), and the words of a step's name that do not say a
purpose ("Check" before the object it checks, "static" for what a build links).  The
fixtures are written for these tests, in other ecosystems and words than the repositories
that showed each gap; each rule has a near miss it must not fire on.
"""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.reading.project import Snapshot, read_tree
from testing.gitrepo import commit_files
from testing.reading import lines, slot

GO = {"go.mod": "module example.org/quill\n\ngo 1.22\n", "main.go": "package main\n"}


def workflow(*jobs: str) -> dict[str, str]:
    return {".github/workflows/ci.yml": "on: push\njobs:\n" + "".join(jobs)}


STYLE_JOB = ("  style:\n    name: Stylecheck\n    runs-on: ubuntu-latest\n    steps:\n"
             "      - uses: actions/checkout@v4\n"
             "      - run: ./tools/gatekeeper --strict\n")


def test_a_jobs_one_unnamed_script_step_takes_the_jobs_purpose() -> None:
    files = {**GO, **workflow(STYLE_JOB), "tools/gatekeeper": "#!/bin/sh\ngofmt -l .\n"}
    lint = slot(lines(files), "Lint")
    assert "`./tools/gatekeeper --strict`" in lint


def test_a_job_with_two_unnamed_script_steps_says_neither_is_its_purpose() -> None:
    job = STYLE_JOB + "      - run: ./tools/report --all\n"
    files = {**GO, **workflow(job), "tools/gatekeeper": "#!/bin/sh\n",
             "tools/report": "#!/bin/sh\n"}
    assert "gatekeeper" not in slot(lines(files), "Lint")


def test_a_named_step_keeps_its_own_name_not_the_jobs() -> None:
    job = STYLE_JOB.replace("      - run: ./tools/gatekeeper",
                            "      - name: Upload report\n        run: ./tools/gatekeeper")
    files = {**GO, **workflow(job), "tools/gatekeeper": "#!/bin/sh\n"}
    assert "gatekeeper" not in slot(lines(files), "Lint")


def test_check_before_its_object_is_no_lint() -> None:
    job = ("  smoke:\n    runs-on: ubuntu-latest\n    steps:\n"
           "      - name: Check sample server\n        run: go run ./cmd/sample\n")
    found = lines({**GO, **workflow(job), "cmd/sample/main.go": "package main\n"})
    assert "go run ./cmd/sample" not in slot(found, "Lint")


def test_check_alone_is_still_the_lint() -> None:
    job = ("  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
           "      - name: Run check\n        run: ./tools/vetall\n")
    found = lines({**GO, **workflow(job), "tools/vetall": "#!/bin/sh\n"})
    assert "`./tools/vetall`" in slot(found, "Lint")


def test_check_later_in_a_name_is_still_the_lint() -> None:
    job = ("  style:\n    runs-on: ubuntu-latest\n    steps:\n"
           "      - name: Run the formatter in check mode\n        run: ./tools/fmtall --check\n")
    found = lines({**GO, **workflow(job), "tools/fmtall": "#!/bin/sh\n"})
    assert "`./tools/fmtall --check`" in slot(found, "Lint")


def test_check_before_a_flag_is_the_commands_own_word_and_still_the_lint() -> None:
    job = ("  powerset:\n    runs-on: ubuntu-latest\n    steps:\n"
           "      - name: check --all-features\n        run: ./tools/vetall --all-features\n")
    found = lines({**GO, **workflow(job), "tools/vetall": "#!/bin/sh\n"})
    assert "`./tools/vetall --all-features`" in slot(found, "Lint")


def test_static_alone_in_a_step_name_is_the_kind_of_build_not_analysis() -> None:
    job = ("  windows:\n    runs-on: windows-latest\n    steps:\n"
           "      - name: Test only static\n        run: |\n"
           "          'build\\Release\\quill_tests_static.exe'\n")
    found = lines({**GO, **workflow(job)})
    assert "quill_tests_static" not in slot(found, "Lint")


# --- a tool's documented entry point, where the tree depends on it and configures it ------

MIX = ('defmodule Lantern.MixProject do\n  use Mix.Project\n  def project, do: [app: :lantern,'
       ' deps: deps()]\n  defp deps do\n    [{:ex_check, "~> 0.16", only: [:dev]}]\n  end\nend\n')


def test_ex_check_gives_mix_check_with_its_settings_file() -> None:
    found = lines({"mix.exs": MIX, ".check.exs": "[tools: [{:dialyzer, false}]]\n",
                   "test/test_helper.exs": "ExUnit.start()\n"})
    commands = slot(found, "Commands")
    assert "`mix check`" in commands and ".check.exs" in commands
    assert "mix check" not in slot(found, "Lint") + slot(found, "Tests")


def test_a_check_settings_file_without_the_dependency_gives_no_mix_check() -> None:
    mix = MIX.replace('{:ex_check, "~> 0.16", only: [:dev]}', '{:jason, "~> 1.4"}')
    found = lines({"mix.exs": mix, ".check.exs": "[tools: []]\n"})
    assert "mix check" not in "\n".join(found)


# --- packages kept side by side with no workspace; a docs site's own package -----------------

def pubspec(name: str, flutter: bool = False) -> str:
    deps = "dependencies:\n  flutter:\n    sdk: flutter\n" if flutter else ""
    return f"name: {name}\nenvironment:\n  sdk: ^3.5.0\n{deps}"


def test_dart_packages_side_by_side_without_a_workspace_each_run_their_tests() -> None:
    files = {"packages/kite/pubspec.yaml": pubspec("kite"),
             "packages/kite/test/kite_test.dart": "void main() {}\n",
             "packages/kite_ui/pubspec.yaml": pubspec("kite_ui", flutter=True),
             "packages/kite_ui/test/widget_test.dart": "void main() {}\n"}
    found = lines(files)
    assert "test `dart test`" in slot(found, "Commands in `packages/kite/`")
    assert "test `flutter test`" in slot(found, "Commands in `packages/kite_ui/`")


def test_packages_side_by_side_under_another_directory_are_packages_too() -> None:
    files = {"pkgs/kite/pubspec.yaml": pubspec("kite"),
             "pkgs/kite/test/kite_test.dart": "void main() {}\n",
             "pkgs/kite_io/pubspec.yaml": pubspec("kite_io"),
             "pkgs/kite_io/test/io_test.dart": "void main() {}\n"}
    found = lines(files)
    assert "test `dart test`" in slot(found, "Commands in `pkgs/kite/`")
    assert "test `dart test`" in slot(found, "Commands in `pkgs/kite_io/`")


def test_one_package_under_another_directory_is_not_a_set_of_packages() -> None:
    files = {"tool/gen/pubspec.yaml": pubspec("gen"),
             "tool/gen/test/gen_test.dart": "void main() {}\n"}
    assert not slot(lines(files), "Commands in `tool/gen/`")


def test_examples_side_by_side_are_not_the_projects_packages() -> None:
    files = {f"examples/{name}/{path}": text for name in ("chat", "echo") for path, text in
             (("pubspec.yaml", pubspec(name)), ("test/app_test.dart", "void main() {}\n"))}
    assert "Commands in `examples/" not in "\n".join(lines(files))


def test_a_package_at_the_top_does_not_make_its_neighbours_packages() -> None:
    files = {"pubspec.yaml": pubspec("kite"), "test/kite_test.dart": "void main() {}\n",
             "packages/kite_extra/pubspec.yaml": pubspec("kite_extra"),
             "packages/kite_extra/test/x_test.dart": "void main() {}\n"}
    assert not slot(lines(files), "Commands in `packages/kite_extra/`")


def test_a_docs_sites_own_package_gives_its_commands_in_its_directory() -> None:
    site = ('{"name": "site", "private": true, "scripts": {"build": "astro build",'
            ' "format": "prettier --write ."}, "devDependencies": {"astro": "^5.0.0",'
            ' "prettier": "^3.0.0"}}')
    files = {**GO, "docs/package.json": site, "docs/package-lock.json": "{}"}
    commands = slot(lines(files), "Commands in `docs/`")
    assert "`npm run build` runs `astro build`" in commands
    assert "`npm run format`" in commands


# --- a Gradle plugin applied by a convention plugin: the item cites where it was read --------

KILN = {"gradlew": "#!/bin/sh\n", "settings.gradle.kts": 'rootProject.name = "kiln"\n',
        "build.gradle.kts": 'plugins { id("kiln.conventions") }\n',
        "buildSrc/src/main/kotlin/kiln.conventions.gradle.kts":
            'plugins { java\n    checkstyle\n    id("com.diffplug.spotless") }\n'}
CONVENTION = "buildSrc/src/main/kotlin/kiln.conventions.gradle.kts"


def test_a_plugin_applied_in_buildsrc_is_cited_from_its_file() -> None:
    found = {r.key: r for r in read_tree(Snapshot(sorted(KILN), KILN, []))}
    assert found["Lint"].text == "Lint: `./gradlew checkstyleMain`"
    assert CONVENTION in found["Lint"].paths and CONVENTION in found["Format"].paths


def test_the_plugins_tasks_are_confirmed_by_the_files_the_item_cites(repo: Path) -> None:
    """The evidence rule checks a reading's item against the files it cites: citing the
    root build file alone, which names no plugin, held the lint and format lines back
    from every agent file."""
    tip = commit_files(repo, KILN, "a Gradle build with conventions")
    found = [r for r in read_tree(Snapshot(sorted(KILN), KILN, [])) if r.key in
             ("Lint", "Format")]
    items = [Item(r.text, (), r.paths) for r in found]
    assert Grounds(str(repo), tip, None).held(items) == [None, None]


# --- a step that activates a tool checks nothing, whatever its name says --------------------

VALIDATE_JOB = ("  validate:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n"
                "      - name: mono_repo self validate\n"
                "        run: dart pub global activate mono_repo 6.7.2\n"
                "      - name: mono_repo self validate\n"
                "        run: dart pub global run mono_repo generate --validate\n")


def test_a_step_that_activates_a_tool_is_no_ci_check() -> None:
    files = {"pubspec.yaml": pubspec("kite"), "lib/kite.dart": "void f() {}\n",
             **workflow(VALIDATE_JOB)}
    checks = slot(lines(files), "CI checks")
    assert "activate" not in checks
    assert "`dart pub global run mono_repo generate --validate`" in checks


# --- a docs script that serves is no docs build ----------------------------------------------

def site_package(docs: str) -> str:
    return ('{"name": "kite", "private": true, "scripts": {' + docs + '},'
            ' "devDependencies": {"vitepress": "^1.6.0"}}')


def test_a_docs_script_that_serves_gives_way_to_the_one_that_builds() -> None:
    scripts = ('"docs": "vitepress dev packages --open",'
               ' "docs:build": "vitepress build packages"')
    files = {"package.json": site_package(scripts), "package-lock.json": "{}",
             "src/index.ts": "export const a = 1\n"}
    docs = slot(lines(files), "Docs")
    assert "`npm run docs:build`" in docs
    assert "vitepress dev" not in docs


def test_a_docs_script_that_builds_is_still_the_docs() -> None:
    files = {"package.json": site_package('"docs": "vitepress build packages"'),
             "package-lock.json": "{}", "src/index.ts": "export const a = 1\n"}
    assert "`npm run docs`" in slot(lines(files), "Docs")


# --- a Julia package's docs: Documenter's docs/make.jl in its own environment ----------------

JULIA = {"Project.toml": 'name = "Kite"\nuuid = "7d9f7c33-5ae7-4f3a-9c7a-3c1c1c3c1c3c"\n',
         "src/Kite.jl": "module Kite\nend\n", "test/runtests.jl": "using Test\n",
         "docs/make.jl": "using Documenter, Kite\nmakedocs(sitename = \"Kite\")\n"}


def test_a_julia_packages_docs_build_in_their_own_environment() -> None:
    files = {**JULIA, "docs/Project.toml": '[deps]\nKite = "7d9f7c33"\n'}
    assert slot(lines(files), "Docs") == (
        "Docs: `julia --project=docs -e 'using Pkg; Pkg.develop(path=\".\"); "
        "Pkg.instantiate()' && julia --project=docs docs/make.jl`")


def test_docs_whose_sources_name_the_package_need_no_develop() -> None:
    files = {**JULIA, "docs/Project.toml": '[deps]\nKite = "7d9f7c33"\n\n'
                                           '[sources]\nKite = {path = ".."}\n'}
    docs = slot(lines(files), "Docs")
    assert "Pkg.develop" not in docs and "julia --project=docs docs/make.jl" in docs


def test_a_docs_script_without_its_environment_is_not_given() -> None:
    assert not slot(lines(JULIA), "Docs")


def test_an_item_read_from_ci_alone_is_anchored_at_a_deno_projects_top() -> None:
    """TypeBox: no package.json, a `deno.jsonc` and a lower-case `readme.md`; "Build:
    `deno task build` (as CI runs it)" cited only the workflow, so it went to the
    workflows' rule file and never reached CLAUDE.md."""
    flow = ("on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - run: deno task build\n")
    for top in ({"deno.jsonc": '{"tasks": {"test": "deno test"}}\n'},
                {"readme.md": "# lib\n"}):
        files = {**top, ".github/workflows/build.yml": flow, "src/index.ts": ""}
        found = {r.key: r for r in read_tree(Snapshot(sorted(files), files, []))}
        build = found.get("Build")
        assert build is not None and next(iter(top)) in build.paths, found
