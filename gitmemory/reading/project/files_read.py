"""Which files of a tree the bootstrap reads, and which changes make it read them again.

Manifests, task runners, CI and tool settings at the top of the tree; a few levels
down, the manifests of a monorepo's packages (``package.json``, ``Cargo.toml``,
``pubspec.yaml``) and the
CMake lists that enable tests.  The rest of the tree is known by its paths alone
(lock files, ``*_test.go``, an eslint config), which cost nothing to read.
"""

from __future__ import annotations

import posixpath
import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import (
    blame_ignore,
    buildtools,
    changelog_form,
    ci_steps,
    commit_template,
    dart,
    decisions,
    deno,
    devcontainer,
    git_hooks,
    golang,
    guide_rules,
    guides,
    hook_rules,
    label_checks,
    license_header,
    php,
    places,
    policies,
    pr_checklist,
    python_modules,
    releases,
    runners,
    scripting,
    services,
    test_tags,
    title_checks,
    tool_configs,
    toolchain,
)

# The settings of a JavaScript test runner: which files it runs, which says whether a test
# file of the tree is one it takes (slots._one_script_file).
JS_RUNNER_CONFIGS = tuple(f"{name}.{end}" for name in ("vitest.config", "vite.config",
                                                        "vitest.workspace", "jest.config")
                          for end in ("ts", "mts", "cts", "js", "mjs", "cjs", "json"))

ROOT = frozenset({
    # Python
    "pyproject.toml", "setup.cfg", "setup.py", "tox.ini", "tox.toml", "noxfile.py",
    ".pre-commit-config.yaml",
    ".pre-commit-config.yml", "mypy.ini", ".mypy.ini", "pytest.ini", ".flake8", "ruff.toml",
    ".ruff.toml", "mkdocs.yml", "mkdocs.yaml", "pyrightconfig.json", "towncrier.toml",
    ".isort.cfg", ".coveragerc", ".python-version",
    # generic
    ".editorconfig", *runners.MAKEFILES, *runners.JUSTFILES, *runners.TASKFILES, runners.FASTFILE,
    ".gitlab-ci.yml", "azure-pipelines.yml", ".azure-pipelines.yml", ".tool-versions",
    "appveyor.yml", ".appveyor.yml",
    releases.CIRCLECI,
    *devcontainer.FILES, *guides.GUIDES, *git_hooks.LEFTHOOK, *git_hooks.LINT_STAGED,
    *hook_rules.FILES,
    *changelog_form.FILES, *blame_ignore.FILES, *label_checks.RELEASE_NOTES,
    *pr_checklist.TEMPLATES, *license_header.FILES,
    *policies.SECURITY, *test_tags.FILES, *title_checks.FILES, *places.RELEASE_PLEASE,
    places.GITMODULES,
    # JavaScript
    "package.json", "pnpm-workspace.yaml", ".nvmrc", ".node-version", "tsconfig.json",
    *JS_RUNNER_CONFIGS,
    # Go
    "go.mod", ".golangci.yml", ".golangci.yaml",
    # Rust
    "Cargo.toml", "rust-toolchain.toml", "rust-toolchain", "rustfmt.toml", ".rustfmt.toml",
    "clippy.toml", ".cargo/config.toml", ".cargo/config", "deny.toml",
    # Java, Kotlin
    "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
    "gradle/wrapper/gradle-wrapper.properties", "gradle/libs.versions.toml", "pom.xml",
    # Ruby
    "Gemfile", "Rakefile", "rakefile", ".ruby-version", ".rubocop.yml", ".standard.yml",
    # .NET
    "global.json", "Directory.Build.props", "build.ps1", "Build.ps1", "build.sh", "build.cmd",
    "build.cake",
    # C, C++
    "CMakeLists.txt", "CMakePresets.json", "meson.build", "configure.ac", "Makefile.am",
    # Elixir, PHP, Swift, Dart
    "mix.exs", ".formatter.exs", ".credo.exs", ".check.exs", "composer.json", *php.CONFIGS,
    "Package.swift",
    ".swiftformat", ".swift-format", ".swiftlint.yml", ".swift-version", *dart.FILES,
    *toolchain.FILES, *buildtools.FILES, *scripting.FILES, *deno.FILES, runners.PIXI,
    *services.FILES, *services.NESTED, *tool_configs.READ,
})
_WORKFLOW = lazy_regex(r"^\.github/workflows/[^/]+\.ya?ml$")
# A composite action the workflows run from the tree (`uses: ./.github/actions/x/`): its
# steps are the check (label_checks reads what it requires).
LOCAL_ACTION = lazy_regex(r"^\.github/actions/[^/]+/action\.ya?ml$")
_SCRIPT = lazy_regex(r"^(?:scripts|script|bin|tools)/[\w.-]+$")
_NESTED = lazy_regex(r"^(?:[^/]+/){1,3}(?:package\.json|Cargo\.toml|pubspec\.yaml)$")
_SKIP = lazy_regex(r"(?:^|/)(?:node_modules|vendor|third_party|fixtures?|__fixtures__|"
                   r"testdata|test-data|examples?|templates?|playground|e2e|benchmarks?)/")
