"""A key kept as a file's or a directory's name (docs/design.md, "Invariants").

A path is text a commit carries past every scan of its contents: ``ops/panel/tokens/
<key>.txt`` is listed in the model's request, heads its diff, and may become an item's
evidence path, pushed in the memory file.  A name that is a random token (letters and
digits, long, drawn at random: :func:`~gitmemory.secrets.judging.looks_random` or
:func:`~gitmemory.secrets.judging.random_run`) is masked as a value in a file would be.
Names made of words, dates or hex (a migration, a content hash, a commit's sha) are no
token and stay.  Stdlib only, and cheap: a path with no long name is returned untouched.
"""

from __future__ import annotations

from gitmemory.secrets import judging

MASK = "[REDACTED:path]"
_SHORTEST = 20  # characters of a name that may be a key


def masked(path: str) -> str:
    """``path`` with each of its names that is a random token masked."""
    if len(path) < _SHORTEST or not any(
            len(part) >= _SHORTEST for part in path.replace(".", "/").split("/")):
        return path
    return "/".join(_masked_name(name) for name in path.split("/"))


def _masked_name(name: str) -> str:
    stem, dot, ext = name.partition(".")
    return MASK + dot + ext if _token(stem) else name


def _token(stem: str) -> bool:
    return len(stem) >= _SHORTEST and stem.isascii() and stem.isalnum() and \
        (judging.looks_random(stem) or judging.random_run(stem))


_HEADS = ("diff --git ", "--- ", "+++ ", "rename from ", "rename to ", "copy from ",
          "copy to ")


def masked_lines(diff: str) -> str:
    """A diff's header lines (``diff --git``, ``---``, ``+++``, ``rename from``/``to``)
    with the paths they name masked, and a symbolic link's lines (mode 120000: its
    content is the path it points to, ``/secrets/mangel/<key>``); its other lines as
    they are."""
    if not any(len(part) >= _SHORTEST for part in diff.replace("\n", "/").split("/")):
        return diff
    out: list[str] = []
    link = False
    for line in diff.split("\n"):
        if line.startswith("diff --git "):
            link = False
        elif line.endswith(" 120000") and line.startswith(_MODES):
            link = True
        elif link and line[:1] in ("+", "-") and not line.startswith(("+++ ", "--- ")):
            out.append(line[:1] + masked(line[1:]))
            continue
        out.append(_masked_head(line))
    return "\n".join(out)


_MODES = ("new file mode ", "deleted file mode ", "new mode ", "old mode ", "index ")


def _masked_head(line: str) -> str:
    head = next((h for h in _HEADS if line.startswith(h)), None)
    if head is None:
        return line
    return head + " ".join(masked(word) for word in line[len(head):].split(" "))
