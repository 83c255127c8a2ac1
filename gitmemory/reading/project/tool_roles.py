"""What a command does, by the program it starts and the words after it: the purposes it
serves (``cargo clippy`` lints, ``ctest`` tests), whether it rewrites files (a formatter
or a fixer, not its check form), whether it releases, and the tool a wrapper starts.

A slot is filled by what a command runs, never by a word in its name
(docs/design.md, "Commands that run"): a command that only prints its version, one
that installs git hooks, a licence or advisory check serve no slot.
"""

from __future__ import annotations

import re
from itertools import takewhile

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.environments import environment
from gitmemory.reading.project.purposes import purpose, tests_python, words_of
from gitmemory.reading.project.tool_table import RUNNERS, SUBCOMMANDS, TOOLS

KNOWN_TOOLS = RUNNERS | frozenset(TOOLS) | frozenset(h for h, _ in SUBCOMMANDS)


def known_tool(head: str) -> bool:
    """A program the bootstrap may name from a script it cannot read as a list of commands:
    a known tool, or a path of the repository's own (``./scripts/x``)."""
    return head in KNOWN_TOOLS or "/" in head or head.endswith((".sh", ".py", ".ps1"))


_RELEASE = lazy_regex(r"^(?:twine upload|npm publish|pnpm publish|yarn publish|cargo publish|"
                      r"gem push|dotnet nuget|goreleaser(?! build)|semantic-release|"
                      r"changeset publish|changeset version|lerna publish|lerna version|"
                      r"release-it|npm version|pnpm version|yarn version|mkdocs gh-deploy|"
                      r"cargo release|mix hex\.publish|dart pub publish|flutter pub publish|"
                      r"cargo bench|go test -bench|gh release|mvn deploy|"
                      r"gradle publish(?!ToMavenLocal)|hyperfine|poetry publish|uv publish|"
                      r"hatch publish|flit publish)")
# Checks of dependencies' licences and advisories: a policy of the supply chain, not lint.
_POLICY = lazy_regex(r"^(?:cargo deny|cargo audit|cargo vet|npm audit|pnpm audit|yarn audit|"
                     r"pip-audit|safety|govulncheck|bundle audit|bundler-audit|reuse|licensee|"
                     r"license-checker|dotnet list package --vulnerable)\b")
_QUERIES = frozenset({"--version", "version", "--help", "-h", "help", "-version"})
# Subcommands of a hook manager that install or update hooks: setting up, not linting.
_HOOK_SETUP = frozenset({"install", "install-hooks", "uninstall", "autoupdate", "init-templates",
                         "clean", "gc", "migrate-config", "sample-config", "validate-config"})
# Flags that make a fixer of a linter (`eslint --fix`): it rewrites files, so it formats too.
_FIXES = frozenset({"--fix", "-a", "-A", "--autocorrect", "--autocorrect-all", "--write",
                    "--apply", "--apply-unsafe", "--unsafe-fixes"})
_FIXERS = frozenset({"eslint", "ruff", "rubocop", "standardrb", "golangci-lint", "biome",
                     "oxlint", "stylelint", "xo", "markdownlint", "ktlint", "swiftlint"})


def policy(words: list[str]) -> bool:
    """A check of dependencies' licences and advisories (``reuse lint``, ``cargo deny``): a
    policy of the supply chain, which fills no purpose whatever a step calls it."""
    return bool(_POLICY.match(" ".join(unwrap(words))))


def query(words: list[str]) -> bool:
    """A command that only prints its version or help (``clang-format --version``, or a
    subcommand's, ``cargo clippy --version``)."""
    words = unwrap(words)
    return (len(words) == 2 and words[1] in _QUERIES) or (
        len(words) == 3 and words[2] in _QUERIES and words[2].startswith("-") and
        not words[1].startswith("-"))


# pytest-benchmark's flags that run the tests without benchmarking: a test run.
_NOT_BENCHING = frozenset({"--benchmark-skip", "--benchmark-disable"})


