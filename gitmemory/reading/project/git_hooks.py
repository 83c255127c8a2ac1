"""Which git hook runs what: pre-commit, lefthook, husky, simple-git-hooks, lint-staged.

One item, ``Hooks: ...``, naming each hook manager the repository configures, the
git hook (``pre-commit``, ``pre-push``, ``commit-msg``) and the commands it runs,
as its file writes them (``lefthook.yml``: ``pre-push`` runs ``go test -v ./...``,
``golangci-lint run``).  pre-commit's hooks are named by id, those a commit runs
first, then those of other stages.  gitmemory's own hooks are never among them.

A hook the project keeps as a file of its own is named by the task that installs it:
a Makefile's or justfile's recipe, or a package.json script, that links or copies a file
of the tree into ``.git/hooks/`` (``just installcommithook`` links ``tools/commitlint``
as the commit-msg hook), or points git at a directory of hooks (``git config
core.hooksPath .githooks``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import shellwords
from gitmemory.reading.project.runners import JUSTFILES, MAKEFILES
from gitmemory.reading.project.snapshot import Snapshot, strings, table
from gitmemory.reading.project.style import pre_commit_hooks, pre_commit_stages

SLOTS = ("Hooks",)
LEFTHOOK = ("lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml")
LINT_STAGED = (".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yml", ".lintstagedrc.yaml")
HUSKY = lazy_regex(r"^\.husky/(pre-commit|pre-push|commit-msg|prepare-commit-msg|post-merge|"
                   r"post-checkout)$")
_GIT_HOOKS = ("pre-commit", "prepare-commit-msg", "commit-msg", "pre-push", "post-merge",
              "post-checkout", "post-commit", "pre-rebase")
_MAX_RUNS = 4
_MAX_RUN = 80  # characters of one command shown
_HUSKY_SETUP = lazy_regex(r"^\s*(?:#|\.\s|source\s|set\s|exit\b|$)|husky\.sh")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    parts: list[str] = []
    paths: list[str] = []
    for found in (_pre_commit(snapshot), _lefthook(snapshot), _husky(snapshot),
                  _simple_git_hooks(snapshot), _installed(snapshot)):
        if found:
            parts.append(found[0])
            paths += found[1]
    if parts:
        staged = _lint_staged(snapshot)
        if staged and any("lint-staged" in p for p in parts):
            parts.append(staged[0])
            paths += staged[1]
        yield "conventions", "Hooks: " + "; ".join(parts), list(dict.fromkeys(paths))


def _runs(commands: list[str]) -> str:
    shown = [" ".join(c.split()) for c in commands if c.strip()]
    shown = [c if len(c) <= _MAX_RUN else c[:_MAX_RUN].rsplit(" ", 1)[0] + " ..."
             for c in shown]
    more = f" and {len(shown) - _MAX_RUNS} more" if len(shown) > _MAX_RUNS else ""
    return ", ".join(f"`{c}`" for c in shown[:_MAX_RUNS]) + more


def _pre_commit(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    hooks, path = pre_commit_hooks(snapshot)
    other = pre_commit_stages(snapshot)
    said = [f"`pre-commit run --all-files` runs {', '.join(hooks[:10])}"
            + (f" and {len(hooks) - 10} more" if len(hooks) > 10 else "")] if hooks else []
    said += [f"at {stage} pre-commit runs {', '.join(ids[:6])}" for stage, ids in other]
    return ("; ".join(said), [path]) if said else None


def _lefthook(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    for path in LEFTHOOK:
        doc = snapshot.yaml(path)
        if not isinstance(doc, dict):
            continue
        said = [f"{hook} runs {_runs(runs)}" for hook in _GIT_HOOKS
                if (runs := _lefthook_runs(doc.get(hook)))]
        return (f"lefthook ({path}): " + ", ".join(said), [path]) if said else None
    return None


def _lefthook_runs(hook: Any) -> list[str]:
    """The ``run`` lines of a lefthook hook's ``commands`` (a table) and ``jobs`` (a list)."""
    if not isinstance(hook, dict):
        return []
    commands = hook.get("commands")
    entries = list(commands.values()) if isinstance(commands, dict) else []
    entries += [j for j in hook.get("jobs") or [] if isinstance(j, dict)]
    return [str(e["run"]).strip().splitlines()[0] for e in entries
            if isinstance(e, dict) and isinstance(e.get("run"), str) and e["run"].strip()]


