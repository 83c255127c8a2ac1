"""An item's evidence suffix: ``(refs: a1b2c3d, session:4f3a9b2c; paths: src/x.py; key: ...)``.

The grammar of what follows an item's text in a memory file (docs/design.md,
"Memory"): ``; ``-separated parts, each ``key: value``.  ``refs`` name where the
item came from (short commit shas, or ``kind:id`` such as ``session:4f3a9b2c``),
``paths`` what it is about (relative to the top of the tree, quoted in
backticks when they hold a space, comma, semicolon or parenthesis).  A key this
version does not know is kept as written, so a newer writer's evidence is neither
read as the item's text nor dropped.  Stdlib only and no regular expressions: the
checkout hook parses every item of one file.
"""

from __future__ import annotations

REFS = "refs"
PATHS = "paths"
SESSION_REF = "session:"  # an item learned from an agent session cites session:<8 hex digits>
# An item whose command an agent session ran successfully says so: ``verified: session:<id8>``.
VERIFIED = "verified"
_HEX = "0123456789abcdef"
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
_PATH_SPECIALS = frozenset(" ,;()`")
_VALUE_SPECIALS = frozenset(";()`")
MAX_KEY = 32

Extra = tuple[tuple[str, str], ...]  # unknown keys, in their order, with their raw values
Evidence = tuple[tuple[str, ...], tuple[str, ...], Extra]


def split(text: str, any_keys: bool = False) -> tuple[str, Evidence] | None:
    """(text before the suffix, (refs, paths, unknown keys)) of an item whose one-line
    ``text`` ends in a suffix; None when it does not.  A suffix names refs or paths;
    with ``any_keys`` (a file of a newer format) unknown keys alone make one too."""
    if not text.endswith(")"):
        return None
    return _usual_suffix(text) or _general(text, any_keys)


def _general(text: str, any_keys: bool) -> tuple[str, Evidence] | None:
    end = len(text)
    for _ in range(4):  # a quoted path or an unknown value may hold " (" too
        cut = text.rfind(" (", 0, end)
        if cut <= 0:
            return None
        evidence = _evidence(text[cut + 2:-1], any_keys)
        if evidence is not None:
            return text[:cut].rstrip(), evidence
        end = cut
    return None


def _usual_suffix(text: str) -> tuple[str, Evidence] | None:
    """The suffix most items carry, read at once: ``(refs: ...)`` or ``(refs: ...; paths:
    ...)`` with nothing quoted; None for any other (the general reading decides)."""
    cut = text.rfind(" (refs: ")
    if cut <= 0 or "`" in text:
        return None
    refs_part, sep, paths_part = text[cut + 8:-1].partition("; paths: ")
    refs = tuple(refs_part.split(", "))
    if ";" in refs_part or ";" in paths_part or not all(map(is_ref, refs)):
        return None
    if not sep:
        return text[:cut], (refs, (), ())
    paths = tuple(paths_part.split(", "))
    if not all(map(_plain_path, paths)):
        return None
    return text[:cut], (refs, paths, ())


def _plain_path(path: str) -> bool:
    return _PATH_SPECIALS.isdisjoint(path) and valid_path(path)


def render(refs: tuple[str, ...], paths: tuple[str, ...], extra: Extra = ()) -> str:
    """The suffix's inside: ``refs: a, b; paths: x, y; key: value``."""
    parts = []
    if refs:
        parts.append(f"{REFS}: " + ", ".join(refs))
    if paths:
        parts.append(f"{PATHS}: " + ", ".join(_quote_path(p) for p in paths))
    parts += [f"{key}: {value}" for key, value in extra]
    return "; ".join(parts)


