"""Every ecosystem's commands and versions, read from its own files
(gitmemory/reading/project/): Python's runners, JavaScript's package managers, Go,
Rust, Java and Kotlin, Ruby, .NET, C and C++, and the generic runners.  The fixtures
are written for these tests in the shape real repositories give these files."""

from __future__ import annotations

import pytest

from gitmemory.outputs.areas import area_of
from gitmemory.reading.project import Snapshot, bootstrap_extractions
from tests.reading.test_project import lines, one, snapshot


def found(files: dict[str, str], extra: tuple[str, ...] = ()) -> dict[str, tuple[str, tuple]]:
    """{slot: (text, paths)} of what the bootstrap reads from ``files``."""
    snap = Snapshot(sorted([*files, *extra]), files, [])
    out = {}
    for e in bootstrap_extractions(snap):
        key = e.content.split(": ", 1)[0]
        assert key not in out, (key, e.content)
        out[key] = (e.content, e.paths)
    return out


def texts(files: dict[str, str], extra: tuple[str, ...] = ()) -> dict[str, str]:
    return {k: v[0] for k, v in found(files, extra).items()}


POETRY = {"pyproject.toml": '[tool.poetry]\nname = "svc"\n\n[tool.poetry.dependencies]\n'
                            'python = "^3.11"\n\n[tool.poe.tasks]\ntest = "pytest -q"\n'}
PDM = {"pyproject.toml": '[project]\nname = "svc"\nrequires-python = ">=3.12"\n\n'
                         '[tool.pdm.scripts]\ntest = "pytest"\n'
                         'lint = {composite = ["ruff check .", "mypy src"]}\n'}
HATCH = {"pyproject.toml": '[tool.hatch.envs.default.scripts]\ntest = "pytest {args:tests}"\n'
                          '[tool.hatch.envs.lint.scripts]\n'
                          'style = ["ruff check .", "ruff format --check ."]\n'}
NOX = {"noxfile.py": 'import nox\n\n@nox.session(python=["3.11", "3.12"])\ndef tests(session):\n'
                     '    session.install("-e", ".[test]")\n    session.run("pytest", "-q")\n\n'
                     '@nox.session(name="docs-build")\ndef docs(session):\n'
                     '    session.run("sphinx-build", "docs", "docs/_build")\n'}


@pytest.mark.parametrize(("files", "extra", "expected"), [
    (POETRY, ("poetry.lock",), {"Setup": "Setup: `poetry install`",
                                "Tests": "Tests: `poe test` runs `pytest -q`",
                                "Python": "Python: 3.11 and later (tool.poetry python)"}),
    (PDM, ("pdm.lock",), {"Setup": "Setup: `pdm install`",
                          "Tests": "Tests: `pdm run test` runs `pytest`",
                          "Lint": "Lint: `pdm run lint` runs `ruff check .`, `mypy src`"}),
    (HATCH, (), {"Tests": "Tests: `hatch run test` runs `pytest`",
                 "Lint": "Lint: `hatch run lint:style` runs `ruff check .`, `ruff format "
                         "--check .`"}),
    (NOX, (), {"Tests": "Tests: `nox -s tests` runs `pytest -q`",
               "Docs": "Docs: `nox -s docs-build` runs `sphinx-build docs docs/_build`"}),
    ({"pyproject.toml": '[project]\nname = "x"\n'}, ("uv.lock",), {"Setup": "Setup: `uv sync`"}),
])
def test_python_runners(files: dict[str, str], extra: tuple[str, ...],
                        expected: dict[str, str]) -> None:
    said = texts(files, extra)
    for slot, text in expected.items():
        assert said.get(slot) == text, said


def test_a_check_form_is_never_the_format_command() -> None:
    assert "Format" not in texts(HATCH)  # only `ruff format --check .` runs the formatter


@pytest.mark.parametrize(("lock", "setup", "test"), [
    ("package-lock.json", "npm ci", "npm test"), ("pnpm-lock.yaml", "pnpm install", "pnpm test"),
    ("yarn.lock", "yarn install", "yarn test"), ("bun.lock", "bun install", "bun run test"),
])
def test_the_lock_file_names_the_package_manager(lock: str, setup: str, test: str) -> None:
    files = {"package.json": '{"scripts": {"test": "mocha"}, "devDependencies": {"mocha": "*"}}'}
    said = texts(files, (lock,))
    assert said["Setup"] == f"Setup: `{setup}`"
    assert said["Tests"] == f"Tests: `{test}` runs `mocha`"


