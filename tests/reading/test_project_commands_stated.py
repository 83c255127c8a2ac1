"""How projects state their commands where the reading did not look (issue 29): a script
named with an underscore, a linter plugin configured in a Maven module's pom, a static
analyzer CI runs, the environment a docs tool is a dependency of, a formatter CI fails
on.  The fixtures are written for these tests in the shape such repositories have."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from gitmemory.reading.project import Snapshot, bootstrap_extractions, wanted
from gitmemory.sources.repository import read_commit
from testing.gitrepo import git
from tests.reading.test_project_principles import command, lines, slot, workflow


def test_a_script_named_build_docs_is_the_docs_command_not_the_build() -> None:
    """`script/build_docs` builds the documentation: `_` separates the words of a task's
    name as `-` does (`build-docs`)."""
    files = {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
             "script/build_docs": "#!/bin/sh\nswift package generate-documentation\n",
             **workflow("./script/build_docs", job="build-documentation", name="documentation"),
             **workflow("swift build", "swift test", job="build")}
    found = lines(files, ("Sources/A/a.swift", "Tests/ATests/a.swift"))
    assert command(found, "Docs") == "script/build_docs"
    assert command(found, "Build") != "script/build_docs"


def test_a_linter_plugin_configured_in_a_maven_modules_pom_is_the_lint_command() -> None:
    """The root pom lists modules; the parent module's pom configures
    maven-checkstyle-plugin, which every module inherits."""
    files = {"pom.xml": "<project><modules><module>parent</module><module>core</module>"
                        "</modules></project>",
             "parent/pom.xml": "<project><build><plugins><plugin><artifactId>"
                               "maven-checkstyle-plugin</artifactId></plugin></plugins>"
                               "</build></project>",
             "core/pom.xml": "<project/>", "mvnw": "#!/bin/sh\n"}
    found = lines(files, ("core/src/main/java/A.java",))
    assert command(found, "Lint") == "./mvnw checkstyle:check"


def test_a_static_analyzer_ci_runs_is_named_with_its_workflow() -> None:
    """A Maven build step with the Sonar goal, a scan action in a nightly workflow and a
    CMake option turning clang-tidy on: each is static analysis CI runs."""
    files = {"pom.xml": "<project/>",
             ".github/workflows/build.yml":
                 "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "      - uses: actions/checkout@v4\n"
                 "      - run: mvn -B verify org.sonarsource.scanner.maven:"
                 "sonar-maven-plugin:sonar\n"}
    item = slot(lines(files, ("src/main/java/A.java",)), "Static analysis")
    assert item == "Static analysis: CI runs SonarQube (the build workflow)"
    files = {"CMakeLists.txt": "project(x C)\n",
             ".github/workflows/nightly.yml":
                 "on:\n  schedule:\n  - cron: '0 0 * * *'\njobs:\n  sonar:\n"
                 "    runs-on: ubuntu-latest\n    steps:\n"
                 "    - uses: SonarSource/sonarqube-scan-action@v5\n"
                 "  codeql:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "    - uses: github/codeql-action/analyze@v3\n",
             ".github/workflows/lint.yml":
                 "on: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "    - run: ./ci/build.sh configure\n      env:\n"
                 "        CMAKE_ARGS: -DENABLE_CLANG_TIDY=YES\n"}
    item = slot(lines(files, ("src/a.c",)), "Static analysis")
    assert item == ("Static analysis: CI runs clang-tidy (the lint workflow), "
                    "SonarQube, CodeQL (the nightly workflow)")


def test_nothing_is_said_of_static_analysis_when_ci_runs_none() -> None:
    files = {"pom.xml": "<project/>",
             **workflow("mvn -B verify", "echo sonar is not used here")}
    assert slot(lines(files, ("src/main/java/A.java",)), "Static analysis") is None


def test_mix_docs_runs_in_the_only_environment_ex_doc_is_a_dependency_of() -> None:
    """`{:ex_doc, only: :docs}`: in the dev environment `mix docs` is not a task."""
    mix = ('defmodule X.MixProject do\n  use Mix.Project\n  def project do\n'
           '    [app: :x, deps: deps()]\n  end\n  defp deps do\n'
           '    [{:ex_doc, "~> 0.38", only: :docs}]\n  end\nend\n')
    found = lines({"mix.exs": mix, "test/test_helper.exs": ""}, ("lib/x.ex",))
    assert slot(found, "Docs") == ("Docs: `mix docs`, in the docs environment (MIX_ENV; "
                                   "ex_doc is a dependency there only)")
    dev = mix.replace("only: :docs", "only: [:dev, :docs], runtime: false")
    assert slot(lines({"mix.exs": dev}, ("lib/x.ex",)), "Docs") == "Docs: `mix docs`"
    preferred = mix.replace("[app: :x,", "[app: :x, preferred_cli_env: [docs: :docs],")
    assert slot(lines({"mix.exs": preferred}, ("lib/x.ex",)), "Docs") == "Docs: `mix docs`"


def test_go_format_says_ci_fails_when_gofmt_would_change_a_file() -> None:
    """CI diffs `go fmt`'s output against nothing: the item says CI checks it."""
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n",
             **workflow('test -z "$(go fmt $(go list ./...))"', "go test ./...")}
    item = slot(lines(files, ("x.go", "x_test.go")), "Format")
    assert item == "Format: `go fmt ./...`; CI checks it"  # as the workflow names it


