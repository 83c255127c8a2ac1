"""What a tree states as the practice, read in any ecosystem: GNU make's double-colon
rules, the compose file of the tests' own directory, the formatters and linters whose
settings the tree keeps, towncrier's fragment types, the checkers a JVM build binds, the
script CI tests through, and a contributing guide's rules by the section they are in.
Every example here is written for these tests, in ecosystems and words of its own."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, files_read
from tests.reading.test_project import lines, one, snapshot


def _none(found: list[str], start: str) -> None:
    assert not [line for line in found if line.startswith(start)], found


# -- make's double-colon rules ----------------------------------------------------------

_MAKEFILE = ("GRADLE ?= ./gradlew\n\n"
             "check:: JAVA_OPTS += -Xmx2g\n"
             "check::\n\t${GRADLE} spotlessCheck\n\n"
             "test:: check\n"
             "test::\n\t${GRADLE} test --offline\n")


def test_double_colon_rules_are_rules_and_their_variables_settings() -> None:
    found = lines(snapshot({"Makefile": _MAKEFILE, "gradlew": "#!/bin/sh\n"}))
    assert one(found, "Tests:") == "Tests: `make test` runs `make check`, `./gradlew test " \
                                   "--offline`"


def test_a_double_colon_assignment_is_a_variable_not_a_rule() -> None:
    found = lines(snapshot({"Makefile": "VERSION ::= 2.1\nREV::=$(VERSION)\n"
                                        "test:\n\tprove -lr t\n"}))
    assert one(found, "Tests:") == "Tests: `make test` runs `prove -lr t`"
    assert not [line for line in found if "make VERSION" in line or "make REV" in line]


# -- the compose file of the tests' own directory --------------------------------------

_COMPOSE = """services:
  db:
    image: mariadb:11.4
  search:
    image: opensearchproject/opensearch:2.15.0
  cache:
    image: ${CACHE_IMAGE}
