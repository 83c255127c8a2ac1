"""Java and Kotlin: Gradle and Maven, through their wrappers when the repository has them
(``./gradlew``, ``./mvnw``); the Java version (toolchain, release, source compatibility);
the formatter and checkstyle plugins it configures.
"""

from __future__ import annotations

import re

from gitmemory.offline.bootstrap.snapshot import Snapshot
from gitmemory.offline.bootstrap.task import IMPLIED, Task

GRADLE = ("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle")
_TOOLCHAIN = re.compile(r"(?:languageVersion(?:\.set)?\s*[(=]?\s*JavaLanguageVersion\.of\(\s*|"
                        r"jvmToolchain\(\s*|JavaVersion\.VERSION_(?:1_)?|"
                        r"(?:source|target)Compatibility\s*=\s*['\"]?(?:1\.)?)(\d+)")
_MAVEN_JAVA = re.compile(r"<(?:maven\.compiler\.release|maven\.compiler\.source|java\.version|"
                         r"release|maven\.compiler\.target|javaVersion)>\s*(?:1\.)?(\d+)\s*<")
_WRAPPER = re.compile(r"gradle-(\d+(?:\.\d+)*)-(?:bin|all)\.zip")


class Jvm:
    name = "jvm"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("pom.xml") or any(snapshot.has(g) for g in GRADLE)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        return [*_gradle(snapshot), *_maven(snapshot)]

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        parts: list[str] = []
        paths: list[str] = []
        for path in (*GRADLE[:2], "pom.xml"):
            text = snapshot.text(path) or ""
            found = (_TOOLCHAIN if path != "pom.xml" else _MAVEN_JAVA).search(text)
            if found:
                how = "toolchain" if "oolchain" in found.group(0) else "release" \
                    if "release" in found.group(0) else "source/target"
                parts.append(f"{found.group(1)} ({path}, {how})")
                paths.append(path)
                break
        wrapper = _WRAPPER.search(snapshot.text("gradle/wrapper/gradle-wrapper.properties") or "")
        if wrapper:
            parts.append(f"Gradle {wrapper.group(1)} (wrapper)")
            paths.append("gradle/wrapper/gradle-wrapper.properties")
        if not parts:
            return []
        return [("facts", "Java: " + "; ".join(parts), paths)]


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
    return found
