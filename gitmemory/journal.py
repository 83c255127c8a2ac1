"""The local commit journal: one line per commit made, and per rewrite seen; and the
renames commits made of paths memory cites, in a file of their own (``renames``) that
the checkout reads when an item's paths are gone.

Lines are tab-separated (git refuses control characters in ref names) and are
appended with a single ``O_APPEND`` write, so hooks in several worktrees never
lose a line and never need a lock.
"""

from __future__ import annotations

from gitmemory import files, state


def path(state_dir: str) -> str:
    return state.JOURNAL.at(state_dir)


def record_commit(state_dir: str, sha: str, branch: str) -> None:
    state.ensure_dir(state_dir)
    state.append_line(path(state_dir), f"commit\t{sha}\t{branch}\t{state.now_iso()}")


def record_rewrites(state_dir: str, kind: str, pairs: list[tuple[str, str]]) -> None:
    if not pairs:
        return
    state.ensure_dir(state_dir)
    stamp = state.now_iso()
    lines = "\n".join(f"rewrite\t{old}\t{new}\t{kind}\t{stamp}" for old, new in pairs)
    state.append_line(path(state_dir), lines)


def entries(state_dir: str) -> list[list[str]]:
    text = files.read_text(path(state_dir)) or ""
    # split("\n"), not splitlines(): a branch name may hold U+2028 or U+0085
    return [line.split("\t") for line in text.split("\n") if line.count("\t") >= 3]


def direct_rewrites(state_dir: str) -> dict[str, str]:
    """old sha -> the sha one rewrite made of it (a squash maps several olds to one)."""
    return {e[1]: e[2] for e in entries(state_dir) if e[0] == "rewrite"}


def rewrite_map(state_dir: str) -> dict[str, str]:
    """old sha -> newest sha it was rewritten into (chains followed, cycles cut)."""
    direct = direct_rewrites(state_dir)
    resolved = {}
    for old, first in direct.items():
        seen = {old}
        new = first
        while new in direct and new not in seen:
            seen.add(new)
            new = direct[new]
        resolved[old] = new
    return resolved


def record_renames(state_dir: str, sha: str, pairs: list[tuple[str, str]]) -> None:
    """Remember that commit ``sha`` moved each ``old`` path of ``pairs`` to ``new``."""
    pairs = [(old, new) for old, new in pairs if "\t" not in old + new and
             "\n" not in old + new]
    if not pairs:
        return
    state.ensure_dir(state_dir)
    stamp = state.now_iso()
    state.append_line(state.RENAMES.at(state_dir),
                      "\n".join(f"{old}\t{new}\t{sha}\t{stamp}" for old, new in pairs))


def recorded_renames(state_dir: str) -> dict[str, str]:
    """old path -> the path it has now, as this clone's commits moved it (chains
    followed, in the order they were made; a move back undoes the first)."""
    text = files.read_text(state.RENAMES.at(state_dir)) or ""
    moves: dict[str, str] = {}
    for line in text.split("\n"):
        parts = line.split("\t")
        if len(parts) < 3:
            continue
        old, new = parts[0], parts[1]
        for key, value in list(moves.items()):
            if value == old:
                moves[key] = new
        moves[old] = new
    return {old: new for old, new in moves.items() if old != new}
