"""The principles of docs/design.md, "Commands that run", one test per wrong kind that
`gitmemory init` wrote on repositories nobody had tuned on (issue 30).

A command is named only when it runs as written from the top of the tree; the test
command is the suite's canonical entry and a CI-only variant never replaces it; a
slot is filled by what a command runs, not by a word in its name; runtime versions
come from each toolchain file with the build target told apart; languages and
modules are named; nothing is written when the canonical entry cannot be found.  The
fixtures are written for these tests in the shape such repositories have.
"""

from __future__ import annotations

import json

from gitmemory.reading.project import Snapshot, bootstrap_extractions, ci_steps, guides, shellwords


def lines(files: dict[str, str], extra: tuple[str, ...] = ()) -> list[str]:
    snap = Snapshot(sorted({*files, *extra}), files, [])
    return [e.content for e in bootstrap_extractions(snap)]


def slot(found: list[str], name: str) -> str | None:
    hits = [line for line in found if line.startswith(name + ":")]
    assert len(hits) <= 1, hits
    return hits[0] if hits else None


def command(found: list[str], name: str) -> str | None:
    """The first code span of the slot's item: the command it gives."""
    item = slot(found, name)
    return item.split("`")[1] if item and "`" in item else None


def workflow(*steps: str, job: str = "test", name: str = "ci") -> dict[str, str]:
    body = "".join(f"      - run: {step}\n" for step in steps)
    return {f".github/workflows/{name}.yml": f"on: [push]\njobs:\n  {job}:\n"
                                             f"    runs-on: ubuntu-latest\n    steps:\n"
                                             f"      - uses: actions/checkout@v4\n{body}"}


def package(scripts: dict[str, str], **more: object) -> dict[str, str]:
    return {"package.json": json.dumps({"name": "app", "scripts": scripts, **more})}


# --- the canonical test entry beats a CI-only variant -------------------------------------

def test_a_session_testing_the_projects_own_action_never_replaces_the_tests_session() -> None:
    files = {"noxfile.py": "import nox\n\n@nox.session\ndef tests(session):\n"
                           "    session.run('pytest')\n\n@nox.session\n"
                           "def test_action(session):\n    session.run('python', 'action.py')\n",
             "pyproject.toml": '[project]\nname = "x"\n',
             **workflow("pip install nox", "nox -s test_action", job="action")}
    assert command(lines(files), "Tests") == "nox -s tests"


def test_a_test_examples_script_that_ci_runs_never_replaces_npm_test() -> None:
    files = {**package({"test": "vitest run", "test:examples": "node scripts/examples.js"},
                       devDependencies={"vitest": "*"}),
             **workflow("npm ci", "npm run test:examples")}
    assert command(lines(files, ("package-lock.json",)), "Tests") == "npm test"


def test_a_freestanding_make_target_that_ci_runs_never_replaces_make_test() -> None:
    files = {"Makefile": "test:\n\t./run-tests\n\ntest-freestanding:\n"
                         "\t$(MAKE) CFLAGS=-ffreestanding test\n",
             **workflow("make test-freestanding")}
    assert command(lines(files, ("run-tests",)), "Tests") == "make test"


def test_a_browser_end_to_end_run_of_the_docs_site_is_never_the_test_command() -> None:
    files = {**package({"test": "vitest run", "test:e2e": "playwright test"},
                       devDependencies={"vitest": "*", "@playwright/test": "*"}),
             **workflow("npm ci", "npx playwright install --with-deps",
                        "npm run test:e2e", job="e2e")}
    assert command(lines(files, ("package-lock.json",)), "Tests") == "npm test"


def test_ci_is_the_test_command_only_where_there_is_no_canonical_entry() -> None:
    files = {"pyproject.toml": '[project]\nname = "x"\n', **workflow("pytest -q tests")}
    assert command(lines(files, ("tests/test_x.py",)), "Tests") == "pytest -q tests"


def test_the_build_tools_own_test_task_beats_a_ci_variant_of_it() -> None:
    files = {"pom.xml": "<project><artifactId>x</artifactId></project>",
             **workflow("mvn -X verify -B --file pom.xml")}
    assert command(lines(files), "Tests") == "mvn test"


# --- a command runs as written from the top of the tree -----------------------------------

CMAKE = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(x CXX)\n"
                           "enable_testing()\nadd_test(NAME t COMMAND t)\n"}


