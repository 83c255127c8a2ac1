"""How a project tells a contributor its other commands (issue 29): a guide's prose that
names the command to run, a reStructuredText development guide, a section for another
test suite, a Makefile's `help` list, a family of test scripts, a Maven profile that
includes excluded tests.  The fixtures are written for these tests in the shape such
repositories have."""

from __future__ import annotations

from tests.reading.test_project_principles import command, lines, package, slot


def test_a_guides_prose_names_the_test_command_beside_the_build_tools_own() -> None:
    """"Use `sbt tests/test` instead of `sbt test`" in a bullet, not a code block: the
    guide's way is shown beside the convention, and the command it replaces is not."""
    files = {"build.sbt": 'lazy val tests = project\n',
             "docs/contributing-x.md":
                 "## Compiling project\n\n- The project is built with `sbt`.\n"
                 "- Use `sbt tests/test` instead of `sbt test`, the former runs fast unit\n"
                 "  tests for the JVM.\n"}
    item = slot(lines(files, ("src/main/scala/A.scala",)), "Tests")
    assert item == "Tests: `sbt test`; docs/contributing-x.md gives `sbt tests/test`"


def test_prose_that_only_mentions_a_command_gives_none() -> None:
    """A code span no verb tells you to run ("`sbt test` is slower") is not a command."""
    files = {"build.sbt": 'lazy val tests = project\n',
             "CONTRIBUTING.md": "## Testing\n\nNote that `sbt tests/test` is slower.\n"}
    assert slot(lines(files, ("src/main/scala/A.scala",)), "Tests") == "Tests: `sbt test`"


def test_a_restructuredtext_development_guides_code_block_is_read() -> None:
    """docs/development.rst's `.. code-block:: shell` under "Running tests": `tox -e py`
    runs the tests on the Python tox runs on, an env tox makes from its base env."""
    files = {"tox.ini": "[tox]\nenvlist = py312, lint\n\n[testenv]\ncommands = pytest tests\n\n"
                        "[testenv:lint]\ncommands = ruff check .\n",
             "pyproject.toml": "[project]\nname = 'x'\n",
             "docs/development.rst":
                 "Running tests\n=============\n\nTo run tests locally execute:\n\n"
                 ".. code-block:: shell\n\n    tox -e py\n\n"
                 "You can select tests:\n\n.. code-block:: shell\n\n"
                 "    # Using markers\n    tox -e py -- -m \"not slow\"\n\n"
                 "Running linters\n===============\n\nText.\n"}
    item = slot(lines(files, ("src/x/__init__.py",)), "Tests")
    assert item is not None and item.endswith("; docs/development.rst gives `tox -e py`"), item


def test_a_guide_section_for_another_suite_gives_its_command() -> None:
    """"Working with Integration Tests": the command that builds the suite's flag and runs
    its executable names the suite itself, so it runs tests whatever tool builds first;
    a REPL under the same heading is not a test command."""
    files = {"stack.yaml": "snapshot: lts-22.0\n", "package.yaml": "name: x\n",
             "CONTRIBUTING.md":
                 "## Testing\n\n### Working with Unit Tests\n\n```\nstack test\n```\n\n"
                 "### Working with Integration Tests\n\n```\n"
                 "stack build --flag x:integration-tests x --exec x-integration-test\n```\n\n"
                 "```\nstack ghci x:x-integration-test\n```\n"}
    item = slot(lines(files, ("src/X.hs",)), "Tests")
    assert item == ("Tests: `stack test`; CONTRIBUTING.md gives `stack build --flag "
                    "x:integration-tests x --exec x-integration-test`"), item


def test_a_guide_form_that_needs_the_guides_build_directory_is_not_named() -> None:
    """`ctest --test-dir debug-build` runs only after the guide's own configure step."""
    files = {"CMakeLists.txt": "project(x CXX)\nenable_testing()\nadd_test(NAME t COMMAND t)\n",
             "CONTRIBUTING.md": "## Testing\n\n```\ncmake -B debug-build\n```\n\n"
                                "Run `ctest --output-on-failure --test-dir debug-build`.\n"}
    item = slot(lines(files, ("src/a.cpp",)), "Tests")
    assert item is not None and "debug-build" not in item, item


def test_a_makefiles_help_list_describes_its_targets() -> None:
    """`make help` echoes each target with what it is for: the Makefile's own list, as a
    self-documenting one writes `target: ## help`."""
    files = {"composer.json": '{"name": "a/b"}',
             "Makefile": "help:\n\t@echo \"  test                  to perform unit tests\"\n"
                         "\t@echo \"  static-phpstan        to run phpstan on the codebase\"\n"
                         "\t@echo \"  static-phpstan-update-baseline to regenerate the baseline\"\n"
                         "\n"
                         "test:\n\tvendor/bin/phpunit\n\n"
                         "static-phpstan:\n\tvendor/bin/phpstan analyze $(PHPSTAN_PARAMS)\n\n"
                         "static-phpstan-update-baseline:\n"
                         "\t$(MAKE) static-phpstan PHPSTAN_PARAMS=\"--generate-baseline\"\n"}
    item = slot(lines(files, ("src/A.php",)), "Commands")
    assert item is not None and "`make static-phpstan-update-baseline`" in item, item
    assert "(regenerate the baseline)" in item


