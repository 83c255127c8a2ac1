"""Commands as a new contributor reads them in ecosystems rarely tried, the classes h59's
audit of eight unseen repositories found wrong or missing (issue 29, "commands";
docs/design.md, "Commands that run").  The fixtures are written for these tests, in
other names and words than the audited repositories; each rule has a near miss it must
not fire on.
"""

from __future__ import annotations

from gitmemory.reading.project import shellwords
from gitmemory.reading.project.tool_roles import tool_purposes, writes
from testing.reading import lines, slot

# --- Fortran's fpm builds and tests a Fortran package ------------------------------------

FPM = {"fpm.toml": 'name = "quadrature"\nversion = "0.2.0"\n\n[[test]]\nname = "rules"\n'
                   'source-dir = "test/rules"\nmain = "check_rules.f90"\n',
       "src/quadrature.f90": "", "src/gauss.F90": "", "test/rules/check_rules.f90": ""}


def test_an_fpm_package_builds_and_tests_with_fpm() -> None:
    """fpm is the Fortran package's build tool: `fpm test` runs the tests the manifest
    declares (or that fpm finds in `test/`), `fpm build` builds."""
    found = lines(FPM)
    assert slot(found, "Tests") == "Tests: `fpm test`"
    assert slot(found, "Build") == "Build: `fpm build`"


def test_an_fpm_package_without_tests_names_no_test_command() -> None:
    """The near miss: no `[[test]]` table and no `test/`: there is nothing to test."""
    files = {"fpm.toml": 'name = "quadrature"\n', "src/quadrature.f90": ""}
    assert slot(lines(files), "Tests") == ""
    assert slot(lines(files), "Build") == "Build: `fpm build`"


# --- what a CI step only prepares or checks on the machine labels nothing ----------------

MPI_FLOW = """name: ci
on: [push]
jobs:
  mpi:
    runs-on: windows-latest
    steps:
      - uses: actions/checkout@v4
      - name: (Windows) test that the launcher exists
        run: Test-Path "C:\\\\Tools\\\\launcher.exe" -PathType leaf
      - name: Install MSYS2 solver package
        shell: msys2 {0}
        run: pacman --noconfirm -S mingw-w64-x86_64-solver
      - name: Run the tests
        run: ./ci/suite.sh
"""


def test_a_powershell_cmdlet_and_a_system_package_install_fill_no_slot() -> None:
    """`Test-Path` is PowerShell's own plumbing (as `test -f` is a POSIX shell's), and
    `pacman -S` installs onto the machine (as `apt-get install` does): the step's name
    ("test that ...", "... package") does not make them the tests or the build."""
    files = {**FPM, ".github/workflows/ci.yml": MPI_FLOW, "ci/suite.sh": "#!/bin/sh\nfpm test\n"}
    found = lines(files)
    assert "Test-Path" not in "\n".join(found)
    assert "pacman" not in "\n".join(found)
    assert slot(found, "Build") == "Build: `fpm build`"


def test_a_module_command_is_a_program() -> None:
    """The near miss: a PowerShell module's command (`Invoke-Pester`) is a program, which
    a step's name may label as any program no list knows; a package manager of a
    language (`npm install`) is no system's."""
    assert shellwords.tool(["Invoke-Pester", "-Path", "tests"]) == "Invoke-Pester"
    assert shellwords.tool(["Test-Path", "x", "-PathType", "leaf"]) == ""
    assert shellwords.tool(["pacman", "-S", "x"]) == ""
    assert shellwords.tool(["npm", "install"]) == "npm"


# --- a script CI only sources is no command ----------------------------------------------

SOURCED = {"package.json": '{"name": "shimmer", "private": true, "scripts": {"test": "make test"}}',
           "Makefile": ".PHONY: test\ntest:\n\t./node_modules/.bin/urchin test\n",
           "shimmer.sh": "#!/usr/bin/env bash\nshimmer_build() {\n  ./configure --prefix=x\n"
                         "  make -j2\n}\n", "test/a_spec.sh": "", "lib/x.js": "",
           ".github/workflows/smoke.yml": "name: smoke\non: [push]\njobs:\n  build:\n"
                                          "    runs-on: ubuntu-latest\n    steps:\n"
                                          "      - uses: actions/checkout@v4\n"
                                          "      - run: '. ./shimmer.sh ; shimmer use 20'\n"
                                          "        name: shimmer use 20\n"}