def test_a_ci_build_line_is_never_lifted_without_its_configure_step() -> None:
    files = {**CMAKE, **workflow('cmake -S . -B build -DCMAKE_BUILD_TYPE=${{ matrix.type }}',
                                 "cmake --build build --target install")}
    found = lines(files)
    assert command(found, "Build") == "cmake -B build && cmake --build build"


def test_a_ci_build_line_carries_the_configure_step_it_needs() -> None:
    files = workflow("cmake -S . -B out -DSTRICT=ON", "cmake --build out",
                     "ctest --test-dir out", job="build")
    assert [t.command for t in ci_steps.steps(Snapshot(sorted(files), files, []))] == [
        "cmake -S . -B out -DSTRICT=ON",
        "cmake -S . -B out -DSTRICT=ON && cmake --build out",
        "cmake -S . -B out -DSTRICT=ON && cmake --build out && ctest --test-dir out"]
    # and CMake's own build beats CI's variant of it, as the tests' own entry does
    assert command(lines({**CMAKE, **files}), "Build") == "cmake -B build && cmake --build build"


def test_the_cmake_test_command_says_the_build_it_needs_first() -> None:
    tests = slot(lines(CMAKE), "Tests") or ""
    assert tests.startswith("Tests: `ctest --test-dir build`")
    assert "`cmake -B build && cmake --build build`" in tests


def test_clang_format_is_never_named_without_the_files_it_formats() -> None:
    assert slot(lines({**CMAKE, ".clang-format": "BasedOnStyle: Google\n"}), "Format") is None


def test_a_ci_line_that_skips_a_step_ci_ran_before_it_is_never_named() -> None:
    files = {"tox.ini": "[tox]\nenvlist = py312\n[testenv]\ncommands = pytest\n",
             **workflow("tox run --installpkg dist/*.whl", "tox run --skip-pkg-install -e py312")}
    assert command(lines(files), "Tests") == "tox"
    dotnet = {"App.sln": "", "src/App/App.csproj": "<Project/>",
              "tests/App.Tests/App.Tests.csproj": "<Project/>",
              **workflow("dotnet build --no-restore -c Release", job="build")}
    assert "--no-restore" not in (command(lines(dotnet), "Build") or "")


# --- a slot is filled by what a command runs, never a word in its name ----------------------

def test_installing_the_pre_commit_hooks_is_not_the_lint_command() -> None:
    files = {"Makefile": "install-pre-commit:\n\tpre-commit install\n",
             ".pre-commit-config.yaml": "repos: []\n"}
    found = lines(files)
    assert "install-pre-commit" not in (slot(found, "Lint") or "")
    assert "install-hooks" not in (slot(lines({".pre-commit-config.yaml": "repos: []\n",
                                               **workflow("prek install-hooks")}), "Lint") or "")


def test_a_type_check_script_is_not_the_build() -> None:
    files = package({"test": "node --test", "check:type": "tsc -p tsconfig.js.json"},
                    devDependencies={"typescript": "*"})
    found = lines(files, ("package-lock.json", "tsconfig.json"))
    assert slot(found, "Build") is None
    assert command(found, "Type checks") == "npm run check:type"


def test_a_command_that_prints_its_version_is_not_the_linter() -> None:
    files = {**CMAKE, **workflow("cppcheck --version", job="lint")}
    assert slot(lines(files), "Lint") is None


def test_licence_and_advisory_checks_are_not_the_linter() -> None:
    files = {"Cargo.toml": '[package]\nname = "x"\nversion = "0.1.0"\n',
             "deny.toml": "[licenses]\n",
             **workflow("cargo deny check", "cargo audit", "reuse lint", job="checks")}
    assert slot(lines(files), "Lint") is None


def test_a_script_named_for_tests_that_runs_the_linter_is_the_lint_command() -> None:
    files = package({"test": "npm run test:eslint && mocha", "test:eslint": "eslint lib"},
                    devDependencies={"eslint": "*", "mocha": "*"})
    found = lines(files, ("package-lock.json",))
    assert command(found, "Tests") == "npm test"
    assert command(found, "Lint") == "npm run test:eslint"


def test_the_projects_own_build_script_is_not_the_python_build_tool() -> None:
    files = {"build.cmd": "@echo off\n", "App.slnx": "", "src/App/App.csproj": "<Project/>",
             **workflow("./build.cmd docs-fetch --depth 1", job="changelog")}
    assert "docs-fetch" not in (slot(lines(files), "Build") or "")


