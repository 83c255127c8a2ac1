"""Why a command a session ran failed: the command itself (each tool's own words and exit
status about what the command named), or what it ran (tests, a build, a missing tool the
command starts), which changes nothing."""

from __future__ import annotations

import pytest

from gitmemory.sources.runs.outcome import FAILED, PASSED, WRONG, judge

WRONG_RUNS = [
    ("make test", 2, "make: *** No rule to make target 'test'.  Stop."),
    ("make -C build check", 2, "make: Entering directory '/w/build'\n"
                               "make: *** No rule to make target `check'.  Stop."),
    ("make", 2, "make: *** No targets specified and no makefile found.  Stop."),
    ("npm test", 1, 'npm error Missing script: "test"\nnpm error\nnpm error To see a list of '
                    "scripts, run:\nnpm error   npm run"),
    ("npm run test:unit", 1, 'npm ERR! Missing script: "test:unit"\n\nnpm ERR! A complete log'),
    ("npm test", 254, "npm error code ENOENT\nnpm error syscall open\nnpm error enoent Could "
                      "not read package.json: Error: ENOENT: no such file or directory"),
    ("pnpm test", 1, " ERR_PNPM_NO_SCRIPT  Missing script: test\n\nCommand \"test\" not found."),
    ("pnpm lint:ci", 254, ' ERR_PNPM_RECURSIVE_EXEC_FIRST_FAIL  Command "lint:ci" not found'),
    ("yarn test", 1, 'yarn run v1.22.22\nerror Command "test" not found.\ninfo Visit '
                     "https://yarnpkg.com/en/docs/cli/run for documentation about this command."),
    ("yarn run e2e", 1, 'Usage Error: Couldn\'t find a script named "e2e".'),
    ("bun run check", 1, 'error: Script not found "check"'),
    ("cargo nextest run", 101, "error: no such command: `nextest`\n\n\tView all installed "
                               "commands with `cargo --list`"),
    ("cargo test", 101, "error: could not find `Cargo.toml` in `/w/shop` or any parent "
                        "directory"),
    ("tox -e lint", 255, "ROOT: HandledError| provided environments not found in "
                         "configuration file:\nlint"),
    ("nox -s tests", 1, "nox > Error while collecting sessions.\nnox > Sessions not found: "
                        "tests"),
    ("python -m pytest", 1, "/usr/bin/python3: No module named pytest"),
    ("python3 scripts/test.py", 2, "python3: can't open file '/w/shop/scripts/test.py': "
                                   "[Errno 2] No such file or directory"),
    ("just test", 1, "error: Justfile does not contain recipe `test`."),
    ("task test", 200, 'task: Task "test" does not exist'),
    ("rake spec", 1, "rake aborted!\nDon't know how to build task 'spec' (See the list of "
                     "available tasks with `rake --tasks`)"),
    ("dotnet test", 1, "MSBUILD : error MSB1003: Specify a project or solution file. The "
                       "current working directory does not contain a project or solution "
                       "file."),
    ("dotnet build", 1, "MSBUILD : error MSB1011: Specify which project or solution file to "
                        "use because this folder contains more than one project or solution "
                        "file."),
    ("go test ./...", 1, "go: go.mod file not found in current directory or any parent "
                         "directory; see 'go help modules'"),
    ("./gradlew check", 1, "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                           "Task 'check' not found in root project 'shop'."),
    ("mvn verfy", 1, '[ERROR] Unknown lifecycle phase "verfy". You must specify a valid '
                     "lifecycle phase"),
    ("cmake --build build --target install", 1, "Error: /w/shop/build is not a directory"),
    ("pytest tests/unit", 4, "ERROR: file or directory not found: tests/unit\n\n"
                             "no tests ran in 0.01s"),
    ("uv run pytest", 2, "error: Failed to spawn: `pytest`\n  Caused by: No such file or "
                         "directory (os error 2)"),
    ("bundle exec rspec", 127, "bundler: command not found: rspec\nInstall missing gem "
                               "executables with `bundle install`"),
    ("tox", 127, "/bin/bash: line 1: tox: command not found"),
    ("just test", 127, "/bin/sh: 1: just: not found"),
    ("./scripts/test.sh", 127, "bash: ./scripts/test.sh: No such file or directory"),
    ("pnpm test", 127, "zsh:1: command not found: pnpm"),
]

FAILED_RUNS = [
    ("make test", 2, "pytest -q\nF...\nFAILED tests/test_cart.py::test_total - assert 41 == 42"
                     "\n1 failed, 3 passed in 0.15s\nmake: *** [Makefile:5: test] Error 1"),
    ("make test", 2, "pytest -q\nmake: pytest: No such file or directory\n"
                     "make: *** [Makefile:5: test] Error 127"),  # a tool the target runs
    ("make build", 2, "cc -c cart.c\ncart.c:3:1: error: expected ';'\n"
                      "make: *** No rule to make target 'cart.h', needed by 'cart.o'.  Stop."),
    ("npm test", 1, "> shop@1.0.0 test\n> vitest run\n\n FAIL  src/cart.test.ts > total\n"
                    "npm error Lifecycle script `test` failed with error:\nnpm error code 1"),
    ("npm test", 127, "> shop@1.0.0 test\n> jest\n\nsh: 1: jest: not found"),
    ("pnpm test", 1, "FAIL src/missing.test.ts\n  Cannot find module: Missing script: \"test\""
                     " is what the old runner printed\n ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL"),
    ("cargo test", 101, "test cart::total ... FAILED\n\nfailures:\n    cart::total\n\n"
                        "test result: FAILED. 11 passed; 1 failed"),
    ("pytest -q", 1, "FAILED tests/test_cli.py::test_unknown - AssertionError: 'command not "
                     "found: pytest' != ''\n1 failed in 0.2s"),
    ("pytest -q", 2, "ERROR collecting tests/test_cart.py\nImportError: No module named "
                     "'shop.cart'\n1 error in 0.1s"),
    ("python -m pytest", 1, "E   ModuleNotFoundError: No module named 'pytest_asyncio'"),
    ("go test ./...", 1, "--- FAIL: TestTotal (0.00s)\n    cart_test.go:9: got 41, want 42\n"
                         "FAIL\tshop/cart\t0.004s"),
    ("./gradlew test", 1, "CartTest > total() FAILED\n    org.opentest4j.AssertionFailedError"
                          "\n\n* What went wrong:\nExecution failed for task ':test'."),
    ("dotnet test", 1, "Failed Shop.Tests.CartTest.Total [12 ms]\n  Error Message:\n   "
                       "Assert.Equal() Failure\nFailed!  - Failed:     1, Passed:    11"),
    ("tox -e py312", 1, "py312: commands[0]> pytest\nFAILED tests/test_cart.py::test_total\n"
                        "  py312: FAIL code 1 (2.10=setup[0.50]+cmd[1.60] seconds)"),
    ("just test", 1, "error: Recipe `test` failed on line 4 with exit code 1"),
    ("tox", 1, "/bin/bash: line 1: tox: command not found"),  # not 127: not the shell's word
]


@pytest.mark.parametrize(("command", "code", "output"), WRONG_RUNS)
def test_a_command_that_does_not_run_as_written_is_wrong(command: str, code: int,
                                                         output: str) -> None:
    assert judge(command.split(), code, output) == WRONG


@pytest.mark.parametrize(("command", "code", "output"), FAILED_RUNS)
def test_what_the_command_ran_failing_is_not_the_command_being_wrong(command: str, code: int,
                                                                      output: str) -> None:
    assert judge(command.split(), code, output) == FAILED


def test_status_zero_passed_whatever_it_printed() -> None:
    assert judge(["make", "test"], 0, "make: *** No rule to make target 'test'.  Stop.") \
        == PASSED


def test_the_target_must_be_the_one_the_command_named() -> None:
    output = "make: *** No rule to make target 'docs'.  Stop."
    assert judge(["make", "test"], 2, output) == FAILED
    assert judge(["npm", "run", "test"], 1, 'npm error Missing script: "test:unit"') == FAILED


# The item's command as the run gave it, the words the agent added, and what the tool
# said about an added word: the item's own command is not shown wrong.
ADDED_WORDS = [
    (["pytest", "-q"], ["tests/test_nope.py"], 4,
     "ERROR: file or directory not found: tests/test_nope.py\n\nno tests ran in 0.01s"),
    (["tox"], ["-e", "lint"], 255, "ROOT: HandledError| provided environments not found in "
                                   "configuration file:\nlint"),
    (["nox"], ["-s", "lint"], 1, "nox > Error while collecting sessions.\nnox > Sessions not "
                                 "found: lint"),
    (["./gradlew", "test"], ["integrationTest"], 1,
     "* What went wrong:\nTask 'integrationTest' not found in root project 'shop'."),
    (["mvn", "test"], ["verfy"], 1, '[ERROR] Unknown lifecycle phase "verfy". You must '
                                    "specify a valid lifecycle phase"),
    (["dotnet", "test"], ["Shop.Tests.csproj"], 1,
     "MSBUILD : error MSB1009: Project file does not exist.\nSwitch: Shop.Tests.csproj"),
    (["make"], ["test"], 2, "make: *** No rule to make target 'test'.  Stop."),
    (["just"], ["test"], 1, "error: Justfile does not contain recipe `test`."),
]


@pytest.mark.parametrize(("own", "added", "code", "output"), ADDED_WORDS)
def test_a_word_the_agent_added_is_not_the_items_command_being_wrong(
        own: list[str], added: list[str], code: int, output: str) -> None:
    assert judge([*own, *added], code, output) == WRONG  # the run as typed was wrong
    assert judge(own, code, output) == FAILED  # the item's own words were not


def test_the_items_own_words_judged_against_the_tools_words() -> None:
    assert judge(["./gradlew", ":app:check"], 1, "Cannot locate tasks that match ':app:check' "
                 "as task 'check' not found in project ':app'.") == WRONG
    assert judge(["mvn", "jacoco:report"], 1, "[ERROR] No plugin found for prefix 'jacoco' in "
                 "the current project") == WRONG
