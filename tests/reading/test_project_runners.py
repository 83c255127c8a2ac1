"""gitmemory/reading/project/runners.py beyond tests/reading/test_project.py: tox
configured in pyproject as an ini string, and the task tables of hatch, pdm and taskipy,
each read as the command a person types."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import Snapshot, bootstrap_extractions


def _line(files: dict[str, str], start: str) -> str | None:
    found = [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))
             if e.content.startswith(start)]
    assert len(found) <= 1, found
    return found[0] if found else None


def test_tox_as_an_ini_string_in_pyproject() -> None:
    pyproject = ('[tool.tox]\nlegacy_tox_ini = """\n[tox]\nenvlist = py312, lint\n\n'
                 '[testenv]\ncommands = pytest -q {posargs}\n\n[testenv:lint]\n'
                 'commands = ruff check src\n"""\n')
    files = {"pyproject.toml": pyproject}
    assert _line(files, "Tests:") == "Tests: `tox` runs `pytest -q`"
    assert _line(files, "Lint:") == "Lint: `tox -e lint` runs `ruff check src`"


@pytest.mark.parametrize(("table", "expected"), [
    ('[tool.hatch.envs.default.scripts]\ntest = "pytest -q"\n', "Tests: `hatch run test` runs "
                                                                "`pytest -q`"),
    ('[tool.hatch.envs.lint.scripts]\ntest = "pytest -q"\n', "Tests: `hatch run lint:test` "
                                                             "runs `pytest -q`"),
    ('[tool.pdm.scripts]\ntest = "pytest -x"\n_hidden = "echo no"\n',
     "Tests: `pdm run test` runs `pytest -x`"),
    ('[tool.taskipy.tasks]\ntest = "python -m pytest"\n',
     "Tests: `task test` runs `python -m pytest`"),
])
def test_task_tables_in_pyproject(table: str, expected: str) -> None:
    assert _line({"pyproject.toml": table}, "Tests:") == expected


def test_a_recipe_made_of_variables_runs_what_they_hold() -> None:
    """swift-composable-architecture's `xcodebuild:` target runs `$(XCODEBUILD)`, set
    under an `ifneq` (indented, before any rule) to `$(XCODEBUILD_COMMAND) | xcbeautify`,
    itself `xcodebuild $(XCODEBUILD_ARGUMENT) $(XCODEBUILD_FLAGS)` with the argument
    `test`: the target ran nothing anyone could name, and the tests' question missed it
    (issue 29, fresh27).  A reference computed from another (`$(PLATFORM_$(PLATFORM))`)
    stays template text, left out of the command."""
    from gitmemory.reading.project.runners import makefile_tasks
    text = ("CONFIG = Debug\nPLATFORM = IOS\nDESTINATION = platform=\"$(PLATFORM_$(PLATFORM))\"\n"
            "SCHEME = Acme\nXCODEBUILD_ARGUMENT = test\n"
            "XCODEBUILD_FLAGS = -configuration $(CONFIG) -destination $(DESTINATION) "
            "-scheme \"$(SCHEME)\"\n"
            "XCODEBUILD_COMMAND = xcodebuild $(XCODEBUILD_ARGUMENT) $(XCODEBUILD_FLAGS)\n"
            "ifneq ($(strip $(shell which xcbeautify)),)\n"
            "\tXCODEBUILD = set -o pipefail && $(XCODEBUILD_COMMAND) | xcbeautify\n"
            "else\n\tXCODEBUILD = $(XCODEBUILD_COMMAND)\nendif\n\n"
            "xcodebuild:\n\t$(XCODEBUILD)\n\nraw:\n\t$(XCODEBUILD_COMMAND)\n")
    tasks = {t.name: t for t in makefile_tasks(text, "Makefile")}
    for name in ("xcodebuild", "raw"):
        assert tasks[name].tools[0] == ("xcodebuild", "test", "-configuration", "Debug",
                                        "-scheme", "Acme"), tasks[name]
    assert ("xcbeautify",) in tasks["xcodebuild"].tools