def releasing(words: list[str]) -> bool:
    """A command that releases, publishes, deploys or benchmarks: never any slot's.  A
    Gradle build given a publishing task (`publishToSonatype`, `:lib:publish`; not
    `publishToMavenLocal`, which installs into the machine's own repository) publishes."""
    line = " ".join(unwrap(words))
    return bool(_RELEASE.match(line)) or "-bench" in words or any(
        w.startswith("--benchmark") and w not in _NOT_BENCHING for w in words) or (
        bool(words) and words[0].removeprefix("./") in ("gradle", "gradlew") and any(
            w.rpartition(":")[2].startswith("publish") and
            w.rpartition(":")[2] != "publishToMavenLocal" for w in words[1:]))


def tool_purposes(words: list[str]) -> tuple[str, ...]:
    """The purposes of a command by its tool, main one first; () when the tool does not
    say, or the command releases, only prints its version or help, installs git hooks, or
    checks dependencies' licences and advisories."""
    words = unwrap(words)
    if not words or releasing(words) or _POLICY.match(" ".join(words)):
        return ()
    if query(words):
        return ()  # `cppcheck --version` prints a version and checks nothing
    head = _runner_name(words[0])
    if head in ("pre-commit", "prek") and (len(words) == 1 or words[1] in _HOOK_SETUP):
        return ()
    found = _by_tool(head, words)
    if head in _FIXERS and found and found[0] == "lint" and _FIXES & set(words[1:]):
        return ("format", *found)  # a fixer rewrites files: it formats as it lints
    return found


def _flake_output(words: list[str]) -> str:
    """The purpose the flake outputs ``nix build`` or ``nix run`` is given name, read as a
    task's name (``.#tests`` tests, ``.#docs-html`` builds the docs), when every output
    named says the same one; "" otherwise (``.#default``, ``nixpkgs#hello``)."""
    outputs = [w.split("#", 1)[1] for w in words if "#" in w and not w.startswith("-")]
    found = {purpose(o.rsplit(".", 1)[-1]) for o in outputs}
    return found.pop() or "" if len(found) == 1 else ""


