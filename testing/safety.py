"""Stand-ins for the files an attacker would aim a committed symlink at."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

SECRET_MARKER = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYSENTINEL"  # noqa: S105 - a fake credential


@dataclass
class Secret:
    """A file outside the repository standing for ``~/.aws/credentials``."""

    path: Path
    text: str
    seen: tuple[int, int, list[str]] = field(default=(0, 0, []))

    @classmethod
    def make(cls, home: Path) -> Secret:
        path = home / ".aws" / "credentials"
        path.parent.mkdir(parents=True)
        text = ("[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
                f"aws_secret_access_key = {SECRET_MARKER}\n")
        path.write_text(text)
        os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
        secret = cls(path, text)
        secret.snapshot()
        return secret

    def state(self) -> tuple[int, int, list[str]]:
        st = self.path.stat()
        return st.st_mtime_ns, st.st_ino, sorted(os.listdir(self.path.parent))

    def snapshot(self) -> None:
        self.seen = self.state()

    def assert_untouched(self) -> None:
        """Same content, same inode and mtime, nothing added beside it."""
        assert self.path.read_text() == self.text
        assert self.state() == self.seen


def no_temp_files(directory: Path) -> bool:
    return not [p for p in os.listdir(directory) if p.endswith(".tmp")]