_NESTED_OTHER = lazy_regex(r"^[^/]+/(?:global\.json|Directory\.Build\.props|CMakeLists\.txt|"
                           r"Makefile\.am)$|"
                           r"^[^/]+\.(?:gemspec|cabal|opam)$")
_RAKE = lazy_regex(r"^(?:tasks|rakelib|lib/tasks)/[^/]+\.rake$")
# A directory's own README one level down (`nix/README.md`): where a contributing guide
# may send a newcomer for the development commands (guides.linked).
_DIR_README = lazy_regex(r"^[^/]+/README\.md$")
MAX_DIR_READMES = 8
# A build's own code and scripts: Nuke's and Fallout's `build/Build.cs`, `build/build.sh`,
# a global.json two levels down, Gradle's convention plugins, a Maven module's pom.
_BUILD = lazy_regex(r"^(?:[Bb]uild/[^/]+\.(?:cs|sh|ps1|cmd)|(?:[^/]+/){1,2}global\.json|"
                    r"(?:buildSrc|build-logic|gradle/plugins)/(?:[^/]+/)*[^/]+\.gradle(?:\.kts)?|"
                    r"[^/]+/pom\.xml)$")
# A parent build kept in the tree (`internal/build/pom.xml`), where a Maven build
# configures its plugins for every module.
_PARENT_POM = lazy_regex(r"^(?:[^/]+/)?(?:build|parent|[\w-]+-(?:parent|build))/pom\.xml$")
MAX_BUILD = 16
# CMake modules, at the top or in a subproject, where a build may set its C++ standard.
_CMAKE_MODULE = lazy_regex(r"^(?:[^/]+/)?cmake/[^/]+\.cmake$")
_PROJECT = lazy_regex(r"^(?:src|Src|source)/[^/]+/[^/]+\.(?:csproj|fsproj)$")
MAX_GENERATE = 8
_SCRIPT_EXT = ("", ".sh", ".bash", ".ps1", ".py", ".rb", ".cmd", ".bat")
MAX_WORKFLOWS = 16
MAX_SCRIPTS = 16
MAX_NESTED = 40
MAX_LICENCES = 8
_BUSY = lazy_regex(r"test|ci|build|check|lint|main|push|pull|verify|rust|go|node|python",
                   re.I)


# The workflow `gitmemory init --ci` writes (setup/ci_workflow.py): its commands are
# gitmemory's, not the project's, and it must not push a project's workflow out of the cap.
_OWN_WORKFLOW = ".github/workflows/gitmemory.yml"