def test_node_version_module_type_linters_and_runners() -> None:
    files = {"package.json": '{"name": "api", "engines": {"node": ">=20.11"}, "scripts": '
                             '{"test": "jest --coverage", "lint": "eslint src", "build": '
                             '"tsc -p tsconfig.build.json", "format": "prettier --write ."}, '
                             '"devDependencies": {"jest": "^29", "eslint": "^8", "prettier": '
                             '"^3", "typescript": "^5"}}',
             ".nvmrc": "20.11.1\n"}
    said = texts(files, ("package-lock.json", ".eslintrc.json", "tsconfig.json"))
    assert said["Tests"] == "Tests: `npm test` runs `jest --coverage`"
    assert said["Lint"] == "Lint: `npm run lint` runs `eslint src`"
    assert said["Format"] == "Format: `npm run format` runs `prettier --write .`"
    assert said["Build"] == "Build: `npm run build` runs `tsc -p tsconfig.build.json`"
    assert said["Node"] == ("Node: 20.11 or later (`engines.node`); pinned to 20.11.1 "
                            "(.nvmrc); TypeScript (tsconfig.json); npm (package-lock.json)")


def test_javascript_that_tsc_checks_in_jsdoc_is_not_called_typescript() -> None:
    """fresh32's unified: plain .js files typed in JSDoc, checked by tsc (`checkJs`) and
    emitting only .d.ts; "Node: ...; TypeScript (tsconfig.json)" sent an agent to write
    .ts files.  A tree with TypeScript sources stays TypeScript."""
    files = {"package.json": '{"name": "lib", "type": "module"}',
             "tsconfig.json": '{"compilerOptions": {"checkJs": true, "declaration": true, '
                              '"emitDeclarationOnly": true}, "include": ["**/*.js"]}'}
    said = texts(files, ("lib/index.js", "index.d.ts", "index.test-d.ts", "package-lock.json"))
    assert "TypeScript" not in said["Node"]
    assert "JavaScript typed in JSDoc comments, which tsc checks (tsconfig.json `checkJs`; " \
           "it emits only the .d.ts declarations)" in said["Node"]
    said = texts(files, ("lib/index.js", "lib/util.ts", "package-lock.json"))
    assert "TypeScript (tsconfig.json)" in said["Node"]


def test_a_check_script_that_runs_tsc_is_the_type_check() -> None:
    files = {"package.json": '{"type": "module", "scripts": {"test": "bun test", "check": '
                             '"tsc --noEmit"}, "devDependencies": {"typescript": "^5"}}'}
    said = texts(files, ("bun.lock",))
    assert said["Type checks"] == "Type checks: `bun run check` runs `tsc --noEmit`"
    assert "Lint" not in said


def test_biome_and_eslint_need_their_configuration() -> None:
    workflow = "jobs:\n  lint:\n    steps:\n      - run: npx eslint .\n      - run: npx biome ci\n"
    files = {"package.json": '{"scripts": {"test": "vitest run"}}',
             ".github/workflows/ci.yml": workflow}
    assert "Lint" not in texts(files)  # neither eslint.config.* nor biome.json is there
    assert texts(files, ("eslint.config.js",))["Lint"] == "Lint: `npx eslint .` (as CI runs it)"


PNPM_WORKSPACE = {
    "package.json": '{"name": "mono", "private": true, "scripts": {"build": "pnpm -r run build",'
                    ' "test": "vitest run"}, "devDependencies": {"vitest": "^2"}}',
    "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n",
    "packages/core/package.json": '{"name": "@mono/core", "scripts": {"build": "tsup '
                                  'src/index.ts", "test": "vitest run --dir src"}, '
                                  '"devDependencies": {"tsup": "^8", "vitest": "^2"}}',
    "packages/cli/package.json": '{"name": "@mono/cli", "scripts": {"build": "tsup"}}',
}


