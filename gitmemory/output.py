"""All user-facing output goes through here, so hooks stay quiet and tests look in one place.

It is also the one place that makes text safe for a terminal.  Memory files,
branch names, commit text and error messages come from any contributor, and a
terminal obeys what it is sent: ``ESC [ 8 m`` hides what follows, ``ESC ] 0 ;``
retitles the window, ``ESC [ 2 J`` clears the screen, a carriage return
overwrites a line, a bidi override reverses it.  Every line printed here shows
such characters as escapes (``\\x1b``, ``\\u202e``) instead of sending them,
so nothing can hide the "held back for review" list from the person who must
read it.  Newlines and tabs stay; JSON output escapes the same characters
inside its strings.  Progress bars are drawn by click and still work: only the
labels they show pass through here.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

PREFIX = "gitmemory: "

# C0 controls (but newline and tab), DEL and the C1 controls: a terminal acts on them.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0)) if c not in (9, 10)}
# Characters outside C0/C1 that still steer or hide text: bidi embeddings, overrides,
# isolates and marks, line and paragraph separators, and the invisible format characters.
_FORMAT_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")
_filter: Callable[[str], str] | None = None


def visible(text: str) -> str:
    """``text`` with every character a terminal would act on shown as an escape."""
    if text.isascii():
        return text if text.isprintable() or not _has_control(text) else text.translate(_CONTROLS)
    import unicodedata

    table: dict[int, str] = dict(_CONTROLS)
    for ch in set(text):
        if ord(ch) > 0x9F and unicodedata.category(ch) in _FORMAT_CATEGORIES:
            table[ord(ch)] = f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"
    return text.translate(table)


def _has_control(text: str) -> bool:
    return any(ord(ch) in _CONTROLS for ch in text)


def filter_with(function: Callable[[str], str] | None) -> None:
    """Pass every line through ``function`` before it is printed (None: stop).

    ``maintain --background`` writes into the hook log and redacts what it says
    there; the output layer itself knows nothing of secrets.
    """
    global _filter  # noqa: PLW0603 - one process, one destination
    _filter = function


def _line(message: str) -> str:
    return visible(_filter(message) if _filter else message)


def say(message: str) -> None:
    """A normal result line on stdout."""
    sys.stdout.write(_line(message) + "\n")
    sys.stdout.flush()


def note(message: str) -> None:
    """A one-line remark on stderr (hooks use this: stdout may belong to git)."""
    sys.stderr.write(PREFIX + _line(message) + "\n")
    sys.stderr.flush()


def to_terminal(message: str) -> bool:
    """Write a remark on the controlling terminal, past whatever captures a hook's output
    (pre-commit shows a passing hook's output only with ``--verbose``, and gives the hook
    a terminal of its own for colours); whether there was a terminal to write on."""
    try:
        fd = os.open("/dev/tty", os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return False  # no terminal (CI, an IDE, a script)
    try:
        os.write(fd, (PREFIX + message + "\n").encode("utf-8", "replace"))
    finally:
        os.close(fd)
    return True


def warn(message: str) -> None:
    """A remark that must be seen: on stderr, and on the terminal too when pre-commit runs
    the hook (it shows a passing hook's output only with ``--verbose``)."""
    note(message)
    if os.environ.get("PRE_COMMIT") == "1":
        to_terminal(_line(message))


def error(message: str) -> None:
    sys.stderr.write(f"{PREFIX}error: {_line(message)}\n")
    sys.stderr.flush()


def emit_json(data: object) -> None:
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
    sys.stdout.write(_json_safe(_filter(text) if _filter else text) + "\n")
    sys.stdout.flush()


def _json_safe(text: str) -> str:
    """JSON text with the characters :func:`visible` escapes written as ``\\uXXXX``.

    json.dumps escapes C0 itself; DEL, C1, bidi and the other format characters it
    leaves as they are when ``ensure_ascii`` is off.  They can occur only inside
    strings (the syntax is ASCII), where a ``\\u`` escape means the same character.
    """
    shown = visible(text)
    if shown == text:
        return text
    out = []
    for ch in text:
        if len(visible(ch)) == 1 or ch in "\n\t":
            out.append(ch)
            continue
        code = ord(ch)
        if code > 0xFFFF:  # a surrogate pair, as JSON spells characters past the BMP
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)


def progress(items: list[str], label: str) -> Iterator[str]:
    """Yield ``items`` under a progress bar on stderr (click's, loaded only here)."""
    import click

    with click.progressbar(items, label=visible(label), file=sys.stderr,
                           item_show_func=lambda item: _line(item) if item else "") as bar:
        yield from bar
