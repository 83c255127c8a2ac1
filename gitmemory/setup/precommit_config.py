"""Adding gitmemory's hooks to a ``.pre-commit-config.yaml`` without losing a byte of it.

A YAML dumper would drop the user's comments and layout, so the file is
edited as text at the places PyYAML's composer marks (the way pre-commit
edits its own configuration): the end of a list to extend, the line before
the first key, the brackets of a flow list.  New lines copy the layout the
file already uses.  The result is read back and must equal the original data
plus exactly the intended additions; an edit that does not is refused, never
written.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from gitmemory.errors import GitmemoryError
from gitmemory.setup.native import HOOKS

if TYPE_CHECKING:
    from yaml.nodes import MappingNode, Node, SequenceNode

FILE_NAME = ".pre-commit-config.yaml"
HOOK_IDS = tuple(f"gitmemory-{hook}" for hook in HOOKS)
TYPES_KEY = "default_install_hook_types"
IMPLICIT_TYPES = ("pre-commit",)  # what pre-commit installs when TYPES_KEY is absent

Data = dict[str, Any]


class _Edit:
    """The text being edited, the node tree it was composed to, the data the edit must
    produce, and the insertions so far (offset, text), applied together at the end."""

    def __init__(self, text: str) -> None:
        import yaml

        self.data = load(text)
        self.text = text if not text or text.endswith("\n") else text + "\n"
        self.root: MappingNode | None = yaml.compose(self.text) if self.data else None
        self.expected = copy.deepcopy(self.data)
        self.inserts: list[tuple[int, int, str]] = []  # (start, end, replacement)
        self.changes: list[str] = []

    def value(self, key: str) -> Node | None:
        for key_node, value_node in self.root.value if self.root else ():
            if key_node.value == key:
                return value_node
        return None

    def result(self) -> str:
        text = self.text
        for start, end, new in sorted(self.inserts, reverse=True):
            text = text[:start] + new + text[end:]
        return text


def add_hooks(text: str | None, repo_url: str, rev: str) -> tuple[str, list[str]]:
    """``text`` with gitmemory's hooks added, and one line per change ([] = none needed)."""
    original = text or ""
    crlf = "\r\n" in original and original.count("\r\n") == original.count("\n")
    edit = _Edit(original.replace("\r\n", "\n") if crlf else original)
    _add_repo(edit, repo_url, rev)
    _add_types(edit)
    if not edit.changes:
        return original, []
    edited = edit.result()
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
        raise _invalid(first) from None
    except RecursionError:  # PyYAML's pure-Python composer recurses once per level
        raise _invalid("nested too deeply to read") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise GitmemoryError(f"{FILE_NAME} does not hold a mapping at the top level",
                             hint="see https://pre-commit.com/#plugins")
    return data


def _invalid(reason: str) -> GitmemoryError:
    return GitmemoryError(f"{FILE_NAME} is not valid YAML: {reason}",
                          hint="fix it (pre-commit validate-config), then run init again")


def _cannot(reason: str) -> GitmemoryError:
    return GitmemoryError(f"cannot add gitmemory to {FILE_NAME} safely: {reason}",
                          hint="add the entry by hand as docs/quickstart.md shows")


# default_install_hook_types -------------------------------------------------------------

def _add_types(edit: _Edit) -> None:
    if TYPES_KEY not in edit.data:
        wanted = [*(IMPLICIT_TYPES if _other_hooks(edit.data) else ()), *HOOKS]
        at = _line_begin(edit.text, edit.root.value[0][0].start_mark.index) if edit.root else 0
        edit.inserts.append((at, at, f"{TYPES_KEY}: [{', '.join(wanted)}]\n"))
        edit.expected[TYPES_KEY] = wanted
        edit.changes.append(f"{TYPES_KEY}: set to {', '.join(wanted)}")
        return
    current = edit.data[TYPES_KEY]
    node = edit.value(TYPES_KEY)
    if not isinstance(current, list) or not all(isinstance(t, str) for t in current) or \
            not _is_sequence(node):
        raise _cannot(f"{TYPES_KEY} is not a list of hook types")
    missing = [hook for hook in HOOKS if hook not in current]
    if not missing:
        return
    _extend(edit, node, missing)
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
    repos = edit.data.get("repos")
    if repos is not None and not isinstance(repos, list):
        raise _cannot("repos is not a list")
    found = _find_ours(repos)
    if found is not None:
        _add_ids(edit, *found)
        return
    edit.expected["repos"] = [*(repos or []),
                              {"repo": url, "rev": rev, "hooks": [{"id": i} for i in HOOK_IDS]}]
    edit.changes.append(f"repos: added {url} at {rev} with hooks {', '.join(HOOK_IDS)}")
    node = edit.value("repos")
    if node is None or not repos:  # no key, `repos:` with nothing, or `repos: []`
        _new_repos(edit, node, url, rev)
        return
    if not _is_sequence(node) or node.flow_style:
        raise _cannot("repos is written in a way gitmemory does not edit")
    first = node.value[0]
    dash, gap = _dash(edit.text, first)
    child = first.start_mark.column  # where the entry's keys start
    hooks = [v for k, v in first.value if k.value == "hooks"] if _is_mapping(first) else []
    items = hooks[0].value if hooks and _is_sequence(hooks[0]) and hooks[0].value else []
    ids_dash, ids_gap = _dash(edit.text, items[0]) if items else (child + 2, 1)
    lines = _entry(url, rev, lead=" " * dash + "-" + " " * gap, child=child,
                   offset=ids_dash - child, id_gap=ids_gap)
    at = _after(edit.text, node.value[-1])
    edit.inserts.append((at, at, lines))


