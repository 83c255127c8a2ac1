"""How a command a session ran ended: it passed, it is wrong, or what it ran failed.

A run that ended with status 0 passed.  A failure is the command's own (it does not
run as written here: :data:`WRONG`) only when the program it starts says so, with the
status that program gives for it, about what the command named: no such make target,
npm, pnpm, yarn or bun script, tox env, nox session, just recipe, go-task or rake
task, Gradle task, Maven phase or cargo subcommand; no project, solution, manifest or
build directory where the command looks for one; the program itself not found by the
shell.  Each program's rule reads its own words, so the output of the tests it ran (a
failing test that prints "not found", a recipe whose tool is missing) is never taken
for one: anything else is :data:`FAILED`, the work's failure, which changes nothing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

PASSED, WRONG, FAILED = "passed", "wrong", "failed"

Rule = Callable[[list[str], int, str], bool]


def judge(words: list[str], code: int, output: str) -> str:
    """:data:`PASSED`, :data:`WRONG` or :data:`FAILED` for ``words`` (a command, one
    simple command) of a run that ended with ``code`` and printed ``output``: wrong only
    when what the tool says is missing is one of ``words`` (or the program, or the project
    file where it runs), so that judging an item's words of a run that added more (``pytest
    -q tests/nope.py``) never takes an added word's fault for the item's."""
    if code == 0:
        return PASSED
    if not words:
        return FAILED
    if _not_found(words[0], code, output):
        return WRONG
    rule = RULES.get(program(words[0]))
    return WRONG if rule is not None and rule(words, code, output) else FAILED


def program(word: str) -> str:
    """The program a command's first word starts, by name (``./gradlew`` is ``gradle``,
    ``python3.12`` is ``python``)."""
    name = os.path.basename(word)
    name = {"gradlew": "gradle", "mvnw": "mvn", "gmake": "make", "py.test": "pytest"
            }.get(name, name)
    return "python" if re.fullmatch(r"python[\d.]*", name) else name


def _not_found(head: str, code: int, output: str) -> bool:
    """The shell could not start ``head`` (status 127 and the shell's own line naming it:
    bash, dash and zsh each word it their way)."""
    if code != 127:
        return False
    name = re.escape(head)
    return re.search(rf"(?m)(?:^|: ){name}: (?:command not found|not found|No such file or "
                     rf"directory)\s*$|command not found: {name}\s*$", output) is not None


def _says(output: str, *patterns: str) -> bool:
    return any(re.search(p, output) for p in patterns)


def _named(output: str, pattern: str, words: list[str]) -> bool:
    """Whether the tool's line ``pattern`` names (its group 1) one of ``words``, or what a
    word names last (``:app:check`` names ``check``)."""
    return any(name in words or any(w.endswith(":" + name) for w in words)
               for name in re.findall(pattern, output))


def _after(words: list[str], valued: frozenset[str] = frozenset()) -> list[str]:
    """The words after the program that are not options (nor an option's value, for the
    options in ``valued``) nor ``NAME=value`` assignments."""
    out, skip = [], False
    for word in words[1:]:
        if skip:
            skip = False
        elif word == "--":
            break
        elif word.startswith("-"):
            skip = word in valued
        elif "=" not in word:
            out.append(word)
    return out


def _first(words: list[str], valued: frozenset[str] = frozenset()) -> str:
    found = _after(words, valued)
    return found[0] if found else ""


_MAKE_VALUED = frozenset({"-C", "-f", "--file", "--makefile", "--directory", "-I",
                          "--include-dir", "-o", "-W", "--old-file", "--what-if"})


def _make(words: list[str], code: int, output: str) -> bool:
    target = _first(words, _MAKE_VALUED)
    if not target:
        return code == 2 and "No targets specified and no makefile found" in output
    name = re.escape(target)
    return code == 2 and _says(output, rf"No rule to make target [`'\u2018]{name}['\u2019]\.\s+"
                                       r"Stop\.", rf"don't know how to make {name}\b")


def _script(words: list[str], *, run_words: tuple[str, ...] = ("run", "run-script", "rum",
                                                               "urn")) -> str:
    """The script a package manager's command runs: ``npm test`` -> ``test``, ``npm run
    x`` -> ``x``, ``pnpm x`` -> ``x``."""
    rest = _after(words, frozenset({"--prefix", "-C", "--dir", "--filter", "--cwd"}))
    if rest[:1] and rest[0] in run_words:
        rest = rest[1:]
    return rest[0] if rest else ""


def _npm(words: list[str], code: int, output: str) -> bool:
    script = re.escape(_script(words))
    return bool(script) and _says(
        output, rf"npm (?:ERR!|error) [Mm]issing script: \"?{script}\"?(?:\s|$)",
        r"npm (?:ERR!|error) .*Could not read package\.json",
        rf"npm (?:ERR!|error) Unknown command: \"?{script}\"?(?:\s|$)")


def _pnpm(words: list[str], code: int, output: str) -> bool:
    script = re.escape(_script(words))
    return bool(script) and _says(
        output, rf"ERR_PNPM_NO_SCRIPT\s+Missing script: \"?{script}\"?(?:\s|$)",
        rf"ERR_PNPM_RECURSIVE_EXEC_FIRST_FAIL\s+Command \"{script}\" not found",
        r"ERR_PNPM_NO_IMPORTER_MANIFEST_FOUND")


def _yarn(words: list[str], code: int, output: str) -> bool:
    script = re.escape(_script(words))
    return bool(script) and _says(
        output, rf"error Command \"{script}\" not found", rf"Couldn't find a script named "
        rf"\"{script}\"", r"Couldn't find a package\.json file")


def _bun(words: list[str], code: int, output: str) -> bool:
    script = re.escape(_script(words))
    return bool(script) and _says(output, rf"error: Script not found \"{script}\"",
                                  rf"error: Missing script \"{script}\"")


def _cargo(words: list[str], code: int, output: str) -> bool:
    sub = re.escape(_first([w for w in words if not w.startswith("+")],
                           frozenset({"--manifest-path", "-Z", "--config"})))
    return _says(output, rf"error: no such (?:sub)?command: `{sub}`",
                 r"error: could not find `Cargo\.toml` in")


def _gives(words: list[str], *options: str) -> bool:
    """Whether ``words`` give one of ``options`` (``-e lint``, ``-elint``, ``--env=lint``)."""
    return any(w.startswith(o) for w in words[1:] for o in options)


def _tox(words: list[str], code: int, output: str) -> bool:
    """An env the command names is not in the configuration."""
    return _gives(words, "-e", "--env") and _says(
        output, r"provided environments not found in configuration file",
        r"ERROR: unknown environment '")


def _nox(words: list[str], code: int, output: str) -> bool:
    return _says(output, r"Failed to load Noxfile", r"Noxfile .* not found") or \
        (_gives(words, "-s", "--session", "-e") and _says(output, r"Sessions? not found: "))


def _python(words: list[str], code: int, output: str) -> bool:
    if words[1:2] == ["-m"] and len(words) > 2:
        if words[2] in ("tox", "nox"):
            return (_tox if words[2] == "tox" else _nox)(words[2:], code, output)
        return _says(output, rf"(?m)^\S*: No module named {re.escape(words[2])}\s*$")
    script = _first(words, frozenset({"-W", "-X", "-c"}))
    return bool(script) and "-c" not in words and _says(
        output, rf"can't open file '[^']*{re.escape(script)}': \[Errno 2\]")


def _just(words: list[str], code: int, output: str) -> bool:
    recipe = re.escape(_first(words, frozenset({"-f", "--justfile", "-d",
                                                "--working-directory"})))
    return _says(output, r"error: No justfile found",
                 *[rf"Justfile does not contain recipe `{recipe}`"] * bool(recipe))


def _task(words: list[str], code: int, output: str) -> bool:
    name = re.escape(_first(words, frozenset({"-t", "--taskfile", "-d", "--dir"})))
    return _says(output, r"task: No Taskfile found",
                 *[rf"task: Task \"{name}\" does not exist"] * bool(name))


def _rake(words: list[str], code: int, output: str) -> bool:
    name = re.escape(_first(words, frozenset({"-f", "--rakefile", "-C", "--directory"})))
    return _says(output, r"No Rakefile found",
                 *[rf"Don't know how to build task '{name}'"] * bool(name))


def _dotnet(words: list[str], code: int, output: str) -> bool:
    return _says(output, r"\bMSB1003\b", r"\bMSB1011\b",
                 r"Could not execute because the specified command or file was not found") or \
        ("MSB1009" in output and _named(output, r"(?m)^Switch: (\S+)\s*$", words))


def _go(words: list[str], code: int, output: str) -> bool:
    sub = re.escape(_first(words))
    return _says(output, r"go\.mod file not found in current directory or any parent",
                 r"go: cannot find main module", rf"go {sub}: unknown command")


def _gradle(words: list[str], code: int, output: str) -> bool:
    return _says(output, r"does not contain a Gradle build",
                 r"is not part of the build defined by") or \
        _named(output, r"[Tt]ask '([^']+)' not found in (?:root )?project", words)


def _mvn(words: list[str], code: int, output: str) -> bool:
    return _says(output, r"there is no POM in this directory") or \
        _named(output, r"Unknown lifecycle phase \"([^\"]+)\"", words) or \
        any(w.startswith(f"{prefix}:") for w in words
            for prefix in re.findall(r"No plugin found for prefix '([^']+)'", output))


def _cmake(words: list[str], code: int, output: str) -> bool:
    """``cmake --build dir`` before the configure step that makes ``dir``."""
    return "--build" in words and _says(output, r"Error: .* is not a directory",
                                         r"Error: could not load cache")


def _pytest(words: list[str], code: int, output: str) -> bool:
    return code == 4 and _named(output, r"ERROR: file or directory not found: (\S+)", words)


def _wrapped(word: str) -> Rule:
    """``uv run X``, ``poetry run X``, ``bundle exec X``, ``npx X``: the wrapper's own
    line that it could not start X."""
    def rule(words: list[str], code: int, output: str) -> bool:
        inner = words[words.index(word) + 1:] if word in words else []
        if not inner:
            return False
        name = re.escape(inner[0])
        return _says(output, rf"error: Failed to spawn: `{name}`", rf"Command not found: {name}",
                     rf"bundler: command not found: {name}",
                     r"npm (?:ERR!|error) could not determine executable to run")
    return rule


RULES: dict[str, Rule] = {
    "make": _make, "npm": _npm, "pnpm": _pnpm, "yarn": _yarn, "bun": _bun, "cargo": _cargo,
    "tox": _tox, "nox": _nox, "python": _python, "just": _just, "task": _task, "rake": _rake,
    "dotnet": _dotnet, "go": _go, "gradle": _gradle, "mvn": _mvn, "cmake": _cmake,
    "pytest": _pytest, "uv": _wrapped("run"), "poetry": _wrapped("run"),
    "bundle": _wrapped("exec"), "npx": _wrapped("npx"),
}
