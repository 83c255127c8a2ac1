"""Reading and writing the user's files safely (SPEC §8 "Files").

Nothing here follows a symlink: a branch could commit ``CLAUDE_base.md`` or a
memory file as a link to ``~/.aws/credentials``.  Writes are atomic (temporary
file in the same directory, fsync, mode kept, ``os.replace``).  Stdlib only.
"""

from __future__ import annotations

import os

from gitmemory.errors import GitmemoryError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class UnsafePath(GitmemoryError):
    """A path gitmemory reads or writes is a symlink or not a regular file."""


def check_dirs(root: str, rel_dir: str) -> None:
    """Refuse when any directory from ``root`` down to ``root/rel_dir`` is a symlink."""
    path = root
    for part in rel_dir.replace("\\", "/").split("/"):
        if not part or part == ".":
            continue
        path = os.path.join(path, part)
        if os.path.islink(path):
            raise UnsafePath(f"{path} is a symlink; gitmemory does not follow it",
                             hint="replace it with a real directory")


def read_text(path: str, limit: int | None = None) -> str | None:
    """The file's text (None when absent), refusing symlinks and non-regular files."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _BINARY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if os.path.islink(path):
            raise UnsafePath(f"{path} is a symlink; gitmemory does not follow it",
                             hint="replace it with a regular file") from None
        raise GitmemoryError(f"cannot read {path}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as fh:
        if not _is_regular(os.fstat(fd).st_mode):
            raise UnsafePath(f"{path} is not a regular file")
        data = fh.read() if limit is None else fh.read(limit)
    return data.decode("utf-8", "surrogateescape")


def _is_regular(mode: int) -> bool:
    return (mode & 0o170000) == 0o100000


def atomic_write(path: str, text: str, default_mode: int = 0o644) -> None:
    """Replace ``path`` with ``text`` atomically, keeping the file's mode."""
    directory, name = os.path.split(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        mode = default_mode & ~_umask()
    else:
        if not _is_regular(st.st_mode):
            raise UnsafePath(f"{path} is a symlink or special file; gitmemory does not replace it",
                             hint="replace it with a regular file")
        mode = st.st_mode & 0o7777
    tmp = os.path.join(directory, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8", "surrogateescape"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise


def _discard(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        return


def sha256_hex(data: bytes) -> str:
    """SHA-256 without ``import hashlib``, whose OpenSSL binding costs ~4 ms to load."""
    return str(_SHA256(data).hexdigest())


# CPython's built-in SHA-256 lives in _sha256 (3.11) or _sha2 (3.12+).
for _name in ("_sha256", "_sha2", "hashlib"):
    try:
        _SHA256 = __import__(_name).sha256
        break
    except ImportError:
        continue


def remove(path: str) -> bool:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True


_UMASK: int | None = None


def _umask() -> int:
    global _UMASK  # noqa: PLW0603 - read once per process; umask can only be read by setting it
    if _UMASK is None:
        _UMASK = os.umask(0o022)
        os.umask(_UMASK)
    return _UMASK