# --- .NET ------------------------------------------------------------------------------------

def test_dotnet_never_tests_at_the_top_when_the_only_projects_are_deeper() -> None:
    files = {"examples/Demo/Demo.csproj": "<Project/>", "src/Lib/Lib.csproj": "<Project/>",
             "tests/Lib.Tests/Lib.Tests.csproj": "<Project/>"}
    found = lines(files)
    assert command(found, "Tests") == "dotnet test tests/Lib.Tests/Lib.Tests.csproj"
    assert command(found, "Build") == "dotnet build src/Lib/Lib.csproj"
    assert not any("examples/" in line for line in found if not line.startswith("Layout:"))


def test_dotnet_names_the_solution_when_the_top_holds_more_than_one_project_file() -> None:
    files = {"Build.csproj": "<Project Sdk=\"Microsoft.Build.Traversal\"/>", "App.slnx": "",
             "src/App/App.csproj": "<Project/>", "tests/App.Tests/App.Tests.csproj": "<Project/>"}
    assert command(lines(files), "Tests") == "dotnet test App.slnx"


def test_a_windows_path_separator_in_a_guides_command_becomes_a_slash() -> None:
    """MySqlConnector's README gives `dotnet test tests\\MySqlConnector.Tests`; a POSIX
    shell reads the unquoted backslash as an escape, and the item said
    `dotnet test testsMySqlConnector.Tests`, which runs nothing."""
    files = {"A.sln": "", "B.sln": "", "src/Lib/Lib.csproj": "<Project/>",
             "tests/Lib.Tests/Lib.Tests.csproj": "<Project/>",
             "README.md": "# Lib\n\n## Building\n\n```\ndotnet restore\n"
                          "dotnet test tests\\Lib.Tests\n```\n"}
    assert command(lines(files), "Tests") == "dotnet test tests/Lib.Tests"
    assert shellwords.commands(r".\build.cmd test") == [["./build.cmd", "test"]]
    # An escape that is one stays one: a space, a quote, a regex's alternation.
    assert shellwords.commands(r"echo a\ b") == [["echo", "a b"]]
    assert shellwords.commands(r'grep "a\|b" x') == [["grep", r"a\|b", "x"]]
    assert shellwords.commands(r"grep a\.b x") == [["grep", "a.b", "x"]]


def test_a_project_file_in_test_data_does_not_make_a_dotnet_project() -> None:
    files = {"Cargo.toml": '[package]\nname = "x"\nversion = "0.1.0"\n',
             "tests/syntax/highlighted/XML/console.csproj": "<Project/>"}
    found = lines(files)
    assert not any("dotnet" in line for line in found)


NUKE = {"build.sh": "#!/usr/bin/env bash\ndotnet run --project build/_build.csproj -- \"$@\"\n",
        "build/_build.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup>"
                               "<PackageReference Include=\"Nuke.Common\" /></ItemGroup></Project>",
        "build/Build.cs": "class Build : NukeBuild {\n  Target Compile => _ => _\n"
                          "    .Executes(() => DotNetBuild());\n"
                          "  Target Test => _ => _.DependsOn(Compile)\n"
                          "    .Executes(() => DotNetTest());\n}\n",
        "App.sln": "", "src/App/App.csproj": "<Project/>",
        "tests/App.Tests/App.Tests.csproj": "<Project/>"}
CAKE = {"build.sh": "#!/usr/bin/env bash\ndotnet tool restore\ndotnet cake build.cake \"$@\"\n",
        "build.cake": 'var target = Argument("target", "Default");\n'
                      'Task("Build").Does(() => DotNetBuild("App.sln"));\n'
                      'Task("Test").IsDependentOn("Build").Does(() => DotNetTest("App.sln"));\n'
                      'RunTarget(target);\n',
        "App.sln": "", "src/App/App.csproj": "<Project/>",
        "tests/App.Tests/App.Tests.csproj": "<Project/>"}


def test_a_nuke_build_script_gives_the_test_and_build_targets() -> None:
    found = lines(NUKE)
    assert command(found, "Tests") == "./build.sh Test"
    assert command(found, "Build") == "./build.sh Compile"


def test_a_cake_build_script_gives_the_test_and_build_tasks() -> None:
    found = lines(CAKE)
    assert command(found, "Tests") == "./build.sh --target=Test"
    assert command(found, "Build") == "./build.sh --target=Build"