def test_a_script_ci_only_sources_is_no_command() -> None:
    """`. ./shimmer.sh` loads the script's functions into CI's shell: it is a library,
    and the step's name or the `./configure` inside a function do not make
    `./shimmer.sh` the build."""
    found = lines(SOURCED)
    assert "./shimmer.sh" not in "\n".join(found)
    assert slot(found, "Build") == ""


def test_a_script_ci_runs_is_a_command() -> None:
    """The near miss: CI runs the script by its path (and sources it elsewhere)."""
    flow = SOURCED[".github/workflows/smoke.yml"].replace(
        "      - run: '. ./shimmer.sh ; shimmer use 20'\n",
        "      - run: '. ./shimmer.sh ; shimmer use 20'\n      - run: ./shimmer.sh\n")
    found = lines({**SOURCED, ".github/workflows/smoke.yml": flow})
    assert "`./shimmer.sh`" in "\n".join(found)


# --- a tree built with erlang.mk runs erlang.mk's targets --------------------------------

ERLANG_MK = {"Makefile": "PROJECT = lantern\nDEPS = cowlib\n\ninclude erlang.mk\n\n"
                         "app:: rebar.config\n\ntest-build:: $(CHECKER)\n\n$(CHECKER):\n"
                         "\tgit clone https://example.org/checker $(dir $(CHECKER))\n",
             "erlang.mk": "tests:: ct eunit\nct: test-build\ndialyze: $(DIALYZER_PLT)\n",
             "rebar.config": "{deps, [{cowlib, \".*\", {git, \"https://example.org/c\"}}]}.\n",
             "src/lantern.erl": "", "test/lantern_SUITE.erl": ""}


def test_an_erlang_mk_tree_names_its_targets_not_rebar3() -> None:
    """erlang.mk's `make tests` runs the suites (the Makefile's `test-build::` only adds
    a prerequisite to building them), `make dialyze` runs Dialyzer, `make` builds; the
    rebar.config erlang.mk writes for rebar3's users is not how the tree builds."""
    found = lines(ERLANG_MK)
    assert slot(found, "Tests") == "Tests: `make tests`"
    assert slot(found, "Type checks") == "Type checks: `make dialyze`"
    assert slot(found, "Build") == "Build: `make`"
    assert "rebar3" not in "\n".join(found)


def test_a_rebar3_tree_keeps_rebar3() -> None:
    """The near miss: a Makefile that does not include erlang.mk (a wrapper of its own)
    leaves rebar.config's project to rebar3."""
    files = {**ERLANG_MK, "Makefile": "all:\n\trebar3 compile\n"}
    del files["erlang.mk"]
    assert slot(lines(files), "Tests").startswith("Tests: `rebar3 ct`")


# --- a make rule that stops unless a variable is given does not run as written -----------

ASKS = {"flake.nix": "{ outputs = { self }: { }; }\n", "modules/a.nix": "",
        "Makefile": ".PHONY: test\ntest:\nifndef CASE\n\t$(error Use 'make test CASE=<name>')\n"
                    "endif\n\tnix-shell --pure checks -A run.${CASE}\n\nelsewhere:\n"
                    "\tnix-shell --pure checks -A run.all\n",
        "justfile": "# Run every check matching `pattern`\ntest *pattern:\n"
                    "  nix run .#suite -- {{pattern}}\n"}


def test_a_make_rule_that_stops_without_a_variable_is_no_command() -> None:
    """`make test` stops with `$(error ...)` unless `CASE` is given: it does not run as
    written (as a script that exits when given no arguments), and the justfile's `test`
    is the tests' entry; `#` inside a word (the flake output `.#checks`) starts no
    comment."""
    assert slot(lines(ASKS), "Tests") == "Tests: `just test` runs `nix run .#suite`"


def test_a_make_rule_with_its_variable_defaulted_is_a_command() -> None:
    """The near miss: the guard sets a default instead of stopping."""
    files = {**ASKS, "Makefile": ASKS["Makefile"].replace(
        "\t$(error Use 'make test CASE=<name>')\n", "CASE := all\n")}
    del files["justfile"]
    assert slot(lines(files), "Tests").startswith("Tests: `make test`")


def test_a_hash_starting_a_word_is_a_comment() -> None:
    """A shell's comment starts at a word's `#`, outside quotes, never inside a word."""
    assert shellwords.tokens("nix build .#test-all # the whole suite") == [
        "nix", "build", ".#test-all"]
    assert shellwords.tokens('echo "a # b" #c') == ["echo", "a # b"]
    assert shellwords.exact(["nix", "run", ".#checks"]) == "nix run .#checks"


# --- Nix: a flake output says what it builds; treefmt's CI mode only checks --------------

