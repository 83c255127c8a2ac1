"""Elixir, PHP, Swift and Dart read like the other ecosystems (their manifests' tasks,
the commands certain for them, their versions), and the tools of further ecosystems
fill the slots when a CI step or a task runner runs them
(gitmemory/reading/project/elixir.py, php.py, swift.py, dart.py, tool_roles.py).  The
fixtures are written for these tests in the shape real repositories give these files."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import Snapshot, bootstrap_extractions, wanted
from gitmemory.reading.project.tool_roles import fixing_form, tool_purposes, writes
from tests.reading.test_project_ecosystems import found, texts

MIX = '''defmodule Shop.MixProject do
  use Mix.Project

  @elixir_requirement "~> 1.15"

  def project do
    [app: :shop, version: "0.1.0", elixir: @elixir_requirement, deps: deps(),
     aliases: aliases()]
  end

  defp deps do
    [{:jason, "~> 1.4"}, {:credo, "~> 1.7", only: [:dev, :test], runtime: false},
     {:ex_doc, "~> 0.34", only: :docs}]
  end

  defp aliases do
    [
      # fetch and build the assets too
      setup: ["deps.get", "assets.setup"],
      "assets.setup": ["esbuild.install --if-missing"],
      compile: [&copy_templates/1, "compile"]
    ]
  end
end
'''
ELIXIR_TREE = {f"lib/shop/m{n}.ex": "" for n in range(8)}


def test_an_elixir_project_names_mix_tasks_and_its_versions() -> None:
    files = {"mix.exs": MIX, ".formatter.exs": "[inputs: [\"{mix,.formatter}.exs\"]]\n",
             ".tool-versions": "elixir 1.18.4-otp-27\nerlang 27.3.4\n", **ELIXIR_TREE}
    said = texts(files, ("test/test_helper.exs", "test/shop_test.exs", "mix.lock"))
    assert said["Setup"] == "Setup: `mix setup` runs `mix deps.get`, `mix assets.setup`"
    assert said["Tests"] == "Tests: `mix test`, one file: `mix test test/shop_test.exs`"
    assert said["Format"] == "Format: `mix format`"
    assert said["Lint"] == "Lint: `mix credo`"
    assert said["Docs"].startswith("Docs: `mix docs`, in the docs environment")  # only :docs
    assert said["Build"] == "Build: `mix compile` runs `mix compile`" or \
        said["Build"] == "Build: `mix compile`"
    assert said["Elixir"] == ("Elixir: `~> 1.15` (mix.exs `elixir`); pinned to Elixir "
                              "1.18.4-otp-27, OTP 27.3.4 (.tool-versions)")


def test_a_small_javascript_client_does_not_name_the_projects_commands() -> None:
    """An Elixir framework with a JavaScript client: `npm test` tests the client only."""
    files = {"mix.exs": MIX, **ELIXIR_TREE, "assets/js/client.js": "",
             "package.json": '{"scripts": {"test": "jest", "docs": "documentation build"}, '
                             '"devDependencies": {"jest": "*"}}',
             ".github/workflows/ci.yml": "jobs:\n  test:\n    steps:\n"
                                         "      - run: mix deps.get\n      - run: mix test\n"
                                         "      - run: mix format --check-formatted\n"
                                         "  js:\n    steps:\n      - run: npm ci\n"
                                         "      - run: npm test\n"}
    said = texts(files, ("test/test_helper.exs", "package-lock.json"))
    assert said["Tests"] == "Tests: `mix test`; CI runs it too"
    # the fixing form of CI's check, and the check CI runs
    assert said["Format"] == "Format: `mix format`; CI checks " \
        "`mix format --check-formatted`"
    assert "npm" not in said.get("Docs", "")


COMPOSER = '''{
    "name": "acme/log",
    "require": {"php": ">=8.1", "psr/log": "^3.0"},
    "require-dev": {"phpunit/phpunit": "^10.5", "phpstan/phpstan": "^2.0"},
    "scripts": {
        "test": "@php vendor/bin/phpunit",
        "phpstan": "@php vendor/bin/phpstan analyse",
        "qa": ["@test", "@phpstan"],
        "post-install-cmd": "Acme\\\\Installer::postInstall"
    }
}'''
PHP_TREE = {f"src/Handler{n}.php": "" for n in range(6)}


def test_a_php_project_names_composer_scripts_and_its_tools() -> None:
    files = {"composer.json": COMPOSER, **PHP_TREE}
    said = texts(files, ("phpunit.xml.dist", "phpstan.neon.dist", ".php-cs-fixer.php",
                         "tests/HandlerTest.php"))
    assert said["Setup"] == "Setup: `composer install`"
    assert said["Tests"] == "Tests: `composer test` runs `php vendor/bin/phpunit`"
    assert said["Type checks"] == "Type checks: `composer phpstan` runs `php vendor/bin/phpstan " \
                                  "analyse`"
    assert said["Format"] == "Format: `vendor/bin/php-cs-fixer fix`"
    assert said["PHP"] == "PHP: `>=8.1` (composer.json `require.php`)"
    assert "post-install-cmd" not in " ".join(said.values())


def test_php_tools_ci_runs_through_composer_fill_the_slots() -> None:
    files = {"composer.json": '{"require": {"php": "^8.2"}}', **PHP_TREE,
             ".github/workflows/ci.yml": "jobs:\n  tests:\n    steps:\n"
                                         "      - run: composer update --prefer-lowest\n"
                                         "      - run: composer exec phpunit -- --exclude-group "
                                         "slow\n"
                                         "      - run: vendor/bin/php-cs-fixer fix --dry-run "
                                         "--diff\n"}
    said = texts(files, ("phpunit.xml.dist", ".php-cs-fixer.dist.php"))
    assert said["Tests"].startswith("Tests: `vendor/bin/phpunit`")
    assert said["Format"] == "Format: `vendor/bin/php-cs-fixer fix`; CI checks " \
        "`vendor/bin/php-cs-fixer fix --dry-run --diff`"


def test_a_swift_package_names_swiftpm_and_its_formatter() -> None:
    files = {"Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\n",
             "Sources/Net/Session.swift": "", "Sources/Net/Request.swift": ""}
    said = texts(files, ("Tests/NetTests/SessionTests.swift", ".swiftformat", ".swiftlint.yml"))
    assert said["Tests"] == "Tests: `swift test`"
    assert said["Build"] == "Build: `swift build`"
    assert said["Format"] == "Format: `swiftformat .`"
    assert said["Lint"] == "Lint: `swiftlint`"
    assert said["Swift"] == "Swift: tools version 5.9 (Package.swift)"


def test_a_swift_test_target_outside_tests_is_tested() -> None:
    files = {"Package.swift": '// swift-tools-version: 6.0\nlet p = Package(targets: [\n'
                              '  .testTarget(name: "CoreSpecs", path: "Specs")])\n',
             "Sources/Core/A.swift": "", "Specs/ASpec.swift": ""}
    assert texts(files)["Tests"] == "Tests: `swift test`"


@pytest.mark.parametrize(("pubspec", "tool"), [
    ("name: app\nenvironment:\n  sdk: '>=3.3.0 <4.0.0'\n  flutter: '>=3.19.0'\n"
     "dependencies:\n  flutter:\n    sdk: flutter\n", "flutter"),
    ("name: lib\nenvironment:\n  sdk: ^3.4.0\ndependencies:\n  http: ^1.2.0\n", "dart"),
])
def test_a_dart_package_names_dart_or_flutter(pubspec: str, tool: str) -> None:
    files = {"pubspec.yaml": pubspec, "lib/main.dart": "", "lib/src/a.dart": ""}
    said = texts(files, ("test/main_test.dart", "analysis_options.yaml"))
    assert said["Setup"] == f"Setup: `{tool} pub get`"
    assert said["Tests"] == f"Tests: `{tool} test`, one file: `{tool} test test/main_test.dart`"
    assert said["Lint"] == f"Lint: `{tool} analyze`"
    assert said["Format"] == "Format: `dart format .`"
    assert said["Dart"].startswith("Dart: SDK `")


@pytest.mark.parametrize(("line", "purposes"), [
    ("sbt clean coverage test", ("test",)), ("sbt +test", ("test",)),
    ("sbt scalafmtCheckAll", ("format",)), ("sbt compile", ("build",)),
    ("cabal test all", ("test",)), ("stack build --fast", ("build",)),
    ("hlint src", ("lint",)), ("ormolu --mode inplace src/A.hs", ("format",)),
    ("dune build @runtest", ("test",)), ("dune build", ("build",)), ("dune fmt", ("format",)),
    ("zig build test", ("test",)), ("zig build", ("build",)), ("zig fmt --check .", ("format",)),
    ("rebar3 eunit", ("test",)), ("rebar3 ct", ("test",)), ("rebar3 dialyzer", ("typecheck",)),
    ("lein test", ("test",)), ("clojure -M:test", ("test",)), ("clj -M:lint", ("lint",)),
    ("julia --project -e Pkg.test()", ("test",)), ("bazel test //...", ("test",)),
    ("bazelisk build //:all", ("build",)), ("earthly +lint", ("lint",)),
    ("vendor/bin/phpunit", ("test",)), ("./vendor/bin/pest --parallel", ("test",)),
    ("php vendor/bin/phpstan analyse", ("typecheck",)), ("vendor/bin/psalm.phar", ("typecheck",)),
    ("composer exec phpunit -- --group slow", ("test",)), ("composer install", ("setup",)),
    ("php artisan test --parallel", ("test",)),
    ("./gradlew assembleDebug", ("build",)), ("./gradlew lintRelease", ("lint",)),
    ("./gradlew testDebugUnitTest", ("test",)), ("./gradlew formatKotlin", ("format",)),
    ("./gradlew detekt", ("lint",)), ("./gradlew generateTests", ()),
    ("hatch test", ("test",)), ("hatch fmt", ("format",)), ("rye lint", ("lint",)),
    ("deno task test", ("test",)), ("pixi run lint", ("lint",)), ("mise run test", ("test",)),
    ("cargo make test", ("test",)), ("cargo xtask lint", ("lint",)), ("melos run test", ("test",)),
    ("stack exec -- hlint .", ("lint",)), ("yarn dlx eslint .", ("lint",)),
    ("rebar3 as test ct", ("test",)), ("mise exec -- go test ./...", ("test",)),
    ("prove -lr t", ("test",)), ("busted", ("test",)), ("luacheck .", ("lint",)),
    ("crystal spec", ("test",)), ("crystal tool format --check", ("format",)),
    ("gleam test", ("test",)), ("dub test", ("test",)), ("R CMD check .", ("test",)),
    ("Rscript -e devtools::test()", ("test",)), ("melos exec -- flutter test", ("test",)),
    ("Rscript -e lintr::lint_package()", ("lint",)),
    ("mix test --cover", ("test",)), ("mix compile --warnings-as-errors", ("build",)),
    ("mix credo --strict", ("lint",)), ("mix deps.get", ("setup",)),
    ("swift build -c release", ("build",)), ("swiftlint --strict", ("lint",)),
    ("swift format lint -r .", ("lint",)),
    ("xcodebuild -scheme App -destination platform=macOS clean test", ("test",)),
    ("dart pub get", ("setup",)), ("flutter analyze", ("lint",)), ("dart test", ("test",)),
    ("mix hex.publish", ()), ("dart pub publish", ()),
])
def test_tools_of_more_ecosystems_serve_their_purposes(line: str, purposes: tuple) -> None:
    assert tool_purposes(line.split()) == purposes


@pytest.mark.parametrize(("check", "fixing"), [
    ("mix format --check-formatted", "mix format"),
    ("vendor/bin/php-cs-fixer fix --dry-run --diff", "vendor/bin/php-cs-fixer fix"),
    ("swiftformat --lint .", "swiftformat ."),
    ("dart format --output=none --set-exit-if-changed .", "dart format ."),
    ("sbt scalafmtCheckAll", "sbt scalafmtAll"), ("zig fmt --check src", "zig fmt src"),
])
def test_a_formatters_check_has_its_fixing_form(check: str, fixing: str) -> None:
    assert not writes(check.split())
    assert fixing_form(check.split()) == fixing


@pytest.mark.parametrize("line", ["ormolu src/A.hs", "swift-format format -r .",
                                  "erlfmt src/a.erl", "dune build @fmt"])
def test_a_formatter_that_prints_writes_nothing(line: str) -> None:
    assert not writes(line.split())


def test_a_script_in_another_language_is_not_read_as_shell() -> None:
    files = {"composer.json": '{"require": {"php": "^8.1"}}', **PHP_TREE,
             "bin/build": "#!/usr/bin/env php\n<?php\nchdir(__DIR__.'/../');\n"
                          "exec('git rev-list HEAD');\n"}
    said = texts(files)
    assert said["Build"] == "Build: `bin/build`"


NOXFILE = '''import nox

nox.options.sessions = ["tests"]


@nox.session()
@parametrize_matrix(
    ["python", "database"],
    [PYTHONS, DATABASES],
)
def tests(session, database):
    _tests(session, database)


@nox.session(name="pep8")
def lint(session):
    session.run("flake8", "src/")
    session.run("black", "--check", "src/")
'''


def test_nox_default_sessions_and_stacked_decorators() -> None:
    said = texts({"noxfile.py": NOXFILE, "pyproject.toml": '[project]\nname = "x"\n'})
    assert said["Tests"] == "Tests: `nox` runs `nox -s tests`"
    assert said["Lint"] == "Lint: `nox -s pep8` runs `flake8 src/`, `black --check src/`"


@pytest.mark.parametrize(("conf", "makefile", "command"), [
    ("docs/build/conf.py", "docs/build/Makefile", "make -C docs/build html"),
    ("docs/source/conf.py", "docs/Makefile", "make -C docs html"),
])
def test_a_sphinx_project_with_its_makefile_builds_the_docs(conf: str, makefile: str,
                                                             command: str) -> None:
    said = texts({"pyproject.toml": '[project]\nname = "x"\n', "src/x/a.py": ""},
                 (conf, makefile))
    assert said["Docs"] == f"Docs: `{command}` runs `sphinx-build`"


def test_gradle_build_carries_the_properties_every_ci_build_passes() -> None:
    flow = ("jobs:\n  jvm:\n    steps:\n"
            "      - run: ./gradlew -Dkjs=false -Pswift=false build --warning-mode all\n"
            "  multiplatform:\n    steps:\n      - run: ./gradlew -Pswift=false build\n"
            "  swift:\n    steps:\n      - run: ./gradlew -p wire-tests-swift build\n")
    files = {"build.gradle.kts": 'plugins { kotlin("jvm") }\n', "src/main/kotlin/A.kt": "",
             ".github/workflows/build.yml": flow}
    said = found(files, ("gradlew", "src/test/kotlin/ATest.kt"))
    assert said["Build"][0] == "Build: `./gradlew build -Pswift=false`"
    # a setting is its name and its value: the item cites the workflow it read them from
    assert ".github/workflows/build.yml" in said["Build"][1]


def test_hermit_pinned_tools_name_the_toolchain_not_a_script() -> None:
    files = {"go.mod": "module example.com/cli\n\ngo 1.22\n", "main.go": "", "bin/hermit.hcl": "",
             "bin/gofmt": ".go-1.22.5.pkg", "bin/go": ".go-1.22.5.pkg",
             "bin/activate-hermit": "#!/bin/bash\nexport HERMIT_ENV=1\n"}
    said = texts(files, ("main_test.go", "bin/.go-1.22.5.pkg", "bin/.golangci-lint-1.64.5.pkg"))
    assert said["Toolchain"] == ("Toolchain: Hermit pins go 1.22.5, golangci-lint 1.64.5 in "
                                 "`bin/`; activate it with `. bin/activate-hermit`")
    assert "Format" not in said  # bin/gofmt is Hermit's link to gofmt, not a format script


def test_mise_pins_the_toolchain() -> None:
    files = {"mise.toml": '[tools]\nnode = "22"\npython = "3.12"\n', "package.json": "{}"}
    assert texts(files)["Toolchain"] == ("Toolchain: mise pins node 22, python 3.12 "
                                         "(mise.toml); `mise install` installs them")


@pytest.mark.parametrize(("files", "extra", "expected"), [
    ({"build.sbt": 'ThisBuild / scalaVersion := "3.3.3"\n', "src/main/scala/A.scala": ""},
     (".scalafmt.conf",), {"Tests": "Tests: `sbt test`", "Build": "Build: `sbt compile`",
                           "Format": "Format: `sbt scalafmtAll`",
                           "Scala": "Scala: 3.3.3 (build.sbt `scalaVersion`)"}),
    ({"stack.yaml": "resolver: lts-22.6\n", "src/Lib.hs": ""}, ("lib.cabal", ".hlint.yaml"),
     {"Tests": "Tests: `stack test`", "Build": "Build: `stack build`", "Lint": "Lint: `hlint .`",
      "Haskell": "Haskell: Stack snapshot lts-22.6 (stack.yaml)"}),
    ({"src/Lib.hs": ""}, ("lib.cabal", "fourmolu.yaml"),
     {"Tests": "Tests: `cabal test`", "Format": "Format: `fourmolu --mode inplace .`"}),
    ({"dune-project": "(lang dune 3.11)\n", "lib/a.ml": ""}, ("test/dune", ".ocamlformat",
                                                              "lib.opam"),
     {"Tests": "Tests: `dune test`", "Build": "Build: `dune build`", "Format": "Format: `dune fmt`",
      "Setup": "Setup: `opam install . --deps-only --with-test`",
      "OCaml": "OCaml: dune 3.11 (dune-project `lang`)"}),
    ({"build.zig": 'const test_step = b.step("test", "Run unit tests");\n', "src/main.zig": "",
      "build.zig.zon": '.{ .minimum_zig_version = "0.13.0" }\n'}, (),
     {"Tests": "Tests: `zig build test`", "Build": "Build: `zig build`",
      "Format": "Format: `zig fmt .`",
      "Zig": "Zig: 0.13.0 or later (build.zig.zon `minimum_zig_version`)"}),
    ({"rebar.config": '{minimum_otp_vsn, "25"}.\n{project_plugins, [erlfmt]}.\n',
      "src/a.erl": ""}, ("test/a_SUITE.erl",),
     {"Tests": "Tests: `rebar3 ct`", "Build": "Build: `rebar3 compile`",
      "Type checks": "Type checks: `rebar3 dialyzer`", "Format": "Format: `rebar3 fmt`",
      "Erlang": "Erlang: OTP 25 or later (rebar.config `minimum_otp_vsn`)"}),
    ({"deps.edn": "{:aliases {:test {:extra-paths [\"test\"] :main-opts [\"-m\" \"runner\"]}}}",
      "src/a.clj": ""}, (".clj-kondo/config.edn",),
     {"Tests": "Tests: `clojure -M:test`", "Lint": "Lint: `clj-kondo --lint src`"}),
    ({"project.clj": "(defproject a \"0.1.0\")\n", "src/a.clj": ""}, (),
     {"Tests": "Tests: `lein test`", "Setup": "Setup: `lein deps`"}),
    ({"DESCRIPTION": "Package: tidy\nSuggests: devtools, testthat\n", "R/a.R": ""},
     ("tests/testthat/test-a.R",), {"Tests": "Tests: `Rscript -e 'devtools::test()'`"}),
    ({"DESCRIPTION": "Package: tidy\nDepends: R (>= 4.1.0)\nSuggests: testthat\n",
      "R/a.R": ""}, ("tests/testthat/test-a.R", ".lintr"),
     {"Tests": "Tests: `Rscript -e 'testthat::test_local()'`",
      "Build": "Build: `R CMD build .`",
      "Lint": "Lint: `Rscript -e 'lintr::lint_package()'`",
      "R": "R: 4.1.0 or later (DESCRIPTION `Depends`)"}),
    ({"Makefile.PL": "use ExtUtils::MakeMaker;\n", "cpanfile": "", "lib/A.pm": ""},
     ("t/basic.t", ".perltidyrc"),
     # `perltidy -b` with no files reads its standard input: no command formats the tree
     {"Tests": "Tests: `prove -lr t`", "Setup": "Setup: `cpanm --installdeps .`",
      "Format": None}),
    ({"a-1.0-1.rockspec": "", "src/a.lua": ""}, ("spec/a_spec.lua", ".luacheckrc", "stylua.toml"),
     {"Tests": "Tests: `busted`", "Lint": "Lint: `luacheck .`", "Format": "Format: `stylua .`"}),
    ({"shard.yml": "name: a\ncrystal: '>= 1.10.0'\n", "src/a.cr": ""}, ("spec/a_spec.cr",),
     {"Tests": "Tests: `crystal spec`", "Setup": "Setup: `shards install`",
      "Format": "Format: `crystal tool format`",
      "Crystal": "Crystal: `>= 1.10.0` (shard.yml `crystal`)"}),
    ({"gleam.toml": 'name = "a"\ngleam = ">= 1.4.0"\n', "src/a.gleam": ""},
     ("test/a_test.gleam",),
     {"Tests": "Tests: `gleam test`", "Build": "Build: `gleam build`",
      "Format": "Format: `gleam format`", "Gleam": "Gleam: `>= 1.4.0` (gleam.toml `gleam`)"}),
    ({"dub.json": '{"name": "a"}', "source/app.d": ""}, (),
     {"Tests": "Tests: `dub test`", "Build": "Build: `dub build`"}),
    ({"Project.toml": 'name = "Foo"\nuuid = "7876af07-990d-54b4-ab0e-23690620f79a"\n'
                      '[compat]\njulia = "1.10"\n', "src/Foo.jl": ""}, ("test/runtests.jl",),
     {"Tests": "Tests: `julia --project -e 'using Pkg; Pkg.test()'`",
      "Julia": "Julia: `1.10` (Project.toml `[compat]`)"}),
])
def test_build_tools_of_more_ecosystems_name_their_commands(
        files: dict[str, str], extra: tuple[str, ...], expected: dict[str, str | None]) -> None:
    said = texts(files, extra)
    for slot, text in expected.items():
        assert said.get(slot) == text, said


def test_an_umbrellas_apps_run_their_own_tests() -> None:
    files = {"mix.exs": MIX.replace("version:", 'apps_path: "apps", version:'), **ELIXIR_TREE,
             "apps/core/mix.exs": "", "apps/web/mix.exs": ""}
    said = texts(files, ("apps/core/test/test_helper.exs", "apps/core/lib/core.ex"))
    assert said["Tests"] == "Tests: `mix test`"  # at the top, an umbrella runs every app's
    assert said["Commands in `apps/core/`"] == "Commands in `apps/core/`: test `mix test`"
    assert "Commands in `apps/web/`" not in said


def test_a_bazel_workspace_tests_and_builds_with_bazel() -> None:
    files = {"MODULE.bazel": 'module(name = "svc")\n', "src/main.cc": "", "src/BUILD.bazel": ""}
    said = texts(files, (".bazelversion",))
    assert said["Tests"] == "Tests: `bazelisk test //...`"
    assert said["Build"] == "Build: `bazelisk build //...`"


def test_a_bazel_workspace_does_not_replace_an_ecosystems_own_commands() -> None:
    files = {"MODULE.bazel": "", "go.mod": "module example.com/x\n\ngo 1.22\n", "a.go": ""}
    said = texts(files, ("a_test.go",))
    assert said["Tests"] == "Tests: `go test ./...`"


def test_a_deno_project_names_its_tasks_and_deno_tools() -> None:
    files = {"deno.jsonc": '{\n  // tasks\n  "tasks": {"test": "deno test -A", "check": '
                           '{"command": "deno check mod.ts", "dependencies": ["test"]}}\n}',
             "mod.ts": "", "src/a.ts": ""}
    said = texts(files, ("src/a_test.ts",))
    assert said["Tests"] == "Tests: `deno task test` runs `deno test -A`"
    assert said["Lint"] == "Lint: `deno lint`"
    assert said["Format"] == "Format: `deno fmt`"


def test_mise_tasks_are_a_runners_tasks() -> None:
    files = {"mise.toml": '[tools]\ngo = "1.22"\n\n[tasks.test]\nrun = "go test -race ./..."\n'
                          '[tasks.lint]\nrun = ["golangci-lint run", "go vet ./..."]\n',
             "go.mod": "module example.com/x\n\ngo 1.22\n", "a.go": ""}
    said = texts(files, ("a_test.go",))
    assert said["Tests"] == "Tests: `mise run test` runs `go test -race ./...`"
    assert said["Lint"] == "Lint: `mise run lint` runs `golangci-lint run`, `go vet ./...`"


def test_a_melos_workspace_names_its_scripts() -> None:
    files = {"pubspec.yaml": "name: workspace\nenvironment:\n  sdk: ^3.6.0\n",
             "melos.yaml": "name: ws\nscripts:\n  analyze:\n    exec: dart analyze .\n"
                           "  test:\n    run: melos exec -- dart test\n",
             "packages/a/lib/a.dart": "", "packages/b/lib/b.dart": ""}
    said = texts(files)
    assert said["Tests"] == "Tests: `melos run test` runs `melos exec -- dart test`"
    assert said["Lint"] == "Lint: `melos run analyze` runs `dart analyze .`"


def test_a_dart_workspaces_packages_run_their_own_tests() -> None:
    """mobx.dart's shape: the root pubspec.yaml only holds melos; each package listed has
    its own pubspec.yaml and test/, a Flutter one tested by `flutter test`."""
    files = {"pubspec.yaml": "name: ws\nenvironment:\n  sdk: ^3.7.0\ndev_dependencies:\n"
                             "  melos: ^6.2.0\n",
             "melos.yaml": "name: ws\npackages:\n  - core\n  - flutter_core\n  - docs_site\n"
                           "scripts:\n  analyze:\n    exec: dart analyze .\n",
             "core/pubspec.yaml": "name: core\ndev_dependencies:\n  test: ^1.25.0\n",
             "core/lib/core.dart": "", "core/test/core_test.dart": "",
             "flutter_core/pubspec.yaml": "name: flutter_core\ndependencies:\n  flutter:\n"
                                          "    sdk: flutter\n",
             "flutter_core/lib/w.dart": "", "flutter_core/test/w_test.dart": "",
             "docs_site/pubspec.yaml": "name: docs_site\n", "docs_site/lib/d.dart": "",
             "tool/pubspec.yaml": "name: tool\n", "tool/test/t_test.dart": "",
             "examples/app/pubspec.yaml": "name: app\n", "examples/app/test/a_test.dart": ""}
    files["melos.yaml"] = files["melos.yaml"].replace("  - docs_site\n",
                                                      "  - docs_site\n  - examples/*\n")
    said = found(files)
    assert said["Commands in `core/`"] == (
        "Commands in `core/`: test `dart test` (one file: `dart test test/core_test.dart`)",
        ("core/pubspec.yaml",))
    assert said["Commands in `flutter_core/`"][0] == \
        "Commands in `flutter_core/`: test `flutter test` " \
        "(one file: `flutter test test/w_test.dart`)"
    assert "Commands in `docs_site/`" not in said  # no tests of its own
    assert "Commands in `tool/`" not in said  # not a package of the workspace
    # as a memorize run reads the tree: an example's manifest is not read
    read = Snapshot(sorted(files), {p: files[p] for p in wanted(sorted(files))}, [])
    assert [e.content for e in bootstrap_extractions(read) if "examples/" in e.content] == []
    assert "Tests" not in said  # the workspace's root has none


def test_a_pub_workspace_lists_its_packages() -> None:
    files = {"pubspec.yaml": "name: ws\nenvironment:\n  sdk: ^3.6.0\nworkspace:\n"
                             "  - pkgs/a\n",
             "pkgs/a/pubspec.yaml": "name: a\nresolution: workspace\n",
             "pkgs/a/lib/a.dart": "", "pkgs/a/test/a_test.dart": ""}
    assert texts(files)["Commands in `pkgs/a/`"] == \
        "Commands in `pkgs/a/`: test `dart test` (one file: `dart test test/a_test.dart`)"


PIXI_PYPROJECT = '''[project]
name = "units"
requires-python = ">=3.11"

[tool.pixi.workspace]
channels = ["conda-forge"]
platforms = ["linux-64"]

[tool.pixi.environments]
lint = { features = ["lint"], no-default-feature = true }
test = { features = ["test"], solve-group = "default" }
docs = { features = ["docs", "test"] }

[tool.pixi.feature.lint.tasks]
lint = "pre-commit run"

[tool.pixi.feature.test.tasks]
test = "pytest --benchmark-skip"
bench = "pytest --benchmark-only"

[tool.pixi.feature.docs.tasks]
docbuild = { cmd = "sphinx-build -b html docs build/html" }

[tool.pixi.feature.orphan.tasks]
fmt = "ruff format"
'''


def test_pixi_tasks_run_in_an_environment_that_has_their_feature() -> None:
    """A project whose only test command is a pixi task (pint): ``pixi run -e test test``,
    the environment named by the first one that lists the task's feature; a feature no
    environment lists gives no command."""
    files = {"pyproject.toml": PIXI_PYPROJECT, "units/__init__.py": "",
             "units/core.py": "", "tests/test_core.py": ""}
    said = texts(files)
    assert said["Tests"].startswith("Tests: `pixi run -e test test` runs `pytest --benchmark-skip`")
    assert "pixi run -e lint lint" in said["Lint"]
    assert "ruff format" not in said.get("Format", "")


def test_babashka_tasks_and_a_nested_deps_edn_test_alias_are_commands() -> None:
    """malli (fresh5, spent): `bb test-docs` and the other bb.edn tasks were never read,
    and a `:test` alias whose `:extra-deps` nests maps gave no test command."""
    bb = {"deps.edn": "{}", "bb.edn": '{:tasks {:requires ([babashka.fs :as fs])\n'
                                      ' test {:doc "run tests" :task (clojure "-M:test")}\n'
                                      ' lint (shell "clj-kondo --lint src")}}'}
    said = texts(bb)
    assert said["Tests"].startswith("Tests: `bb test`")
    assert said["Lint"].startswith("Lint: `bb lint`")
    deps = {"deps.edn": '{:aliases {:test {:extra-paths ["test"] :extra-deps '
                        '{io.github.cognitect-labs/test-runner {:git/tag "v0.5.1"}} '
                        ':main-opts ["-m" "cognitect.test-runner"]}}}'}
    assert texts(deps)["Tests"].startswith("Tests: `clojure -M:test`")


def test_an_sbt_command_word_is_one_task_with_its_arguments() -> None:
    """measured (fresh12's scalafmt, spent, read after its blind run): `sbt 'cli/nativeImageCopy
    scalafmt'` (copy the native image, named scalafmt) was written as the Format command, the
    argument read as the `scalafmt` task; a project's task (`tests/test`) is its task."""
    assert tool_purposes(["sbt", "cli/nativeImageCopy scalafmt"]) == ()
    assert tool_purposes(["sbt", "tests/test"]) == ("test",)
    assert tool_purposes(["sbt", ";clean;test"]) == ("test",)
    assert tool_purposes(["sbt", "scalafmtCheckAll"]) == ("format",)
