"""Memory prepared without being asked, kept in the local state directory.

Background maintenance may not touch a tracked file, the index or a ref
(docs/design.md, "What runs unasked").  What it learns about a branch with
no memory yet is kept here, one file per branch under ``previews/``, and the
agent files show it for that branch until the branch has memory of its own.
It reaches git only through an explicit ``memorize`` or the branch's next
push, which read the commits again with the configured provider.  Stdlib only:
the checkout hook reads previews.
"""

from __future__ import annotations

import os

from gitmemory import files, state
from gitmemory.memory.filenames import name_for
from gitmemory.memory.markdown import Memory
from gitmemory.memory.read import parsed


def path(state_dir: str, branch: str) -> str:
    return state.PREVIEWS.at(state_dir, name_for(branch))


def store(state_dir: str, branch: str, text: str) -> str:
    """Keep ``text`` as ``branch``'s preview; its path."""
    target = path(state.ensure_dir(state_dir), branch)
    os.makedirs(os.path.dirname(target), mode=0o700, exist_ok=True)
    files.atomic_write(target, text, default_mode=0o600)
    return target


def load(state_dir: str, branch: str) -> Memory | None:
    """``branch``'s preview, or None."""
    try:
        text = files.read_text(path(state_dir, branch))
    except files.UnsafePath:
        return None
    return parsed(text, branch)


def discard(state_dir: str, branch: str) -> bool:
    return files.remove(path(state_dir, branch))


# -- bookkeeping that waits for a real change -------------------------------------------------

def _carry_path(state_dir: str, branch: str) -> str:
    return state.CARRIED.at(state_dir, name_for(branch))


def carry(state_dir: str, branch: str, text: str, base: str | None) -> None:
    """Keep ``text``, a run's result that changed no item (``Through:``, refs), for the
    next run to start from, as long as the memory file still reads ``base``.  Such
    bookkeeping rides along with the next real change instead of making a commit of
    its own (docs/design.md, "Hooks")."""
    target = _carry_path(state.ensure_dir(state_dir), branch)
    os.makedirs(os.path.dirname(target), mode=0o700, exist_ok=True)
    digest = files.text_digest(base or "")
    files.atomic_write(target, f"{digest}\n{text}", default_mode=0o600)


def carried(state_dir: str, branch: str, base: str | None) -> tuple[Memory, str] | None:
    """The carried memory and its text when the memory file still reads ``base``."""
    try:
        stored = files.read_text(_carry_path(state_dir, branch))
    except files.UnsafePath:
        return None
    digest, _, text = (stored or "").partition("\n")
    memory = parsed(text, branch) if digest == files.text_digest(base or "") else None
    return (memory, text) if memory is not None else None


def drop_carried(state_dir: str, branch: str) -> None:
    files.remove(_carry_path(state_dir, branch))