def test_a_pipeline_that_runs_one_program_twice_names_it_once() -> None:
    """Git LFS's `lint:` target is one pipeline, `go list -f '{{...}}' . | xargs go list -f
    '{{...}}' | grep ...`: its item read "`make lint` runs `go list .`, `go list`", the
    second part only a shorter form of the first (fresh29, a new user's CLAUDE.md).  A part
    whose words begin an earlier part says nothing new."""
    recipe = ("lint :\n\t@! $(GO) list -f '{{ join .Deps \"\\n\" }}' . \\\n"
              "\t| $(XARGS) $(GO) list -f '{{ .ImportPath }}' \\\n"
              "\t| $(GREP) -v \"example.com/x\" \\\n\t| $(GREP) \".\"\n")
    files = {"Makefile": "GO ?= go\nXARGS ?= xargs\nGREP ?= grep\n\n" + recipe,
             "go.mod": "module example.com/x\n\ngo 1.22\n"}
    assert _line(files, "Lint:") == "Lint: `make lint` runs `go list .`"


def test_an_empty_argument_stays_with_its_option() -> None:
    """go-sqlite3's CI builds with `go build -race -v -tags ""`: the empty word was read as
    an operator, the command ended before it, and the Build item said `go build -race -v
    -tags`, which stops for the missing value (fresh30, read after its blind run)."""
    from gitmemory.reading.project import shellwords
    found = shellwords.commands('go build -race -v -tags "" && go vet ./...')
    assert found == [["go", "build", "-race", "-v", "-tags", ""], ["go", "vet", "./..."]]
    assert shellwords.shown(found[0]) == "go build -race -v"  # an empty value sets nothing


def test_a_powershell_test_verb_over_a_thing_checks_that_thing_not_the_suite() -> None:
    """NLog: `Test-XmlFile.ps1` (a cmdlet-named script that validates the XML schema) was
    given as the test command over `run-tests.ps1`, which CI runs for the tests."""
    files = {"Test-XmlFile.ps1": "function Test-XmlFile { param($xsd) }\n",
             "run-tests.ps1": "dotnet test ./tests/NLog.UnitTests/\n",
             "src/NLog/NLog.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n"}
    tests = _line(files, "Tests:") or ""
    assert "`./run-tests.ps1`" in tests and "Test-XmlFile" not in tests
    # a noun that is a kind of tests is the suite still
    assert "Test-All" in (_line({"Test-All.ps1": "Invoke-Pester\n"}, "Tests:") or "")


def test_a_variable_the_shell_computes_as_the_recipe_runs_is_no_word_of_it() -> None:
    """psutil (fresh34, read after its blind run): `RUN_TEST` holds `$(_PYTEST_EXTRA)`,
    a backquoted `{ if [ "$$OS" = ... ]; then printf ...; fi; }`, and the Tests item read
    "`make test` runs `python3 -m pytest --durations=5 if '[' …`".  A value the shell
    computes (backquotes, `$$(...)`, `$(shell ...)`) is not put in: it stays template
    text, left out of the command."""
    makefile = ("PYTHON = python3\n"
                "_PYTEST_EXTRA = `{ if [ \"$$OS\" = \"Windows_NT\" ]; then printf '%s ' "
                "'-o cache_dir=/tmp/c'; fi; }`\n"
                "_NPROC = $$(nproc)\n"
                "RUN_TEST = $(PYTHON) -m pytest --durations=5 $(_PYTEST_EXTRA) -n $(_NPROC)\n\n"
                "test:  ## Run all tests.\n\t$(RUN_TEST) $(ARGS)\n")
    line = _line({"Makefile": makefile}, "Tests:")
    assert line is not None and "`python3 -m pytest --durations=5" in line, line
    assert "if" not in line.split("--durations=5")[1].split("`")[0], line