def test_a_command_ci_runs_too_cites_the_workflow_that_runs_it() -> None:
    """"CI runs it too" is read from the workflow: the item cites it, so what CI runs is
    checked against the file that says it (docs/design.md, "Where two rules meet")."""
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rake'\n",
             "Rakefile": "require 'minitest/test_task'\ntask default: :test\n"
                         "Minitest::TestTask.create\n",
             **workflow("bundle exec rake", name="tests")}
    snap = Snapshot(sorted({*files, "lib/x.rb", "test/x_test.rb"}), files, [])
    item = next(e for e in bootstrap_extractions(snap) if e.content.startswith("Tests:"))
    assert "CI runs it too" in item.content
    assert ".github/workflows/tests.yml" in item.paths


SHOWN_TREES = {
    "static analysis": {"pom.xml": "<project/>\n", "src/main/java/A.java": "class A {}\n",
                        ".github/workflows/build.yml":
                            "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
                            "    steps:\n      - run: mvn -B verify org.sonarsource.scanner."
                            "maven:sonar-maven-plugin:sonar\n"},
    "ci runs it too": {"Gemfile": "source 'https://rubygems.org'\ngem 'rake'\n",
                       "Rakefile": "require 'minitest/test_task'\ntask default: :test\n"
                                   "Minitest::TestTask.create\n",
                       "lib/x.rb": "", "test/x_test.rb": "",
                       ".github/workflows/tests.yml":
                           "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
                           "    steps:\n      - run: bundle exec rake\n"},
    "go fmt": {"go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n",
               "x_test.go": "package x\n",
               ".github/workflows/ci.yml":
                   "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
                   '      - run: test -z "$(go fmt $(go list ./...))"\n'
                   "      - run: go test ./...\n"},
    "maven": {"pom.xml": "<project><artifactId>x</artifactId></project>\n", "mvnw": "#!/bin/sh\n",
              "src/main/java/A.java": "class A {}\n", "src/test/java/ATest.java": ""},
    "swift-format": {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
                     ".swift-format": '{"version": 1, "lineLength": 100}\n',
                     "Sources/A/a.swift": "", "Tests/ATests/a.swift": ""},
    "pnpm": {"package.json": '{"name": "x", "scripts": {"test": "vitest run"}, '
                             '"devDependencies": {"vitest": "*"}}\n',
             "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "src/a.ts": ""},
    "autotools": {"configure.ac": "AC_INIT([x], [1.0])\nAM_INIT_AUTOMAKE\nAC_OUTPUT\n",
                  "Makefile.am": "bin_PROGRAMS = x\n", "x.c": "",
                  "autogen.sh": "#!/bin/sh\nautoreconf -fi\n"},
    "go generate": {"go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n",
                    "parser/generate.go": "package parser\n\n//go:generate ragel -Z scan.rl\n"
                                          "//go:generate gofmt -w scan.go\n"},
    "docs env": {"mix.exs": 'defmodule X.MixProject do\n  defp deps do\n'
                            '    [{:ex_doc, "~> 0.38", only: :docs}]\n  end\nend\n',
                 "lib/x.ex": "", "test/test_helper.exs": ""},
}


@pytest.mark.parametrize("shape", sorted(SHOWN_TREES))
def test_what_the_reading_says_of_these_shapes_is_confirmed_by_the_files_it_cites(
        repo: Path, shape: str) -> None:
    """An item the evidence rule holds back never reaches CLAUDE.md: each of these items
    names only what the files it cites hold (docs/design.md, "Where two rules meet")."""
    for name, text in SHOWN_TREES[shape].items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", shape)
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    read = [r for r in read_commit(str(repo), tip, []) if r.key in (
        "Static analysis", "Setup", "Tests", "Lint", "Format", "Docs", "Build",
        "Generated code")]
    assert read, shape
    items = [Item(r.text, (), r.paths) for r in read]
    held = Grounds(str(repo), tip, None, at_base=False).held(items)
    assert held == [None] * len(items), list(zip([i.text for i in items], held, strict=True))


def test_a_crate_that_configures_its_docs_build_documents_with_cargo_doc() -> None:
    """`[package.metadata.docs.rs] all-features = true`: docs.rs builds the docs with every
    feature, and so does `cargo doc --all-features`; a crate that says nothing of its
    docs gets no Docs item."""
    manifest = '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n'
    files = {"Cargo.toml": manifest + "\n[package.metadata.docs.rs]\nall-features = true\n"}
    assert command(lines(files, ("src/lib.rs",)), "Docs") == "cargo doc --all-features"
    assert command(lines({"Cargo.toml": manifest}, ("src/lib.rs",)), "Docs") is None


def test_a_runner_task_named_for_the_analyzer_ci_runs_is_given_with_it() -> None:
    files = {"Makefile": "all:\n\t$(CC) -o x x.c\ncppcheck:\n\tcppcheck --enable=all x.c\n",
             **workflow("make V=1 clean cppcheck", job="cppcheck")}
    item = slot(lines(files, ("x.c",)), "Static analysis")
    assert item == "Static analysis: CI runs cppcheck (`make cppcheck`) (the ci workflow)"


def test_an_autotools_project_with_a_bootstrap_script_generates_configure_with_it() -> None:
    """`autogen.sh` (or `bootstrap`, `buildconf.sh`) beside configure.ac is the project's
    way to generate configure: it may run more than `autoreconf -i`."""
    files = {"configure.ac": "AC_INIT([x], [1.0])\nAC_OUTPUT\n",
             "Makefile.am": "TESTS = run-tests.sh\n",
             "buildconf.sh": "#!/bin/sh\nlibtoolize\nautoreconf -fi\n"}
    found = lines(files, ("x.c",))
    assert command(found, "Build") == "./buildconf.sh && ./configure && make"
    assert slot(found, "Tests") == "Tests: `make check` (after `./buildconf.sh && ./configure`)"
    files.pop("buildconf.sh")
    assert command(lines(files, ("x.c",)), "Build") == "autoreconf -i && ./configure && make"


def test_a_go_package_generate_file_says_how_its_code_is_regenerated() -> None:
    """A package's generate.go keeps its //go:generate directives: what they write is
    regenerated with `go generate`, never edited by hand; a generate.go without one says
    nothing."""
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n",
             "parser/generate.go": "package parser\n\n//go:generate ragel -Z scan.rl\n"
                                   "//go:generate go run golang.org/x/tools/cmd/stringer -type T\n"}
    item = slot(lines(files, ("x.go", "parser/scan.rl", "parser/scan.go")), "Generated code")
    assert item == ("Generated code: `go generate ./...` runs the go:generate directives of "
                    "`parser/generate.go` (ragel)")
    assert "parser/generate.go" in wanted(["go.mod", "x.go", "parser/generate.go"])
    files["parser/generate.go"] = "package parser\n\nfunc Generate() {}\n"
    assert slot(lines(files, ("x.go",)), "Generated code") is None