def test_a_workspace_package_s_own_commands_are_scoped_to_it() -> None:
    said = found(PNPM_WORKSPACE, ("pnpm-lock.yaml",))
    core = said["Commands in `packages/core/`"]
    assert core[0] == ("Commands in `packages/core/`: test `pnpm test` runs `vitest run --dir "
                       "src`; build `pnpm run build` runs `tsup src/index.ts`")
    assert core[1] == ("packages/core/package.json",)
    assert area_of(core[1]) == ("packages/core",)  # its rule file, not everyone's CLAUDE.md
    assert area_of(said["Tests"][1]) == ()  # the top's commands stay repository-wide
    assert said["Packages"][0] == ("Packages: pnpm workspace of 2 packages in `packages/cli/`, "
                                   "`packages/core/`")


def test_go_nested_modules_run_their_own_tests() -> None:
    files = {"go.mod": "module example.com/tool\n\ngo 1.21\n", "api/go.mod":
             "module example.com/tool/api\n\ngo 1.21\n"}
    said = found(files, ("main_test.go", "api/api_test.go"))
    assert said["Tests"][0] == "Tests: `go test ./...`"
    assert said["Commands in `api/`"] == ("Commands in `api/`: test `go test ./...`",
                                          ("api/go.mod",))


def test_rust_toolchain_clippy_and_aliases() -> None:
    files = {"Cargo.toml": '[package]\nname = "rg2"\nedition = "2021"\nrust-version = "1.70"\n',
             "rust-toolchain.toml": '[toolchain]\nchannel = "1.78.0"\n',
             "clippy.toml": 'msrv = "1.70"\n',
             ".cargo/config.toml": '[alias]\nlint = "clippy --all-targets -- -D warnings"\n'}
    said = texts(files)
    assert said["Tests"] == "Tests: `cargo test`"
    assert said["Lint"] == "Lint: `cargo lint` runs `cargo clippy --all-targets -- -D warnings`"
    assert said["Rust"] == ("Rust: rust-version 1.70 (the minimum supported); edition 2021; "
                            "toolchain 1.78.0 (rust-toolchain.toml)")


def test_gradle_through_its_wrapper_with_the_toolchain_version() -> None:
    files = {"settings.gradle.kts": 'rootProject.name = "svc"\n',
             "build.gradle.kts": 'plugins { kotlin("jvm") version "2.0.0"\n  checkstyle }\n'
                                 'kotlin { jvmToolchain(17) }\n',
             "gradle/wrapper/gradle-wrapper.properties": "distributionUrl=https\\://services."
                                                         "gradle.org/distributions/gradle-8.7-"
                                                         "bin.zip\n"}
    said = texts(files, ("gradlew", "gradlew.bat"))
    assert said["Tests"] == "Tests: `./gradlew test`"
    assert said["Build"] == "Build: `./gradlew build`"
    assert said["Lint"] == "Lint: `./gradlew checkstyleMain`"
    assert said["Java"] == "Java: toolchain 17 (build.gradle.kts); written in Kotlin"
    assert said["Gradle"] == "Gradle: 8.7 (the wrapper, `./gradlew`)"


def test_a_toolchain_from_the_version_catalog() -> None:
    files = {"build.gradle.kts": "java { toolchain { languageVersion.set(libs.versions.jdk.map("
                                 "JavaLanguageVersion::of)) } }\ntasks.withType<JavaCompile>()"
                                 " { options.release.set(8) }\n",
             "gradle/libs.versions.toml": '[versions]\njdk = "21"\n'}
    assert texts(files)["Java"] == "Java: toolchain 21 (build.gradle.kts); compiles for 8 " \
                                   "(release)"


def test_maven_without_a_wrapper() -> None:
    files = {"pom.xml": "<project><properties><maven.compiler.release>17</maven.compiler.release>"
                        "</properties></project>\n"}
    said = texts(files)
    assert said["Tests"] == "Tests: `mvn test`"
    assert said["Java"] == "Java: compiles for 17 (pom.xml `maven.compiler.release`)"
    assert texts(files, ("mvnw",))["Tests"] == "Tests: `./mvnw test`"


