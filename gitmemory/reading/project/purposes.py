"""What a task is for (``test``, ``lint`` ...), from its name or from the tool it runs.

A name says it (``make lint``, ``tox -e typing``); so does a tool (``cargo clippy`` is
lint, ``ctest`` is test).  Some commands serve two purposes (``./gradlew build`` builds
and runs the tests); the first named is the main one.  Docs, release, publish,
benchmark and docset tasks are never the test command, whatever their name says
(:func:`not_for_tests`).
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex

PURPOSES = ("setup", "test", "lint", "format", "typecheck", "docs", "build")

_NAMES = {
    "test": "test tests unit unittest unittests pytest test-all tests-all testall check-tests "
            "cibuild "
            "test-unit unit-tests spec specs rspec all_specs minitest jest vitest mocha ava "
            "test-ci testci ci-test",
    "lint": "lint linting lints check checks style pre-commit precommit flake8 ruff qa static "
            "lint-all checkstyle clippy rubocop standard golangci-lint golint vet eslint xo "
            "biome oxlint check-style stylecheck credo phpcs swiftlint pep8",
    "format": "format fmt reformat black autoformat pretty prettier format-code formatting "
              "gofmt rustfmt clang-format spotlessapply fmt-check format-check check-format "
              "check-fmt php-cs-fixer cs-fix phpcbf swiftformat",
    "typecheck": "typecheck type-check typing type types mypy pyright check-types "
                 "typecheck-all type_check tsc typescript phpstan psalm dialyzer",
    "docs": "docs doc documentation html docs-build build-docs sphinx mkdocs docs-serve",
    "build": "build dist package wheel sdist build-dist compile assemble",
    "setup": "install setup bootstrap dev-setup develop init sync deps venv install-dev "
             "install_deps install-deps dependencies",
}
_PURPOSE = {name: purpose for purpose, names in _NAMES.items() for name in names.split()}
_PY_ENV = lazy_regex(r"^(?:py(?:py)?\d*(?:\.\d+)?t?|\d\.\d+t?)(?:-.+)?$")
_HEADS = ("test", "tests", "lint", "docs", "typecheck", "typing", "format", "build", "fmt",
          "spec", "type", "types")
# A first word that says "run the following": `check:type` is a type check, `run-tests`
# (diesel's xtask) tests.
_VERBS = ("check", "verify", "validate", "run")
# A word that says the task rewrites files: `lint:fix` and `fix` format.
_FIXING = ("fix", "autofix", "fixup")
# A word that says the task undoes what the others make: `build:clean` deletes the build.
_UNDOING = frozenset(("clean", "cleanup", "clear", "clobber", "distclean", "purge", "reset",
                      "uninstall", "wipe"))
# A task or job whose name holds one of these words is never the test command.
_NOT_TESTS = lazy_regex(r"(?:^|[-_:. ])(?:docs?|documentation|docset|release|publish|deploy|"
                        r"bench|benchmarks?|perf|changelog|upload|dist|sign|pages|website|"
                        r"site|bump|nightly-release|coverage-report|fuzz|fuzzing|"
                        r"mutation|mutations|e2e-deploy)(?:$|[-_:. ])", re.I)


def is_python_env(name: str) -> bool:
    """A tox env that runs the tests on one Python (``py312``, ``py3.13``, ``pypy3``)."""
    return bool(_PY_ENV.match(name)) and "-" not in name and "{" not in name


def tests_python(env: str) -> bool:
    """A tox env that runs the tests: a Python factor (``py312-django``, ``3.13-tests``)
    and no factor that says otherwise (``3.12-mypy``)."""
    factors = env.lower().split("-")
    return any(is_python_env(f) for f in factors) and not any(
        purpose(f) not in (None, "test") for f in factors if not is_python_env(f))


def words_of(name: str) -> str:
    """A name written in camel case, as its words joined by ``-`` (FAKE's and Cake's
    targets: ``runTestsNet`` is ``run-tests-net``); any other name as it is."""
    if not _CAMEL.search(name) or "-" in name or ":" in name:
        return name
    return _CAMEL.sub(r"\1-\2", name)


_CAMEL = lazy_regex(r"([a-z0-9])([A-Z])")


def purpose(name: str) -> str | None:
    """What a task named ``name`` is for (``test``, ``lint`` ...), or None.  A name with a
    dot other than a script's extension names a file (``BUILD.bazel``), not a purpose; a
    name with "fix" in it (``lint:fix``) rewrites files, so it formats; one with a word that
    undoes (``build:clean``, ``docs-clean``) deletes what its purpose makes, so it has
    none; ``build_docs`` is ``build-docs``."""
    low = name.lower().removesuffix(".sh").removesuffix(".ps1")
    if "." in low.strip(".") and not _PY_ENV.match(low):
        return None
    if low in _PURPOSE:
        return _PURPOSE[low]
    if low.replace("_", "-") in _PURPOSE:  # `_` joins a name's words as `-` does: build_docs
        return _PURPOSE[low.replace("_", "-")]
    if _PY_ENV.match(low) and "-" not in low:
        return "test"
    parts = re.split(r"[-_:.]", low)
    if any(p in _UNDOING for p in parts):
        return None  # `build:clean`, `docs-clean`: it deletes what the purpose makes
    if any(p in _FIXING for p in parts):
        return "format"
    head = parts[0]
    found = _PURPOSE.get(head) if head in _HEADS else None
    if found is None and head in _VERBS and len(parts) > 1:
        found = purpose("-".join(parts[1:]))
    factors = low.split("-")
    if found is None and len(factors) > 1 and _PY_ENV.match(factors[0]):  # 3.12-mypy
        found = next((_PURPOSE[f] for f in factors[1:] if f in _PURPOSE), None)
    if found == "test" and not_for_tests(low):
        return None  # test-docs, test:bench
    return found


_DOCS_JOB = lazy_regex(r"(?:^|[-_:. ])(?:docs?|documentation|docset|doxygen|sphinx|mkdocs|pages|"
                       r"website|site)(?:$|[-_:. ])", re.I)


def docs_job(name: str) -> bool:
    """A job or workflow that builds documentation (``docs``, ``doxygen``, ``pages``)."""
    return bool(_DOCS_JOB.search(name))


# Lower case: ``--config Release`` is a CMake build type; and never a flag (``--release``).
_RELEASES = lazy_regex(r"(?:^|[_:. ]|(?<!-)-)(?:release|releases|publish|deploy|upload)"
                       r"(?:$|[-_:. ])")


def releases(name: str) -> bool:
    """A task or command that releases, publishes or deploys (``build-release``): never
    the build command either, whatever else it builds on the way.  ``cargo build
    --release`` and ``cmake --build . --config Release`` build."""
    return bool(_RELEASES.search(name))


def not_for_tests(name: str) -> bool:
    """A docs, release, publish, benchmark or docset task or job (never the test command)."""
    return bool(_NOT_TESTS.search(name))
