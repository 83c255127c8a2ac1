"""A command run inside the project's environment (issue 29, "commands"; docs/design.md,
"Commands that run"): a guide or CI line that wraps the project's own command in the
environment it needs (`nix-shell --run`, `nix develop -c`, `xvfb-run`, `docker compose
run`, `opam exec --`, `dotnet tool run`) is read by the command inside, and given with its
wrapper; where the guide says the suite runs inside such an environment, the build tool's
own command outside it is not the test entry.  The fixtures are written for these tests
(a Haskell service and a GTK app of no real project); each rule has a near miss."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import wanted
from gitmemory.reading.project.environments import environment
from gitmemory.reading.project.tool_roles import tool_purposes
from tests.reading.test_project_commands_unseen import lines, slot

STACK = {"stack.yaml": "resolver: lts-22.0\n", "src/Ledger.hs": "", "test/Spec.hs": "",
         "ledger.cabal": "name: ledger\ntest-suite spec\n  type: exitcode-stdio-1.0\n"}


def develop(heading: str, *block: str) -> dict[str, str]:
    body = "\n".join(block)
    return {"CONTRIBUTING.md": "# Contributing\n\nHow we work: see the [developer notes]"
                               "(docs/development.md#suites).\n",
            "docs/development.md": f"# Developer notes\n\n## {heading}\n\nThe suite needs a "
                                   f"database, which the shell starts:\n\n```bash\n{body}\n```\n"}


@pytest.mark.parametrize(("words", "inner"), [
    (["nix-shell", "--run", "ledger-spec -k io"], ["ledger-spec", "-k", "io"]),
    (["nix", "develop", ".#ci", "-c", "cabal", "test"], ["cabal", "test"]),
    (["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", "meson", "test"], ["meson", "test"]),
    (["docker", "compose", "run", "--rm", "-e", "DB=x", "api", "pytest", "-q"],
     ["pytest", "-q"]),
    (["opam", "exec", "--", "dune", "runtest"], ["dune", "runtest"]),
    (["dotnet", "tool", "run", "csharpier", "."], ["csharpier", "."]),
])
def test_a_wrapper_runs_the_command_inside_the_environment(words: list[str],
                                                          inner: list[str]) -> None:
    assert environment(words) == inner


def test_what_a_wrapper_runs_says_what_the_line_does() -> None:
    assert tool_purposes(["xvfb-run", "-a", "make", "check"]) == ("test",)
    assert tool_purposes(["nix-shell", "--run", "cargo clippy"]) == ("lint",)


def test_nix_shell_without_a_command_to_run_wraps_nothing() -> None:
    """The near miss: `nix-shell` alone opens a shell; `docker compose up` runs no command
    of its own; neither is a wrapper of a command."""
    assert environment(["nix-shell"]) is None
    assert environment(["docker", "compose", "up", "-d"]) is None


def test_a_guides_test_command_inside_the_environment_is_the_test_entry() -> None:
    """The project's own command inside the wrapper (no list knows it) is labelled by the
    heading it stands under, and beats the build tool's `stack test`, which outside the
    shell has no database."""
    files = {**STACK, **develop("Running the test suites", "# against the newest server",
                                "nix-shell --run ledger-spec")}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `nix-shell --run ledger-spec`"), tests


def test_a_wrapped_command_under_a_heading_that_names_no_purpose_is_not_read() -> None:
    """The near miss: under "Getting a REPL" the same kind of line names no slot, so the
    build tool's own command stays the entry."""
    files = {**STACK, **develop("Getting a REPL", "nix-shell --run ledger-repl")}
    tests = slot(lines(files), "Tests")
    assert "nix-shell" not in tests and "stack test" in tests, tests


def test_a_guide_command_outside_any_environment_does_not_replace_the_convention() -> None:
    """The near miss for the entry: a plain command in the guide is shown where the
    reading shows guides, never in place of the build tool's own."""
    files = {**STACK, **develop("Running the test suites", "stack test --fast")}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `stack test`"), tests


def test_a_directorys_readme_the_contributing_guide_links_to_is_read_as_a_guide() -> None:
    """`devenv/README.md`, linked by its address on the code host, is read (one level down)
    and its test command is the entry; a README no guide links to is not a guide."""
    doc = develop("Running the test suites", "nix-shell --run ledger-spec")
    files = {**STACK, "CONTRIBUTING.md": "# Contributing\n\nSee [the dev docs](https://"
                                         "git.example.org/acme/ledger/blob/main/devenv/"
                                         "README.md#testing).\n",
             "devenv/README.md": doc["docs/development.md"]}
    assert "devenv/README.md" in wanted(sorted(files))
    assert slot(lines(files), "Tests").startswith("Tests: `nix-shell --run ledger-spec`")
    unlinked = {**files, "CONTRIBUTING.md": "# Contributing\n\nBe kind.\n"}
    assert slot(lines(unlinked), "Tests").startswith("Tests: `stack test`")


def test_a_command_ci_runs_bare_is_named_as_the_guide_runs_it_inside_the_environment() -> None:
    """CI's setup step put the project's lint tool on the PATH; from a fresh clone it runs
    inside the shell, as the guide writes it."""
    files = {**STACK, **develop("Linting", "nix-shell --run ledger-lint"),
             ".github/workflows/check.yml": "on: [push]\njobs:\n  lint:\n    runs-on: ubuntu-"
                                            "latest\n    steps:\n      - name: Lint\n"
                                            "        run: ledger-lint\n"}
    assert slot(lines(files), "Lint").startswith("Lint: `nix-shell --run ledger-lint`")
    bare = {**files, **develop("Linting", "nix-shell --run ledger-lint-all")}
    assert slot(lines(bare), "Lint").startswith("Lint: `ledger-lint`")  # the near miss