def test_the_sdk_pin_the_build_script_installs_from_is_read() -> None:
    files = {"build.sh": "dotnet-install.sh --jsonfile ./build/sdk/global.json\n",
             "build/sdk/global.json": '{"sdk": {"version": "10.0.400"}}',
             "App.slnx": "", "src/App/App.csproj": "<Project/>"}
    assert "10.0.400" in (slot(lines(files), ".NET") or "")


# --- Java and Kotlin --------------------------------------------------------------------------

def test_the_jdk_of_a_gradle_kotlin_build_is_read_from_its_convention_plugin() -> None:
    files = {"settings.gradle.kts": 'include("core")\n', "gradlew": "",
             "build.gradle.kts": 'plugins { id("conventions") }\n',
             "build-logic/src/main/kotlin/conventions.gradle.kts":
                 "plugins { kotlin(\"jvm\") }\nkotlin {\n  jvmToolchain(21)\n}\n"}
    java = slot(lines(files), "Java") or ""
    assert "21" in java and "toolchain" in java


def test_a_gradle_line_that_excludes_the_tests_is_never_the_test_command() -> None:
    files = {"build.gradle.kts": "plugins { java }\n", "gradlew": "",
             **workflow("./gradlew check -x test -x jvmTest", job="checks")}
    assert command(lines(files), "Tests") == "./gradlew test"


def test_the_toolchain_is_told_apart_from_the_release_it_compiles_for() -> None:
    files = {"gradlew": "", "build.gradle.kts":
             "java {\n  sourceCompatibility = JavaVersion.VERSION_1_8\n"
             "  toolchain { languageVersion.set(JavaLanguageVersion.of(17)) }\n}\n"}
    java = slot(lines(files), "Java") or ""
    assert "toolchain 17" in java and "compiles for 8" in java


def test_a_maven_compiler_property_of_any_common_name_gives_the_java_version() -> None:
    pom = ("<project><properties><maven-compiler-plugin.version>3.15.0"
           "</maven-compiler-plugin.version><javac.src.version>1.8</javac.src.version>"
           "</properties></project>")
    java = slot(lines({"pom.xml": pom}), "Java") or ""
    assert "8" in java and "3.15" not in java


def test_kotlin_in_a_maven_project_and_its_modules_are_named() -> None:
    pom = ("<project><modules><module>core</module><module>cli</module></modules>"
           "<build><plugins><plugin><artifactId>kotlin-maven-plugin</artifactId></plugin>"
           "</plugins></build></project>")
    found = lines({"pom.xml": pom, "core/pom.xml": "<project/>", "cli/pom.xml": "<project/>"},
                  ("core/src/main/kotlin/A.kt", "core/src/main/kotlin/B.kt",
                   "cli/src/main/kotlin/Main.kt", "core/src/main/java/C.java"))
    assert "Kotlin" in (slot(found, "JVM") or "")
    packages = slot(found, "Packages") or ""
    assert "`core/`" in packages and "`cli/`" in packages


# --- formatting through hooks, scripts and fixers ----------------------------------------------

PRE_COMMIT = (".pre-commit-config.yaml",
              "repos:\n- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.6.0\n"
              "  hooks:\n  - id: ruff\n  - id: ruff-format\n")


def test_the_formatter_a_pre_commit_hook_runs_is_the_format_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "x"\n', PRE_COMMIT[0]: PRE_COMMIT[1]}
    found = lines(files)
    assert command(found, "Format") == "pre-commit run --all-files"
    assert command(found, "Lint") == "pre-commit run --all-files"


GUIDE_BLACK = ("# lib\n\n## Code Formatting\n\nlib uses Black to format its code.\n"
               "Run ``black lib`` from the root of the repository to auto-format your code.\n")


def test_a_guides_formatter_the_hooks_replaced_is_not_the_format_command() -> None:
    """fresh32's fsspec: the README says "Run ``black fsspec``", while the pre-commit
    config runs ruff format, which replaced Black; "Format: `black fsspec`" was wrong."""
    files = {"pyproject.toml": '[project]\nname = "x"\n', PRE_COMMIT[0]: PRE_COMMIT[1],
             "README.md": GUIDE_BLACK}
    found = lines(files)
    assert not any("black" in line for line in found if line.startswith(("Format", "Lint")))
    assert command(found, "Format") == "pre-commit run --all-files"
    # the hooks running Black too: the guide's command is the project's
    still = PRE_COMMIT[1] + "- repo: https://github.com/psf/black\n  rev: 24.1.0\n" \
        "  hooks:\n  - id: black\n"
    found = lines({**files, PRE_COMMIT[0]: still})
    assert "black" in (slot(found, "Format") or "") + (slot(found, "Lint") or "")