def test_a_cd_on_its_own_line_moves_the_rest_of_the_step() -> None:
    """`cd expat/build` on one line of a step's script: the `ctest` lines after it run in
    that directory (no nameable step made it), never from the top of the tree."""
    files = {"CMakeLists.txt": "project(x C)\n",
             ".github/workflows/windows.yml":
                 "on: [push]\njobs:\n  test:\n    runs-on: windows-latest\n    steps:\n"
                 "      - run: |\n          set -x\n          cd expat/build\n"
                 "          ctest --output-on-failure\n"}
    found = lines(files, ("src/a.c",))
    assert command(found, "Tests") != "ctest --output-on-failure"




def test_a_subshells_cd_ends_with_it() -> None:
    files = {"pyproject.toml": '[project]\nname = "x"\n[tool.pytest.ini_options]\n',
             ".github/workflows/ci.yml":
                 "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "      - run: |\n          (cd docs && make html)\n          pytest -q\n"}
    found = lines(files, ("x.py", "tests/test_x.py", "docs/Makefile"))
    assert command(found, "Tests") == "pytest -q"


def test_a_build_through_a_cross_compilers_wrapper_is_not_the_projects_build() -> None:
    """`emcmake cmake ...` configures a WebAssembly port with Emscripten: not how the
    project is built; with nothing else to name, the Build item says nothing."""
    flow = ("on: [push]\njobs:\n  emscripten:\n    name: Build with Emscripten\n"
            "    runs-on: ubuntu-24.04\n    steps:\n    - name: Build using Emscripten\n"
            "      run: |\n        emcmake cmake -S lib/ -B build/\n")
    files = {"lib/CMakeLists.txt": "project(x C)\n", "README.md": "# x\n",
             ".github/workflows/emscripten.yml": flow}
    assert command(lines(files, ("lib/a.c", "lib/b.c")), "Build") is None


def test_the_static_analysis_ci_gates_a_pull_request_on_is_taken_first() -> None:
    """libgit2's CLAUDE.md, full of the history, left its SonarQube line out: like the
    generated files CI checks, an analyzer CI runs is what a change must pass."""
    from gitmemory.outputs import value

    item = Item("Static analysis: CI runs SonarQube, CodeQL (the nightly workflow)", (),
                (".github/workflows/nightly.yml",))
    assert value.tier(item) == value.FIRST
    assert not value.is_command(item)



def test_compose_services_built_from_the_tests_directory_are_the_suites_servers() -> None:
    """A proxy built from `test/docker/tinyproxy` and an httpbin image are what the test
    suite talks to: `docker compose up -d` starts them; the project's own image built
    from the top of the tree is still no such service."""
    compose = ("services:\n  proxy:\n    build: ./test/docker/tinyproxy\n"
               "  httpbin:\n    image: docker.io/kennethreitz/httpbin:latest\n"
               "  web:\n    build: .\n")
    found = lines({"docker-compose.yml": compose, "mix.exs": ""}, ("lib/a.ex",))
    assert slot(found, "Services") == (
        "Services: `docker compose up -d` starts `proxy` (built from `test/docker/tinyproxy`), "
        "`httpbin` (docker.io/kennethreitz/httpbin:latest)")


def test_a_command_run_in_a_directory_an_earlier_step_made_is_not_named() -> None:
    """curl's distcheck job unpacks the release tarball and runs `make test-ci` inside
    it (`pushd curl-99.98.97`): that directory is not the tree's."""
    files = {"CMakeLists.txt": "project(x C)\n", "configure.ac": "AC_INIT([x], [1])\n",
             ".github/workflows/distcheck.yml":
                 "on: [push]\njobs:\n  verify:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "      - run: |\n          tar xvf x-9.9.tar.gz\n          pushd x-9.9\n"
                 "          ./configure\n          make\n          make test-ci\n"}
    found = lines(files, ("src/a.c",))
    assert not any("x-9.9" in line for line in found if line.startswith(("Tests", "Build")))


def test_a_step_named_for_tests_that_installs_their_requirements_is_not_the_test_command() -> None:
    """curl's "run tests" step installs the tests' Python requirements first (pip with its
    options before `install`): the step's name labels no install."""
    files = {"CMakeLists.txt": "project(x C)\n",
             ".github/workflows/windows.yml":
                 "on: [push]\njobs:\n  build:\n    runs-on: windows-latest\n    steps:\n"
                 "      - name: 'run tests'\n        run: python3 -m pip --no-input install "
                 "--prefer-binary -r tests/requirements.txt\n"}
    found = lines(files, ("src/a.c", "tests/requirements.txt"))
    assert "pip" not in (command(found, "Tests") or "")


# --- what the build itself enforces is the static-analysis fact -----------------------------

PROPS = ("<Project>\n  <PropertyGroup>\n    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>\n"
         "    <EnableNETAnalyzers>true</EnableNETAnalyzers>\n"
         "    <AnalysisMode>All</AnalysisMode>\n  </PropertyGroup>\n  <ItemGroup>\n"
         "    <PackageReference Include=\"Roslynator.Analyzers\" Version=\"4.12.0\" />\n"
         "  </ItemGroup>\n</Project>\n")


def test_an_msbuild_props_that_fails_on_warnings_is_the_static_analysis() -> None:
    files = {"Harbour.slnx": "", "lib/Directory.Build.props": "<Project />\n",
             "src/Directory.Build.props": PROPS, "src/Harbour/Harbour.csproj": "<Project />\n"}
    found = slot(lines(files), "Static analysis")
    assert "fails on warnings" in found and "TreatWarningsAsErrors" in found, found
    assert "AnalysisMode" not in found and "mode All" in found and "Roslynator" in found


def test_rustflags_denying_warnings_in_ci_and_cargo_lint_tables_are_said() -> None:
    files = {"Cargo.toml": "[package]\nname = \"tern\"\n\n[lints.clippy]\nunwrap_used = "
                           "\"deny\"\n", "src/lib.rs": "",
             ".github/workflows/ci.yml": "on: [push]\nenv:\n  RUSTFLAGS: -D warnings\njobs:\n"
                                         "  t:\n    runs-on: ubuntu-latest\n    steps:\n"
                                         "      - run: cargo test\n"}
    found = slot(lines(files), "Static analysis")
    assert "RUSTFLAGS -D warnings" in found and "[lints] for clippy" in found, found


@pytest.mark.parametrize("files", [
    {"meson.build": "project('cairn', 'c', default_options: ['werror=false'])\n", "a.c": ""},
    {"CMakeLists.txt": "project(cairn C)\n# add -Werror once the port is clean\n", "a.c": ""},
    {"src/Directory.Build.props": "<Project><PropertyGroup><TreatWarningsAsErrors>false"
                                  "</TreatWarningsAsErrors></PropertyGroup></Project>\n",
     "Cairn.sln": ""},
])
def test_a_setting_turned_off_or_only_in_a_comment_says_nothing(files: dict[str, str]) -> None:
    """The near miss: `werror=false`, `-Werror` in a comment, TreatWarningsAsErrors false."""
    assert not slot(lines(files), "Static analysis")


def test_what_the_build_enforces_is_confirmed_by_the_file_it_cites(repo: Path) -> None:
    (repo / "src").mkdir()
    (repo / "src/Directory.Build.props").write_text(PROPS)
    (repo / "Harbour.sln").write_text("")
    (repo / "meson.build").write_text("project('x', 'c', default_options: ['werror=true'])\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "strict")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    read = [r for r in read_commit(str(repo), tip, []) if r.key == "Static analysis"]
    assert read and "werror" not in read[0].text.lower()  # one item: the first build's
    items = [Item(r.text, (), r.paths) for r in read]
    assert Grounds(str(repo), tip, None, at_base=False).held(items) == [None]


def test_a_make_target_named_static_that_builds_the_static_library_is_no_lint() -> None:
    """hiredis: `static: $(STLIBNAME) $(SSL_STLIB)` builds libhiredis.a, and CI runs
    `make all`, which depends on it; "static" names a kind of library as often as
    analysis, so the name alone says nothing."""
    files = {"Makefile": ("STLIBNAME=libhiredis.a\n"
                          "all: dynamic static hiredis-test\n"
                          "dynamic: libhiredis.so\n"
                          "static: $(STLIBNAME)\n"
                          "$(STLIBNAME): hiredis.o\n\t$(AR) rcs $(STLIBNAME) hiredis.o\n"
                          "hiredis-test: test.o\n\t$(CC) -o $@ test.o\n"
                          "test: hiredis-test\n\t./hiredis-test\n"),
             **workflow("make all", "make check")}
    found = lines(files, ("hiredis.c", "test.c"))
    assert command(found, "Lint") is None, found
    assert command(found, "Tests") == "make test"


def test_a_make_target_named_static_that_runs_the_analyzers_is_the_lint() -> None:
    """guzzle: `static: static-phpstan static-psalm static-codestyle-check`."""
    files = {"composer.json": '{"name": "g/g", "require-dev": {"phpstan/phpstan": "^1"}}',
             "Makefile": ("static: static-phpstan static-psalm static-codestyle-check\n"
                          "static-phpstan:\n\tvendor/bin/phpstan analyse\n"
                          "static-psalm:\n\tvendor/bin/psalm\n"
                          "static-codestyle-check:\n\tvendor/bin/php-cs-fixer fix --dry-run\n")}
    found = lines(files, ("src/Client.php",))
    assert command(found, "Lint") == "make static", found