def _by_tool(head: str, words: list[str]) -> tuple[str, ...]:
    if head == "cargo" and any(w.startswith(("-Z", "--target")) for w in words[1:]):
        return ()  # nightly-only flags, a cross-compile: never the everyday command
    if (head == "cargo" and words[1:2] == ["install"] and any(
            w == "--path" or w.startswith("--path=") for w in words[2:])) or \
            (head == "go" and words[1:2] == ["install"] and words[2:3] and
             words[2].startswith("./")):
        return ("build",)  # the tree's own crate or package, built and put on the PATH
    if head == "mvn" and ("--fail-never" in words or "-fn" in words):
        return ()  # a cache warm-up that ignores every failure
    if head in ("pip", "pip3") and words[1:2] == ["install"]:
        own = {"-e", "-r", ".", "--editable", "--requirement"} & set(words) or any(
            w.startswith((".[", "-r", "-e")) for w in words[2:])
        return ("setup",) if own else ()
    ours = words[:words.index("--")] if "--" in words else words  # after `--`: the env's
    if head == "tox" and {"--notest", "-n"} & set(ours):
        return ("setup",)  # the env made, its commands not run (`tox -vv --notest -e type`)
    if head in ("tox", "nox"):
        env = next((words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-e", "-s", "-f")),
                   "")
        aim = "test" if not env or tests_python(env) else purpose(env)
        return (aim,) if aim else ()
    if tuple(words[:2]) in _TASK_RUNNERS and len(words) > 2:  # `deno task test`, `cargo make`
        named = purpose(words[2])
        return (named,) if named and not words[2].startswith("-") else ()
    if head == "rebar3" and words[1:2] == ["as"] and len(words) > 3:
        return _by_tool(head, [head, *words[3:]])  # `rebar3 as test ct`: a profile
    if head in ("make", "just", "task", "rake") and len(words) > 1 and "=" not in words[1]:
        target = words[1] if not words[1].startswith("-") else ""
        named = "test" if head == "make" and target in ("check", "distcheck") else "deploy" \
            if target in ("install", "release", "publish", "deploy") else purpose(target)
        return (named,) if named else ()
    if head in ("npm", "pnpm", "yarn", "bun") and words[1:2] in (["install"], ["i"], ["add"]):
        bare = not [w for w in words[2:] if not w.startswith("-")] and "-g" not in words
        return ("setup",) if bare and words[1] != "add" else ()
    if head == "playwright" and "install" in words:
        return ()
    if head == "nix" and words[1:2] in (["build"], ["run"]):
        named = _flake_output(words[2:])
        if named:
            return (named,)
    if head in ("pnpm", "yarn", "bun") and words[1:2] in (["nx"], ["turbo"]):
        return _by_tool(words[1], words[1:])  # the workspace's binary, no script of that name
    if head in ("nx", "turbo"):
        return _monorepo_targets(head, words)
    if head == "cmake":  # configuring (-S, -B) builds nothing yet; --build does
        return ("build",) if "--build" in words else ()
    if head == "gradle":
        return _gradle(words)
    if head == "mill":
        return _mill(words)
    if head in _MANY_TASKS:
        return _many(head, words)
    if head in ("dart", "flutter") and words[1:3] == ["pub", "get"]:
        return ("setup",)
    if head in ("swift", "swift-format") and "lint" in words[1:3]:
        return ("lint",)
    if head == "crystal" and words[1:3] == ["tool", "format"]:
        return ("format",)
    if head == "php" and words[1:3] == ["artisan", "test"]:
        return ("test",)  # Laravel's test runner
    if head == "biome" and words[1:2] == ["check"]:
        return ("format", "lint") if _FIXES & set(words) else ("lint", "format")
    sub = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), "")
    found = SUBCOMMANDS.get((head, sub)) or SUBCOMMANDS.get((head, words[1] if len(words) > 1
                                                                 else ""))
    if found is None:  # a mode flag says what the tool does wherever it stands
        found = next((SUBCOMMANDS[(head, w)] for w in words[2:]  # `cpanm -n --installdeps .`
                      if w.startswith("--") and (head, w) in SUBCOMMANDS), None)
    if found is not None:
        return tuple(found.split())
    if head == "tsc" and ("--noEmit" in words or ("--build" not in words and "-b" not in words)):
        return ("typecheck",) if "--noEmit" in words else ("build", "typecheck")
    if head in ("autoreconf", "./configure"):
        return ("build",)
    if head == "coverage":
        return ("test",) if "run" in words[1:2] else ()
    if head in TOOLS:
        if head == "ruff" and "format" in words:
            return ("format",)
        if head in ("prettier", "biome") and "--check" in words:
            return ("format",)
        return (TOOLS[head],)
    return _named_task(head, words)


# Nx's and Turbo's own subcommands: every other first word is a target they run.
_NX_OWN = frozenset({"run-many", "affected", "graph", "show", "reset", "init", "add", "list",
                     "report", "migrate", "generate", "g", "daemon", "watch", "exec", "release",
                     "connect", "view-logs", "repair", "sync", "import", "login", "logout",
                     "format:write", "format:check", "format", "print-affected"})
_TURBO_OWN = frozenset({"login", "logout", "link", "unlink", "prune", "daemon", "gen", "generate",
                        "info", "ls", "query", "scan", "telemetry", "watch", "bin", "boundaries",
                        "completion", "devtools", "docs", "config"})


