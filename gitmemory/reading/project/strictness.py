"""Whether the build itself fails on warnings or runs analyzers: the static analysis every
local build enforces, read from the build's own settings in each ecosystem (docs/design.md,
"Commands that run").

No command names it, yet a change that adds a warning fails the build: MSBuild's
``TreatWarningsAsErrors`` and the Roslyn analyzers a ``Directory.Build.props`` turns on
(``EnableNETAnalyzers``, ``AnalysisMode``, an analyzer package), Cargo's ``[lints]``
tables and ``-D warnings`` in ``RUSTFLAGS``, ``-Werror`` (or Meson's ``werror=true``)
in a C or C++ build, Kotlin's ``allWarningsAsErrors`` and javac's ``-Werror``.  A JVM
build names the checkers it binds to its lifecycle by their plugins: Maven's
``maven-checkstyle-plugin``, ``maven-pmd-plugin``, ``spotbugs-maven-plugin``, japicmp's
or Revapi's API-compatibility check, Gradle's ``checkstyle``, ``pmd``, detekt, ktlint,
Spotless or Kotlin's binary-compatibility-validator (``apiCheck``), in the top build
file, a module's, or a parent build kept in the tree (``internal/build/pom.xml``).  A
name in a comment or a setting turned off (``<TreatWarningsAsErrors>false``) is not read.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

_MSBUILD = ("Directory.Build.props", "src/Directory.Build.props")
_WARNINGS_AS_ERRORS = lazy_regex(r"<TreatWarningsAsErrors>\s*true\s*<", re.I)
_NET_ANALYZERS = lazy_regex(r"<EnableNETAnalyzers>\s*true\s*<", re.I)
_ANALYSIS_MODE = lazy_regex(r"<AnalysisMode>\s*(\w+)\s*<")
_ANALYZER_PACKAGE = lazy_regex(r"<PackageReference\s+Include=\"([\w.]*(?:Analyzers|"
                               r"SonarAnalyzer\.CSharp)[\w.]*)\"")
_CARGO_LINTS = lazy_regex(r"^\[(?:workspace\.)?lints\.(\w+)\]", re.M)
_DENY_WARNINGS = lazy_regex(r"RUSTFLAGS\s*[:=]\s*[\"']?[^\n]*-D\s*warnings")
_WERROR = lazy_regex(r"(?<![\w-])-Werror(?![\w=-])|\bwerror\s*[:=]\s*true\b")
_KOTLIN = lazy_regex(r"\ballWarningsAsErrors\s*(?:=|\.set\()\s*true\b")
_COMMENT = lazy_regex(r"<!--.*?-->|^\s*(?:#|//).*$", re.S | re.M)
_NATIVE = ("CMakeLists.txt", "meson.build", "configure.ac")
_JVM = ("build.gradle.kts", "build.gradle", "pom.xml")


# (checker, what names its plugin in a Maven pom or a Gradle build)
_CHECKERS = (
    ("Checkstyle", lazy_regex(r"<artifactId>maven-checkstyle-plugin<|"
                              r"\bid\s*\(?\s*[\"']checkstyle[\"']|"
                              r"apply plugin:\s*[\"']checkstyle")),
    ("PMD", lazy_regex(r"<artifactId>maven-pmd-plugin<|\bid\s*\(?\s*[\"']pmd[\"']|"
                       r"apply plugin:\s*[\"']pmd")),
    ("SpotBugs", lazy_regex(r"<artifactId>spotbugs-maven-plugin<|com\.github\.spotbugs[\"']")),
    ("Error Prone", lazy_regex(r"<artifactId>error_prone_core<|net\.ltgt\.errorprone")),
    ("japicmp", lazy_regex(r"<artifactId>japicmp-maven-plugin<|me\.champeau\.gradle\.japicmp")),
    ("Revapi", lazy_regex(r"<artifactId>revapi-maven-plugin<")),
    ("binary-compatibility-validator (`apiCheck`)",
     lazy_regex(r"binary-compatibility-validator|kotlinx\.binary-compatibility|"
                r"\bapiValidation\s*\{|libs\.plugins\.\w*binaryCompatibilityValidator\b", re.I)),
    ("detekt", lazy_regex(r"<artifactId>detekt-maven-plugin<|io\.gitlab\.arturbosch\.detekt[\"']|"
                          r"\balias\(libs\.plugins\.detekt\)")),
    ("ktlint", lazy_regex(r"org\.jlleitschuh\.gradle\.ktlint|org\.jmailen\.kotlinter|"
                          r"<artifactId>ktlint-maven-plugin<")),
    ("Spotless", lazy_regex(r"<artifactId>spotless-maven-plugin<|com\.diffplug\.spotless[\"']")),
)
_GRADLE = ("build.gradle.kts", "build.gradle")
_MAX_CHECKERS = 5


def said(snapshot: Snapshot) -> tuple[str, list[str]]:
    """("the build fails on warnings (...) ...", the files read) or ("", [])."""
    parts: list[str] = []
    paths: list[str] = []
    for found, path in (_msbuild(snapshot), _rust(snapshot), _flag(snapshot),
                        _checkers(snapshot)):
        if found:
            parts.append(found)
            paths.append(path)
    return "; ".join(parts), paths


def _text(snapshot: Snapshot, path: str) -> str:
    return _COMMENT.sub("", snapshot.text(path) or "")


def _msbuild(snapshot: Snapshot) -> tuple[str, str]:
    for path in _MSBUILD:
        text = _text(snapshot, path)
        analyzers = list(dict.fromkeys(_ANALYZER_PACKAGE.findall(text)))[:2]
        mode = _ANALYSIS_MODE.search(text)
        if _NET_ANALYZERS.search(text) or mode:
            analyzers.insert(0, ".NET analyzers" + (f" in mode {mode.group(1)}" if mode else ""))
        strict = bool(_WARNINGS_AS_ERRORS.search(text))
        if strict or analyzers:
            head = "the build fails on warnings (TreatWarningsAsErrors" if strict else \
                "the build runs analyzers ("
            return (head + (", " if strict and analyzers else "") + ", ".join(analyzers) +
                    f"; {path})"), path
    return "", ""


def _rust(snapshot: Snapshot) -> tuple[str, str]:
    tables = list(dict.fromkeys(_CARGO_LINTS.findall(_text(snapshot, "Cargo.toml"))))
    flows = [p for p in sorted(snapshot.texts) if p.startswith(".github/workflows/") or
             p in (".cargo/config.toml", ".cargo/config")]
    denied = next((p for p in flows if _DENY_WARNINGS.search(_text(snapshot, p))), "")
    if denied:
        also = f", lint levels in Cargo.toml's [lints] for {', '.join(tables)}" if tables else ""
        return f"warnings are errors (RUSTFLAGS -D warnings; {denied}){also}", denied
    if tables:
        return f"lint levels are set in Cargo.toml's [lints] for {', '.join(tables)}", \
            "Cargo.toml"
    return "", ""


def _flag(snapshot: Snapshot) -> tuple[str, str]:
    for path in (*_NATIVE, *_JVM):
        text = _text(snapshot, path)
        if _WERROR.search(text) or (path in _JVM and _KOTLIN.search(text)):
            return f"the build fails on warnings ({path})", path
    return "", ""


def _checkers(snapshot: Snapshot) -> tuple[str, str]:
    """"the Maven build configures Checkstyle, PMD (internal/build/pom.xml)": the checkers
    a JVM build file of the tree names by their plugins, the first file naming any."""
    builds = sorted((p for p in snapshot.texts if p.endswith(("pom.xml", *_GRADLE))),
                    key=lambda p: (p.count("/"), p))
    for path in builds:
        text = _text(snapshot, path)
        named = [name for name, plugin in _CHECKERS if plugin.search(text)]
        if named:
            tool = "Maven" if path.endswith("pom.xml") else "Gradle"
            verb = "configures" if tool == "Maven" else "applies"
            return f"the {tool} build {verb} {', '.join(named[:_MAX_CHECKERS])} ({path})", path
    return "", ""
