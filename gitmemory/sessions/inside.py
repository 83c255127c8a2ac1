"""Whether a path a transcript names is in this repository, and where.

A transcript names its working directory and the files it edited as absolute
paths (or relative to the working directory, in Codex's patches).  A session
counts for this repository only when its working directory is the top of one
of its work trees or below it; a file counts only when it is inside the top.
Stdlib only.
"""

from __future__ import annotations

import os


def inside(top: str, path: str) -> bool:
    """Whether ``path`` is ``top`` or below it (symlinks resolved)."""
    if not path or not os.path.isabs(path):
        return False
    real_top, real = os.path.realpath(top), os.path.realpath(path)
    return real == real_top or real.startswith(real_top.rstrip(os.sep) + os.sep)


def relative(top: str, path: str, cwd: str = "") -> str:
    """``path`` (absolute, or relative to ``cwd``) relative to ``top``, with ``/``; ""
    when it is outside."""
    full = os.path.normpath(os.path.join(cwd or top, path))
    return _under(full, top) or _under(full, os.path.realpath(top))


def _under(full: str, root: str) -> str:
    if not full.startswith(root.rstrip(os.sep) + os.sep):
        return ""
    rel = os.path.relpath(full, root)
    return "" if rel.startswith("..") else rel.replace(os.sep, "/")