def _monorepo_targets(head: str, words: list[str]) -> tuple[str, ...]:
    """What Nx or Turbo runs, read by the targets it is given as a task's name is (a
    target is a package's script or a project's task, defined in files the reading does
    not follow: `nx run @scope/pkg:test:lib`, `nx run-many -t lint`, `nx affected
    --target=build`, `turbo run test`, `turbo lint`): the purpose when every target named
    says the same one; () otherwise, or for one of the tool's own subcommands."""
    rest = words[1:]
    targets: list[str] = []
    if head == "nx" and rest[:1] == ["run"] and len(rest) > 1:
        targets = [rest[1].split(":", 1)[1]] if ":" in rest[1] else []
    elif head == "nx" and rest[:1] in (["run-many"], ["affected"]):
        for i, word in enumerate(rest):
            flag, _, value = word.partition("=")
            if flag in ("-t", "--target", "--targets"):
                given = [value] if value else list(takewhile(
                    lambda w: not w.startswith("-"), rest[i + 1:]))
                targets += [t for v in given for t in v.split(",") if t]
    elif head == "turbo":
        named = [w for w in (rest[1:] if rest[:1] == ["run"] else rest)
                 if not w.startswith("-") and "=" not in w]
        targets = named if named and named[0] not in _TURBO_OWN else []
    elif rest[:1] and not rest[0].startswith("-") and rest[0] not in _NX_OWN:
        targets = [rest[0]]  # `nx test my-app`: a target, then its project
    found = {purpose(t) for t in targets}
    only = found.pop() if len(found) == 1 else None
    return (only,) if only is not None else ()


# What an unknown program's first argument may name: a task the project defines.
_TASK_PURPOSES = frozenset({"test", "lint", "format", "typecheck", "build"})


def _named_task(head: str, words: list[str]) -> tuple[str, ...]:
    """A program no list knows (`bb test`, `./build.ps1 Test`), given the name of a task as
    its first argument: the name says what the task is for (docs/design.md, "Commands that
    run").  Never after a flag, whose value the word may be (`--out build`)."""
    if (head in KNOWN_TOOLS and "/" not in head) or len(words) < 2:
        return ()
    first = words[1]
    if not first[:1].isalpha() or not first.replace("-", "").replace("_", "").replace(
            ":", "").isalnum():
        return ()
    named = purpose(words_of(first))  # a target in camel case (`./build.sh runTestsNet`)
    return (named,) if named in _TASK_PURPOSES else ()


# Task runners of two words, each followed by the name of a task the project defines.
_TASK_RUNNERS = frozenset({("deno", "task"), ("pixi", "run"), ("mise", "run"), ("melos", "run"),
                           ("cargo", "make"), ("cargo", "xtask"), ("devbox", "run"),
                           ("hatch", "run"), ("mask", "run")})
# Tools that take several tasks on one line (`sbt clean coverage test`, `zig build test`,
# `earthly +lint`, `clojure -M:test`, `xcodebuild -scheme X clean test`).
_MANY_TASKS = frozenset({"sbt", "zig", "dune", "earthly", "clojure", "clj", "xcodebuild", "julia",
                         "Rscript", "R"})
# What R's package tools do, by the function called (`Rscript -e 'devtools::test()'`).
_R = (("::test", "test"), ("::check", "test"), ("test_dir", "test"), ("lint", "lint"),
      ("style_", "format"), ("::document", "docs"), ("::build", "build"),
      ("::install_deps", "setup"), ("CMD check", "test"), ("CMD build", "build"))
_XCODE = {"test": "test", "build-for-testing": "test", "test-without-building": "test",
          "build": "build", "archive": ""}


def _many(head: str, words: list[str]) -> tuple[str, ...]:
    """A line's purposes by each task it names, in its tool's own way of naming them."""
    rest = [w.lstrip("@") for w in words[1:]]
    if head == "dune":  # `@runtest-js`: a project's own test alias, named as dune's is
        rest = ["runtest" if w.startswith("runtest-") else w for w in rest]
    if head in ("zig", "dune"):  # `zig build test`, `dune build @runtest`, `dune fmt`
        return next(((p,) for w, p in (("test", "test"), ("runtest", "test"), ("fmt", "format"),
                                       ("build", "build")) if w in rest), ())
    found: list[str] = []
    for word in words[1:]:
        if head == "sbt":  # `+test`, `"testOnly x"`, `;clean;test`, `cli/test`
            # each `;` part is one command, its task first and its arguments after it
            # (`"cli/nativeImageCopy scalafmt"` copies an image named scalafmt)
            names = [part.split()[0] for part in word.strip("\"'").split(";") if part.split()]
            found += [p for n in names for p in (SUBCOMMANDS.get((
                "sbt", n.lstrip("+").rsplit("/", 1)[-1])) or "").split()]
        elif head == "earthly" and word.startswith("+"):
            found += [p for p in (purpose(word[1:]),) if p]
        elif head in ("clojure", "clj") and word.startswith(("-M:", "-X:", "-A:", "-T:")):
            found += [p for a in word[3:].split(":") if (p := purpose(a))]
        elif head == "xcodebuild" and word in _XCODE:
            found += [_XCODE[word]] if _XCODE[word] else []
        elif head in ("Rscript", "R"):
            line = " ".join(words[1:])
            return next(((p,) for f, p in _R if f in line), ())
        elif head == "julia":
            found += [p for f, p in (("Pkg.test", "test"), ("Pkg.instantiate", "setup"),
                                     ("Pkg.build", "build")) if f in word]
    if head == "xcodebuild" and not found and "-version" not in words:
        found = ["build"]
    return tuple(dict.fromkeys(found))