def test_a_formatting_shell_script_at_the_top_is_the_format_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "x"\n',
             "format.sh": "#!/bin/sh\nset -e\nblack .\nisort .\n"}
    assert command(lines(files), "Format") == "./format.sh"


def test_a_lint_fix_script_is_the_format_command() -> None:
    files = package({"lint": "eslint .", "lint:fix": "eslint . --fix"},
                    devDependencies={"eslint": "*"})
    found = lines(files, ("package-lock.json", "eslint.config.js"))
    assert command(found, "Format") == "npm run lint:fix"
    assert command(found, "Lint") == "npm run lint"


def test_a_check_form_is_never_the_format_command_even_when_ci_runs_it() -> None:
    files = {**package({"format": "biome check --write .", "format:check": "biome check ."},
                       devDependencies={"@biomejs/biome": "*"}),
             **workflow("pnpm install", "pnpm format:check", job="lint")}
    assert command(lines(files, ("pnpm-lock.yaml", "biome.json")), "Format") == "pnpm run format"


# --- Python: tox 4 -----------------------------------------------------------------------------

TOX_TOML = ('env_list = ["3.13", "3.12", "lint"]\n\n[env_run_base]\n'
            'commands = [["pytest", { replace = "posargs", default = ["tests"], extend = true }]]\n'
            '\n[env.lint]\nskip_install = true\n'
            'commands = [["pre-commit", "run", "--all-files", "--show-diff-on-failure"]]\n')


def test_tox_4s_tox_toml_is_read() -> None:
    found = lines({"tox.toml": TOX_TOML, "pyproject.toml": '[project]\nname = "x"\n'})
    assert (slot(found, "Tests") or "").startswith("Tests: `tox` runs `pytest")
    assert command(found, "Lint") == "tox -e lint"


def test_a_tox_substitution_with_a_default_runs_its_default() -> None:
    """measured (fresh11's attrs, spent): `tests: pytest {posargs:-n auto}` was written
    as `pytest 'auto}'`, a command that runs nothing."""
    ini = ("[tox]\nenv_list = py3{10,11}-tests\n\n[testenv]\ncommands =\n"
           "    tests: pytest {posargs:-n auto} {env:ADDOPTS:-q}\n"
           "    mypy: pytest -k test_mypy\n")
    found = lines({"tox.ini": ini, "pyproject.toml": '[project]\nname = "x"\n'})
    tests = slot(found, "Tests") or ""
    assert "pytest -n auto -q" in tests and "auto}" not in tests


# --- JavaScript: workspaces, release scripts, changesets ---------------------------------------

def test_a_pnpm_workspace_glob_of_any_depth_finds_its_packages() -> None:
    files = {"package.json": '{"name": "root", "private": true}',
             "pnpm-workspace.yaml": "packages:\n  - 'packages/**/*'\n",
             "packages/core/package.json": '{"name": "@x/core", "scripts": {"test": "vitest"}}',
             "packages/plugins/a/package.json": '{"name": "@x/a", "scripts": {"build": "tsc"}}'}
    packages = slot(lines(files, ("pnpm-lock.yaml",)), "Packages") or ""
    assert "`packages/core/`" in packages and "`packages/plugins/a/`" in packages


def test_a_release_script_is_never_the_setup() -> None:
    files = package({"version": "changeset version && pnpm install --no-frozen-lockfile",
                     "test": "vitest run"}, devDependencies={"vitest": "*"})
    assert command(lines(files, ("pnpm-lock.yaml",)), "Setup") == "pnpm install"


def test_a_changesets_requirement_is_stated() -> None:
    files = {**package({"test": "vitest run"}, devDependencies={"@changesets/cli": "*"}),
             ".changeset/config.json": '{"baseBranch": "main"}'}
    changelog = slot(lines(files, (".changeset/README.md", "pnpm-lock.yaml")), "Changelog") or ""
    assert "changeset" in changelog and "`.changeset/`" in changelog