def test_ruby_rake_rspec_rubocop_and_version() -> None:
    files = {"Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "rspec"\ngem "rubocop"\n',
             "Rakefile": 'require "bundler/gem_tasks"\nrequire "rspec/core/rake_task"\n'
                         'require "rubocop/rake_task"\n\nRSpec::Core::RakeTask.new(:spec)\n'
                         'RuboCop::RakeTask.new\n\ntask default: %i[spec rubocop]\n',
             "widget.gemspec": 'Gem::Specification.new do |s|\n  s.required_ruby_version = '
                               '">= 3.1"\nend\n',
             ".ruby-version": "3.3.4\n"}
    said = texts(files, (".rspec",))
    assert said["Setup"] == "Setup: `bundle install`"
    assert said["Tests"] == "Tests: `bundle exec rake spec`"
    assert said["Lint"] == "Lint: `bundle exec rake rubocop`"
    assert said["Ruby"] == ("Ruby: 3.1 or later (required_ruby_version, widget.gemspec); pinned "
                            "to 3.3.4 (.ruby-version)")


def test_rake_tasks_in_tasks_directory_are_read() -> None:
    files = {"Gemfile": "gemspec\n", "Rakefile": 'Dir["tasks/*.rake"].each { |f| load f }\n',
             "tasks/test.rake": 'require "rake/testtask"\nRake::TestTask.new\n',
             ".github/workflows/ruby.yml": "jobs:\n  test:\n    steps:\n"
                                           "      - run: bundle exec rake test\n"}
    assert texts(files)["Tests"] == "Tests: `bundle exec rake test`; CI runs it too"


def test_dotnet_solution_sdk_and_frameworks() -> None:
    files = {"global.json": '{"sdk": {"version": "8.0.400", "rollForward": "latestMinor"}}',
             "src/Widget/Widget.csproj": "<Project><PropertyGroup><TargetFramework>net8.0"
                                         "</TargetFramework></PropertyGroup></Project>",
             "src/Widget.Website/Widget.Website.csproj": "<Project><PropertyGroup>"
                                                         "<TargetFramework>net6.0"
                                                         "</TargetFramework></PropertyGroup>"
                                                         "</Project>"}
    said = texts(files, ("Widget.sln", "tests/Widget.Tests/Widget.Tests.csproj"))
    assert said["Tests"] == "Tests: `dotnet test`"
    assert said["Build"] == "Build: `dotnet build`"
    assert said[".NET"] == ".NET: SDK 8.0.400 (global.json, rollForward latestMinor); targets " \
                           "net8.0 (src/Widget/Widget.csproj)"


def test_dotnet_frameworks_that_extend_a_conditional_list_are_all_named() -> None:
    """Issue 33 (serilog): `net471;net462` only on Windows, then `$(TargetFrameworks);net10.0;
    ...` for everyone; the reading named the Windows-only pair as the targets."""
    csproj = ("<Project><PropertyGroup>\n"
              "<TargetFrameworks Condition=\" '$(OS)' == 'Windows_NT'\">net471;net462"
              "</TargetFrameworks>\n"
              "<TargetFrameworks>$(TargetFrameworks);net10.0;net9.0;net8.0;net6.0;"
              "netstandard2.0</TargetFrameworks>\n</PropertyGroup></Project>")
    said = texts({"src/Serilog/Serilog.csproj": csproj}, ("Serilog.sln",))
    assert said[".NET"] == ".NET: targets net10.0, net9.0, net8.0, net6.0, netstandard2.0; " \
                           "net471, net462 under a condition (src/Serilog/Serilog.csproj)"


def test_a_gem_and_a_dotnet_solution_say_where_the_code_and_the_tests_live() -> None:
    """Issue 33 (httparty, serilog): the layout was read for Python alone, so a gem's memory
    said "docs in `docs/`, examples in `examples/`" and named neither `lib/` nor `spec/`."""
    gem = {"httparty.gemspec": "Gem::Specification.new do |s|\nend\n",
           "Gemfile": "gemspec\n", "lib/httparty.rb": "module HTTParty\nend\n"}
    said = texts(gem, ("lib/httparty/request.rb", "spec/httparty_spec.rb", "docs/README.md",
                       "examples/basic.rb"))
    assert said["Layout"] == "Layout: code in `lib/`, tests in `spec/`, docs in `docs/`, " \
                             "examples in `examples/`"
    dotnet = {"src/Serilog/Serilog.csproj": "<Project></Project>",
              "test/Serilog.Tests/Serilog.Tests.csproj": "<Project></Project>"}
    said = texts(dotnet, ("Serilog.sln", "src/Serilog/Log.cs"))
    assert said["Layout"] == "Layout: projects in `src/`, tests in `test/`"