"""


def test_a_compose_file_in_the_tests_directory_starts_the_suites_services() -> None:
    found = lines(snapshot({"package.json": '{"name": "x"}', "test/docker-compose.yml": _COMPOSE}))
    assert one(found, "Services:") == (
        "Services: `cd test && docker compose up -d db search` starts `db` (mariadb:11.4), "
        "`search` (opensearchproject/opensearch:2.15.0)")


def test_an_env_file_beside_it_sets_the_image_variable() -> None:
    found = lines(snapshot({"test/docker-compose.yml": _COMPOSE, "test/.env": "CACHE_IMAGE=x\n"}))
    assert one(found, "Services:").startswith("Services: `cd test && docker compose up -d` "
                                              "starts `db` (mariadb:11.4)")


def test_a_compose_file_elsewhere_below_the_top_is_not_the_suites() -> None:
    found = lines(snapshot({"deploy/docker-compose.yml": _COMPOSE,
                            "examples/compose.yaml": _COMPOSE}))
    _none(found, "Services:")


def test_the_compose_file_of_the_tests_is_read() -> None:
    assert files_read.matches("tests/compose.yml")
    assert "spec/docker-compose.yaml" in files_read.wanted(["spec/docker-compose.yaml", "a.c"])


# -- formatters and linters whose settings the tree keeps -------------------------------

def test_the_settings_files_name_the_formatter_and_linter_and_the_line_length() -> None:
    found = lines(snapshot({".clang-format": "BasedOnStyle: LLVM\nColumnLimit: 100\n",
                            ".clang-tidy": "Checks: '-*,bugprone-*'\n", "CMakeLists.txt": ""}))
    assert one(found, "Code style:") == (
        "Code style: formatted with clang-format (.clang-format); linted with clang-tidy "
        "(.clang-tidy); line length 100")


def test_settings_one_directory_down_count_and_perltidy_states_its_length() -> None:
    found = lines(snapshot({"tools/perltidyrc": "-i=2\n--maximum-line-length=100\n-l=110\n",
                            "author/perlcritic.rc": "severity = 3\n",
                            "web/.prettierrc": "{}"}))
    assert one(found, "Code style:") == (
        "Code style: formatted with perltidy (tools/perltidyrc), Prettier (web/.prettierrc); "
        "linted with Perl::Critic (author/perlcritic.rc); line length 110")


def test_prettiers_settings_at_the_top_are_said_as_it_sets_them() -> None:
    """MobX's .prettierrc (JSON) sets no semicolons and 4-space indents, against Prettier's
    defaults; a YAML .prettierrc is read too, and its overrides are not options."""
    found = lines(snapshot({".prettierrc": '{\n  "printWidth": 100,\n  "semi": false,\n'
                                           '  "tabWidth": 4,\n  "singleQuote": false,\n'
                                           '  "trailingComma": "none"\n}\n'}))
    assert one(found, "Code style:") == (
        "Code style: formatted with Prettier (.prettierrc); Prettier settings "
        "`printWidth: 100`, `semi: false`, `tabWidth: 4`, `singleQuote: false` and 1 more")
    found = lines(snapshot({".prettierrc.yaml": "singleQuote: true\noverrides:\n"
                                                "  - files: '*.md'\n    options:\n"
                                                "      proseWrap: always\n"}))
    assert one(found, "Code style:") == (
        "Code style: formatted with Prettier (.prettierrc.yaml); Prettier settings "
        "`singleQuote: true`")
    assert files_read.matches(".prettierrc") and files_read.matches(".prettierrc.yaml")


def test_settings_of_vendored_code_examples_or_test_fixtures_name_no_tool() -> None:
    found = lines(snapshot({"examples/.eslintrc.json": "{}", "t/.perltidyrc": "-l=70\n",
                            "third_party/zlib/.clang-format": "ColumnLimit: 80\n",
                            "src/deep/.rubocop.yml": ""}))
    _none(found, "Code style:")
    # mikro-orm: the docs site's Prettier settings were said to format the project (which
    # formats with oxfmt)
    _none(lines(snapshot({"docs/.prettierrc": "{}", "website/.eslintrc.json": "{}"})),
          "Code style:")


# -- towncrier's fragment types ---------------------------------------------------------

_TOWNCRIER = """[tool.towncrier]
directory = "changes"

[[tool.towncrier.type]]
directory = "feature"
name = "Features"

