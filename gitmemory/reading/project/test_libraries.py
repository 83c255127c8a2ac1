"""The libraries the tests are written with, read from the manifests.

A library is named only when the manifest requires it directly (``go.mod``'s
``require`` without ``// indirect``, ``package.json``'s ``devDependencies``,
``Cargo.toml``'s ``[dev-dependencies]``, a Gemfile's ``gem``) and it is one whose
only use is tests: an assertion, mocking, snapshot or property-testing library
(``github.com/alecthomas/assert/v2``, not ``testify``).  Snapshot files name their
library too: Verify's ``*.verified.txt`` beside the tests (.NET).  A C or C++ build
names its test framework where CMake fetches or finds it (``FetchContent_Declare(Catch2
...)``, ``find_package(GTest)``, CPM's ``gh:doctest/doctest``), in the top CMakeLists.txt
or the tests' own; the item says in which file.  The test runner itself is the Tests
command's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.golang import directive_lines
from gitmemory.reading.project.snapshot import Snapshot, table

SLOTS = ("Test libraries",)
_GO = lazy_regex(r"^(?:github\.com/(?:stretchr/testify|alecthomas/assert|onsi/ginkgo|onsi/gomega|"
                 r"frankban/quicktest|matryer/is|maxatome/go-testdeep|golang/mock|h2non/gock|"
                 r"jarcoal/httpmock|DATA-DOG/go-sqlmock|gkampitakis/go-snaps|sebdah/goldie|"
                 r"google/go-cmp|carlmjohnson/be|shoenig/test)|"
                 r"gotest\.tools|go\.uber\.org/mock|pgregory\.net/rapid)(?:/v\d+)?$")
_JS = lazy_regex(r"^(?:chai|sinon|@sinonjs/fake-timers|nock|msw|supertest|expect|expect-type|"
                 r"tsd|testdouble|proxyquire|@testing-library/[\w-]+|fast-check|jest-extended|"
                 r"memfs|mock-fs|timekeeper)$")
_RUST = frozenset(("insta", "proptest", "quickcheck", "pretty_assertions", "rstest", "mockall",
                   "assert_cmd", "predicates", "trycmd", "snapbox", "wiremock", "httpmock",
                   "tokio-test", "loom", "similar-asserts", "assert_matches", "test-case",
                   "serial_test", "assert_fs"))
_RUBY = lazy_regex(r"""^\s*gem\s+['"](rspec|minitest|test-unit|webmock|vcr|mocha|factory_bot|"""
                   r"""timecop|rack-test|capybara|simplecov)['"]""", re.M)
_REQUIRE = lazy_regex(r"^\s*(?:require\s+)?([\w.\-]+\.[\w.\-/]+)\s+v\S+\s*(//.*)?$")
_MAX = 6
_VERIFIED = lazy_regex(r"\.verified\.(\w+)$")
_MIN_SNAPSHOTS = 2


# The C and C++ test frameworks by the names CMake fetches or finds them under.
_NATIVE = {"catch2": "Catch2", "googletest": "GoogleTest", "gtest": "GoogleTest",
           "doctest": "doctest", "cmocka": "cmocka", "unity": "Unity", "criterion": "Criterion",
           "cpputest": "CppUTest", "boost.ut": "Boost.UT"}
_CMAKE_TEST = lazy_regex(r"\b(?:FetchContent_Declare|find_package)\s*\(\s*([\w.]+)|"
                         r"\bCPMAddPackage\s*\([^)]*?gh:[\w.-]+/([\w.-]+)", re.I)
_CMAKE_FILES = ("CMakeLists.txt", "test/CMakeLists.txt", "tests/CMakeLists.txt",
                "unittest/CMakeLists.txt", "unit_tests/CMakeLists.txt")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    found: list[tuple[str, str]] = [*_go(snapshot), *_js(snapshot), *_rust(snapshot),
                                    *_ruby(snapshot), *_verify(snapshot), *_cmake(snapshot)]
    if found:
        names = list(dict.fromkeys(name for name, _ in found))
        paths = list(dict.fromkeys(path for _, path in found))
        more = f" and {len(names) - _MAX} more" if len(names) > _MAX else ""
        yield "conventions", "Test libraries: " + ", ".join(
            n if "`" in n else f"`{n}`" for n in names[:_MAX]) + more, paths


def _go(snapshot: Snapshot) -> list[tuple[str, str]]:
    out = []
    for stripped in directive_lines(snapshot.text("go.mod") or "", "require"):
        match = _REQUIRE.match(stripped)
        if match and "indirect" not in (match.group(2) or "") and _GO.match(match.group(1)):
            out.append((match.group(1), "go.mod"))
    return out


def _js(snapshot: Snapshot) -> list[tuple[str, str]]:
    dev = table(snapshot.json("package.json"), "devDependencies")
    return [(name, "package.json") for name in dev if _JS.match(name)]


def _rust(snapshot: Snapshot) -> list[tuple[str, str]]:
    data = snapshot.toml("Cargo.toml")
    dev = {**table(data, "dev-dependencies"), **table(data, "workspace", "dev-dependencies")}
    return [(name, "Cargo.toml") for name in dev if name in _RUST]


def _ruby(snapshot: Snapshot) -> list[tuple[str, str]]:
    return [(m.group(1), "Gemfile") for m in _RUBY.finditer(snapshot.text("Gemfile") or "")]


def _verify(snapshot: Snapshot) -> list[tuple[str, str]]:
    """Verify's snapshot tests: the expected output in ``*.verified.txt`` files."""
    kinds = [m.group(1) for p in snapshot.paths if (m := _VERIFIED.search(p))]
    if len(kinds) < _MIN_SNAPSHOTS:
        return []
    kind = max(set(kinds), key=kinds.count)
    first = next(p for p in snapshot.paths if _VERIFIED.search(p))
    return [(f"`Verify` snapshot tests (expected output in `*.verified.{kind}` files)",
             first.rsplit("/", 1)[0] + "/")]


def _cmake(snapshot: Snapshot) -> list[tuple[str, str]]:
    """"`Catch2` (fetched in test/CMakeLists.txt)": the test framework a CMake build
    fetches or finds, once, from the first file naming it."""
    for path in _CMAKE_FILES:
        text = re.sub(r"#.*", "", snapshot.text(path) or "")
        for match in _CMAKE_TEST.finditer(text):
            name = _NATIVE.get((match.group(1) or match.group(2) or "").lower())
            if name:
                how = "fetched" if "find_package" not in match.group(0).lower() else "found"
                return [(f"`{name}` ({how} in {path})", path)]
    return []
