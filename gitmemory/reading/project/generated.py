"""Generated files CI checks or commits itself, read from the GitHub workflows.

A job that runs a generator and then fails when the tree differs (``git diff --exit-code``,
``git status --porcelain`` with ``exit 1``, ``git diff --quiet``; a check that only opens a
pull request fails nothing) says: run that command and commit what it changes.  The
generator is the command a "Did you run X?" message in the check names, else the command
just before the check, on its line (``go generate ./... && git diff --quiet``), in its step
or the one before it, when it writes files (it generates, updates, syncs or formats, or has
an in-place flag such as ``-w``, ``-i``, ``--fix``, ``-u``): a build or a test run before a
check only proves the tree stays clean.  A job that runs a command and commits the result
with an auto-commit action says the opposite: CI makes those files (release jobs aside).
Named exactly or not at all (``ci_steps.tasks_of``).  A source kept beside the file compiled
from it (``x.tl`` beside ``x.lua``, most sources so) says where a change is made, and the
script calling the compiler how the output is made again; files kept beside their templates
(``x.go`` beside ``x.go.tmpl``) are a generator's output.  A step that runs a script of the
tree is read as the script's lines (``./.ci.gogenerate.sh`` runs ``go generate ./...``, then
fails when ``$(git diff)`` is not empty); a script of the tree that the step before the
check runs, when its name or its lines write files, is the generator as that step calls it
(``./scripts/generate.sh``, whose lines run the generator in each package): the whole script
is what CI ran, and its last line alone is not.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import shellwords
from gitmemory.reading.project.ci_steps import tasks_of, workflows
from gitmemory.reading.project.purposes import not_for_tests
from gitmemory.reading.project.snapshot import Snapshot, table

SLOTS = ("Generated code",)
_CHECK = lazy_regex(r"\bgit\s+(?:diff\b[^|;&]*--(?:exit-code|quiet)\b|diff-index\b[^|;&]*"
                    r"--quiet\b|status\b[^|;&]*--porcelain\b)|\$\(git\s+diff\b[^)|;&]*\)")
_ASKED = lazy_regex(r"\b[Dd]id you (?:forget to )?run ['\"`]?(\.?/?[\w./:-]+(?: [\w./:-]+)?)")
_AUTO_COMMIT = ("stefanzweifel/git-auto-commit-action", "EndBug/add-and-commit")
_INSTALLS = lazy_regex(r"^(?:npm (?:ci|install)|yarn(?: install)?$|pnpm install|pip install|"
                       r"python -m pip install|bundle install|go mod download|mix deps\.get|"
                       r"composer install|poetry install|uv sync|cargo fetch|dotnet restore)\b")
_WRITES = lazy_regex(r"gen|update|sync|tidy|fmt|format|bless|baseline|snippet|assemble|render|"
                     r"schema|(?:^|\s)(?:-[wiu]|--fix|--write|--update)(?:\s|$)", re.I)
_MAX_SHOWN = 3


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    checked: dict[str, str] = {}
    committed: list[tuple[str, str, str]] = []
    for path in workflows(snapshot):
        doc = snapshot.yaml(path)
        jobs = doc.get("jobs") if isinstance(doc, dict) else None
        for name, job in (jobs.items() if isinstance(jobs, dict) else []):
            if not isinstance(job, dict):
                continue
            steps = [s for s in (job.get("steps") or []) if isinstance(s, dict)]
            scripts = [_script_of(snapshot, s) for s in steps]
            for command in _checked(scripts, path):  # cited where it is written
                checked.setdefault(command, next(
                    (s["from"] for s in scripts if command in str(s.get("run")) and
                     "from" in s), path))
            if not not_for_tests(f"{path} {name} {job.get('name') or ''}"):
                committed += _committed(steps, path)
    said, paths = [], []
    if checked:
        shown = list(checked)[:_MAX_SHOWN]
        said.append("run " + ", ".join(f"`{c}`" for c in shown) + " and commit what "
                    + ("it changes" if len(shown) == 1 else "they change")
                    + ": CI fails when the tree then differs")
        paths += [checked[c] for c in shown]
    for command, message, path in committed[:1]:
        said.append(f"CI runs `{command}` and commits the result itself"
                    + (f" (`{message}`)" if message else ""))
        paths.append(path)
    compiled = _compiled(snapshot)
    if compiled:
        said.append(compiled[0])
        paths += compiled[1]
    templated = _templated(snapshot)
    if templated:
        said.append(templated)
    for bannered in (_bannered(snapshot), _manifests(snapshot)):
        if bannered:
            said.append(bannered[0])
            paths += bannered[1]
    if said:
        yield "conventions", "Generated code: " + "; ".join(said), list(dict.fromkeys(paths))


# Languages compiled to another whose output a project keeps in its tree beside the
# source (so that it runs where the compiler is not installed): (source extension, output
# extension, how the compiler is called in a script or a make recipe).
_COMPILED = ((".tl", ".lua", "tl gen", lazy_regex(r"(?:^|[\s;&|(])tl\s+gen\b", re.M)),
             (".moon", ".lua", "moonc", lazy_regex(r"(?:^|[\s;&|(])moonc\b", re.M)),
             (".fnl", ".lua", "fennel --compile",
              lazy_regex(r"(?:^|[\s;&|(])fennel\s+(?:-c|--compile)\b", re.M)),
             (".coffee", ".js", "coffee --compile",
              lazy_regex(r"(?:^|[\s;&|(])coffee\s+(?:-c|--compile)\b", re.M)))
_MIN_PAIRS = 3


def _compiled(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"the `.lua` files beside the `.tl` ones in `src/luarocks/` are compiled from them
    (89 pairs): edit the `.tl`, then regenerate with `./teal.sh` (runs `tl gen`) and commit
    both": a source kept beside the file compiled from it, most of them so, is where a
    change is made; the output is rewritten by the compiler, never by hand.  The script
    or task file that calls the compiler is named where the tree has one."""
    paths = set(snapshot.paths)
    for source, output, compiler, call in _COMPILED:
        sources = [p for p in snapshot.paths if p.endswith(source) and
                   not p.endswith(".d" + source)]
        pairs = [p for p in sources if p[:-len(source)] + output in paths]
        if len(pairs) < _MIN_PAIRS and pairs and len(pairs) == len(sources):
            named = _compiles_by_name(snapshot, call, pairs)
            if named:  # few pairs, each compiled by name: no coincidence
                made = ", ".join(f"`{p[:-len(source)] + output}`" for p in pairs)
                froms = ", ".join(f"`{p}`" for p in pairs)
                typed = f"`{compiler}` in the {named}" if named in _MAKEFILES else \
                    f"with `{named if '/' in named else './' + named}` (it runs `{compiler}`)"
                return (f"{made} {'is' if len(pairs) == 1 else 'are'} compiled from {froms}: "
                        f"edit the `{source}`, then regenerate "
                        + (f"({typed})" if named in _MAKEFILES else typed)
                        + " and commit both", [named])
        if len(pairs) < _MIN_PAIRS or 2 * len(pairs) < len(sources):
            continue
        where = posixpath.commonpath([posixpath.dirname(p) for p in pairs])
        inside = f" in `{where}/`" if where else ""
        text = (f"the `{output}` files beside the `{source}` ones{inside} are compiled from "
                f"them ({len(pairs)} pairs): edit the `{source}`, then regenerate")
        script = next((p for p in sorted(snapshot.texts) if _runs_scripts(p) and
                       call.search(snapshot.text(p) or "")), "")
        if script:
            typed = script if "/" in script or script in _MAKEFILES else f"./{script}"
            text += f" with `{typed}` (it runs `{compiler}`)" if script not in _MAKEFILES \
                else f" (`{compiler}` in the {script})"
        return text + " and commit both", [script or pairs[0]]
    return None


