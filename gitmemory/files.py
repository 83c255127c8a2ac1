"""Reading and writing the user's files safely (docs/design.md, "Invariants").

Nothing here follows a symlink: a branch could commit ``CLAUDE_base.md`` or a
memory file as a link to ``~/.aws/credentials``.  Writes are atomic (temporary
file in the same directory, fsync, mode kept, ``os.replace``).  Stdlib only.
"""

from __future__ import annotations

import os

from gitmemory.errors import GitmemoryError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
TEMP_SUFFIX = ".tmp"


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
    """The file's text (None when absent), refusing symlinks and non-regular files.

    ``O_NONBLOCK`` keeps a FIFO planted under a watched name from hanging the
    hook on ``open``; it changes nothing for regular files.
    """
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if os.path.islink(path):
            raise UnsafePath(f"{path} is a symlink; gitmemory does not follow it",
                             hint="replace it with a regular file") from None
        raise GitmemoryError(f"cannot read {path}: {exc.strerror}") from None
    try:
        st = os.fstat(fd)
        if not _is_regular(st.st_mode):
            raise not_a_file(path, st.st_mode)
        # Plain reads sized by fstat: no buffered file object (its lseek and extra
        # reads cost system calls a checkout pays for every agent file).
        if limit is not None:
            data = os.read(fd, limit)  # a regular file reads short only at its end
        else:
            data = os.read(fd, st.st_size + 1)
            while len(data) > st.st_size:  # it grew while we read: take the rest
                more = os.read(fd, 65536)
                if not more:
                    break
                data += more
    finally:
        os.close(fd)
    return data.decode("utf-8", "surrogateescape")


def _is_regular(mode: int) -> bool:
    return (mode & 0o170000) == 0o100000


def not_a_file(path: str, mode: int) -> UnsafePath:
    """The refusal for ``path``, which is no regular file, with a hint that fits what it is."""
    kind = mode & 0o170000
    if kind == 0o040000:
        return UnsafePath(f"{path} is a directory where gitmemory expects a file",
                          hint="move the directory elsewhere or rename it")
    if kind == 0o120000:
        return UnsafePath(f"{path} is a symlink; gitmemory does not follow it",
                          hint="replace it with a regular file")
    return UnsafePath(f"{path} is not a regular file (a device, socket or pipe)",
                      hint="replace it with a regular file")


def atomic_write(path: str, text: str, default_mode: int = 0o644, *, durable: bool = True
                 ) -> None:
    """Replace ``path`` with ``text`` atomically, keeping the file's mode.

    The text goes to a temporary file in the same directory (named
    ``.<name>.<pid>.<random>.tmp``: hidden, and never taken for a memory
    file), is fsynced, gets the old file's mode (a new file gets
    ``default_mode`` minus the umask, applied by the kernel), and then
    replaces ``path`` with ``os.replace``.  A symlink or special file at
    ``path`` is refused, never written through.  On any failure the temporary
    file is removed and ``path`` is untouched; a crash leaves at most a stale
    temporary file, which :func:`sweep_temps` removes later.

    For files rebuilt from tracked ones on every checkout (the agent files),
    ``durable=False`` skips the fsync: a power cut may leave one empty, and the
    next checkout writes it again.
    """
    directory, name = os.path.split(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        mode = None
    else:
        if not _is_regular(st.st_mode):
            raise not_a_file(path, st.st_mode)
        mode = st.st_mode & 0o7777
    tmp = os.path.join(directory, temp_name(name))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY,
                 default_mode if mode is None else 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            if mode is not None:
                _chmod(fh.fileno(), tmp, mode)
            fh.write(text.encode("utf-8", "surrogateescape"))
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise


def write_owned(path: str, text: str) -> None:
    """Replace a file gitmemory alone writes and owns (a generated rule file): the old one
    is removed and the new one created in its place, never through a symlink (``O_EXCL``).

    Four system calls instead of the nine of :func:`atomic_write`, and no rename over
    an existing file, which ext4 answers with a flush of the data (``auto_da_alloc``,
    1 to 2 ms a file): a checkout may rewrite a dozen rule files.  Not atomic for a
    reader, which may find the file missing for an instant; a write that fails midway
    removes what it wrote, and the next checkout writes the file again.
    """
    remove(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY, 0o644)
    try:
        data = memoryview(text.encode("utf-8", "surrogateescape"))
        while data:
            data = data[os.write(fd, data):]
    except BaseException:
        os.close(fd)
        _discard(path)
        raise
    os.close(fd)


MAX_NAME_BYTES = 255  # a file name's limit on every file system gitmemory runs on


def temp_name(name: str, pid: int | None = None) -> str:
    """The temporary file :func:`atomic_write` uses for ``name``: its start when the whole
    would pass :data:`MAX_NAME_BYTES` (a memory file named after a 240-character branch)."""
    tail = f".{os.getpid() if pid is None else pid}.{os.urandom(4).hex()}{TEMP_SUFFIX}"
    room = MAX_NAME_BYTES - 1 - len(tail)
    raw = name.encode("utf-8", "surrogateescape")
    if len(raw) > room:
        name = raw[:room].decode("utf-8", "ignore")
    return f".{name}{tail}"


def _chmod(fd: int, path: str, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # pragma: no cover - Windows before Python 3.13
        os.chmod(path, mode)


def sweep_temps(directory: str) -> list[str]:
    """Remove temporary files that crashed writers left in ``directory``.

    Only names :func:`atomic_write` makes are touched, and only when the
    process that made them is gone (a live writer's file is its business).
    """
    removed: list[str] = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        pid = _temp_owner(name)
        if pid is not None and not _alive(pid):
            path = os.path.join(directory, name)
            if os.path.isfile(path) and not os.path.islink(path) and remove(path):
                removed.append(path)
    return removed


def _temp_owner(name: str) -> int | None:
    """The writer's pid when ``name`` is one of :func:`atomic_write`'s temporary files."""
    if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
        return None
    parts = name[: -len(TEMP_SUFFIX)].split(".")
    if len(parts) < 4 or len(parts[-1]) != 8 or not parts[-2].isdigit():
        return None
    try:
        int(parts[-1], 16)
    except ValueError:
        return None
    return int(parts[-2])


def _alive(pid: int) -> bool:
    if pid == os.getpid() or os.name == "nt":  # on Windows os.kill(pid, 0) would kill it
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def _discard(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        return


def sha256_hex(data: bytes) -> str:
    """SHA-256 without ``import hashlib``, whose OpenSSL binding costs ~4 ms to load."""
    return str(_SHA256(data).hexdigest())


def text_digest(text: str) -> str:
    """A short fingerprint of ``text``: the first 32 hex digits of its SHA-256 (lone
    surrogates, which a file name can bring, kept as they are)."""
    return sha256_hex(text.encode("utf-8", "surrogateescape"))[:32]


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

