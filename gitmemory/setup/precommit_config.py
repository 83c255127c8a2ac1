"""Adding gitmemory's hooks to a ``.pre-commit-config.yaml`` without losing a byte of it.

The file is edited as text, because a YAML dumper would drop the user's
comments and layout: a missing ``default_install_hook_types`` line or list
item, a missing repository entry or hook id is inserted in the style the file
already uses, and nothing else moves.  The result is then read back with
PyYAML (which pre-commit depends on) and must equal the original data plus
exactly the intended additions; an edit that does not is refused, never written.
"""

from __future__ import annotations

import copy
import re
from typing import Any, NamedTuple

from gitmemory.errors import GitmemoryError
from gitmemory.setup.native import HOOKS

FILE_NAME = ".pre-commit-config.yaml"
HOOK_IDS = tuple(f"gitmemory-{hook}" for hook in HOOKS)
TYPES_KEY = "default_install_hook_types"
IMPLICIT_TYPES = ("pre-commit",)  # what pre-commit installs when TYPES_KEY is absent

_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:(?:\s|$)")
_ITEM = re.compile(r"^(\s*)-(\s+)\S")
_REPO_ITEM = re.compile(r"^(\s*)-(\s+)repo\s*:")
_HOOKS_KEY = re.compile(r"^(\s*)hooks\s*:\s*(#.*)?$")
_OUR_ID = re.compile(r"""^(\s*)-(\s+)id\s*:\s*['"]?(gitmemory-[\w-]+)['"]?\s*(#.*)?$""")
_FLOW = re.compile(r"^\s*\[(.*)\](\s*(?:#.*)?)$")
_EMPTY = re.compile(r"^\s*(#.*)?$")

Data = dict[str, Any]


class Style(NamedTuple):
    """How the file lays out a repository entry."""

    indent: str = "  "  # before the dash of a ``- repo:`` item
    gap: str = " "  # between that dash and ``repo:``
    offset: int = 2  # indent of ``- id:`` items relative to ``hooks:``
    id_gap: str = " "


class _Edit:
    """The file's lines being edited, its data, and the data the edit must produce."""

    def __init__(self, text: str) -> None:
        self.data = load(text)
        self.lines = text.splitlines(keepends=True)
        if self.lines and not self.lines[-1].endswith("\n"):
            self.lines[-1] += "\n"
        self.expected = copy.deepcopy(self.data)
        self.changes: list[str] = []


def add_hooks(text: str | None, repo_url: str, rev: str) -> tuple[str, list[str]]:
    """``text`` with gitmemory's hooks added, and one line per change ([] = none needed)."""
    original = text or ""
    crlf = "\r\n" in original and original.count("\r\n") == original.count("\n")
    edit = _Edit(original.replace("\r\n", "\n") if crlf else original)
    _add_repo(edit, repo_url, rev)
    _add_types(edit)
    if not edit.changes:
        return original, []
    edited = "".join(edit.lines)
    if load(edited) != edit.expected:
        raise _cannot("the edit would change more than it should")
    return edited.replace("\n", "\r\n") if crlf else edited, edit.changes


def pinned(text: str | None) -> tuple[str, str] | None:
    """(repo, rev) of the entry that holds gitmemory's hooks, if the file has one."""
    if not text:
        return None
    data = load(text)
    found = _find_ours(data.get("repos"))
    if found is None:
        return None
    entry = data["repos"][found[0]]
    return str(entry.get("repo", "")), str(entry.get("rev", ""))


def load(text: str) -> Data:
    """The file's data; {} for an empty file."""
    import yaml

    try:
        data = yaml.safe_load(text) if text.strip() else None
    except yaml.YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else "parse error"
        raise GitmemoryError(f"{FILE_NAME} is not valid YAML: {first}",
                             hint="fix it (pre-commit validate-config), then run init again"
                             ) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise GitmemoryError(f"{FILE_NAME} does not hold a mapping at the top level",
                             hint="see https://pre-commit.com/#plugins")
    return data


def _cannot(reason: str) -> GitmemoryError:
    return GitmemoryError(f"cannot add gitmemory to {FILE_NAME} safely: {reason}",
                          hint="add the entry by hand as docs/quickstart.md shows")


# default_install_hook_types -------------------------------------------------------------

