"""Java and Kotlin: Gradle and Maven, through their wrappers when the repository has them
(``./gradlew``, ``./mvnw``); the Java version (toolchain, release, source compatibility);
the formatter and checkstyle plugins it configures.
"""

from __future__ import annotations

import re

from gitmemory.reading.project.snapshot import Snapshot, table
from gitmemory.reading.project.task import IMPLIED, Task

GRADLE = ("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle")
_TOOLCHAIN = re.compile(r"(?:languageVersion(?:\.set)?\s*[(=]?\s*JavaLanguageVersion\.of\(\s*|"
                        r"jvmToolchain\(\s*|JavaVersion\.VERSION_(?:1_)?|"
                        r"(?:source|target)Compatibility\s*=\s*['\"]?(?:1\.)?)(\d+)")
_MAVEN_JAVA = re.compile(r"<(?:maven\.compiler\.release|maven\.compiler\.source|java\.version|"
                         r"release|maven\.compiler\.target|javaVersion|jdkVersion|jdk\.version|"
                         r"java\.release|javaReleaseVersion)>\s*(?:1\.)?(\d+)\s*<")
_WRAPPER = re.compile(r"gradle-(\d+(?:\.\d+)*)-(?:bin|all)\.zip")
_CATALOG = re.compile(r"(?:languageVersion(?:\.set)?\s*[(=]\s*|jvmToolchain\(\s*)libs\.versions\."
                      r"([\w.]+?)(?:\.get\(\)|\.map|\))")
_RELEASE = re.compile(r"release\.set\(\s*(\d+)\s*\)|options\.release\s*=\s*(\d+)")


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
        out = [("conventions", "Java: " + found[0], found[1])] if found else []
        wrapper = _WRAPPER.search(snapshot.text("gradle/wrapper/gradle-wrapper.properties") or "")
        if wrapper:
            out.append(("conventions", f"Gradle: {wrapper.group(1)} (the wrapper, `./gradlew`)",
                        ["gradle/wrapper/gradle-wrapper.properties"]))
        return out


def _java(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"21 (toolchain, build.gradle.kts); compiles for 8 (release)" and its files."""
    for path in (*GRADLE[:2], "pom.xml"):
        text = snapshot.text(path) or ""
        found = (_TOOLCHAIN if path != "pom.xml" else _MAVEN_JAVA).search(text)
        catalog = _CATALOG.search(text) if path != "pom.xml" else None
        version, paths = (found.group(1), [path]) if found else ("", [path])
        how = ("toolchain" if "oolchain" in found.group(0) else "release" if "release" in
               found.group(0) else "source/target") if found else "toolchain"
        if catalog and not found:
            versions = table(snapshot.toml("gradle/libs.versions.toml"), "versions")
            version = str(versions.get(catalog.group(1)) or "")
            paths.append("gradle/libs.versions.toml")
        if not version:
            continue
        said = f"{version} ({path}, {how})"
        release = _RELEASE.search(text)
        target = next((g for g in release.groups() if g), "") if release else ""
        if target and target != version:
            said += f"; compiles for {target} (release)"
        return said, paths
    return None


def _gradle(snapshot: Snapshot) -> list[Task]:
    build = next((g for g in GRADLE if snapshot.has(g)), "")
    if not build:
        return []
    run = "./gradlew" if snapshot.has("gradlew") else "gradle"
    source = "gradlew" if run == "./gradlew" else build
    text = " ".join(snapshot.text(g) or "" for g in GRADLE[:2])
    found = [Task("test", f"{run} test", (), source, "test", IMPLIED),
             Task("build", f"{run} build", (), source, "build", IMPLIED)]
    if "spotless" in text:
        found.append(Task("format", f"{run} spotlessApply", (), build, "format", IMPLIED))
    elif "ktlint" in text:
        found.append(Task("format", f"{run} ktlintFormat", (), build, "format", IMPLIED))
    if re.search(r"\bcheckstyle\b", text):
        found.append(Task("lint", f"{run} checkstyleMain", (), build, "lint", IMPLIED))
    return found


def _maven(snapshot: Snapshot) -> list[Task]:
    if not snapshot.has("pom.xml"):
        return []
    run = "./mvnw" if snapshot.has("mvnw") else "mvn"
    source = "mvnw" if run == "./mvnw" else "pom.xml"
    text = snapshot.text("pom.xml") or ""
    found = [Task("test", f"{run} test", (), source, "test", IMPLIED),
             Task("build", f"{run} package", (), source, "build", IMPLIED)]
    if "spotless-maven-plugin" in text:
        found.append(Task("format", f"{run} spotless:apply", (), "pom.xml", "format", IMPLIED))
    elif "spring-javaformat-maven-plugin" in text:
        found.append(Task("format", f"{run} spring-javaformat:apply", (), "pom.xml", "format",
                          IMPLIED))
    if "maven-checkstyle-plugin" in text:
        found.append(Task("lint", f"{run} checkstyle:check", (), "pom.xml", "lint", IMPLIED))
    return found
