"""Code style: the formatter, the line length, how imports are sorted, indentation.

The formatter is the one the repository runs (a pre-commit hook, a task, a CI
step) or configures (``[tool.black]``, ``[tool.ruff.format]``); the line length
comes from its settings, flake8's, or ``.editorconfig``, else the
formatter's own default, named as such.
"""

from __future__ import annotations

import re
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import tool_configs
from gitmemory.reading.project.choose import catalog_of
from gitmemory.reading.project.snapshot import Snapshot, table

_DEFAULT_LENGTH = {"ruff format": 88, "black": 88}


def pre_commit_hooks(snapshot: Snapshot) -> tuple[list[str], str]:
    """The ids of the pre-commit hooks that ``pre-commit run`` runs on a commit, each once,
    and the config file they came from.  gitmemory's own hooks (post-checkout ...
    pre-push) and hooks whose ``stages`` leave out the commit are not among them."""
    for path in (".pre-commit-config.yaml", ".pre-commit-config.yml"):
        doc = snapshot.yaml(path)
        if isinstance(doc, dict):
            hooks = [str(hook["id"]) for repo in doc.get("repos") or [] if isinstance(repo, dict)
                     for hook in repo.get("hooks") or [] if isinstance(hook, dict) and
                     hook.get("id") and _on_commit(hook)]
            return list(dict.fromkeys(hooks)), path
    return [], ""


_OTHER_STAGES = ("pre-push", "commit-msg", "prepare-commit-msg", "post-checkout", "post-merge")


def pre_commit_stages(snapshot: Snapshot) -> list[tuple[str, list[str]]]:
    """(stage, hook ids) for the git hooks other than a commit's that pre-commit hooks run
    at (``stages: [pre-push]``); ``manual`` hooks run at none."""
    for path in (".pre-commit-config.yaml", ".pre-commit-config.yml"):
        doc = snapshot.yaml(path)
        if isinstance(doc, dict):
            hooks = [hook for repo in doc.get("repos") or [] if isinstance(repo, dict)
                     for hook in repo.get("hooks") or [] if isinstance(hook, dict) and
                     hook.get("id") and not str(hook["id"]).startswith("gitmemory-") and
                     isinstance(hook.get("stages"), list)]
            return [(stage, ids) for stage in _OTHER_STAGES if (ids := list(dict.fromkeys(
                str(h["id"]) for h in hooks if stage in h["stages"] or
                (stage == "pre-push" and "push" in h["stages"]))))]
    return []


def _on_commit(hook: dict[str, Any]) -> bool:
    stages = hook.get("stages")
    return not str(hook["id"]).startswith("gitmemory-") and (
        not isinstance(stages, list) or any(s in ("pre-commit", "commit") for s in stages))


def _formatter(snapshot: Snapshot) -> tuple[str, str]:
    """The formatter a hook, a task or a CI step runs, or the tool table configures."""
    tool = table(snapshot.toml("pyproject.toml"), "tool")
    hooks, hooks_path = pre_commit_hooks(snapshot)
    ran = [(r, t.source) for t in catalog_of(snapshot).tasks for r in (t.runs or (t.command,))]
    for name, hook, table_name in (("ruff format", "ruff-format", "ruff"),
                                   ("black", "black", "black"), ("yapf", "yapf", "yapf")):
        if hook in hooks:
            return name, hooks_path
        source = next((src for r, src in ran if r == name or r.startswith(name + " ")), "")
        if source:
            return name, source
        if (table_name == "black" and "black" in tool) or \
                (table_name == "ruff" and "format" in table(tool, "ruff")):
            return name, "pyproject.toml"
    return "", ""


def _line_length(snapshot: Snapshot, formatter: str) -> tuple[str, str]:
    tool = table(snapshot.toml("pyproject.toml"), "tool")
    for value, path in ((table(tool, "ruff").get("line-length"), "pyproject.toml"),
                        (snapshot.toml("ruff.toml").get("line-length"), "ruff.toml"),
                        (table(tool, "black").get("line-length"), "pyproject.toml")):
        if value:
            return str(value), path
    for path, section in ((".flake8", "flake8"), ("setup.cfg", "flake8"), ("tox.ini", "flake8")):
        ini = snapshot.ini(path)
        if ini.has_option(section, "max-line-length"):
            return ini.get(section, "max-line-length"), path
    editor = snapshot.ini(".editorconfig")
    for section in ("*", "*.py", "*.{py,pyi}"):
        if editor.has_option(section, "max_line_length"):
            return editor.get(section, "max_line_length"), ".editorconfig"
    if formatter in _DEFAULT_LENGTH:
        return f"{_DEFAULT_LENGTH[formatter]} ({formatter.split(maxsplit=1)[0]}'s default)", ""
    return "", ""


def _imports(snapshot: Snapshot) -> tuple[str, str]:
    tool = table(snapshot.toml("pyproject.toml"), "tool")
    ruff_isort = table(tool, "ruff", "lint", "isort") or table(tool, "ruff", "isort")
    if ruff_isort.get("force-single-line"):
        return "imports one per line (ruff's `isort.force-single-line`)", "pyproject.toml"
    isort = table(tool, "isort") or (dict(snapshot.ini(".isort.cfg").items("settings"))
                                     if snapshot.ini(".isort.cfg").has_section("settings")
                                     else {})
    if isort.get("force_single_line") in (True, "true", "True"):
        return "imports one per line (isort `force_single_line`)", "pyproject.toml"
    if isort.get("profile"):
        return f"imports sorted by isort (profile `{isort['profile']}`)", "pyproject.toml"
    if ruff_isort.get("combine-as-imports"):
        return "imports sorted by ruff, `combine-as-imports`", "pyproject.toml"
    return "", ""


