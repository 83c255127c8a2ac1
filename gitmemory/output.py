"""All user-facing output goes through here, so hooks stay quiet and tests look in one place."""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

PREFIX = "gitmemory: "


def say(message: str) -> None:
    """A normal result line on stdout."""
    sys.stdout.write(message + "\n")
    sys.stdout.flush()


def note(message: str) -> None:
    """A one-line remark on stderr (hooks use this: stdout may belong to git)."""
    sys.stderr.write(PREFIX + message + "\n")
    sys.stderr.flush()


def error(message: str) -> None:
    sys.stderr.write(f"{PREFIX}error: {message}\n")
    sys.stderr.flush()


def emit_json(data: object) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    sys.stdout.flush()


def progress(items: list[str], label: str) -> Iterator[str]:
    """Yield ``items`` under a progress bar on stderr (click's, loaded only here)."""
    import click

    with click.progressbar(items, label=label, file=sys.stderr,
                           item_show_func=lambda item: item or "") as bar:
        yield from bar
