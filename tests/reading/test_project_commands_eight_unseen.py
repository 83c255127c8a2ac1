"""Commands as a new contributor reads them, the classes h58's audit of eight unseen
repositories found wrong or missing (issue 29, "commands"; docs/design.md, "Commands that
run").  The fixtures are written for these tests, in other names and words than the
audited repositories; each rule has a near miss it must not fire on.
"""

from __future__ import annotations

from testing.reading import lines, slot

# --- a Kotlin Multiplatform build has no `test` task -------------------------------------

KMP = {"gradlew": "#!/bin/sh\n", "settings.gradle": "rootProject.name = 'knot'\n",
       "build.gradle": "plugins {\n  alias(libs.plugins.kotlin)\n}\n\nkotlin {\n  jvm()\n"
                       "  js { nodejs() }\n  linuxX64()\n\n  sourceSets {\n    commonMain {\n"
                       "      dependencies { api libs.coroutines }\n    }\n  }\n}\n",
       "gradle/libs.versions.toml": "[plugins]\nkotlin = { id = \"org.jetbrains.kotlin."
                                    "multiplatform\", version = \"2.0.21\" }\n",
       "src/commonMain/kotlin/knot/Knot.kt": "", "src/commonTest/kotlin/knot/KnotTest.kt": ""}


def test_a_multiplatform_build_runs_its_tests_with_all_tests() -> None:
    """The Kotlin Multiplatform plugin registers a test task per target and `allTests`
    over them, never `test` (`./gradlew test`: "Task 'test' not found")."""
    assert slot(lines(KMP), "Tests") == "Tests: `./gradlew allTests`"


def test_a_multiplatform_build_with_a_jvm_only_plugin_keeps_test() -> None:
    """The near misses: a plugin that makes `test` (an Android library, `java`), or
    subprojects, each of which may have one."""
    android = {**KMP, "build.gradle": KMP["build.gradle"].replace(
        "plugins {\n", "plugins {\n  id 'com.android.library'\n")}
    assert slot(lines(android), "Tests").startswith("Tests: `./gradlew test`")
    nested = {**KMP, "settings.gradle": "include ':core'\n", "core/build.gradle": ""}
    assert slot(lines(nested), "Tests").startswith("Tests: `./gradlew test`")
    jvm = {**KMP, "build.gradle": 'plugins { kotlin("jvm") }\n'}
    assert slot(lines(jvm), "Tests").startswith("Tests: `./gradlew test`")


# --- a target that installs the project's own build is no setup --------------------------

DUNE = {"dune-project": "(lang dune 3.0)\n", "lib/dune": "(library (name knot))\n",
        "lib/knot.ml": "", "test/dune": "(test (name t))\n", "test/t.ml": "",
        "Makefile": ".PHONY: install\ninstall:\n\t@dune install\n\n.PHONY: test\ntest:\n"
                    "\t@dune runtest --force\n"}


def test_a_target_installing_the_build_into_the_switch_is_not_setup() -> None:
    """`make install` running `dune install` (or `cmake --install`, `go install`) puts
    the project's own build on the machine: how a user installs it, not how a
    contributor sets the repository up."""
    assert slot(lines(DUNE), "Setup") == ""
    for recipe in ("cmake --install build", "meson install -C build", "go install",
                   "cargo install --path ."):
        files = {**DUNE, "Makefile": DUNE["Makefile"].replace("dune install", recipe)}
        assert slot(lines(files), "Setup") == "", recipe


def test_a_target_installing_the_dependencies_is_setup() -> None:
    """The near miss: what installs the dependencies (`opam install . --deps-only`) is
    setup."""
    deps = {**DUNE, "Makefile": DUNE["Makefile"].replace(
        "dune install", "opam install . --deps-only --with-test")}
    assert slot(lines(deps), "Setup").startswith("Setup: `make install`")


# --- a MkDocs site whose pages are gone does not build -----------------------------------