def _new_repos(edit: _Edit, node: Node | None, url: str, rev: str) -> None:
    lines = _entry(url, rev, lead="  - ", child=4, offset=2, id_gap=1)
    if node is None:  # no `repos:` at all: a new key at the end
        at = len(edit.text)
        edit.inserts.append((at, at, ("\n" if edit.text.strip() else "") + "repos:\n" + lines))
        return
    if _is_sequence(node) and node.flow_style:  # `repos: []` becomes a block list
        start = node.start_mark.index
        while edit.text[start - 1] == " ":
            start -= 1
        edit.inserts.append((start, node.end_mark.index, ""))
    at = _line_end(edit.text, node.end_mark.index)
    edit.inserts.append((at, at, lines))


def _add_ids(edit: _Edit, index: int, present: set[str]) -> None:
    missing = [hook_id for hook_id in HOOK_IDS if hook_id not in present]
    if not missing:
        return
    hooks = edit.expected["repos"][index]["hooks"]
    after = max(i for i, h in enumerate(hooks) if isinstance(h, dict) and h.get("id") in HOOK_IDS)
    hooks[after + 1:after + 1] = [{"id": hook_id} for hook_id in missing]
    entry = edit.value("repos").value[index]  # type: ignore[union-attr]
    node = next(v for k, v in entry.value if k.value == "hooks")
    if node.flow_style:
        raise _cannot("the gitmemory hook ids are written in a way gitmemory does not edit")
    dash, gap = _dash(edit.text, node.value[after])
    at = _after(edit.text, node.value[after])
    edit.inserts.append((at, at, "".join(f"{' ' * dash}-{' ' * gap}id: {i}\n" for i in missing)))
    edit.changes.append(f"repos: added hooks {', '.join(missing)} to the gitmemory entry")


def _entry(url: str, rev: str, *, lead: str, child: int, offset: int, id_gap: int) -> str:
    """A repository entry: ``lead`` is the dash line's start, ``child`` the keys' column,
    ``offset`` the hook ids' dash relative to ``hooks:``."""
    pad, ids = " " * child, " " * (child + offset) + "-" + " " * id_gap
    return (f"{lead}repo: {scalar(url)}\n{pad}rev: {scalar(rev)}\n{pad}hooks:\n"
            + "".join(f"{ids}id: {hook_id}\n" for hook_id in HOOK_IDS))


# text at the composer's marks ------------------------------------------------------------

def _extend(edit: _Edit, node: SequenceNode, items: list[str]) -> None:
    """Append plain ``items`` to the list ``node``, in its own style."""
    if node.flow_style:
        close = edit.text.rindex("]", node.start_mark.index, node.end_mark.index)
        joined = ", ".join(items)
        edit.inserts.append((close, close, f", {joined}" if node.value else joined))
        return
    if not node.value:
        raise _cannot("an empty block list")
    dash, gap = _dash(edit.text, node.value[-1])
    at = _after(edit.text, node.value[-1])
    edit.inserts.append((at, at, "".join(f"{' ' * dash}-{' ' * gap}{item}\n" for item in items)))


def _dash(text: str, item: Node) -> tuple[int, int]:
    """(column of the dash before the block list item ``item``, spaces after it)."""
    start = item.start_mark.index
    dash = text.rindex("-", _line_begin(text, start), start)
    return dash - _line_begin(text, start), start - dash - 1


def _after(text: str, node: Node) -> int:
    """Where a line after ``node`` (its last line, inline comment included) starts."""
    while getattr(node, "value", None) and isinstance(node.value, list):
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    end = node.end_mark.index
    return end if end and text[end - 1] == "\n" else _line_end(text, end)


def _line_begin(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    found = text.find("\n", index)
    return len(text) if found < 0 else found + 1


def _is_sequence(node: Node | None) -> bool:
    from yaml.nodes import SequenceNode

    return isinstance(node, SequenceNode)


def _is_mapping(node: Node | None) -> bool:
    from yaml.nodes import MappingNode

    return isinstance(node, MappingNode)


def scalar(value: str) -> str:
    """``value`` as a YAML scalar: plain when that reads back as the same string."""
    import yaml

    try:
        plain = "\n" not in value and yaml.safe_load(value) == value
    except yaml.YAMLError:
        plain = False
    return value if plain else "'" + value.replace("'", "''") + "'"