def test_a_go_module_says_where_its_packages_and_tests_live() -> None:
    """Issue 33 (gin): a Go module's memory said "docs in `docs/`, examples in `examples/`" and
    named neither its packages nor where the tests are (beside the code, `*_test.go`)."""
    gomod = {"go.mod": "module github.com/gin-gonic/gin\n\ngo 1.25.0\n"}
    said = texts(gomod, ("gin.go", "gin_test.go", "binding/json.go", "binding/json_test.go",
                         "codec/json/api.go", "ginS/gins.go", "internal/fs/fs.go",
                         "render/render.go", "testdata/protoexample/test.pb.go",
                         "docs/doc.md", "examples/README.md", "_tools/gen.go",
                         "tools/go.mod", "tools/main.go"))
    assert said["Layout"] == "Layout: code at the module root and in `binding/`, `codec/`, " \
                             "`ginS/` and 2 more, tests beside the code (`*_test.go`), docs in " \
                             "`docs/`, examples in `examples/`"
    restic = {"go.mod": "module github.com/restic/restic\n\ngo 1.23\n"}
    said = texts(restic, ("build.go", "doc.go", "cmd/restic/main.go", "cmd/restic/main_test.go",
                          "internal/repository/repo.go", "doc/index.rst"))
    assert said["Layout"] == "Layout: code in `cmd/`, `internal/`, tests beside the code " \
                             "(`*_test.go`), docs in `doc/`"


def test_cmake_ctest_and_the_lowest_standard() -> None:
    files = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(geo CXX)\n"
                               "if(GEO_MODULES)\n  set(CMAKE_CXX_STANDARD 20)\nelse()\n"
                               "  set(CMAKE_CXX_STANDARD 17)\nendif()\nenable_testing()\n"}
    said = texts(files, (".clang-format",))
    assert said["Tests"] == "Tests: `ctest --test-dir build` (after `cmake -B build && " \
                            "cmake --build build`)"
    assert said["Build"] == "Build: `cmake -B build && cmake --build build`"
    assert "Format" not in said  # `clang-format -i` formats nothing without its files
    assert said["C++"] == "C++: C++17; CMake 3.20 or later (CMakeLists.txt)"


def test_meson_and_autotools() -> None:
    meson = texts({"meson.build": "project('geo', 'c', default_options: ['c_std=c11'])\n"})
    assert meson["Tests"] == "Tests: `meson test -C build` (after `meson setup build`)"
    assert meson["C"] == "C: C11 (meson.build)"
    autotools = texts({".github/workflows/ci.yml": "jobs:\n  t:\n    steps:\n"
                                                   "      - run: autoreconf -i\n"
                                                   "      - run: ./configure\n"
                                                   "      - run: make check\n"},
                      ("configure.ac", "Makefile.am", "configure"))
    assert autotools["Tests"] == "Tests: `make check` (after `autoreconf -i && ./configure`); " \
                                 "CI runs it too"