def _evidence(inside: str, any_keys: bool) -> Evidence | None:
    refs: tuple[str, ...] | None = None
    paths: tuple[str, ...] | None = None
    extra: list[tuple[str, str]] = []
    for part in _split(inside, "; "):
        key, sep, value = part.partition(": ")
        if not sep or not value:
            return None
        if key == REFS and refs is None and paths is None:
            refs = tuple(value.split(", "))
            if not all(map(is_ref, refs)):
                return None
        elif key == PATHS and paths is None:
            found = [_unquote_path(v) for v in _split(value, ", ")]
            if not all(found):
                return None
            paths = tuple(found)  # type: ignore[arg-type]
        elif key not in (REFS, PATHS) and is_key(key) and \
                all(key != seen for seen, _ in extra):
            extra.append((key, value))
        else:
            return None
    if refs is None and paths is None and not (any_keys and extra):
        return None
    return refs or (), paths or (), tuple(extra)


def is_key(key: str) -> bool:
    """A key of a suffix part: lower-case letters, digits, ``-`` and ``_``, a letter first."""
    return 0 < len(key) <= MAX_KEY and key[0].isalpha() and key.isascii() and \
        _KEY_CHARS.issuperset(key)


def is_ref(ref: str) -> bool:
    """A short commit sha (4 to 64 lower-case hex digits), or ``kind:id`` (``session:4f3a9b2c``)."""
    if not ref.strip(_HEX) and 4 <= len(ref) <= 64:
        return True
    kind, sep, ident = ref.partition(":")
    return bool(sep) and is_key(kind) and 0 < len(ident) <= 64 and _ID_CHARS.issuperset(ident)


def is_session_ref(ref: str) -> bool:
    """``session:`` and the 8 hex digits of an agent session's id: what an item learned in
    a session cites."""
    tail = ref[len(SESSION_REF):] if ref.startswith(SESSION_REF) else ""
    return len(tail) == 8 and not tail.strip(_HEX)


def is_sha(ref: str) -> bool:
    """A ref that names a commit (not a session or another source)."""
    return 4 <= len(ref) <= 64 and not ref.strip(_HEX)


def valid_value(value: str) -> bool:
    """An unknown key's value that reads back as written: one printable line without
    backticks, parentheses or semicolons (which the suffix's own grammar uses)."""
    return bool(value) and value == " ".join(value.split()) and value.isprintable() and \
        not _VALUE_SPECIALS.intersection(value)


def _split(text: str, separator: str) -> list[str]:
    """``text`` cut at ``separator`` (``"; "`` or ``", "``), except inside backticks."""
    if "`" not in text:  # nothing quoted: str.split cuts at the same places, in C
        return text.split(separator)
    parts, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch == "`":
            quoted = not quoted
        elif not quoted and text.startswith(separator, i):
            parts.append(text[start:i])
            start = i + len(separator)
    parts.append(text[start:])
    return parts


def valid_path(path: str) -> bool:
    """A path an item may cite: relative, inside the tree, one printable line, no backtick."""
    if not path or "`" in path or "\\" in path or path[0] == "/" or not path.isprintable() \
            or path != " ".join(path.split()):
        return False
    for part in path.rstrip("/").split("/"):
        if part in ("", ".", "..") or (len(part) == 4 and part.lower() == ".git"):
            return False
    return True


def _quote_path(path: str) -> str:
    return f"`{path}`" if _PATH_SPECIALS.intersection(path) else path


def _unquote_path(token: str) -> str | None:
    if len(token) >= 2 and token[0] == token[-1] == "`":
        token = token[1:-1]
    elif _PATH_SPECIALS.intersection(token):
        return None
    return token if valid_path(token) else None


def verified_by(extra: Extra) -> str | None:
    """The session the ``verified`` key of an item's suffix (its ``extra``) names
    (``session:4f3a9b2c``); None when it has none."""
    for key, value in extra:
        if key == VERIFIED and is_session_ref(value):
            return value
    return None


def union(first: Extra, second: Extra) -> Extra:
    """The unknown keys of two items folded into one: the first's, then the second's others."""
    if not second:
        return first
    return first + tuple((key, value) for key, value in second
                         if all(key != seen for seen, _ in first))
