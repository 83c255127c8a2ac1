"""What a task is for (``test``, ``lint`` ...), from its name or from the tool it runs.

A name says it (``make lint``, ``tox -e typing``); so does a tool (``cargo clippy`` is
lint, ``ctest`` is test).  Some commands serve two purposes (``./gradlew build`` builds
and runs the tests); the first named is the main one.  Docs, release, publish,
benchmark and docset tasks are never the test command, whatever their name says
(:func:`not_for_tests`).
"""

from __future__ import annotations

import re

PURPOSES = ("setup", "test", "lint", "format", "typecheck", "docs", "build")

_NAMES = {
    "test": "test tests unit unittest unittests pytest test-all tests-all testall check-tests "
            "cibuild "
            "test-unit unit-tests spec specs rspec all_specs minitest jest vitest mocha ava "
            "test-ci testci ci-test",
    "lint": "lint linting lints check checks style pre-commit precommit flake8 ruff qa static "
            "lint-all checkstyle clippy rubocop standard golangci-lint golint vet eslint xo "
            "biome oxlint check-style stylecheck",
    "format": "format fmt reformat black autoformat pretty prettier format-code formatting "
              "gofmt rustfmt clang-format spotlessapply fmt-check format-check check-format "
              "check-fmt",
    "typecheck": "typecheck type-check typing types mypy pyright check-types typecheck-all "
                 "type_check tsc typescript",
    "docs": "docs doc documentation html docs-build build-docs sphinx mkdocs docs-serve",
    "build": "build dist package wheel sdist build-dist compile assemble",
    "setup": "install setup bootstrap dev-setup develop init sync deps venv install-dev "
             "install_deps install-deps dependencies",
}
_PURPOSE = {name: purpose for purpose, names in _NAMES.items() for name in names.split()}
_PY_ENV = re.compile(r"^(?:py(?:py)?\d*(?:\.\d+)?t?|\d\.\d+t?)(?:-.+)?$")
_HEADS = ("test", "tests", "lint", "docs", "typecheck", "typing", "format", "build", "fmt",
          "spec")