def test_justfile_taskfile_and_devcontainer() -> None:
    just = texts({"justfile": "set dotenv-load\n\n# run the tests\ntest *args:\n"
                              "    cargo nextest run {{args}}\n\nlint: fmt-check\n"
                              "    cargo clippy --all-targets -- -D warnings\n\nfmt-check:\n"
                              "    cargo fmt --all --check\n"})
    assert just["Tests"] == "Tests: `just test` runs `cargo nextest run`"
    assert just["Lint"] == ("Lint: `just lint` runs `just fmt-check`, `cargo clippy --all-targets"
                            " -- -D warnings`")
    task = texts({"Taskfile.yml": "version: '3'\ntasks:\n  test:\n    cmds:\n"
                                  "      - go test -race ./...\n"})
    assert task["Tests"] == "Tests: `task test` runs `go test -race ./...`"
    container = texts({".devcontainer/devcontainer.json": '{\n  // the image\n  "image": '
                       '"mcr.microsoft.com/devcontainers/python:3.12",\n  "postCreateCommand": '
                       '"pip install -e .[dev]"\n}'})
    assert container["Setup"] == "Setup: `pip install -e .[dev]`"
    assert container["Dev container"] == ("Dev container: image `mcr.microsoft.com/devcontainers"
                                          "/python:3.12` (.devcontainer/devcontainer.json)")


def test_a_watcher_is_never_the_test_command() -> None:
    files = {"justfile": "watch +args='test':\n  cargo watch --clear --exec '{{ args }}'\n\n"
                         "test: (watch 'test --all')\n",
             "Cargo.toml": '[package]\nname = "w"\n',
             ".github/workflows/ci.yml": "jobs:\n  test:\n    steps:\n"
                                         "      - run: cargo test --all\n"}
    # Not `just test` (a `cargo watch` loop): cargo's own test task, before CI's variant.
    assert texts(files)["Tests"] == "Tests: `cargo test`; CI runs `cargo test --all`"


def test_a_release_or_benchmark_job_never_gives_the_test_command() -> None:
    release = ("jobs:\n  publish:\n    steps:\n      - run: pytest --benchmark-only\n"
               "      - run: python -m pytest tests/release\n")
    files = {".github/workflows/release.yml": release, "pyproject.toml": '[project]\nname = "x"\n'}
    assert "Tests" not in texts(files)


def test_pre_commit_without_its_configuration_is_never_named() -> None:
    files = {".github/workflows/lint.yml": "jobs:\n  lint:\n    steps:\n"
                                           "      - uses: pre-commit/action@v3\n"}
    assert "Lint" not in texts(files)
    files[".pre-commit-config.yaml"] = "repos: []\n"
    assert texts(files)["Lint"] == "Lint: `pre-commit run --all-files` (as CI runs it)"


def test_items_read_from_ci_stay_repository_wide() -> None:
    """An item cites the workflow it was read from and the project's top manifest, so it
    is not scoped to `.github/workflows/` (outputs/areas.py)."""
    files = {".github/workflows/ci.yml": "jobs:\n  t:\n    steps:\n"
                                         "      - run: cargo clippy --all-features\n",
             "Cargo.toml": '[package]\nname = "x"\n'}
    text, paths = found(files)["Lint"]
    assert text == "Lint: `cargo clippy --all-features` (as CI runs it)"
    assert paths == (".github/workflows/ci.yml", "Cargo.toml")
    assert area_of(paths) == ()


@pytest.mark.parametrize("files", [POETRY, PDM, HATCH, NOX, PNPM_WORKSPACE, {
    "package.json": '{"name": "@acme/api", "engines": {"node": ">=18 <23"}, "scripts": '
                    '{"test": "node --test 2>&1 | tee out.txt"}}'}])
def test_every_item_survives_rendering_unchanged(files: dict[str, str]) -> None:
    """No `<`, `>` or `@name` that neutralisation would rewrite, nothing held back."""
    from gitmemory.injection.detect import reason
    from gitmemory.injection.neutralize import neutralize

    items = bootstrap_extractions(Snapshot(sorted(files), files, []))
    assert items
    for item in items:
        assert neutralize(item.content) == item.content, item.content
        assert reason(item.content) is None, item.content


def test_a_docs_job_s_configure_step_is_not_the_build() -> None:
    workflow = ("jobs:\n  build-docs:\n    steps:\n      - run: cmake -S . -B build "
                "-DTESTING=OFF -DDOXYGEN=ON\n      - run: cmake --build build --target docs\n")
    files = {".github/workflows/doxygen.yml": workflow,
             "CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(x CXX)\n"}
    assert texts(files)["Build"] == "Build: `cmake -B build && cmake --build build`"