def _add_types(edit: _Edit) -> None:
    lines, data = edit.lines, edit.data
    if TYPES_KEY not in data:
        wanted = [*(IMPLICIT_TYPES if _other_hooks(data) else ()), *HOOKS]
        lines.insert(_first_key_line(lines), f"{TYPES_KEY}: [{', '.join(wanted)}]\n")
        edit.expected[TYPES_KEY] = wanted
        edit.changes.append(f"{TYPES_KEY}: set to {', '.join(wanted)}")
        return
    current = data[TYPES_KEY]
    if not isinstance(current, list) or not all(isinstance(t, str) for t in current):
        raise _cannot(f"{TYPES_KEY} is not a list of hook types")
    missing = [hook for hook in HOOKS if hook not in current]
    if not missing:
        return
    _extend_list(lines, _top_key_index(lines, TYPES_KEY), missing)
    edit.expected[TYPES_KEY] = [*current, *missing]
    edit.changes.append(f"{TYPES_KEY}: added {', '.join(missing)}")


def _other_hooks(data: Data) -> bool:
    """Whether the file already runs hooks of its own (then pre-commit's default type stays)."""
    for repo in data.get("repos") or []:
        hooks = repo.get("hooks") if isinstance(repo, dict) else None
        for hook in hooks if isinstance(hooks, list) else []:
            if not (isinstance(hook, dict) and hook.get("id") in HOOK_IDS):
                return True
    return False


def _first_key_line(lines: list[str]) -> int:
    for index, line in enumerate(lines):
        if _TOP_KEY.match(line):
            return index
    return len(lines)


def _top_key_index(lines: list[str], key: str) -> int:
    for index, line in enumerate(lines):
        match = _TOP_KEY.match(line)
        if match and match.group(1) == key:
            return index
    raise _cannot(f"{key} is written in a way gitmemory does not edit")


def _value_after_colon(line: str) -> str:
    return line.split(":", 1)[1].rstrip("\n")


def _extend_list(lines: list[str], key_line: int, items: list[str]) -> None:
    """Append ``items`` to the list under ``lines[key_line]``, flow or block style."""
    rest = _value_after_colon(lines[key_line])
    flow = _FLOW.match(rest)
    if flow:
        inner = flow.group(1).rstrip()
        joined = ", ".join(items)
        inner = f"{inner}, {joined}" if inner.strip() else joined
        head = lines[key_line].split(":", 1)[0]
        lines[key_line] = f"{head}: [{inner}]{flow.group(2)}\n"
        return
    if not _EMPTY.match(rest):
        raise _cannot(f"the list after {lines[key_line].split(':', 1)[0].strip()} "
                      "is written in a way gitmemory does not edit")
    last, indent, gap = _block_items(lines, key_line)
    if last is None:
        raise _cannot("an empty block list")
    for offset, item in enumerate(items, start=1):
        lines.insert(last + offset, f"{indent}-{gap}{item}\n")


def _block_items(lines: list[str], key_line: int) -> tuple[int | None, str, str]:
    """The last line of the block sequence under ``key_line``, its indent and dash gap."""
    last, indent, gap = None, "", " "
    for index in range(key_line + 1, len(lines)):
        line = lines[index]
        if _EMPTY.match(line):
            continue
        match = _ITEM.match(line)
        if match and (last is None or match.group(1) == indent):
            last, indent, gap = index, match.group(1), match.group(2)
            continue
        break
    return last, indent, gap


# repos ---------------------------------------------------------------------------------

def _find_ours(repos: object) -> tuple[int, set[str]] | None:
    """(index of the repository entry that holds gitmemory hooks, the ids it holds)."""
    for index, repo in enumerate(repos if isinstance(repos, list) else []):
        hooks = repo.get("hooks") if isinstance(repo, dict) else None
        ids = {h.get("id") for h in hooks if isinstance(h, dict)} if isinstance(hooks, list) \
            else set()
        present = {i for i in ids if i in HOOK_IDS}
        if present:
            return index, present
    return None