# A task or job whose name holds one of these words is never the test command.
_NOT_TESTS = re.compile(r"(?:^|[-_:. ])(?:docs?|documentation|docset|release|publish|deploy|"
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


def purpose(name: str) -> str | None:
    """What a task named ``name`` is for (``test``, ``lint`` ...), or None.  A name with a
    dot other than a script's extension names a file (``BUILD.bazel``), not a purpose."""
    low = name.lower().removesuffix(".sh").removesuffix(".ps1")
    if "." in low.strip(".") and not _PY_ENV.match(low):
        return None
    if low in _PURPOSE:
        return _PURPOSE[low]
    if _PY_ENV.match(low) and "-" not in low:
        return "test"
    parts = re.split(r"[-_:.]", low)
    head = parts[0]
    found = _PURPOSE.get(head) if head in _HEADS else None
    factors = low.split("-")
    if found is None and len(factors) > 1 and _PY_ENV.match(factors[0]):  # 3.12-mypy
        found = next((_PURPOSE[f] for f in factors[1:] if f in _PURPOSE), None)
    if found == "test" and not_for_tests(low):
        return None  # test-docs, test:bench
    return found


_DOCS_JOB = re.compile(r"(?:^|[-_:. ])(?:docs?|documentation|docset|doxygen|sphinx|mkdocs|pages|"
                       r"website|site)(?:$|[-_:. ])", re.I)


def docs_job(name: str) -> bool:
    """A job or workflow that builds documentation (``docs``, ``doxygen``, ``pages``)."""
    return bool(_DOCS_JOB.search(name))


# Lower case: ``--config Release`` is a CMake build type; and never a flag (``--release``).
_RELEASES = re.compile(r"(?:^|[_:. ]|(?<!-)-)(?:release|releases|publish|deploy|upload)"
                       r"(?:$|[-_:. ])")


def releases(name: str) -> bool:
    """A task or command that releases, publishes or deploys (``build-release``): never
    the build command either, whatever else it builds on the way.  ``cargo build
    --release`` and ``cmake --build . --config Release`` build."""
    return bool(_RELEASES.search(name))


def not_for_tests(name: str) -> bool:
    """A docs, release, publish, benchmark or docset task or job (never the test command)."""
    return bool(_NOT_TESTS.search(name))


# Which purposes a command serves, by its tool and first word after it.
_TOOLS = {
    "pytest": "test", "py.test": "test", "coverage": "test", "jest": "test", "vitest": "test",
    "mocha": "test", "ava": "test", "tap": "test", "c8": "test", "nyc": "test",
    "gotestsum": "test", "ctest": "test", "rspec": "test", "phpunit": "test", "tape": "test",
    "playwright": "test", "cucumber": "test", "ward": "test", "unittest": "test",
    "ruff": "lint", "flake8": "lint", "pylint": "lint", "pre-commit": "lint", "prek": "lint",
    "eslint": "lint", "xo": "lint", "oxlint": "lint", "golangci-lint": "lint", "golint": "lint",
    "staticcheck": "lint", "rubocop": "lint", "standardrb": "lint", "clang-tidy": "lint",
    "cppcheck": "lint", "stylelint": "lint", "shellcheck": "lint", "markdownlint": "lint",
    "revive": "lint", "ktlint": "lint", "detekt": "lint", "biome": "lint", "tslint": "lint",
    "black": "format", "isort": "format", "prettier": "format", "oxfmt": "format",
    "gofmt": "format", "goimports": "format", "gofumpt": "format", "rustfmt": "format",
    "clang-format": "format", "dprint": "format", "yapf": "format", "autopep8": "format",
    "mypy": "typecheck", "pyright": "typecheck", "tsc": "typecheck", "vue-tsc": "typecheck",
    "basedpyright": "typecheck", "ty": "typecheck", "steep": "typecheck",
    "sphinx-build": "docs", "mkdocs": "docs", "typedoc": "docs", "yard": "docs", "rdoc": "docs",
    "doxygen": "docs", "mdbook": "docs", "docfx": "docs", "vitepress": "docs", "jsdoc": "docs",
    "twine": "build", "meson": "build", "ninja": "build", "autoreconf": "build",
    "build": "build", "pyproject-build": "build",
}
_SUBCOMMANDS = {
    ("go", "test"): "test", ("go", "vet"): "lint", ("go", "build"): "build",
    ("go", "mod"): "setup", ("cargo", "test"): "test", ("cargo", "nextest"): "test",
    ("cargo", "clippy"): "lint", ("cargo", "fmt"): "format", ("cargo", "build"): "build",
    ("cargo", "doc"): "docs", ("cargo", "deny"): "lint", ("cargo", "check"): "",
    ("cargo", "install"): "deploy", ("go", "install"): "deploy", ("go", "run"): "",
    ("dotnet", "test"): "test", ("dotnet", "build"): "build", ("dotnet", "format"): "format",
    ("dotnet", "restore"): "setup", ("dotnet", "pack"): "build", ("bun", "test"): "test",
    ("deno", "test"): "test", ("deno", "lint"): "lint", ("deno", "fmt"): "format",
    ("biome", "format"): "format", ("biome", "lint"): "lint", ("biome", "check"): "lint",
    ("ruff", "format"): "format", ("ruff", "check"): "lint", ("black", "--check"): "format",
    ("meson", "test"): "test", ("swift", "test"): "test", ("swift", "build"): "build",
    ("python", "-m"): "", ("uv", "build"): "build", ("uv", "sync"): "setup",
    ("poetry", "build"): "build", ("poetry", "install"): "setup", ("hatch", "build"): "build",
    ("pdm", "build"): "build", ("pdm", "install"): "setup",
    ("npm", "install"): "setup", ("npm", "ci"): "setup", ("pnpm", "install"): "setup",
    ("yarn", "install"): "setup", ("bun", "install"): "setup", ("bundle", "install"): "setup",
    ("gem", "build"): "build", ("golangci-lint", "fmt"): "format", ("gradle", "test"): "test",
    ("gradle", "build"): "build test", ("gradle", "check"): "test lint",
    ("gradle", "assemble"): "build", ("gradle", "spotlessApply"): "format",
    ("gradle", "spotlessCheck"): "format", ("gradle", "ktlintCheck"): "lint",
    ("mvn", "test"): "test", ("mvn", "verify"): "test build", ("mvn", "package"): "build",
    ("mvn", "install"): "build test", ("mvn", "spotless:apply"): "format",
    ("mvn", "spotless:check"): "format", ("mvn", "spring-javaformat:apply"): "format",
    ("mvn", "checkstyle:check"): "lint", ("sbt", "test"): "test",
    ("twine", "check"): "",  # checks built files' metadata: builds nothing
}
_RUNNERS = frozenset({
    "python", "python3", "py", "uv", "uvx", "poetry", "pdm", "hatch", "pipenv", "rye", "tox",
    "nox", "pip", "pip3", "npm", "npx", "yarn", "pnpm", "bun", "bunx", "deno", "node", "tsx",
    "go", "cargo", "rustup", "cross", "dotnet", "msbuild", "mvn", "./mvnw", "gradle",
    "./gradlew", "bundle", "rake", "ruby", "gem", "cmake", "ctest", "make", "just", "task",
    "meson", "ninja", "docker", "richgo", "goreleaser", "sbt", "swift", "php", "composer",
    "java",
})
KNOWN_TOOLS = _RUNNERS | frozenset(_TOOLS) | frozenset(h for h, _ in _SUBCOMMANDS)


def known_tool(head: str) -> bool:
    """A program the bootstrap may name from a script it cannot read as a list of commands:
    a known tool, or a path of the repository's own (``./scripts/x``)."""
    return head in KNOWN_TOOLS or "/" in head or head.endswith((".sh", ".py", ".ps1"))


_RELEASE = re.compile(r"^(?:twine upload|npm publish|pnpm publish|yarn publish|cargo publish|"
                      r"gem push|dotnet nuget|goreleaser|semantic-release|changeset publish|"
                      r"cargo bench|go test -bench|gh release|mvn deploy|gradle publish|"
                      r"hyperfine|poetry publish|uv publish|hatch publish|flit publish)")


def tool_purposes(words: list[str]) -> tuple[str, ...]:
    """The purposes of a command by its tool, main one first; () when the tool does not
    say (or it releases, publishes or benchmarks)."""
    words = unwrap(words)
    if not words:
        return ()
    line = " ".join(words)
    if _RELEASE.match(line) or "--benchmark" in line or "-bench" in words:
        return ()
    head = _runner_name(words[0])
    if head == "cargo" and any(w.startswith(("-Z", "--target")) for w in words[1:]):
        return ()  # nightly-only flags, a cross-compile: never the everyday command
    if head == "mvn" and ("--fail-never" in words or "-fn" in words):
        return ()  # a cache warm-up that ignores every failure
    if head in ("pip", "pip3") and words[1:2] == ["install"]:
        own = {"-e", "-r", ".", "--editable", "--requirement"} & set(words) or any(
            w.startswith((".[", "-r", "-e")) for w in words[2:])
        return ("setup",) if own else ()
    if head in ("tox", "nox"):
        env = next((words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-e", "-s", "-f")),
                   "")
        aim = "test" if not env or tests_python(env) else purpose(env)
        return (aim,) if aim else ()
    if head in ("make", "just", "task", "rake") and len(words) > 1 and "=" not in words[1]:
        target = words[1] if not words[1].startswith("-") else ""
        named = "test" if head == "make" and target == "check" else "deploy" \
            if target in ("install", "release", "publish", "deploy") else purpose(target)
        return (named,) if named else ()
    if head in ("npm", "pnpm", "yarn", "bun") and words[1:2] in (["install"], ["i"], ["add"]):
        bare = not [w for w in words[2:] if not w.startswith("-")] and "-g" not in words
        return ("setup",) if bare and words[1] != "add" else ()
    if head == "playwright" and "install" in words:
        return ()
    if head == "cmake":  # configuring (-S, -B) builds nothing yet; --build does
        return ("build",) if "--build" in words else ()
    sub = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), "")
    found = _SUBCOMMANDS.get((head, sub)) or _SUBCOMMANDS.get((head, words[1] if len(words) > 1
                                                                 else ""))
    if found is not None:
        return tuple(found.split())
    if head == "tsc" and ("--noEmit" in words or ("--build" not in words and "-b" not in words)):
        return ("typecheck",) if "--noEmit" in words else ("build", "typecheck")
    if head in ("autoreconf", "./configure"):
        return ("build",)
    if head == "coverage":
        return ("test",) if "run" in words[1:2] else ()
    if head in _TOOLS:
        if head == "ruff" and "format" in words:
            return ("format",)
        if head in ("prettier", "biome") and "--check" in words:
            return ("format",)
        return (_TOOLS[head],)
    return ()