def _indent(snapshot: Snapshot) -> str:
    """"4-space indents (2 for css, html, js, json ...)" from .editorconfig; "2-space indents
    for rb" when only some files' section sets them; "tab indents (2 spaces for yml)" when
    every file's section sets tabs; "2-space indents (tabs for go)" when one kind of file
    sets tabs under spaces for every file."""
    editor = snapshot.ini(".editorconfig")
    tabs = editor.get("*", "indent_style", fallback="").strip().lower() == "tab"
    # a section's size is its spaces', unless it uses tabs (a size then is their width),
    # as it does when it sets no style under a [*] that sets tabs
    sized = [s for s in editor.sections() if s != "*" and editor.has_option(s, "indent_size")
             and editor.get(s, "indent_style", fallback="tab" if tabs else "space")
             .strip().lower() != "tab"]
    if tabs:
        return "tab indents" + (f" ({editor.get(sized[0], 'indent_size')} spaces for "
                                f"{_kinds(sized[0])})" if sized else "")
    # a section that sets tabs where the others indent with spaces (Go's `[*.go]`); not
    # make's, whose syntax needs them
    kinds = next((_kinds(s) for s in editor.sections() if s != "*" and
                  editor.get(s, "indent_style", fallback="").strip().lower() == "tab" and
                  not _MAKE.search(s)), "")
    tabbed = f"tabs for {kinds}" if kinds else ""
    if not editor.has_option("*", "indent_size"):
        if not sized:
            return f"tab indents for {kinds}" if kinds else ""
        text = f"{editor.get(sized[0], 'indent_size')}-space indents for {_kinds(sized[0])}"
        return f"{text}; {tabbed}" if tabbed else text
    size = editor.get("*", "indent_size")
    other = next((f"{editor.get(s, 'indent_size')} for {_kinds(s)}" for s in sized
                  if editor.get(s, "indent_size") != size), "")
    notes = ", ".join(n for n in (tabbed, other) if n)
    return f"{size}-space indents" + (f" ({notes})" if notes else "")


_MAKE = lazy_regex(r"makefile|\bmk\b", re.I)


def _kinds(section: str) -> str:
    """"js, json, yml, yaml ..." for an .editorconfig section such as ``[*.{js,json}]``."""
    kinds = [k.strip() for k in section.strip("*.{}").split(",") if k.strip()]
    return ", ".join(kinds[:4]) + (" ..." if len(kinds) > 4 else "")


_RUSTFMT = ("rustfmt.toml", ".rustfmt.toml")
_MAX_SETTINGS = 4


def _rustfmt(snapshot: Snapshot) -> tuple[str, str]:
    """"rustfmt settings `style_edition = "2024"`, ..." as rustfmt.toml sets them: a
    setting that is not rustfmt's default shapes every line cargo fmt writes."""
    for path in _RUSTFMT:
        settings = [(k, v) for k, v in snapshot.toml(path).items()
                    if isinstance(v, (str, int, bool)) and not isinstance(v, dict)]
        if settings:
            shown = [f"`{k} = {_toml_value(v)}`" for k, v in settings[:_MAX_SETTINGS]]
            more = f" and {len(settings) - _MAX_SETTINGS} more" \
                if len(settings) > _MAX_SETTINGS else ""
            return "rustfmt settings " + ", ".join(shown) + more, path
    return "", ""


def _toml_value(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return f'"{value}"' if isinstance(value, str) else str(value)


def code_style(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """("conventions", "Code style: ...", paths) or None when nothing says."""
    rustfmt, rustfmt_path = _rustfmt(snapshot)
    formatter, where = _formatter(snapshot)
    length, length_path = _line_length(snapshot, formatter)
    tools = [t for t in tool_configs.configured(snapshot) if t[2] not in _RUSTFMT]
    if not length:
        length, length_path = tool_configs.line_length(snapshot, tools)
    imports, imports_path = _imports(snapshot)
    prettier, prettier_path = tool_configs.prettier(snapshot, tools)
    if not prettier:
        prettier, prettier_path = tool_configs.dprint(snapshot, tools)
    indent = _indent(snapshot)
    configured = tool_configs.said(tools)
    if formatter and configured.startswith("formatted with "):
        configured = configured.replace("formatted with ", f"formatted with `{formatter}`, ", 1)
        formatter = ""
    parts = [f"formatted with `{formatter}`" if formatter else "", configured,
             f"line length {length}" if length else "", imports, rustfmt, prettier,
             indent]
    parts = [p for p in parts if p]
    if not parts:
        return None
    paths = [where, *(t[2] for t in tools), length_path, imports_path, rustfmt_path,
             prettier_path, ".editorconfig" if indent else ""]
    return "conventions", "Code style: " + "; ".join(parts), list(dict.fromkeys(
        p for p in paths if p))