def matches(path: str) -> bool:
    """Whether the bootstrap reads ``path``: a commit that changes it reads it again."""
    if path == _OWN_WORKFLOW:
        return False
    return path in ROOT or bool(_WORKFLOW.match(path)) or bool(LOCAL_ACTION.match(path)) or \
        _script(path) or bool(
        _NESTED_OTHER.match(path) or _PROJECT.match(path) or _RAKE.match(path) or
        _BUILD.match(path) or _PARENT_POM.match(path) or runners.TOP_SCRIPT.match(path) or
        (_DIR_README.match(path) and not _SKIP.search(path)) or
        (golang.GO_GENERATE.match(path) and not _SKIP.search(path)) or
        (_CMAKE_MODULE.match(path) and not _SKIP.search(path))) or (
        bool(_NESTED.match(path)) and not _SKIP.search(path)) or \
        bool(guide_rules.GUIDE.match(path)) or bool(git_hooks.HUSKY.match(path)) or \
        bool(guides.DEVELOPER_README.match(path)) or bool(guides.HOW_TO.match(path)) or \
        _licence(path) or bool(changelog_form.wanted([path])) or \
        bool(devcontainer.SCRIPT.match(path)) or path in releases.wanted([path]) or \
        ci_steps.azure_file(path) or bool(decisions.RECORD.match(path)) or \
        bool(commit_template.wanted([path]))


def _licence(path: str) -> bool:
    """A licence file at the top or one directory down (where a part's terms differ)."""
    return bool(policies.LICENSE.match(path)) and not _SKIP.search(path)


def _script(path: str) -> bool:
    if not _SCRIPT.match(path):
        return False
    ext = posixpath.splitext(path)[1]
    return ext in _SCRIPT_EXT


def wanted(paths: list[str]) -> list[str]:
    """The files of a tree (given as all its paths) that the bootstrap reads, capped:
    workflows that test and build first, then the rest in name order."""
    found = [p for p in paths if p in ROOT or _NESTED_OTHER.match(p)]
    flows = sorted((p for p in paths if _WORKFLOW.match(p) and p != _OWN_WORKFLOW),
                   key=lambda p: (not _BUSY.search(posixpath.basename(p)), p))
    found += flows[:MAX_WORKFLOWS]
    found += sorted(p for p in paths if LOCAL_ACTION.match(p))[:MAX_WORKFLOWS]
    # an Azure pipeline and the templates it includes, wherever they are kept
    found += sorted((p for p in paths if ci_steps.azure_file(p) and not _SKIP.search(p)),
                    key=lambda p: (p.count("/"), p))[:MAX_WORKFLOWS]
    found += sorted(p for p in paths if _script(p))[:MAX_SCRIPTS]
    nested = sorted((p for p in paths if _NESTED.match(p) and not _SKIP.search(p)),
                    key=lambda p: (p.count("/"), p))
    found += nested[:MAX_NESTED]
    found += sorted(p for p in paths if _PROJECT.match(p))[:6]
    found += sorted(p for p in paths if _RAKE.match(p))[:MAX_SCRIPTS]
    found += sorted(p for p in paths if runners.TOP_SCRIPT.match(p))[:MAX_SCRIPTS]
    found += sorted((p for p in paths if _BUILD.match(p) and not _SKIP.search(p)),
                    key=lambda p: (p.count("/"), p))[:MAX_BUILD]
    found += sorted(p for p in paths if _PARENT_POM.match(p))[:2]
    found += sorted((p for p in paths if _CMAKE_MODULE.match(p) and not _SKIP.search(p)),
                    key=lambda p: (p.count("/"), p))[:MAX_BUILD]
    found += sorted((p for p in paths if golang.GO_GENERATE.match(p) and not _SKIP.search(p)),
                    key=lambda p: (p.count("/"), p))[:MAX_GENERATE]
    found += guide_rules.guides(paths)
    found += guides.developers(paths)
    found += guides.how_to(paths)
    found += sorted(p for p in paths if _DIR_README.match(p) and not _SKIP.search(p))[
        :MAX_DIR_READMES]
    found += sorted(p for p in paths if git_hooks.HUSKY.match(p))
    found += sorted(p for p in paths if _licence(p))[:MAX_LICENCES]
    found += changelog_form.wanted(paths)
    found += sorted(p for p in paths if devcontainer.SCRIPT.match(p))[:MAX_SCRIPTS]
    found += releases.wanted(paths)
    found += python_modules.wanted(paths)
    found += decisions.wanted(paths)
    found += commit_template.wanted(paths)
    return list(dict.fromkeys(found))