def unwrap(words: list[str]) -> list[str]:
    """The tool a wrapper starts: ``python -m pytest`` -> ``pytest``, ``npx eslint`` ->
    ``eslint``, ``bundle exec rspec`` -> ``rspec``."""
    if words[:2] in (["python", "-m"], ["python3", "-m"], ["py", "-m"]):
        return words[2:]
    if words[:1] in (["npx"], ["uvx"], ["pipx"], ["bunx"]) or words[:2] in (
            ["pnpm", "exec"], ["yarn", "exec"], ["bundle", "exec"], ["npm", "exec"],
            ["pnpm", "dlx"], ["go", "tool"]):
        rest = words[1:] if words[0] in ("npx", "uvx", "pipx", "bunx") else words[2:]
        while rest and rest[0].startswith("-"):
            rest = rest[1:]
        return rest
    if words[:2] == ["go", "run"] and len(words) > 2:
        return [words[2].rsplit("/", 1)[-1].split("@")[0], *words[3:]]
    return words


def _runner_name(head: str) -> str:
    """``./gradlew`` and ``gradlew.bat`` are gradle; ``./mvnw`` is mvn; ``clang-format-21``
    is clang-format."""
    base = head.rsplit("/", 1)[-1].removesuffix(".bat").removesuffix(".cmd")
    if base in ("gradlew", "gradle"):
        return "gradle"
    if base in ("mvnw", "mvn"):
        return "mvn"
    return re.sub(r"-\d+(?:\.\d+)*$", "", base)