def test_mkdocs_whose_docs_dir_is_gone_gives_no_docs_command() -> None:
    """`mkdocs build` stops when `docs_dir` (default `docs/`) is not a directory: a
    configuration kept after the pages moved elsewhere."""
    files = {"go.mod": "module example.org/knot\n\ngo 1.22\n", "knot.go": "package knot\n",
             "mkdocs.yml": "docs_dir: site-src\nsite_dir: docs\nsite_name: Knot\n"}
    assert slot(lines(files), "Docs") == ""
    assert slot(lines({**files, "mkdocs.yml": "site_name: Knot\n"}), "Docs") == ""


def test_mkdocs_with_its_pages_builds() -> None:
    """The near miss: the pages where the configuration says, or in `docs/` by default."""
    files = {"go.mod": "module example.org/knot\n\ngo 1.22\n", "knot.go": "package knot\n",
             "mkdocs.yml": "docs_dir: 'site-src'  # the pages\nsite_name: Knot\n",
             "site-src/index.md": "# Knot\n"}
    assert slot(lines(files), "Docs").startswith("Docs: `mkdocs build`")
    files = {**files, "mkdocs.yml": "site_name: Knot\n", "docs/index.md": "# Knot\n"}
    assert slot(lines(files), "Docs").startswith("Docs: `mkdocs build`")


# --- a Rake task named for the tool it requires and runs in Ruby -------------------------

RAKEFILE = """\
require "bundler/gem_tasks"

desc "Type check the signatures"
task :steep do
  require "steep"
  require "steep/cli"
  exit Steep::CLI.new(argv: ["check"], stdout: $stdout, stderr: $stderr, stdin: $stdin).run
end
"""


def test_a_rake_task_named_for_the_tool_it_requires_serves_that_tools_purpose() -> None:
    """A task whose body is Ruby, not commands, says what it runs by the library it
    requires: `rake steep` requiring steep type-checks."""
    files = {"Gemfile": 'source "https://rubygems.org"\ngem "steep"\n', "Rakefile": RAKEFILE,
             "knot.gemspec": "", "lib/knot.rb": ""}
    assert slot(lines(files), "Type checks").startswith("Type checks: `bundle exec rake steep`")


def test_a_rake_task_named_for_a_tool_it_does_not_require_says_nothing() -> None:
    """The near miss: the name alone (a task called `steep` that prints a banner)."""
    files = {"Gemfile": 'source "https://rubygems.org"\n', "knot.gemspec": "",
             "Rakefile": 'task :steep do\n  puts "steep"\nend\n', "lib/knot.rb": ""}
    assert slot(lines(files), "Type checks") == ""


# --- a `setup` target its own help says is for something else ----------------------------

HELPED = """\
help:
\t@echo '  make build     Build the binary.'
\t@echo '  make setup     Configures the VM directory mounts.'

build:
\tgo build

setup:
\tbash ./scripts/setup.sh
"""


def test_a_setup_target_whose_help_says_it_does_something_else_is_not_the_setup() -> None:
    """A target named `setup` its Makefile's help describes as mounting a VM's shared
    folders sets nothing of the repository up: the name alone does not make it the
    Setup."""
    files = {"go.mod": "module example.org/knot\n\ngo 1.22\n", "knot.go": "package knot\n",
             "Makefile": HELPED, "scripts/setup.sh": "#!/bin/sh\nVBoxManage sharedfolder add vm\n"}
    assert not slot(lines(files), "Setup").startswith("Setup: `make setup`")


def test_a_setup_target_whose_help_says_it_installs_is_the_setup() -> None:
    """The near miss: help that says it installs or sets the environment up."""
    files = {"go.mod": "module example.org/knot\n\ngo 1.22\n", "knot.go": "package knot\n",
             "Makefile": HELPED.replace("Configures the VM directory mounts.",
                                        "Install the development tools."),
             "scripts/setup.sh": "#!/bin/sh\ngo mod download\n"}
    assert slot(lines(files), "Setup").startswith("Setup: `make setup`")