[[tool.towncrier.type]]
directory = "bugfix"
name = "Bug fixes"
"""


def test_towncrier_names_its_configured_types_and_one_fragment_of_the_tree() -> None:
    found = lines(snapshot({"pyproject.toml": _TOWNCRIER},
                           ["pyproject.toml", "changes/.gitignore", "changes/1203.bugfix.rst",
                            "changes/1210.feature.rst"]))
    assert one(found, "Changelog:") == (
        "Changelog: each user-facing change adds a towncrier fragment in `changes/` "
        "(`{issue}.{type}.rst`, types feature, bugfix; e.g. `1203.bugfix.rst`)")


def test_towncrier_with_its_default_types_names_none() -> None:
    found = lines(snapshot({"towncrier.toml": '[tool.towncrier]\ndirectory = "news"\n'},
                           ["towncrier.toml", "news/88.misc.md"]))
    assert one(found, "Changelog:") == (
        "Changelog: each user-facing change adds a towncrier fragment in `news/` "
        "(`{issue}.{type}.md`)")


# -- the checkers a JVM build binds -----------------------------------------------------

def test_the_gradle_build_applies_its_checkers() -> None:
    gradle = ('plugins {\n    id("java-library")\n    id("checkstyle")\n'
              '    id("com.diffplug.spotless") version "6.25.0"\n}\n')
    found = lines(snapshot({"build.gradle.kts": gradle, "gradlew": ""}))
    assert one(found, "Static analysis:") == (
        "Static analysis: the Gradle build applies Checkstyle, Spotless (build.gradle.kts)")


def test_a_parent_pom_kept_in_the_tree_is_read_for_its_plugins() -> None:
    pom = ("<project><build><pluginManagement><plugins><plugin>"
           "<artifactId>maven-pmd-plugin</artifactId></plugin><plugin>"
           "<artifactId>revapi-maven-plugin</artifactId></plugin>"
           "</plugins></pluginManagement></build></project>")
    found = lines(snapshot({"pom.xml": "<project><parent><relativePath>tooling/build-parent"
                                       "</relativePath></parent></project>",
                            "tooling/build-parent/pom.xml": pom}))
    assert one(found, "Static analysis:") == (
        "Static analysis: the Maven build configures PMD, Revapi "
        "(tooling/build-parent/pom.xml)")
    assert files_read.matches("tooling/build-parent/pom.xml")
    assert not files_read.matches("modules/core/pom.xml")


def test_a_checker_named_in_a_comment_or_no_checker_at_all_is_no_item() -> None:
    pom = ("<project><!-- <artifactId>maven-checkstyle-plugin</artifactId> --><build><plugins>"
           "<plugin><artifactId>maven-surefire-plugin</artifactId></plugin></plugins></build>"
           "</project>")
    _none(lines(snapshot({"pom.xml": pom})), "Static analysis:")


# -- the script CI tests through --------------------------------------------------------

def _workflow(run: str) -> str:
    return ("on: [push]\njobs:\n  unit:\n    runs-on: ubuntu-latest\n    steps:\n"
            f"      - uses: actions/checkout@v4\n      - name: Run the tests\n        run: {run}\n")


def test_a_script_of_the_tree_ci_tests_through_is_named_beside_the_convention() -> None:
    found = lines(snapshot({
        "Cargo.toml": '[package]\nname = "kiln"\nversion = "0.1.0"\n',
        ".github/workflows/check.yml": _workflow("./scripts/run-suite.sh --all-features"),
        "scripts/run-suite.sh": "#!/bin/sh\ncargo test \"$@\"\n"}))
    assert one(found, "Tests:") == "Tests: `cargo test`; CI tests through " \
                                   "`./scripts/run-suite.sh --all-features`"


def test_a_ci_only_script_or_a_build_tools_launcher_is_not_named() -> None:
    for run, script in (("./ci/test.sh", "ci/test.sh"), ("./tools/ci-test.sh", "tools/ci-test.sh"),
                        ("./mvnw -B verify -pl it", "mvnw")):
        found = lines(snapshot({
            "Cargo.toml": '[package]\nname = "kiln"\nversion = "0.1.0"\n',
            ".github/workflows/check.yml": _workflow(run), script: "#!/bin/sh\ncargo test\n"}))
        assert "CI tests through" not in one(found, "Tests:"), run


# -- a contributing guide's rules, by the section they are in ---------------------------

_GUIDE = """# Hacking on kiln

## Building

The release build must be made with the bundled toolchain and its pinned linker so that
the integration tests load exactly the same shared objects as the packaged binary later
does on the target machines.

The cross build must be run inside the provided container image because the tests for
the embedded targets need the board emulator, the firmware blobs and the sysroot that only
the image provides.

## Tests

Avoid network access in tests; stub the registry client instead.

Run the whole suite before pushing anything.
"""


def test_a_rule_in_the_section_headed_for_its_topic_comes_before_one_in_passing() -> None:
    rules = one(lines(snapshot({"CONTRIBUTING.md": _GUIDE})), "Rules for tests:")
    assert "Avoid network access in tests" in rules


def test_a_plain_imperative_in_that_section_gains_nothing() -> None:
    guide = _GUIDE.split("## Tests", 1)[0] + (
        "## Tests\n\nRun the whole test suite with the board emulator attached before pushing "
        "to the shared branches.\n")
    rules = one(lines(snapshot({"CONTRIBUTING.md": guide})), "Rules for tests:")
    assert "Run the whole test suite" not in rules
    assert rules.startswith("Rules for tests: The")


_PROHIBITION = """# Contributing

## Pull requests