# --- changelog fragments -----------------------------------------------------------------------

def test_the_fragment_extension_is_read_from_the_fragments_not_assumed() -> None:
    files = {"pyproject.toml": '[project]\nname = "x"\n\n[tool.towncrier]\n'
                               'directory = "changelog.d"\n'}
    found = lines(files, ("changelog.d/123.bugfix.md", "changelog.d/130.feature.md",
                          "changelog.d/template.jinja"))
    changelog = slot(found, "Changelog") or ""
    assert "`{issue}.{type}.md`" in changelog and ".rst" not in changelog


def test_a_make_target_naming_the_module_by_a_path_it_no_longer_has_is_never_named() -> None:
    files = {"go.mod": "module github.com/acme/echo/v5\n\ngo 1.25\n",
             "Makefile": 'PKG := "github.com/acme/echo"\nPKG_LIST := $(shell go list ${PKG}/...)\n'
                         "\ntest:\n\t@go test -short ${PKG_LIST}\n\ncheck: test\n\ttrue\n"}
    found = lines(files, ("echo_test.go",))
    assert command(found, "Tests") == "go test ./..."
    assert not any("make check" in line for line in found)


def test_a_task_running_one_pre_commit_hook_serves_what_that_hook_runs() -> None:
    files = {"Makefile": "typecheck:\n\tpre-commit run typecheck --all-files\n",
             PRE_COMMIT[0]: "repos:\n- repo: local\n  hooks:\n  - id: typecheck\n"
                            "    entry: pyright src\n    language: system\n"
                            "  - id: no-caps\n    entry: 'PyBind|Numpy'\n    language: pygrep\n",
             "pyproject.toml": '[project]\nname = "x"\n'}
    found = lines(files, ("src/x/__init__.py",))
    assert command(found, "Type checks") == "make typecheck"
    assert "PyBind" not in " ".join(found)  # a pygrep hook's pattern is not a command


def test_a_ci_variant_of_a_filled_purpose_does_not_fill_another() -> None:
    files = {**package({"test": "jest", "test-ci": "npm run lint && tsc --noEmit && jest --ci",
                        "lint": "eslint ."}, devDependencies={"jest": "*", "eslint": "*",
                                                             "typescript": "*"}),
             **workflow("npm ci", "npm run test-ci")}
    found = lines(files, ("package-lock.json", "eslint.config.js", "src/a.js"))
    assert command(found, "Tests") == "npm test"
    assert command(found, "Type checks") == "npx tsc --noEmit"  # a part, not CI's test run


def test_a_manifest_with_no_source_of_its_language_is_a_tools_not_the_projects() -> None:
    files = {"CMakeLists.txt": CMAKE["CMakeLists.txt"],
             "contrib/nuget/nuget.csproj": "<Project/>",
             "package.json": '{"scripts": {"spell": "cspell ."}, "devDependencies": '
                             '{"cspell": "*"}}'}
    found = lines(files, ("zlib.c", "zlib.h", "inflate.c", "package-lock.json"))
    assert not any(line.startswith(("Setup:", "Node:", ".NET:")) for line in found), found


def test_a_small_part_of_the_tree_in_another_language_does_not_set_the_project_up() -> None:
    files = {"CMakeLists.txt": CMAKE["CMakeLists.txt"],
             "bindings/dotnet/Zip.csproj": "<Project/>"}
    found = lines(files, (*(f"src/part{n}.c" for n in range(10)), "bindings/dotnet/Zip.cs"))
    assert not any("dotnet" in line for line in found
                   if line.startswith(("Setup:", "Tests:", "Build:"))), found
    assert command(found, "Build") == "cmake -B build && cmake --build build"


# --- found after the sealed split's one run (trpc): a task called with more arguments ----------

TURBO = {**package({"lint": "turbo lint", "lint-prune": "ts-prune | grep -v used",
                    "format": "prettier . --ignore-unknown",
                    "format-fix": "pnpm format --write --list-different", "test": "vitest"}),
         **workflow("pnpm install", "pnpm lint-prune", "pnpm turbo lint -- --fix",
                    "pnpm format-fix", job="autofix")}


def test_a_task_called_with_the_formatters_write_flag_is_the_format_command() -> None:
    """`format-fix` runs `format` (prettier, printing) with `--write`: it rewrites files, so
    it formats; the bare `format` only prints the formatted text."""
    assert command(lines(TURBO, ("pnpm-lock.yaml", "src/a.ts")), "Format") == \
        "pnpm run format-fix"