def _husky(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    found = sorted((p for p in snapshot.texts if HUSKY.match(p)),
                   key=lambda p: _GIT_HOOKS.index(p.split("/")[1]))
    said, paths = [], []
    for path in found:
        runs = [line.strip().rstrip(";").strip() for line in (snapshot.text(path) or ""
                                                              ).splitlines()
                if not _HUSKY_SETUP.search(line) and _program(line)]
        if runs:
            said.append(f"{path.split('/')[1]} runs {_runs(runs)}")
            paths.append(path)
    hooks = table(table(snapshot.json("package.json"), "husky"), "hooks")  # husky 4
    for hook in _GIT_HOOKS:
        if isinstance(hooks.get(hook), str) and hooks[hook].strip():
            said.append(f"{hook} runs {_runs([hooks[hook]])}")
            paths.append("package.json")
    return ("husky: " + ", ".join(said), list(dict.fromkeys(paths))) if said else None


def _program(line: str) -> bool:
    """Whether a hook script's line starts a program (``pnpm lint-staged``), not shell
    plumbing (``if``, ``echo``, ``git status``, ``fi``)."""
    words = line.strip().rstrip(";").split()
    return bool(words) and bool(shellwords.tool(words)) and not line.rstrip().endswith(
        ("then", "do", "\\", "{"))


def _simple_git_hooks(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    hooks = table(snapshot.json("package.json"), "simple-git-hooks")
    said = [f"{hook} runs {_runs([hooks[hook]])}" for hook in _GIT_HOOKS
            if isinstance(hooks.get(hook), str) and hooks[hook].strip()]
    return ("simple-git-hooks: " + ", ".join(said), ["package.json"]) if said else None


def _lint_staged(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """lint-staged's globs and what each runs on the staged files that match."""
    config, path = table(snapshot.json("package.json"), "lint-staged"), "package.json"
    for candidate in LINT_STAGED:
        if config:
            break
        parsed = snapshot.json(candidate) if not candidate.endswith(("yml", "yaml")) else \
            snapshot.yaml(candidate)
        if not isinstance(parsed, dict) and candidate == ".lintstagedrc":
            parsed = snapshot.yaml(candidate)
        config, path = (parsed, candidate) if isinstance(parsed, dict) else ({}, path)
    said = [f"{_runs(strings(runs))} on `{glob}`" for glob, runs in list(config.items())[:4]
            if strings(runs)]
    return ("lint-staged runs " + "; ".join(said), [path]) if said else None


# A command that installs a file of the tree as a git hook: a link or a copy into
# `.git/hooks/` (`ln -sf ../../tools/commitlint .git/hooks/commit-msg`), or git pointed
# at a directory of hooks (`git config core.hooksPath .githooks`).
_LINKS = lazy_regex(r"\b(ln|cp|install)\b(?:\s+-\S+)*\s+['\"]?([^\s'\"]+)['\"]?\s+['\"]?"
                    r"(?:\S*/)?\.git/hooks(?:/([\w-]*))?")
_HOOKS_PATH = lazy_regex(r"\bgit\s+config\s+(?:--local\s+)?core\.hooksPath\s+['\"]?"
                         r"([^\s'\";&|]+)")
# A recipe's first line in a Makefile or a justfile: `name:`, `name arg:`, just's `@name:`
_RECIPE = lazy_regex(r"^@?([A-Za-z0-9_][\w.-]*)(?:\s+(?![?:+!]?=)[^:#\n]*)?:(?![=:])")
_HERE = ("$(pwd)/", "${PWD}/", "$PWD/", "$(CURDIR)/", "$(shell pwd)/", "`pwd`/")


def _installed(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """The project's own hooks, by the task that installs them."""
    said: list[str] = []
    paths: list[str] = []
    for command, line, path in _recipe_lines(snapshot):
        for match in _LINKS.finditer(line):
            installed = _file_of(snapshot, match.group(2), match.group(1) == "ln")
            hook = match.group(3) or posixpath.basename(installed)
            if installed and hook in _GIT_HOOKS:
                said.append(f"`{command}` installs `{installed}` as the {hook} hook")
                paths += [path, installed]
        found = _HOOKS_PATH.search(line)
        directory = posixpath.normpath(found.group(1)) if found else ""
        hooks = [h for h in _GIT_HOOKS if snapshot.has(f"{directory}/{h}")]
        if hooks:
            said.append(f"`{command}` points git at the hooks in `{directory}/` "
                        f"({', '.join(hooks)})")
            paths += [path, *(f"{directory}/{h}" for h in hooks)]
    said = list(dict.fromkeys(said))
    return ("; ".join(said[:2]), list(dict.fromkeys(paths))) if said else None


def _file_of(snapshot: Snapshot, source: str, link: bool) -> str:
    """The file of the tree a link or copy into ``.git/hooks/`` installs: a symbolic
    link's target is read from the hooks directory (``../../tools/x``), a copy's from the
    top."""
    for prefix in _HERE:
        source = source.removeprefix(prefix)
    for base in ((".git/hooks", "") if link else ("",)):
        name = posixpath.normpath(posixpath.join(base, source))
        if not name.startswith(("..", "/")) and snapshot.has(name):
            return name
    return ""


def _recipe_lines(snapshot: Snapshot) -> Iterable[tuple[str, str, str]]:
    """(the command that runs it, a line of its body, the file) for each recipe of the
    Makefile and the justfile at the top, and each script of package.json."""
    for files, runner in ((MAKEFILES, "make"), (JUSTFILES, "just")):
        path = next((f for f in files if snapshot.text(f) is not None), "")
        name = ""
        for line in (snapshot.text(path) or "").splitlines() if path else []:
            if line[:1] in (" ", "\t"):
                if name and not line.strip().startswith("#"):
                    yield f"{runner} {name}", line, path
                continue
            recipe = _RECIPE.match(line)
            name = recipe.group(1) if recipe and not line.startswith(".") else \
                "" if line.strip() and not line.startswith("#") else name
    scripts = table(snapshot.json("package.json"), "scripts")
    for name, value in scripts.items():
        if isinstance(value, str):
            yield f"npm run {name}", value, "package.json"
