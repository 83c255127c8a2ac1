"""Commands a session's run withdrew (``.git/gitmemory/sessions/withdrawn.json``).

When a session shows that a memory item's command does not run here, the item
leaves the branch's memory; the repository's own files may still name it (a
target defined for CI only), and the next fresh reading would write it back.
This clone remembers the withdrawal, with the files the command was read from,
until a commit of its branch changes one of them, or a file the fresh reading
now reads the command from: then the files say something new and the reading
stands.  A command that replaced it is in the memory file
itself (it cites the session).
"""

from __future__ import annotations

from gitmemory import state

MAX_KEPT = 200


class Withdrawal:
    """One withdrawn command: its branch, slot and command, the item's section, text and
    files, the session that ran it, and the item that replaced it ("" for none)."""

    __slots__ = ("branch", "command", "paths", "replacement", "section", "session", "slot",
                 "text")

    def __init__(self, branch: str, slot: str, command: str, *, section: str, text: str,
                 paths: tuple[str, ...], session: str, replacement: str = "") -> None:
        self.branch, self.slot, self.command = branch, slot, command
        self.section, self.text, self.paths = section, text, paths
        self.session, self.replacement = session, replacement

    def to_dict(self) -> dict[str, object]:
        return {name: list(self.paths) if name == "paths" else getattr(self, name)
                for name in self.__slots__}

    def __repr__(self) -> str:
        return f"Withdrawal({self.branch!r}, {self.slot!r}, {self.command!r})"


def load(state_dir: str) -> list[Withdrawal]:
    return [w for w in map(_read, state.read_list(state.WITHDRAWN.at(state_dir)))
            if w is not None]


def _read(entry: object) -> Withdrawal | None:
    if not isinstance(entry, dict):
        return None
    names = ("branch", "slot", "command", "section", "text", "session", "replacement")
    values = {name: entry.get(name, "") for name in names}
    paths = entry.get("paths")
    if not all(isinstance(v, str) for v in values.values()) or not isinstance(paths, list):
        return None
    text = {k: str(v) for k, v in values.items()}
    return Withdrawal(text["branch"], text["slot"], text["command"], section=text["section"],
                      text=text["text"], paths=tuple(p for p in paths if isinstance(p, str)),
                      session=text["session"], replacement=text["replacement"])


def save(state_dir: str, kept: list[Withdrawal]) -> None:
    state.write_list(state.WITHDRAWN.at(state_dir), [w.to_dict() for w in kept[-MAX_KEPT:]])