def test_the_test_scripts_family_is_named_beside_the_test_script() -> None:
    """`test:deno`, `test:node` beside `test`: suites the plain script leaves out; never the
    watcher nor one `test` runs itself."""
    files = {**package({"test": "vitest --run && npm run test:unit",
                        "test:unit": "vitest --run --project unit",
                        "test:deno": "deno test runtime-tests/deno",
                        "test:node": "vitest --run --project node",
                        "test:watch": "npm test -- --watch"}),
             "package-lock.json": "{}", "vitest.config.ts": "export default {}\n"}
    item = slot(lines(files, ("src/index.ts",)), "Tests")
    assert item is not None and item.endswith(
        "; also `npm run test:deno`, `npm run test:node`"), item


def test_a_maven_property_excluding_tags_gives_the_profile_that_includes_them() -> None:
    """failsafe's `excludedGroups` set by a property, a profile emptying it: the tagged
    tests run with `mvn verify -P<profile>`."""
    pom = ("<project><properties><failsafe.excludedGroups>long-running"
           "</failsafe.excludedGroups></properties><build><plugins><plugin>"
           "<artifactId>maven-failsafe-plugin</artifactId><configuration>"
           "<excludedGroups>${failsafe.excludedGroups}</excludedGroups></configuration>"
           "</plugin></plugins></build><profiles><profile><id>long-running</id>"
           "<properties><failsafe.excludedGroups /></properties></profile></profiles>"
           "</project>")
    item = slot(lines({"pom.xml": pom}, ("src/main/java/A.java",)), "Test tags")
    assert item == ("Test tags: JUnit tags `long-running` are excluded from the build's test "
                    "run (pom.xml); `mvn verify -Plong-running` runs them"), item
    assert command(lines({"pom.xml": pom}, ("src/main/java/A.java",)), "Tests") == "mvn test"


def test_a_build_tools_task_no_list_knows_is_labelled_by_its_heading() -> None:
    """"Run the following command: `sbt native-image`" under "Building a native image":
    the heading says what the task does, as a CI step's name does."""
    files = {"build.sbt": 'lazy val cli = project\n',
             "docs/contributing-x.md":
                 "## Building a native image\n\n- Run the following command: "
                 "`sbt native-image`\n"}
    item = slot(lines(files, ("src/main/scala/A.scala",)), "Build")
    assert item == "Build: `sbt compile`; docs/contributing-x.md gives `sbt native-image`", item


def test_prose_that_says_what_the_project_uses_gives_no_command() -> None:
    """"We use `black`" says what the project uses, not what to type: `black` bare formats
    nothing.  "To format, run `black .`" is an order."""
    files = {"pyproject.toml": "[project]\nname = 'x'\n",
             "CONTRIBUTING.md": "## Code style\n\nWe use `black` for formatting.\n"}
    assert slot(lines(files, ("src/x/__init__.py",)), "Format") is None
    files["CONTRIBUTING.md"] += "\nTo format, run `black .` from the top.\n"
    assert command(lines(files, ("src/x/__init__.py",)), "Format") == "black ."


def test_a_guide_section_on_debugging_gives_its_test_command() -> None:
    """"Debugging Clap": how to see the project's debug output while the tests run is how
    a contributor runs them while developing, whatever the build tool (`cargo test
    --features debug`); a form with a placeholder (`<test_name>`) does not run as written."""
    files = {"Cargo.toml": '[package]\nname = "x"\nversion = "0.1.0"\n',
             "CONTRIBUTING.md":
                 "## Debugging X\n\nTo see the debug output while running the test suite, "
                 "run:\n\n```console\n$ cargo test --features debug\n\n# Or for one test\n"
                 "$ cargo test --test <test_name> --features debug\n```\n"}
    item = slot(lines(files, ("src/lib.rs",)), "Tests")
    assert item == "Tests: `cargo test`; CONTRIBUTING.md gives `cargo test --features debug`", \
        item


def test_an_r_packages_guide_telling_to_run_a_call_gives_it_through_rscript() -> None:
    """targets (fresh18): "Run overall package checks with `devtools::check()`": a call R's
    console takes, told to run, is given as R's script runner runs it; a call no verb
    tells to run is none."""
    description = "Package: quill\nSuggests: testthat\n"
    guide = ("## Development\n\n* Run overall package checks with `devtools::check()` "
             "and `goodpractice::gp()`.\n")
    files = {"DESCRIPTION": description, "CONTRIBUTING.md": guide}
    item = slot(lines(files, ("R/quill.R", "tests/testthat/test-quill.R")), "Tests")
    assert item == ("Tests: `Rscript -e 'testthat::test_local()'`; CONTRIBUTING.md gives "
                    "`Rscript -e 'devtools::check()'`"), item
    said = guide.replace("Run overall package checks with", "Overall package checks use")
    item = slot(lines({**files, "CONTRIBUTING.md": said},
                      ("R/quill.R", "tests/testthat/test-quill.R")), "Tests")
    assert item == "Tests: `Rscript -e 'testthat::test_local()'`", item
