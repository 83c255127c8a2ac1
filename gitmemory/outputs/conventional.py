"""A conventional commit's type before a subject ("fix: ...", "feat(cli)!: ..."): what
an item retelling the subject may leave out (:mod:`gitmemory.outputs.cited`) and what a
record line's subject is compared without (:mod:`gitmemory.outputs.render`).  A module
of its own: a checkout that renders record lines loads none of the judges' readers
(docs/design.md, "The hot path")."""

from __future__ import annotations

TYPE_MOST = 24  # characters of a type, its scope with it


def untyped(subject: str, most: int = TYPE_MOST) -> str | None:
    """``subject`` without the conventional commit's type before it (``fix(auth): ``, at
    most ``most`` characters, no space), or None when it has none."""
    kind, colon, rest = subject.partition(": ")
    return rest.strip() if colon and len(kind) <= most and " " not in kind.strip() else None
