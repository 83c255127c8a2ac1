"""Java and Kotlin: Gradle and Maven, through their wrappers when the repository has them
(``./gradlew``, ``./mvnw``); the JDK the build runs on (Gradle's toolchain, Kotlin's
``jvmToolchain``, in the build file or its convention plugins) told apart from the
release it compiles for (``release``, source and target compatibility, Kotlin's
``jvmTarget``, Maven's compiler properties); the languages, the modules; the formatter
and checkstyle plugins it configures.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import source_languages
from gitmemory.reading.project.snapshot import Snapshot, table
from gitmemory.reading.project.task import IMPLIED, Task

GRADLE = ("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle")
_PLUGINS = lazy_regex(r"^(?:buildSrc|build-logic|gradle/plugins)/")
_TOOLCHAIN = lazy_regex(r"(?:languageVersion(?:\.set)?\s*[(=]?\s*JavaLanguageVersion\.of\(\s*|"
                        r"jvmToolchain\(\s*)(\d+)")
_CATALOG = lazy_regex(r"(?:languageVersion(?:\.set)?\s*[(=]\s*|jvmToolchain\(\s*)libs\.versions\."
                      r"([\w.]+?)(?:\.get\(\)|\.map|\))")
_TARGETS = (("release", lazy_regex(r"\b(?:options\.)?release(?:\.set)?\s*[(=]\s*(\d+)")),
            ("source/target", lazy_regex(r"(?:source|target)Compatibility\s*=\s*(?:JavaVersion\."
                                         r"VERSION_(?:1_)?|JavaVersion\.toVersion\(\s*['\"]?|"
                                         r"['\"]?(?:1\.)?)(\w+)")),
            ("jvmTarget", lazy_regex(r"jvmTarget(?:\.set)?\s*[(=]\s*(?:JvmTarget\.JVM_(?:1_)?|"
                                     r"['\"](?:1\.)?)(\d+)")))
_MAVEN_PROPERTY = lazy_regex(r"<([\w.-]+)>\s*([^<]*?)\s*</\1>")
_MAVEN_JAVA = lazy_regex(r"^(?:maven\.compiler\.(release|source|target)|(release|source|target)|"
                         r"javac\.(?:src|source|target)\.version|(?:java|jdk)[._-]?(?:version|"
                         r"release|source|target)|(?:version|release)\.(?:java|jdk)|"
                         r"javaReleaseVersion)$", re.I)
_WRAPPER = lazy_regex(r"gradle-(\d+(?:\.\d+)*)-(?:bin|all)\.zip")
_MODULE = lazy_regex(r"<module>\s*([\w./-]+?)\s*</module>")
_INCLUDE = lazy_regex(r"""^\s*include\s*\(?\s*((?:["'][:\w./-]+["']\s*,?\s*)+)""", re.M)
_KOTLIN = lazy_regex(r"kotlin\(\"jvm\"\)|org\.jetbrains\.kotlin|kotlin-maven-plugin|"
                     r"kotlin\(\"multiplatform\"\)")
MAX_MODULES = 8


class Jvm:
    name = "jvm"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("pom.xml") or any(snapshot.has(g) for g in GRADLE)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        return [*_gradle(snapshot), *_maven(snapshot)]

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        found = _java(snapshot)
        # no JDK said: the line names the languages only ("Kotlin: written in Kotlin" reads
        # as a slip, "Java: written in Kotlin" as a contradiction)
        label = "Java" if found and not found[0].startswith("written in ") else "JVM"
        out = [("conventions", f"{label}: " + found[0], found[1])] if found else []
        wrapper = _WRAPPER.search(snapshot.text("gradle/wrapper/gradle-wrapper.properties") or "")
        if wrapper:
            out.append(("conventions", f"Gradle: {wrapper.group(1)} (the wrapper, `./gradlew`)",
                        ["gradle/wrapper/gradle-wrapper.properties"]))
        modules = _modules(snapshot)
        return [*out, modules] if modules else out


def _build_files(snapshot: Snapshot) -> list[str]:
    """The root build file, then the convention plugins the builds apply."""
    return [*(g for g in GRADLE[:2] if snapshot.text(g)),
            *sorted(p for p in snapshot.texts if _PLUGINS.match(p) and
                    p.endswith((".gradle", ".gradle.kts")))]


def _java(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"toolchain 21 (build.gradle.kts); compiles for 8 (release)" and its files."""
    parts: list[str] = []
    paths: list[str] = []
    toolchain = _toolchain(snapshot)
    if toolchain:
        parts.append(f"toolchain {toolchain[0]} ({toolchain[1]})")
        paths += [toolchain[1], *toolchain[2:]]
    target = _target(snapshot)
    if target and (not toolchain or target[0] != toolchain[0]):
        parts.append(f"compiles for {target[0]} ({target[1]})")
        paths.append(target[2])
    written = _languages(snapshot)
    if written:
        parts.append(written)
    if not parts:
        return None
    files = list(dict.fromkeys(p for p in paths if p))
    return "; ".join(parts), files or [next(iter(_build_files(snapshot)), "pom.xml")]


def _toolchain(snapshot: Snapshot) -> tuple[str, ...] | None:
    """(JDK version, the file that sets it[, the catalog]) of Gradle's toolchain."""
    for path in _build_files(snapshot):
        text = snapshot.text(path) or ""
        found = _TOOLCHAIN.search(text)
        if found:
            return found.group(1), path
        catalog = _CATALOG.search(text)
        version = str(table(snapshot.toml("gradle/libs.versions.toml"), "versions").get(
            catalog.group(1)) or "") if catalog else ""
        if version:
            return version, path, "gradle/libs.versions.toml"
    return None


def _target(snapshot: Snapshot) -> tuple[str, str, str] | None:
    """(the lowest release it compiles for, how it is said, the file): a branch for one
    source set (`if (name.contains("Java9"))`) or a profile does not raise the floor."""
    found: list[tuple[int, str, str]] = []
    for path in _build_files(snapshot):
        text = snapshot.text(path) or ""
        for how, pattern in _TARGETS:
            for match in pattern.finditer(text):
                value = match.group(1)
                if not value.isdigit():  # `toVersion(javaReleaseVersion)`: its `val`
                    local = re.search(rf"\b(?:val|var|def)\s+{re.escape(value)}\s*=\s*"
                                      r"['\"]?(\d+)", text)
                    value = local.group(1) if local else ""
                if value:
                    found.append((int(value), how, path))
    text = snapshot.text("pom.xml") or ""
    given = [(m.group(1), m.group(2)) for m in _MAVEN_PROPERTY.finditer(text)]
    values = dict(reversed(given))  # a property's first value
    for name, said in given:
        if not _MAVEN_JAVA.match(name) or "plugin" in name.lower():
            continue
        value = values.get(said[2:-1], "") if said.startswith("${") else said
        number = re.fullmatch(r"(?:1\.)?(\d+)", value.strip())
        if number:
            found.append((int(number.group(1)), f"pom.xml `{name}`", "pom.xml"))
    if not found:
        return None
    lowest = min(found, key=lambda f: f[0])
    return str(lowest[0]), lowest[1], lowest[2]


def _languages(snapshot: Snapshot) -> str:
    """"written in Kotlin and Java" where the sources, or a Kotlin plugin, say Kotlin."""
    shares = source_languages.shares(snapshot)
    found = [lang for lang in shares if lang in ("Kotlin", "Java", "Scala")]
    build = " ".join(snapshot.text(p) or "" for p in [*_build_files(snapshot), "pom.xml"])
    if "Kotlin" not in found and _KOTLIN.search(build):
        found.insert(0, "Kotlin")
    return "" if found in ([], ["Java"]) else "written in " + " and ".join(found)


def _modules(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """"Packages: Maven modules `core/`, `cli/`" (the root pom's ``<modules>``, Gradle's
    ``include``s), each a directory of the tree."""
    found: list[str] = []
    source = ""
    for path in ("pom.xml", "settings.gradle.kts", "settings.gradle"):
        text = snapshot.text(path) or ""
        names = _MODULE.findall(text) if path == "pom.xml" else [
            n.strip("'\" ").lstrip(":").replace(":", "/") for m in _INCLUDE.finditer(text)
            for n in m.group(1).split(",") if n.strip("'\" ")]
        found = [n.strip("/") for n in names if snapshot.has_dir(n.strip("/"))]
        if found:
            source = path
            break
    if len(found) < 2:
        return None
    kind = "Maven modules" if source == "pom.xml" else "Gradle subprojects"
    shown = ", ".join(f"`{m}/`" for m in found[:MAX_MODULES])
    more = f" and {len(found) - MAX_MODULES} more" if len(found) > MAX_MODULES else ""
    return "conventions", f"Packages: {kind} {shown}{more}", [source]


def _gradle(snapshot: Snapshot) -> list[Task]:
    build = next((g for g in GRADLE if snapshot.has(g)), "")
    if not build:
        return []
    run = "./gradlew" if snapshot.has("gradlew") else "gradle"
    source = "gradlew" if run == "./gradlew" else build
    files = _build_files(snapshot)
    text = " ".join(snapshot.text(g) or "" for g in files)
    tests = Task("test", f"{run} allTests", (), build, "test", IMPLIED) \
        if _multiplatform_only(snapshot, text) else \
        Task("test", f"{run} test", (), source, "test", IMPLIED)
    # an Android app builds its debug APKs with `assembleDebug`; `build` also lints and
    # tests every variant (Element X Android, fresh28)
    android = tuple(g for g in files if _ANDROID_APP.search(snapshot.text(g) or ""))[:1]
    found = [tests, Task("build", f"{run} {'assembleDebug' if android else 'build'}", (),
                         source, "build", IMPLIED, also=android)]

    def applied(plugin: str) -> tuple[str, ...]:
        """The build file that names the plugin, where it is not the root's (a convention
        plugin of buildSrc/): the item cites it, the file its task was read from."""
        where = next((g for g in files if re.search(rf"\b{plugin}\b", snapshot.text(g) or "")),
                     build)
        return (where,) if where != build else ()

    if "spotless" in text:
        found.append(Task("format", f"{run} spotlessApply", (), build, "format", IMPLIED,
                          also=applied("spotless")))
    elif "ktlint" in text:
        found.append(Task("format", f"{run} ktlintFormat", (), build, "format", IMPLIED,
                          also=applied("ktlint")))
    if re.search(r"\bcheckstyle\b", text):
        found.append(Task("lint", f"{run} checkstyleMain", (), build, "lint", IMPLIED,
                          also=applied("checkstyle")))
    elif _DETEKT.search(text):  # the plugin's own task, whatever CI calls its CLI with
        found.append(Task("lint", f"{run} detekt", (), build, "lint", IMPLIED,
                          also=applied("detekt")))
    return found


# The Android application plugin, by its id or its catalog alias.
_ANDROID_APP = lazy_regex(r"""\bcom\.android\.application\b|\bplugins\.android\.application\b""")
# The detekt Gradle plugin applied (by its id, its catalog alias or its class): it gives
# the build a `detekt` task.
_DETEKT = lazy_regex(r"""\bid\s*\(?\s*["']io\.gitlab\.arturbosch\.detekt["']|"""
                     r"""libs\.plugins\.detekt\b|\bio\.gitlab\.arturbosch\.detekt\.Detekt\b""")


# Plugins that give a Gradle project its `test` task (Java's, Groovy's, Scala's, Kotlin/JVM's,
# Android's unit tests), and the Kotlin Multiplatform plugin, which gives `allTests` and a
# test task per target instead.
_MAKES_TEST = lazy_regex(r"""\bid\s*\(?\s*['"](?:java|java-library|application|groovy|scala|"""
                         r"""java-gradle-plugin|org\.jetbrains\.kotlin\.jvm|com\.android\.[\w.]+)"""
                         r"""['"]|^\s*(?:java|`java-library`|application|groovy|scala)\s*$|"""
                         r"""kotlin\(\s*"jvm"\s*\)|\bwithJava\(\)|libs\.plugins\.(?:kotlin\.)?"""
                         r"""(?:jvm|android)\b""", re.M)
_MULTIPLATFORM = "org.jetbrains.kotlin.multiplatform"


def _multiplatform_only(snapshot: Snapshot, text: str) -> bool:
    """Whether the build is one Kotlin Multiplatform project: the plugin applied (by its
    id, `kotlin("multiplatform")`, or a catalog alias of that id) with the multiplatform
    `commonMain`/`commonTest` source sets, no plugin that makes a `test` task, and no
    subprojects (each may have one).  Its tests run with `allTests`, the plugin's task
    over every target's (docs/design.md, "Commands that run")."""
    settings = snapshot.text("settings.gradle.kts") or snapshot.text("settings.gradle") or ""
    if re.search(r"^\s*include\b", settings, re.M) or _MAKES_TEST.search(text) or \
            not re.search(r"\bcommon(?:Main|Test)\b", text):
        return False
    if _MULTIPLATFORM in text or re.search(r"kotlin\(\s*\"multiplatform\"\s*\)", text):
        return True
    plugins = table(snapshot.toml("gradle/libs.versions.toml"), "plugins")
    aliases = [name for name, spec in plugins.items() if _MULTIPLATFORM in str(spec)]
    return any(re.search(rf"libs\.plugins\.{re.escape(a.replace('-', '.'))}\b", text)
               for a in aliases)


def maven(snapshot: Snapshot) -> str:
    """How the tree runs Maven: its wrapper when it keeps one."""
    return "./mvnw" if snapshot.has("mvnw") else "mvn"


def _maven(snapshot: Snapshot) -> list[Task]:
    if not snapshot.has("pom.xml"):
        return []
    run = maven(snapshot)
    source = "mvnw" if run == "./mvnw" else "pom.xml"
    found = [Task("test", f"{run} test", (), source, "test", IMPLIED),
             Task("build", f"{run} package", (), source, "build", IMPLIED)]
    spotless, javaformat, checkstyle = (_configured_in(snapshot, plugin) for plugin in (
        "spotless-maven-plugin", "spring-javaformat-maven-plugin", "maven-checkstyle-plugin"))
    if spotless:
        found.append(Task("format", f"{run} spotless:apply", (), spotless, "format", IMPLIED))
    elif javaformat:
        found.append(Task("format", f"{run} spring-javaformat:apply", (), javaformat, "format",
                          IMPLIED))
    if checkstyle:
        found.append(Task("lint", f"{run} checkstyle:check", (), checkstyle, "lint", IMPLIED))
    return found


def _configured_in(snapshot: Snapshot, plugin: str) -> str:
    """The pom that configures ``plugin``: the root's, else a module's the root lists (a
    parent module whose build every module inherits); "" when none does."""
    root = snapshot.text("pom.xml") or ""
    modules = [f"{m.strip('/')}/pom.xml" for m in _MODULE.findall(root)]
    return next((p for p in ("pom.xml", *modules) if plugin in (snapshot.text(p) or "")), "")
