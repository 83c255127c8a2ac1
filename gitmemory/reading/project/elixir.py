"""Elixir: mix.exs's aliases (``mix <alias>``, with the tasks each runs), the tasks mix
always has (``mix deps.get``, ``mix compile``, ``mix test`` where there are tests, ``mix
format`` where ``.formatter.exs`` says how), Credo, Dialyxir and ExDoc where the project
depends on them, the Elixir and OTP versions (mix.exs, ``.tool-versions``).
"""

from __future__ import annotations

import posixpath
import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task, make_task

_ALIASES = lazy_regex(r"(?:defp?\s+aliases(?:\(\s*\))?\s*,?\s*do:?\s*|aliases:\s*)\[")
_KEY = lazy_regex(r"""\s*(?:"([\w.:-]+)"|([a-z_][\w.]*[?!]?)):\s+""")
_STRING = lazy_regex(r'"((?:[^"\\]|\\.)*)"')
_ELIXIR = lazy_regex(r"""\belixir:\s*(?:"([^"]+)"|@(\w+))""")
_DEP = lazy_regex(r"\{\s*:(\w+)\s*,")
_NESTED = lazy_regex(r"^(?:[^/]+/){1,2}mix\.exs$")
_OUTSIDE = lazy_regex(r"(?:^|/)(?:deps|_build|test|fixtures?|examples?|templates?|priv)/")
MAX_PROJECTS = 8


class Elixir:
    name = "elixir"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("mix.exs")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        text = snapshot.text("mix.exs") or ""
        found = [make_task(name, f"mix {name}", [f"mix {c}" for c in calls], "mix.exs")
                 for name, calls in aliases(text).items()]
        if "ex_check" in _DEP.findall(text) and not any(t.name == "check" for t in found):
            found.append(_ex_check(snapshot))
        return found

    def implied(self, snapshot: Snapshot) -> list[Task]:
        deps = set(_DEP.findall(snapshot.text("mix.exs") or ""))
        found = [Task("setup", "mix deps.get", (), "mix.exs", "setup", IMPLIED),
                 Task("build", "mix compile", (), "mix.exs", "build", IMPLIED)]
        umbrella = "apps_path:" in (snapshot.text("mix.exs") or "")  # runs every app's tests
        if snapshot.has("test/test_helper.exs") or umbrella:
            found.append(Task("test", "mix test", (), "mix.exs", "test", IMPLIED))
        if snapshot.has(".formatter.exs"):
            found.append(Task("format", "mix format", (), ".formatter.exs", "format", IMPLIED))
        if "credo" in deps or snapshot.has(".credo.exs"):
            source = ".credo.exs" if snapshot.has(".credo.exs") else "mix.exs"
            found.append(Task("lint", "mix credo", (), source, "lint", IMPLIED))
        if "dialyxir" in deps:
            found.append(Task("typecheck", "mix dialyzer", (), "mix.exs", "typecheck", IMPLIED))
        if "ex_doc" in deps:
            # said in words: `MIX_ENV=docs` is a variable no file of the tree names
            env = _only_env(snapshot.text("mix.exs") or "", "ex_doc", "docs")
            found.append(Task("docs", "mix docs", (), "mix.exs", "docs", IMPLIED, note=(
                f"in the {env} environment (MIX_ENV; ex_doc is a dependency there only)"
                if env else "")))
        return found

    def packages(self, snapshot: Snapshot) -> list[tuple[str, list[Task]]]:
        """The mix projects below the top (an umbrella's ``apps/*``, an installer): each
        runs ``mix test`` in its own directory where it has tests."""
        out = []
        for path in sorted(p for p in snapshot.paths if _NESTED.match(p) and
                           not _OUTSIDE.search(p))[:MAX_PROJECTS]:
            directory = posixpath.dirname(path)
            if snapshot.has(f"{directory}/test/test_helper.exs"):
                out.append((directory, [Task("test", "mix test", (), path, "test", IMPLIED,
                                             directory)]))
        return out

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        text = snapshot.text("mix.exs") or ""
        parts: list[str] = []
        paths: list[str] = []
        wanted = _ELIXIR.search(text)
        if wanted:
            version = wanted.group(1) or _attribute(text, wanted.group(2))
            if version:
                parts.append(f"`{version}` (mix.exs `elixir`)")
                paths.append("mix.exs")
        tools = snapshot.text(".tool-versions") or ""
        pins = [(label, m.group(1)) for label, tool in (("Elixir", "elixir"), ("OTP", "erlang"))
                if (m := re.search(rf"^{tool}\s+(\S+)", tools, re.M))]
        if pins:
            parts.append("pinned to " + ", ".join(f"{label} {v}" for label, v in pins) +
                         " (.tool-versions)")
            paths.append(".tool-versions")
        return [("conventions", "Elixir: " + "; ".join(parts), paths)] if parts else []