# Gradle tasks of Android and Kotlin builds, named by a prefix and a variant
# (`assembleDebug`, `lintRelease`, `testDebugUnitTest`, `lintKotlin`, `formatKotlin`).
_ANDROID = {"assemble": "build", "lint": "lint", "formatKotlin": "format", "test": "test",
            "connected": "test", "detekt": "lint", "dokka": "docs"}
_TEST_TASK = lazy_regex(r"^(?::?[\w-]+:)?(?:test|check|\w*Test|allTests|\w*Tests)$")


def _gradle(words: list[str]) -> tuple[str, ...]:
    """A Gradle line's purposes by its tasks; a line that excludes the test tasks
    (``check -x test``) never tests."""
    skipped = {words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-x", "--exclude-task")}
    found: list[str] = []
    for task in (w for i, w in enumerate(words[1:], 1) if not w.startswith("-") and
                 words[i - 1] not in ("-x", "--exclude-task") and "=" not in w):
        name = task.rsplit(":", 1)[-1]
        found += (SUBCOMMANDS.get(("gradle", name)) or _ANDROID.get(
            next((p for p in _ANDROID if name.startswith(p) and (
                name == p or name[len(p):][:1].isupper())),
                 ""), "")).split()
    if any(_TEST_TASK.match(s) for s in skipped):
        found = [p for p in found if p != "test"]
    return tuple(dict.fromkeys(found))


# Mill's tasks by the last part of a selector (`__.test`, `foo.jvm[2.13].compile`,
# `mill.scalalib.scalafmt.ScalafmtModule/checkFormatAll`).
_MILL = {"test": "test", "testForked": "test", "testCached": "test", "compile": "build",
         "assembly": "build", "jar": "build", "reformat": "format", "reformatAll": "format",
         "checkFormat": "format", "checkFormatAll": "format", "fix": "lint",
         "docJar": "docs"}
_MILL_CHECKS = ("checkFormat", "checkFormatAll")


def _mill(words: list[str]) -> tuple[str, ...]:
    """A Mill line's purposes by the tasks its selectors end in."""
    found = [_MILL.get(re.split(r"[./]", w)[-1], "") for w in words[1:]
             if not w.startswith("-")]
    return tuple(dict.fromkeys(p for p in found if p))


# A formatter plugin's check task and the task that formats, which the plugin always
# defines beside it: (tool, check words, fixing words).
_FORMS = ((("gradle",), ("spotlessCheck",), ("spotlessApply",)),
          (("gradle",), ("ktlintCheck",), ("ktlintFormat",)),
          (("mvn",), ("spotless:check",), ("spotless:apply",)),
          (("cargo", "fmt"), ("--check",), ()),
          (("dotnet", "format"), ("--verify-no-changes",), ()),
          (("mix", "format"), ("--check-formatted",), ()),
          (("php-cs-fixer",), ("--dry-run", "--diff"), ()), (("php-cs-fixer",), ("--dry-run",), ()),
          (("swiftformat",), ("--lint",), ()),
          (("dart", "format"), ("--output=none", "--set-exit-if-changed"), ()),
          (("dart", "format"), ("--set-exit-if-changed",), ()),
          (("sbt",), ("scalafmtCheckAll",), ("scalafmtAll",)),
          (("sbt",), ("scalafmtCheck",), ("scalafmt",)), (("scalafmt",), ("--test",), ()),
          (("zig", "fmt"), ("--check",), ()), (("pint",), ("--test",), ()),
          (("nix", "fmt"), ("--ci",), ()), (("nix", "fmt"), ("--fail-on-change",), ()),
          (("treefmt",), ("--ci",), ()), (("treefmt",), ("--fail-on-change",), ()),
          (("ktfmt",), ("--dry-run",), ()),
          (("mill",), ("mill.scalalib.scalafmt.ScalafmtModule/checkFormatAll",),
           ("mill.scalalib.scalafmt.ScalafmtModule/reformatAll",)))


def fixing_form(words: list[str]) -> str | None:
    """The command that formats, for a formatter plugin's check (``./gradlew spotlessCheck``
    -> ``./gradlew spotlessApply``, ``cargo fmt --all -- --check`` -> ``cargo fmt
    --all``, ``dotnet format --verify-no-changes`` -> ``dotnet format``); None for
    anything else (``prettier --check`` says nothing of the options the project formats
    with)."""
    inner = unwrap(words)
    if not inner or "format" not in tool_purposes(inner):
        return None
    head = _runner_name(inner[0])
    for tool, check, fixing in _FORMS:
        if (head, *inner[1:len(tool)]) == tool and set(check) <= set(inner):
            kept: list[str] = []
            for word in words:
                kept += (list(fixing) if word == check[0] else []) if word in check else [word]
            while kept[-1:] == ["--"]:
                kept.pop()
            return " ".join(kept) if writes(kept) else None
    return None


def writes(words: list[str]) -> bool:
    """Whether a formatting command rewrites the files (``ruff format``, ``eslint --fix``,
    ``prettier --write``), not only checks them (``--check``, ``gofmt -l``)."""
    words = unwrap(words)
    if "format" not in tool_purposes(words):
        return False
    head, rest = _runner_name(words[0]), set(words[1:])
    if rest & _CHECKS and not rest & _FIXES:
        return False
    if head in ("prettier", "biome"):
        return bool(rest & {"--write", "-w", "--apply", "--fix"})
    if head in ("gofmt", "gofumpt", "goimports"):
        return "-w" in rest
    if head in ("clang-format", "yapf", "autopep8", "swift-format", "ocamlformat",
                "stylish-haskell") or words[:2] == ["swift", "format"]:
        return bool(rest & {"-i", "--in-place", "--inplace"})
    if head == "perltidy":
        return bool(rest & {"-b", "--backup-and-modify-in-place"})
    if head in ("ormolu", "fourmolu"):
        return "inplace" in rest or "-i" in rest
    if head == "erlfmt":
        return bool(rest & {"-w", "--write"})
    if head == "dune":
        return "fmt" in rest or "--auto-promote" in rest
    if head == "mill":
        return not any(re.split(r"[./]", w)[-1] in _MILL_CHECKS for w in rest)
    return True


# A formatter's check form: it fails on a change and writes nothing.
_CHECKS = frozenset({"--check", "--diff", "--verify-no-changes", "--dry-run", "--list-different",
                     "spotlessCheck", "spotless:check", "ktlintCheck", "check",
                     "--check-formatted", "--lint", "--output=none", "--set-exit-if-changed",
                     "--test", "scalafmtCheck", "scalafmtCheckAll", "--ci", "--fail-on-change"})


_LAUNCHERS = frozenset({"cross-env", "env", "dotenv", "dotenvx", "nice", "time", "timeout"})
def unwrap(words: list[str]) -> list[str]:
    """The tool a wrapper starts: ``python -m pytest`` -> ``pytest``, ``npx eslint`` ->
    ``eslint``, ``bundle exec rspec`` -> ``rspec``, ``cross-env CI=1 jest`` -> ``jest``,
    ``node scripts/hotfix.js eslint lib`` -> ``eslint lib``, ``cargo hack test
    --each-feature`` -> ``cargo test --each-feature``."""
    inner = environment(words)
    if inner is not None:
        return unwrap(inner)
    if words[:1] and words[0] in _LAUNCHERS:
        rest = [w for w in words[1:] if w != "--"]
        while rest and ("=" in rest[0] or rest[0].startswith("-") or rest[0].isdigit()):
            rest = rest[1:]
        return unwrap(rest) if rest else []
    if words[:1] == ["node"] and len(words) > 2 and words[1].endswith((".js", ".mjs", ".cjs")) \
            and words[2] in KNOWN_TOOLS:
        return unwrap(words[2:])  # a launcher script that runs the tool named after it
    if words[:2] in (["python", "-m"], ["python3", "-m"], ["py", "-m"]):
        return words[2:]
    if words[:1] == ["php"] and len(words) > 1 and "/vendor/bin/" in "/" + words[1]:
        return unwrap(words[1:])  # `php vendor/bin/phpunit`: the tool Composer installed
    if words[:1] in (["npx"], ["uvx"], ["pipx"], ["bunx"]) or words[:2] in (
            ["pnpm", "exec"], ["yarn", "exec"], ["bundle", "exec"], ["npm", "exec"],
            ["pnpm", "dlx"], ["go", "tool"], ["composer", "exec"], ["yarn", "dlx"],
            ["stack", "exec"], ["cabal", "exec"], ["mise", "exec"], ["melos", "exec"]):
        rest = words[1:] if words[0] in ("npx", "uvx", "pipx", "bunx") else words[2:]
        while rest and rest[0].startswith("-"):
            rest = rest[1:]
        return rest
    if words[:2] == ["go", "run"] and len(words) > 2:
        return [words[2].rsplit("/", 1)[-1].split("@")[0], *words[3:]]
    if words[:2] == ["cargo", "hack"] and len(words) > 2:
        return unwrap(["cargo", *words[2:]])  # cargo-hack runs `cargo test` per feature set
    if len(words) > 2 and words[0] in _RUSTUP_PROXIES and words[1].startswith("+"):
        return [words[0], *words[2:]]  # `cargo +nightly test`: rustup's toolchain, then cargo
    return words


# rustup's proxies, which take a toolchain as their first word (`cargo +nightly test`).
_RUSTUP_PROXIES = frozenset({"cargo", "rustc", "rustdoc", "rustfmt", "clippy-driver"})


def tool_name(head: str) -> str:
    """The tool a command's first word starts (:func:`_runner_name`): ``gradle`` for
    ``./gradlew``, ``zig`` for the tree's own ``./zig/zig``."""
    return _runner_name(head)


def _runner_name(head: str) -> str:
    """``./gradlew`` and ``gradlew.bat`` are gradle; ``./mvnw`` is mvn; ``clang-format-21``
    is clang-format.  A script of the repository's own (``./build.cmd``, ``./build``) is
    itself, never the tool its name resembles."""
    base = head.rsplit("/", 1)[-1]
    stem = base.removesuffix(".bat").removesuffix(".cmd")
    if "/vendor/bin/" in "/" + head.removeprefix("./"):  # Composer's tools: `vendor/bin/phpunit`
        return base.removesuffix(".phar").removesuffix(".bat")
    vendored = head.removeprefix("./").rsplit("/bin/", 1)
    if len(vendored) == 2 and vendored[0] not in ("", ".") and base in KNOWN_TOOLS:
        return base  # a tool kept in the tree: lima's `./hack/bats/lib/bats-core/bin/bats`
    if base in KNOWN_TOOLS and base in head.removeprefix("./").split("/")[:-1]:
        return base  # a toolchain fetched into a directory named for it: `./zig/zig`
    if stem in ("gradlew", "gradle"):
        return "gradle"
    if stem in ("mvnw", "mvn"):
        return "mvn"
    if stem in ("mill", "millw"):  # Mill's launcher script, kept at the top of the tree
        return "mill"
    if head.startswith(("./", "../", ".\\")) or base != stem or base.endswith((".sh", ".ps1")):
        return head
    return re.sub(r"-\d+(?:\.\d+)*$", "", base)
