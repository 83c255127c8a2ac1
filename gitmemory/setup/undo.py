"""Put files and an index entry back as they were, when a set-up step fails half-way.

``gitmemory init --hooks pre-commit`` removes gitmemory's native shims, edits
``.pre-commit-config.yaml`` (staging it when tracked) and runs ``pre-commit
install``, which writes its own hook scripts before it builds the hook
environment.  When that fails, :class:`Saved` restores the hooks directory,
the config file and its index entry, so git works as before and init can
simply be run again.
"""

from __future__ import annotations

import contextlib
import os

from gitmemory import files, git


class Saved:
    """The regular files of ``directory``, the file ``path`` (relative to ``top``) and
    its index entry, as they are now."""

    def __init__(self, top: str, directory: str, path: str) -> None:
        self.top = top
        self.directory = directory
        self.path = path
        self.hooks = self._files(directory)
        self.text = files.read_text(os.path.join(top, path))
        self.entry = git.run(["ls-files", "-s", "--", path], top).strip()

    @staticmethod
    def _files(directory: str) -> dict[str, tuple[bytes, int]]:
        found: dict[str, tuple[bytes, int]] = {}
        with contextlib.suppress(FileNotFoundError):
            for entry in os.scandir(directory):
                if entry.is_file(follow_symlinks=False):
                    with open(entry.path, "rb") as fh:
                        found[entry.name] = (fh.read(), entry.stat().st_mode & 0o777)
        return found

    def restore(self) -> None:
        now = self._files(self.directory)
        for name in now.keys() - self.hooks.keys():
            os.unlink(os.path.join(self.directory, name))
        for name, (data, mode) in self.hooks.items():
            if now.get(name) != (data, mode):
                path = os.path.join(self.directory, name)
                tmp = f"{path}.{os.getpid()}.tmp"
                with open(tmp, "wb") as fh:
                    fh.write(data)
                os.chmod(tmp, mode)
                os.replace(tmp, path)
        target = os.path.join(self.top, self.path)
        if self.text is None:
            files.remove(target)
        elif files.read_text(target) != self.text:
            files.atomic_write(target, self.text)
        self._restore_entry()

    def _restore_entry(self) -> None:
        if git.run(["ls-files", "-s", "--", self.path], self.top).strip() == self.entry:
            return
        if not self.entry:
            git.run(["rm", "-q", "--cached", "--ignore-unmatch", "--", self.path], self.top)
            return
        mode, sha = self.entry.split()[:2]
        git.run(["update-index", "--add", "--cacheinfo", f"{mode},{sha},{self.path}"], self.top)