def _ex_check(snapshot: Snapshot) -> Task:
    """``mix check``, the task the ex_check dependency adds: its documented entry point,
    which runs the compiler, the tests and the code analysis tools it finds, as
    ``.check.exs`` configures them (cited with mix.exs where it is kept)."""
    configured = snapshot.has(".check.exs")
    return Task("ex_check", "mix check", (), ".check.exs" if configured else "mix.exs",
                also=("mix.exs",) if configured else (), doc=(
                    "ex_check: the compiler, the tests and the analysis tools" +
                    (", as .check.exs configures them" if configured else "")))


def _attribute(text: str, name: str) -> str:
    found = re.search(rf'^\s*@{re.escape(name)}\s+"([^"]+)"', text, re.M)
    return found.group(1) if found else ""


def aliases(text: str) -> dict[str, list[str]]:
    """{alias: the mix tasks it runs} of a mix.exs's ``aliases`` keyword list; a function
    it calls (``&copy/1``) is not a task and is left out."""
    start = _ALIASES.search(text)
    if not start:
        return {}
    body = _list_at(text, start.end())
    out: dict[str, list[str]] = {}
    for entry in _top_level(body):
        key = _KEY.match(entry)
        if key:
            value = entry[key.end():]
            out[key.group(1) or key.group(2)] = [s for s in _STRING.findall(value)
                                                 if s.strip()]
    return out


def _list_at(text: str, start: int) -> str:
    """The text of the list opened just before ``start``, comments dropped."""
    depth, out = 1, []
    in_string = False
    i = start
    while i < len(text) and depth:
        ch = text[i]
        if in_string:
            if ch == "\\":
                out.append(text[i:i + 2])
                i += 2
                continue
            in_string = ch != '"'
        elif ch == '"':
            in_string = True
        elif ch == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if depth:
            out.append(ch)
        i += 1
    return "".join(out)


def _top_level(body: str) -> list[str]:
    """The entries of a list body, split at its own commas."""
    entries, depth, start, in_string = [], 0, 0, False
    for i, ch in enumerate(body):
        if in_string:
            in_string = ch != '"' or body[i - 1] == "\\"
        elif ch == '"':
            in_string = True
        elif ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        elif ch == "," and depth == 0:
            entries.append(body[start:i])
            start = i + 1
    entries.append(body[start:])
    return [e for e in entries if e.strip()]


_ONLY = lazy_regex(r"\bonly:\s*(\[[^\]]*\]|:\w+)")


def _only_env(text: str, dep: str, task: str) -> str:
    """The environment ``mix <task>`` must run in: the first of the environments the
    dependency providing it is limited to (``{:ex_doc, only: :docs}``), "" when it is
    a dependency in dev (the default) or the project prefers an environment for the
    task itself (``preferred_cli_env``, ``cli: [preferred_envs: ...]``)."""
    start = re.search(rf"\{{\s*:{re.escape(dep)}\s*,", text)
    if not start:
        return ""
    end = text.find("}", start.end())
    only = _ONLY.search(text[start.end():end if end >= 0 else None])
    if not only:
        return ""
    envs: list[str] = re.findall(r":(\w+)", only.group(1))
    if not envs or "dev" in envs or re.search(
            rf"preferred_(?:cli_)?envs?:\s*\[[^\]]*\b{re.escape(task)}\"?:", text):
        return ""
    return envs[0]