NIX_FLOW = """name: checks
on: [push]
jobs:
  checks:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Build docs
        run: nix build --show-trace .#docs-html
      - name: Format Check
        run: nix fmt -- --ci
"""
REGEN_FLOW = """name: regenerate
on: [workflow_dispatch]
jobs:
  regenerate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: nix run .#gen-owners > owners.nix
      - run: nix fmt owners.nix
"""


def test_a_flake_output_names_what_nix_build_makes() -> None:
    """`nix build .#docs-html` builds the docs (the output's name read as a task's), and
    `nix fmt -- --ci` is treefmt's check: the command that formats is `nix fmt`."""
    files = {"flake.nix": "{ }\n", "modules/a.nix": "", ".github/workflows/checks.yml": NIX_FLOW}
    found = lines(files)
    assert slot(found, "Docs").startswith("Docs: `nix build --show-trace .#docs-html`")
    assert slot(found, "Build") == ""
    assert slot(found, "Format").startswith("Format: `nix fmt`")


def test_a_step_formatting_the_file_it_generated_is_not_the_format_command() -> None:
    """`nix fmt owners.nix` tidies one file a bot job wrote; the justfile's `format`, which
    runs treefmt over the tree, formats the project."""
    files = {"flake.nix": "{ }\n", "modules/a.nix": "", "owners.nix": "",
             ".github/workflows/regenerate.yml": REGEN_FLOW,
             "justfile": "# format the tree\nformat:\n  treefmt\n"}
    assert slot(lines(files), "Format") == "Format: `just format` runs `treefmt`"


def test_a_flake_output_named_for_nothing_is_a_build() -> None:
    """The near miss: `nix build .` (the default package) builds; `treefmt` formats."""
    assert tool_purposes(["nix", "build", "."]) == ("build",)
    assert tool_purposes(["nix", "build", ".#default"]) == ("build",)
    assert tool_purposes(["nix", "run", ".#tests"]) == ("test",)
    assert writes(["treefmt"]) and not writes(["treefmt", "--ci"])


# --- a help rule listing its targets as list items describes them ------------------------

HELP = {"Project.toml": 'name = "Lantern"\nuuid = "7876af07-990d-54b4-ab0e-23690620f79a"\n',
        "src/Lantern.jl": "", "test/runtests.jl": "",
        "Makefile": "test:\n\tjulia --project -e 'using Pkg; Pkg.test()'\n\nthemes:\n"
                    "\t$(MAKE) -C assets all\n\nbench:\n\tjulia --project=bench bench/run.jl\n\n"
                    "help:\n\t@echo \"The following make commands are available:\"\n"
                    "\t@echo \" - make themes: compile the CSS themes\"\n"
                    "\t@echo \" - make bench: run the benchmarks\"\n"}


def test_a_help_rule_listing_targets_as_list_items_describes_them() -> None:
    """`make help` echoing ` - make themes: compile the CSS themes` is the Makefile's own
    list of what its targets do, as `themes: ## compile ...` would be."""
    assert "`make themes` (compile the CSS themes)" in slot(lines(HELP), "Commands")


def test_a_help_rule_line_that_names_no_target_describes_nothing() -> None:
    """The near miss: the list's title names no target of the Makefile."""
    assert "The following" not in slot(lines(HELP), "Commands")


# --- what CI installs for one entry of its matrix is that variant's ----------------------

VARIANT_FLOW = """name: ci
on: [push]
jobs:
  build:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        platform: [rootJVM, rootJS]
    steps:
      - uses: actions/checkout@v4
      - name: Install jsdom
        if: matrix.platform == 'rootJS'
        run: npm install
      - run: sbt test
"""
SCALA = {"build.sbt": 'scalaVersion := "3.3.4"\n', "core/src/main/scala/Core.scala": "",
         "package.json": '{"private": true, "devDependencies": {"jsdom": "^24.0.0"}}',
         ".github/workflows/ci.yml": VARIANT_FLOW}


def test_an_install_for_one_matrix_entry_is_no_setup() -> None:
    """`npm install` runs only where `matrix.platform == 'rootJS'` (the JavaScript target
    of a Scala build): it sets up that variant, never the project."""
    assert slot(lines(SCALA), "Setup") == ""


def test_an_install_every_entry_runs_is_setup() -> None:
    """The near miss: the same step with no condition sets up every run of the job."""
    flow = VARIANT_FLOW.replace("        if: matrix.platform == 'rootJS'\n", "")
    found = lines({**SCALA, ".github/workflows/ci.yml": flow})
    assert slot(found, "Setup").startswith("Setup: `npm install`")