def test_a_crate_with_nothing_on_by_default_is_tested_with_its_full_feature() -> None:
    """hyper's `default = []` turns every part off: a plain `cargo test` builds almost
    nothing, and CI tests with `--features full`, the Rust convention for "everything"."""
    manifest = ('[package]\nname = "wirehose"\n\n[features]\n# all opt-in\ndefault = []\n'
                'full = ["client", "server"]\nclient = []\nserver = []\n')
    said = texts({"Cargo.toml": manifest, "src/lib.rs": ""})
    assert said["Tests"] == "Tests: `cargo test --features full`"
    assert said["Build"] == "Build: `cargo build --features full`"


def test_a_crate_with_default_features_is_tested_as_it_is() -> None:
    manifest = ('[package]\nname = "wirehose"\n\n[features]\ndefault = ["client"]\n'
                'full = ["client", "server"]\nclient = []\nserver = []\n')
    said = texts({"Cargo.toml": manifest, "src/lib.rs": ""})
    assert said["Tests"] == "Tests: `cargo test`"


def test_a_rust_tool_with_an_npm_wrapper_and_js_fixtures_is_set_up_and_tested_as_rust() -> None:
    # sentry-cli: 212 Rust files, and 139 JavaScript files of test inputs and expected
    # outputs under tests/integration/_fixtures and _expected_outputs made Node a main
    # ecosystem: `npm test` for the tests and the wrapper's `npx napi-postinstall` step
    # (its CI job's) for the set-up
    files = {
        "Cargo.toml": '[package]\nname = "sentry-cli"\nversion = "3.0.0"\nedition = "2021"\n',
        "package.json": '{"name": "@sentry/cli", "scripts": {"test": "jest", '
                        '"check:types": "tsc --noEmit"}}',
        "package-lock.json": "{}",
        ".github/workflows/test.yml": "jobs:\n  test:\n    steps:\n"
                                      "      - run: cargo test --workspace\n",
        ".github/workflows/test_node.yml": "jobs:\n  test_node:\n    steps:\n"
                                           "      - run: npm ci --omit=optional\n"
                                           "      - run: npx napi-postinstall unrs-resolver\n"
                                           "      - run: npm test\n",
    }
    tree = [*files, *(f"src/commands/c{n}.rs" for n in range(20)), "lib/index.ts",
            *(f"tests/integration/_fixtures/f{n}.js" for n in range(12)),
            *(f"tests/integration/_expected_outputs/e{n}.js" for n in range(8))]
    found = lines(snapshot(files, sorted(tree)))
    assert one(found, "Tests:").startswith("Tests: `cargo test"), found
    assert not [line for line in found if line.startswith("Setup:") and "np" in line], found


def test_gradle_with_the_detekt_plugin_lints_with_its_task_and_no_jdk_is_not_java() -> None:
    # Exposed: detekt applied through the version catalog gave no lint command, and a
    # Kotlin build with no JDK version said "Java: written in Kotlin"
    files = {"settings.gradle.kts": 'rootProject.name = "exposed"\n',
             "build.gradle.kts": "import io.gitlab.arturbosch.detekt.Detekt\nplugins {\n"
                                 "    alias(libs.plugins.jvm)\n"
                                 "    id(libs.plugins.detekt.get().pluginId) apply true\n}\n"}
    said = texts(files, ("gradlew", "src/main/kotlin/A.kt"))
    assert said["Lint"] == "Lint: `./gradlew detekt`"
    assert said["JVM"] == "JVM: written in Kotlin"
    assert "Java" not in said


@pytest.mark.parametrize(("backend", "build"), [
    ("flit_core.buildapi", "flit build"), ("hatchling.build", "hatch build"),
    ("poetry.core.masonry.api", "poetry build"), ("pdm.backend", "pdm build"),
    ("setuptools.build_meta", "python -m build"),
])
def test_a_python_package_builds_with_its_backends_front_end(backend: str, build: str) -> None:
    """WeasyPrint (fresh29) builds with `flit build`, as its release workflow runs it for
    its `flit_core.buildapi` backend; its memory had no Build item."""
    files = {"pyproject.toml": f'[project]\nname = "x"\n\n[build-system]\n'
                               f'build-backend = "{backend}"\n'}
    assert texts(files).get("Build") == f"Build: `{build}`"