def test_ci_running_the_lint_scripts_command_with_more_arguments_runs_the_lint_script() -> None:
    """CI runs `turbo lint -- --fix`, the `lint` script's own command with more arguments:
    CI runs the plain lint task, so an unrelated script CI also runs does not replace it."""
    assert command(lines(TURBO, ("pnpm-lock.yaml", "src/a.ts")), "Lint") == "pnpm run lint"


def test_a_script_that_fails_when_it_changed_a_file_is_a_check_not_the_format_command() -> None:
    """CLI11's `scripts/check_style.sh` runs clang-format in place, then `git diff
    --exit-code`: CI's gate, which fails whenever it formatted anything.  The formatter
    the project's pre-commit hooks run is the format command."""
    files = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.14)\nproject(x CXX)\n",
             "scripts/check_style.sh": "#!/usr/bin/env sh\nset -evx\n"
                                       "git ls-files -- '*.cpp' | xargs clang-format -i\n"
                                       "git diff --exit-code --color\n",
             ".pre-commit-config.yaml":
                 "repos:\n- repo: https://github.com/pre-commit/mirrors-clang-format\n"
                 "  rev: v22.1.8\n  hooks:\n  - id: clang-format\n"}
    found = lines(files, ("src/a.cpp", "src/b.cpp", "include/a.hpp"))
    assert command(found, "Format") == "pre-commit run --all-files"


def test_go_formats_with_gofmt_when_ci_checks_with_it_through_a_script() -> None:
    """testify's CI runs `./.ci.gofmt.sh`, whose `gofmt -l .` check fails on unformatted
    code: gofmt takes no settings, so its fixing form is the format command, as `cargo
    fmt --all` is where CI checks with `cargo fmt --check`."""
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n",
             ".ci.gofmt.sh": '#!/usr/bin/env bash\nif [ -n "$(gofmt -l .)" ]; then\n'
                             '  gofmt -d .\n  exit 1\nfi\n',
             **workflow("./.ci.gofmt.sh", "go test ./...")}
    found = lines(files, ("x.go", "x_test.go"))
    assert command(found, "Format") == "gofmt -w ."
    files.pop(".ci.gofmt.sh")
    files.update(workflow("go test ./..."))
    assert command(lines(files, ("x.go", "x_test.go")), "Format") is None  # nothing checks


def test_ci_verifying_dotnet_format_gives_dotnet_format_as_the_format_command() -> None:
    """NSubstitute's CI runs `dotnet format --verify-no-changes`, a check: its fixing form,
    `dotnet format`, reads the same .editorconfig and formats."""
    files = {"App.slnx": "", "src/App/App.csproj": "<Project/>", ".editorconfig": "root = true\n",
             **workflow("dotnet format --verify-no-changes", job="format-verify")}
    found = lines(files, ("src/App/A.cs", "src/App/B.cs"))
    assert command(found, "Format") == "dotnet format"


def test_the_cxx_standard_set_in_a_cmake_module_a_subproject_includes_is_read() -> None:
    """googletest's top CMakeLists.txt adds `googletest/`, whose CMakeLists.txt includes
    `cmake/internal_utils.cmake`, where `cxx_std_17` is: the C++ standard is C++17."""
    files = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(dist)\n"
                               "enable_testing()\nadd_subdirectory( lib )\n",
             "lib/CMakeLists.txt": "project(lib CXX)\ninclude(cmake/utils.cmake)\n",
             "lib/cmake/utils.cmake": "function(cxx_library name)\n"
                                      "  target_compile_features(${name} PUBLIC cxx_std_17)\n"
                                      "endfunction()\n"}
    snap_paths = (*files, "lib/src/a.cc", "lib/src/b.cc")
    assert "C++17" in (slot(lines(files, snap_paths), "C++") or "")
    from gitmemory.reading.project import wanted
    assert "lib/cmake/utils.cmake" in wanted(list(snap_paths))


# --- a program no list knows says what it does by its first word -------------------------