- Never commit the generated `dist/` bundles, the release team rebuilds them.
- Do not ping the maintainers about a review, they read every pull request.
"""


def test_a_prohibition_is_kept_when_only_its_reason_names_the_maintainers() -> None:
    rules = one(lines(snapshot({"CONTRIBUTING.md": _PROHIBITION})), "Rules for commits:")
    assert rules.startswith("Rules for commits: Never commit the generated `dist/` bundles")
    assert "ping" not in " ".join(lines(snapshot({"CONTRIBUTING.md": _PROHIBITION})))


# -- maintenance branches merged up -----------------------------------------------------

def _merges(pairs: list[tuple[str, str]]) -> Snapshot:
    return Snapshot(["build.sbt"], {"build.sbt": ""}, [],
                    [f"Merge branch '{a}' into {b}" for a, b in pairs] +
                    ["Merge pull request #41 from someone/topic"])


def test_release_branches_merged_up_say_where_a_fix_goes() -> None:
    found = lines(_merges([("release-2.x", "release-3.x"), ("release-3.x", "main"),
                           ("release-2.x", "release-3.x"), ("release-1.x", "release-2.x"),
                           ("release-2.x", "release-3.x"), ("release-2.x", "release-3.x")]))
    assert one(found, "Branches:") == (
        "Branches: fixes go to the oldest maintained branch (`release-1.x`) and are merged up "
        "(`release-2.x` into `release-3.x`, `release-1.x` into `release-2.x`; 5 of the last 7 "
        "merges)")


def test_merges_down_or_between_topic_branches_say_nothing_of_branches() -> None:
    down = [("3.1", "3.2")] * 5 + [("3.2", "3.1")]
    topics = [("main", "feature/retry")] * 6
    for pairs in (down, topics):
        _none(lines(_merges(pairs)), "Branches:")


# -- the test framework a CMake build fetches or finds ---------------------------------

def test_the_test_framework_cmake_fetches_is_named_with_its_file() -> None:
    tests_cmake = ("include(FetchContent)\nFetchContent_Declare(\n  googletest\n"
                   "  URL https://example.org/googletest-1.15.zip\n)\n")
    found = lines(snapshot({"CMakeLists.txt": "project(rasp C CXX)\nfind_package(ZLIB)\n",
                            "tests/CMakeLists.txt": tests_cmake}))
    assert one(found, "Test libraries:") == \
        "Test libraries: `GoogleTest` (fetched in tests/CMakeLists.txt)"


def test_a_library_found_or_a_framework_in_a_comment_is_no_test_framework() -> None:
    cmake = "project(rasp C)\nfind_package(ZLIB)\n# FetchContent_Declare(Catch2 ...) later\n"
    _none(lines(snapshot({"CMakeLists.txt": cmake})), "Test libraries:")


# -- a plain-text changelog: the next release's placeholder, bracketed groups -----------

_CHANGES = """Revision history for Text-Hyphen

{{$NEXT}}

    [ FIXES ]
    - Keep soft hyphens inside URLs

    [ FEATURES ]
    - Add a hook for language packs

1.4.0  2025-12-01T10:11:12+09:00 America/Argentina/Buenos_Aires

    [ FIXES ]
    - Stop splitting words at apostrophes
    - Respect the minimum word length

    [ FEATURES ]
    - Read patterns from TeX files

1.3.0  2025-06-02T08:00:00+09:00 Asia/Tokyo

    [ FIXES ]
    - Handle empty input
"""


def test_a_plain_text_changelog_with_the_next_releases_placeholder_and_groups() -> None:
    found = lines(snapshot({"Changes": _CHANGES}))
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in Changes, new entries go at the top, under `{{$NEXT}}`; entries "
        "are grouped under headings such as `FIXES`, `FEATURES`; e.g. `- Keep soft hyphens "
        "inside URLs`")


def test_link_definitions_in_brackets_are_no_group_headings() -> None:
    text = _CHANGES.replace("[ FIXES ]", "[1.4.0]: https://example.org/compare/1.3.0...1.4.0")
    found = lines(snapshot({"Changes": text}))
    assert "FIXES" not in one(found, "Changelog entries:")