# A header saying the file itself was made by a program (sbt-github-actions, cargo-dist,
# gh-aw), not one mentioning something generated elsewhere ("based on a config generated
# by GitHub").
_BANNER = lazy_regex(r"^(?:This (?:file|workflow) (?:was|is|has been) )?(?:@?auto(?:matically)?"
                     r"[- ]?@?generated|generated automatically)\b|"
                     r"^This (?:[\w-]+ ){1,3}(?:was|is|has been) generated (?:by|with|via)\b",
                     re.I)
_HEADER_LINES = 8
_MAX_SENTENCE = 160


def _bannered(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"the ci.yml and clean.yml workflows say "This file was automatically generated by
    sbt-github-actions using the githubWorkflowGenerate task": change what generates
    them, never the files by hand": workflows whose opening comment says a program made
    them, grouped by that sentence (the first such group), kept as written."""
    by: dict[str, list[str]] = {}
    for path in workflows(snapshot):
        sentence = _banner(snapshot.text(path) or "")
        if sentence:
            by.setdefault(sentence, []).append(path)
    if not by:
        return None
    sentence, paths = next(iter(by.items()))
    names = [posixpath.basename(p) for p in paths]
    one = len(paths) == 1
    named = names[0] if one else ", ".join(names[:-1]) + " and " + names[-1]
    return (f"the {named} workflow{'' if one else 's'} {'says' if one else 'say'} "
            f"\"{sentence}\": change what generates {'it' if one else 'them'}, never the "
            f"{'file' if one else 'files'} by hand", paths)


def _banner(text: str, banner: re.Pattern[str] = _BANNER) -> str:
    """The first sentence of the comment a file opens with (``#`` lines, or Cabal's
    ``--`` after its ``cabal-version`` line), when it says a program made the file
    (``banner``); else ""."""
    comment: list[str] = []
    lines = text.splitlines()[:_HEADER_LINES]
    if lines and lines[0].startswith("cabal-version:"):
        lines = [line for line in lines[1:] if line.strip()]
    for line in lines:
        leader = "#" if line.startswith("#") else "--" if line.startswith("--") else ""
        if not leader:
            break
        comment.append(line[len(leader):].strip())
    # a paragraph that opens with a capital starts a sentence (haskell-ci's "generated by a
    # script via", its command indented below, then "To regenerate ...")
    joined = " ".join(w if not (n and not comment[n - 1] and w[:1].isupper()) else ". " + w
                      for n, w in enumerate(comment) if w).replace(" . ", ". ")
    sentence = re.split(r"(?<=[.!])\s", joined, maxsplit=1)[0].rstrip(".!")
    return sentence if banner.match(sentence) and len(sentence) <= _MAX_SENTENCE else ""


# A package manifest another file of the tree is generated into (hpack's .cabal from
# package.yaml, dune's .opam from dune-project), by the sentence its header opens with.
_MANIFEST = lazy_regex(r"^[^/]+\.(?:cabal|opam)$")
_MADE_FROM = lazy_regex(r"^This file (?:was|is|has been) (?:auto(?:matically)?[- ]?)?generated "
                        r"(?:from|by)\b", re.I)


def _manifests(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"knot.cabal says "This file has been generated from package.yaml by hpack ...":
    edit package.yaml, never knot.cabal by hand": the manifests at the top whose header
    says they were generated from a file the tree holds, grouped by that sentence (the
    first group), kept as written; the file it names is where a change is made."""
    by: dict[str, list[str]] = {}
    for path in sorted(p for p in snapshot.texts if _MANIFEST.match(p)):
        sentence = _banner(snapshot.text(path) or "", _MADE_FROM)
        if sentence:
            by.setdefault(sentence, []).append(path)
    for sentence, paths in by.items():
        # the last file it names: "generated by dune, edit dune-project instead" (a
        # top-level `dune` file is not what is meant)
        source = next((w for w in reversed([w.rstrip(".") for w in re.findall(
            r"[\w./-]+", sentence)]) if w not in paths and snapshot.has(w)), "")
        if not source:
            continue
        one = len(paths) == 1
        shown = paths[:_MAX_SHOWN]
        named = paths[0] if one else ", ".join(shown[:-1]) + " and " + shown[-1] \
            if len(paths) <= _MAX_SHOWN else \
            f"{', '.join(shown)} and {len(paths) - _MAX_SHOWN} more"
        return (f"{named} {'says' if one else 'say'} \"{sentence}\": edit {source}, never "
                f"{paths[0] if one else 'these files'} by hand", [*shown, source])
    return None


_MAKEFILES = ("Makefile", "GNUmakefile", "makefile")


def _compiles_by_name(snapshot: Snapshot, call: re.Pattern[str], sources: list[str]) -> str:
    """The script or make file whose compiler calls name every one of ``sources`` (``tl
    gen inspect.tl``), else ""."""
    for path in sorted(snapshot.texts):
        if not _runs_scripts(path):
            continue
        called = [line for line in (snapshot.text(path) or "").splitlines()
                  if call.search(line)]
        if called and all(any(re.search(rf"(?:^|[\s/]){re.escape(source)}(?:\s|$)", line)
                              for line in called) for source in sources):
            return path
    return ""
# A template kept beside the file generated from it (`assertion_format.go.tmpl` beside
# `assertion_format.go`).
_TEMPLATES = (".tmpl", ".tpl")
_MIN_TEMPLATED = 2
_SHOWN_TEMPLATED = 2


def _templated(snapshot: Snapshot) -> str:
    """"`assert/assertion_format.go`, `assert/assertion_forward.go` and 2 more are generated
    from the `.tmpl` template beside each: never edit them by hand": files the tree keeps
    beside their templates (two at least) are a generator's output."""
    paths = set(snapshot.paths)
    for ending in _TEMPLATES:
        made = sorted(p[:-len(ending)] for p in paths if p.endswith(ending) and
                      p[:-len(ending)] in paths and "." in posixpath.basename(p[:-len(ending)]))
        if len(made) >= _MIN_TEMPLATED:
            shown = ", ".join(f"`{p}`" for p in made[:_SHOWN_TEMPLATED])
            more = f" and {len(made) - _SHOWN_TEMPLATED} more" \
                if len(made) > _SHOWN_TEMPLATED else ""
            return f"{shown}{more} are generated from the `{ending}` template beside each: " \
                "never edit them by hand"
    return ""


def _script_of(snapshot: Snapshot, step: dict[str, Any]) -> dict[str, Any]:
    """A step that runs one script of the tree (``./.ci.gogenerate.sh``) as the script's
    own lines: a check it makes is the step's."""
    lines = _lines(step)
    words = shellwords.commands(lines[0]) if len(lines) == 1 else None
    name = posixpath.normpath(words[0][0]) if words and len(words) == 1 and \
        len(words[0]) == 1 and "/" in words[0][0] else ""
    text = snapshot.text(name) if name else None
    return {**step, "run": text, "from": name, "line": lines[0].strip()} if text else step


def _runs_scripts(path: str) -> bool:
    """A script at the top of the tree or in its scripts directory, or a make file."""
    return path in _MAKEFILES or ("/" not in path and path.endswith((".sh", ".bash"))) or (
        path.count("/") == 1 and path.startswith(("scripts/", "script/", "bin/", "tools/")))


def _lines(step: dict[str, Any]) -> list[str]:
    run = step.get("run")
    return shellwords.join_lines(run.splitlines()) if isinstance(run, str) else []


def _named(lines: list[str], path: str) -> list[str]:
    return [t.command for t in tasks_of(lines, "generate", path, {})
            if not _INSTALLS.match(t.command)]


def _checked(steps: list[dict[str, Any]], path: str) -> list[str]:
    """The generators whose output a job checks is committed."""
    out: list[str] = []
    for n, step in enumerate(steps):
        lines = _lines(step)
        for k, line in enumerate(lines):
            check = _CHECK.search(line)
            if not check or not _fails(check.group(0), line[check.end():], lines[k + 1:k + 4]):
                continue
            asked = next((m.group(1) for later in lines[k:k + 3]
                          if (m := _ASKED.search(later))), "")
            words = shellwords.commands(asked) if asked else None
            if words and len(words) == 1 and shellwords.tool(words[0]):
                out.append(shellwords.exact(words[0]))
                continue
            prior = steps[n - 1] if n and not k else {}
            if prior.get("from") and (_WRITES.search(prior["from"]) or any(
                    _WRITES.search(c) for c in _named(_lines(prior), path))):
                out.append(prior["line"])  # `./scripts/generate.sh`, as the step calls it
                continue
            # a generator on the check's own line first (`go generate ./... && git diff
            # --quiet || exit 1`) is the line's
            ahead = line[:check.start()].rstrip().removesuffix("&&").rstrip()
            before = _named([*lines[:k], *([ahead] if ahead else [])], path) or \
                (_named(_lines(prior), path) if prior else [])
            out += [c for c in before[-1:] if _WRITES.search(c)]
    return out


def _fails(check: str, rest: str, after: list[str]) -> bool:
    """Whether a differing tree fails the step: ``git diff --exit-code`` standing alone,
    or any check followed by ``exit 1`` (a test that ``$(git diff)`` is empty only so)."""
    if any("exit 1" in text for text in (rest, *after)):
        return True
    return "status" not in check and "||" not in rest and not check.startswith("$(")


def _committed(steps: list[dict[str, Any]], path: str) -> list[tuple[str, str, str]]:
    """(command, commit message, workflow) for a job that commits what a command made."""
    out = []
    for n, step in enumerate(steps):
        if str(step.get("uses") or "").split("@")[0] not in _AUTO_COMMIT:
            continue
        made = [c for earlier in steps[:n] for c in _named(_lines(earlier), path)]
        if made:
            given = table(step, "with")
            message = str(given.get("commit_message") or given.get("message") or "")
            out.append((made[-1], message if len(message) <= 60 else "", path))
    return out