def _add_repo(edit: _Edit, url: str, rev: str) -> None:
    lines, expected, changes = edit.lines, edit.expected, edit.changes
    repos = edit.data.get("repos")
    if repos is not None and not isinstance(repos, list):
        raise _cannot("repos is not a list")
    found = _find_ours(repos)
    if found is not None:
        index, present = found
        missing = [hook_id for hook_id in HOOK_IDS if hook_id not in present]
        if missing:
            hooks = expected["repos"][index]["hooks"]
            after = max(i for i, h in enumerate(hooks)
                        if isinstance(h, dict) and h.get("id") in HOOK_IDS)
            hooks[after + 1:after + 1] = [{"id": hook_id} for hook_id in missing]
            _insert_ids(lines, missing)
            changes.append(f"repos: added hooks {', '.join(missing)} to the gitmemory entry")
        return
    expected["repos"] = [*(repos or []),
                         {"repo": url, "rev": rev, "hooks": [{"id": i} for i in HOOK_IDS]}]
    _append_entry(lines, url, rev)
    changes.append(f"repos: added {url} at {rev} with hooks {', '.join(HOOK_IDS)}")


def _insert_ids(lines: list[str], missing: list[str]) -> None:
    last = None
    for index, line in enumerate(lines):
        match = _OUR_ID.match(line)
        if match and match.group(3) in HOOK_IDS:
            last, indent, gap = index, match.group(1), match.group(2)
    if last is None:
        raise _cannot("the gitmemory hook ids are written in a way gitmemory does not edit")
    end = last + 1
    while end < len(lines) and lines[end].strip() and _indent(lines[end]) > len(indent):
        end += 1
    for offset, hook_id in enumerate(missing):
        lines.insert(end + offset, f"{indent}-{gap}id: {hook_id}\n")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _append_entry(lines: list[str], url: str, rev: str) -> None:
    try:
        key_line = _top_key_index(lines, "repos")
    except GitmemoryError:
        key_line = None
    if key_line is None:
        if lines and lines[-1].strip():
            lines.append("\n")
        lines.append("repos:\n")
        lines.extend(_entry_lines(url, rev, Style()))
        return
    rest = _value_after_colon(lines[key_line])
    flow = _FLOW.match(rest)
    if flow and not flow.group(1).strip():
        lines[key_line] = f"repos:{flow.group(2)}\n"
    elif not _EMPTY.match(rest):
        raise _cannot("repos is written in a way gitmemory does not edit")
    end = _block_end(lines, key_line)
    lines[end:end] = _entry_lines(url, rev, _style(lines, key_line))


def _block_end(lines: list[str], key_line: int) -> int:
    """Where a new item of the top-level block under ``key_line`` goes."""
    for index in range(key_line + 1, len(lines)):
        line = lines[index]
        if _EMPTY.match(line) or line[0] in " -":
            continue
        end = index
        while end > key_line + 1 and (not lines[end - 1].strip() or lines[end - 1][0] == "#"):
            end -= 1
        return end
    return len(lines)


def _style(lines: list[str], key_line: int) -> Style:
    """The layout of the repository entries under ``key_line`` (defaults when there are none)."""
    indent, gap, offset, id_gap = Style()
    for index in range(key_line + 1, len(lines)):
        match = _REPO_ITEM.match(lines[index])
        if match:
            indent, gap = match.group(1), match.group(2)
            break
    for index in range(key_line + 1, len(lines) - 1):
        hooks = _HOOKS_KEY.match(lines[index])
        item = _ITEM.match(lines[index + 1]) if hooks else None
        if hooks and item:
            offset = len(item.group(1)) - len(hooks.group(1))
            id_gap = item.group(2)
            break
    return Style(indent, gap, max(offset, 0), id_gap)


def _entry_lines(url: str, rev: str, style: Style) -> list[str]:
    child = " " * (len(style.indent) + 1 + len(style.gap))
    items = child + " " * style.offset
    return [f"{style.indent}-{style.gap}repo: {scalar(url)}\n", f"{child}rev: {scalar(rev)}\n",
            f"{child}hooks:\n",
            *(f"{items}-{style.id_gap}id: {hook_id}\n" for hook_id in HOOK_IDS)]


def scalar(value: str) -> str:
    """``value`` as a YAML scalar: plain when that reads back as the same string."""
    import yaml

    try:
        plain = "\n" not in value and yaml.safe_load(value) == value
    except yaml.YAMLError:
        plain = False
    return value if plain else "'" + value.replace("'", "''") + "'"