def test_a_program_no_list_knows_is_named_by_the_task_it_is_given() -> None:
    """A task runner or a build script nobody listed (babashka's `bb test`, a repository's
    `./build.ps1 test`) is CI's test command all the same: its first argument is the name
    of a task, and the name says what the task is for.  Only `clj-kondo`, a known linter,
    was kept."""
    files = {"deps.edn": '{:paths ["src"]}\n',
             **workflow("bb test", "bb fmt-check", "clj-kondo --lint src test")}
    found = lines(files)
    assert command(found, "Tests") == "bb test"
    assert command(found, "Lint") == "clj-kondo --lint src test"
    script = {"build.ps1": "param($Target)\n", **workflow("./build.ps1 Test")}
    assert command(lines(script), "Tests") == "./build.ps1 Test"


def test_a_program_no_list_knows_is_not_named_by_a_word_that_is_no_task() -> None:
    """`mkdir build`, `rm -rf build`, `tool --out build test` name a directory or a value,
    never a task; a program with a flag before the word gives no purpose."""
    files = {"deps.edn": "{}\n",
             **workflow("mkdir build", "rm -rf build", "mytool --out build test")}
    found = lines(files)
    assert slot(found, "Build") is None and slot(found, "Tests") is None


def _named_steps(*steps: tuple[str, str], job: str = "ci") -> dict[str, str]:
    body = "".join(f"      - name: {name}\n        run: {run}\n" for name, run in steps)
    return {".github/workflows/ci.yml": f"on: [push]\njobs:\n  {job}:\n"
                                        f"    runs-on: ubuntu-latest\n    steps:\n"
                                        f"      - uses: actions/checkout@v4\n{body}"}


def test_a_ci_step_named_for_what_it_does_names_a_command_no_list_knows() -> None:
    """A step's name is its author's label: "Run tests" over `./ci/run-suite.sh` is the
    test command, "Run the linter" over `statix check .` lints, though neither program
    is one a list knows.  A known tool's own purpose still decides."""
    files = {"ci/run-suite.sh": "#!/bin/sh\n", "flake.nix": "{}\n",
             **_named_steps(("Run tests", "./ci/run-suite.sh --all"),
                            ("Run the linter", "statix check ."),
                            ("Build docs", "docgen site"))}
    found = lines(files)
    assert command(found, "Tests") == "./ci/run-suite.sh --all"
    assert command(found, "Lint") == "statix check ."
    assert slot(found, "Docs") is None or "docgen" not in (slot(found, "Docs") or "")


def test_a_step_name_never_overrules_what_a_known_tool_does() -> None:
    files = {"pyproject.toml": '[project]\nname = "x"\n',
             **_named_steps(("Run tests", "ruff check ."), ("Lint", "pytest -q"))}
    found = lines(files)
    assert command(found, "Lint") == "ruff check ."
    assert command(found, "Tests") == "pytest -q"


def test_the_check_ci_runs_is_told_beside_the_format_command() -> None:
    """req: CI runs `mix format --check-formatted`, and the memory said only "Format:
    `mix format`": a change formatted otherwise fails CI, so the check is told with it."""
    files = {"mix.exs": "defmodule Req.MixProject do\nend\n", ".formatter.exs": "[]\n",
             **workflow("mix format --check-formatted", "mix test")}
    found = slot(lines(files), "Format")
    assert found is not None and found.startswith("Format: `mix format`")
    assert "CI checks `mix format --check-formatted`" in found


def test_a_contributing_guide_named_for_what_it_covers_is_a_guide() -> None:
    """measured (fresh12's scalafmt, spent, read after its blind run): its guide is
    docs/contributing-scalafmt.md, beside docs/contributing-website.md; "Run `./scalafmt`
    from the project root directory" and its commands were never read."""
    guide = ("# Contributing\n\n## Testing\n\n```\n./gradlew check\n```\n\n"
             "## Opening pull requests\n\nYou must run `./gradlew spotlessApply` before "
             "opening a pull request.\n")
    site = "# Website\n\n## Testing\n\n```\nyarn test\n```\n"
    found = lines({"docs/contributing-core.md": guide, "docs/contributing-website.md": site,
                   "gradlew": "#!/bin/sh\n", "build.gradle": ""})
    assert any("spotlessApply" in line and line.startswith("Rules") for line in found), found
    snap = Snapshot(["docs/contributing-website.md", "docs/contributing-core.md", "README.md"],
                    {"docs/contributing-website.md": site, "docs/contributing-core.md": guide})
    assert guides.named(snap) == ["docs/contributing-core.md", "docs/contributing-website.md"]
    assert any(t.command == "./gradlew check" for t in guides.tasks(snap))
