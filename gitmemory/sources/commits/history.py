"""Collect the commits memorize reads (docs/design.md, "Data flow"), in a fixed number of git calls.

Three calls per run whatever the number of commits: ``rev-list`` for the
pending range, ``log`` for messages, ``show`` for line counts and patches.
Merges and gitmemory's own commits are skipped; binary files, lock files,
``exclude_paths`` and the memory files themselves never reach the diff; every
text is redacted before anything else sees it (docs/design.md, "Invariants").
``show``'s output is read as it comes: each commit is filtered and redacted
while git writes the next ones, on the other core.

In a partial clone (``git clone --filter=blob:none``) older commits' blobs are
missing and git would fetch them one by one from the promisor remote; every call
here runs with ``GIT_NO_LAZY_FETCH=1``, and when ``show`` stops on a missing
object the commits whose blobs are not all here are read without their diffs
(message and file names), said once on stderr.
"""

from __future__ import annotations

import codecs
from collections.abc import Container, Iterable, Iterator
from dataclasses import replace
from typing import Any

from gitmemory import git
from gitmemory.changelogs import is_changelog
from gitmemory.commits import Commit, FileChange
from gitmemory.errors import GitmemoryError
from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets.exclude import excluded, is_lock_file
from gitmemory.secrets.pathnames import masked, masked_lines
from gitmemory.secrets.redact import redact
from gitmemory.sources.commits.merges import as_commit_message, opened_by

OWN_TRAILER = ("gitmemory-update", "true")
RS, US = "\x1e", "\x1f"
BIG_FILE = 1024 * 1024  # bytes
_CHUNK = 1 << 16


# Files over BIG_FILE count as binary: listed, never read (a generated dump would cost
# its whole diff in memory and redaction for 2,000 kept characters).  Each file's line
# counts and status are read from its patch (:func:`_changes`): ``--numstat`` would have
# git diff every file a second time, a third of what show costs.
_SHOW = ("-c", f"core.bigFileThreshold={BIG_FILE}", "show", "--no-walk=unsorted",
         f"--format={RS}%H", "--patch", "--unified=1", "--no-color", "--src-prefix=a/",
         "--dst-prefix=b/", "--no-ext-diff", "--no-textconv", "--find-renames",
         "--diff-merges=off")


class History:
    """git on one repository for the history walk, through :mod:`gitmemory.git` (its own
    environment: no lazy fetch, git's messages in English for :func:`_failed`)."""

    def __init__(self, toplevel: str) -> None:
        import os

        self._top = toplevel
        # never fetch a partial clone's missing objects (git 2.39.4 and later honour it);
        # the C locale, as the output was always read in it
        self._env = {**os.environ, "GIT_NO_LAZY_FETCH": "1", "LANGUAGE": "C", "LC_ALL": "C"}

    def _run(self, *args: str) -> str:
        code, out, err = git.run_bytes(["-c", "core.quotePath=false", *args], self._top,
                                       self._env)
        if code:
            raise _failed(args, err.decode("utf-8", "replace"), code)
        return out.decode("utf-8", "replace")

    def _stream(self, *args: str) -> _Streamed:
        """What ``_run`` returns, in pieces as git writes it; git starts now, not at the
        first piece read, so that it works while the caller does something else."""
        return _Streamed(git.stream(["-c", "core.quotePath=false", *args], self._top,
                                    self._env), args)

    def pending(self, tip: str, start: str | None) -> list[str]:
        """Non-merge commits in ``start..tip`` (everything when no start), oldest first."""
        return self._run("rev-list", "--reverse", "--no-merges", tip,
                         *([f"^{start}"] if start else [])).split()

    def collect(self, shas: list[str], exclude: list[str], *, redact_diffs: bool = True
                ) -> list[Commit]:
        """Full records for ``shas`` (in that order), gitmemory's own commits dropped.
        Without ``redact_diffs`` (a provider that runs here and sends nothing) the patches
        are left as git wrote them: every item made from them is redacted before it is
        kept or shown (:func:`gitmemory.pipeline.knowledge.made_safe`), and redacting
        every patch was a quarter of an offline run."""
        if not shas:
            return []
        # --encoding: git prints messages in i18n.logOutputEncoding, which defaults
        # to i18n.commitEncoding (latin1 in some old projects), not UTF-8.
        fields = US.join(("%H", "%P", "%an", "%aI", "%ae", "%cn", "%ce", "%B"))
        # show starts first and writes its patches while log reads the messages.
        output = self._stream(*_SHOW, *shas)
        try:
            messages = _messages(self._run("log", "--no-walk=unsorted", "--encoding=UTF-8",
                                           f"--format={RS}{fields}", *shas))
        except BaseException:
            output.abandon()
            raise
        clean = _Redacted(redact_diffs)
        done: dict[str, Commit | None] = {}
        try:
            self._read(output, messages, exclude, clean, done)
        except _Unfetched:
            done = {sha: _record(sha, messages[sha], patch, exclude, clean)
                    for sha, patch in self._partial([s for s in shas if s in messages])}
        except GitmemoryError:  # an object git cannot read (an incomplete clone)
            self._resume([sha for sha in shas if sha in messages], messages, exclude, clean,
                         done)
        for sha, files in self._merged_files(messages).items():
            done[sha] = _record(sha, messages[sha], (files, ""), exclude, clean)
        return [commit for sha in shas if sha in messages
                for commit in [done[sha] if sha in done else
                               _record(sha, messages[sha], None, exclude, clean)]
                if commit is not None]

    def _read(self, pieces: Iterable[str], messages: dict[str, tuple[str, ...]],
              exclude: list[str], clean: _Redacted, done: dict[str, Commit | None]) -> None:
        """The record of each commit of show's output (``pieces``) into ``done``; when git
        stops on an object it cannot read, the last record read goes (its patch may be
        cut) and the error is raised again."""
        last = ""
        try:
            for sha, patch in self._patches(pieces, messages):
                if sha in messages and sha not in done:
                    done[sha] = _record(sha, messages[sha], patch, exclude, clean)
                    last = sha
        except GitmemoryError:
            done.pop(last, None)
            raise

    def _resume(self, shas: list[str], messages: dict[str, tuple[str, ...]],
                exclude: list[str], clean: _Redacted, done: dict[str, Commit | None]
                ) -> None:
        """The records of ``shas`` not in ``done`` after git stopped on an object it cannot
        read: the first of them (the commit git stopped on, or the one whose record it
        cut) is shown alone, the rest in one show again, until each has its record: a
        process or two for every commit git cannot show, not one for every commit after
        the first (drizzle-orm's mirror lacks a blob 30 commits into a run of 880: 860
        processes, 4.4 s of git)."""
        pending = [sha for sha in shas if sha not in done]
        while pending:
            first, rest = pending[0], pending[1:]
            done[first] = self._alone(first, messages[first], exclude, clean)
            if not rest:
                return
            try:
                self._read(self._stream(*_SHOW, *rest), messages, exclude, clean, done)
                return
            except GitmemoryError:
                pending = [sha for sha in rest if sha not in done]

    def _merged_files(self, messages: dict[str, tuple[str, ...]]
                      ) -> dict[str, tuple[FileChange, ...]]:
        """The files each merge among ``messages`` (read for its pull request's text)
        changed against its first parent, without their patches: the commits it merges
        are read with theirs, and comparing two trees reads no file's content.  One call,
        made only when the batch holds a merge; none in a clone that lacks the trees."""
        merges = [sha for sha, message in messages.items() if " " in message[0]]
        if not merges:
            return {}
        try:
            raw = self._run("show", "--no-walk=unsorted", f"--format={RS}%H", "--raw",
                            "--no-abbrev", "--no-renames", "--diff-merges=first-parent",
                            *merges)
        except GitmemoryError:
            return {}
        return {sha: tuple(change for change, _ in files)
                for sha, files in map(_raw, _records([raw])) if sha in messages}

    def _partial(self, shas: list[str]
                 ) -> Iterator[tuple[str, tuple[tuple[FileChange, ...], str]]]:
        """The patches of ``shas`` in a partial clone: in full where every blob their diff
        reads is here, else file names alone; three git calls, none of which fetches."""
        try:
            raw = self._run("show", "--no-walk=unsorted", f"--format={RS}%H", "--raw",
                            "--no-abbrev", "--no-renames", "--diff-merges=off", *shas)
        except _Unfetched:
            raw = ""  # not even the trees are here (--filter=tree:0): messages alone
        changes = dict(map(_raw, _records([raw]))) if raw else {sha: [] for sha in shas}
        blobs = {blob for files in changes.values() for _, blobs in files for blob in blobs}
        # blobs as tips: --ignore-missing lists the ones here and passes over the others
        here = set(self._run("rev-list", "--objects", "--no-walk", "--ignore-missing",
                             "--missing=print", *sorted(blobs)).split()) if blobs else set()
        whole = [sha for sha in shas if raw and
                 all(set(b) <= here for _, b in changes.get(sha, ()))]
        without = [sha for sha in shas if sha not in whole]
        if without:
            from gitmemory import output

            output.note(f"{len(without)} commit(s) read without their diffs (message and "
                        "file names only): this partial clone lacks their files' contents, "
                        "and gitmemory fetches nothing")
        for sha in without:
            yield sha, (tuple(change for change, _ in changes.get(sha, ())), "")
        if whole:
            yield from self._patches(self._stream(*_SHOW, *whole), set(whole))

    def _alone(self, sha: str, message: tuple[str, ...], exclude: list[str],
               clean: _Redacted) -> Commit | None:
        """One commit's record, shown on its own: without its patch when git cannot read
        one of its objects (listed, never read)."""
        try:
            out = self._run(*_SHOW, sha)
            patch = next((p for s, p in self._patches([out], {sha}) if s == sha), None)
        except GitmemoryError:
            return _record(sha, message, None, exclude, clean)
        return _record(sha, message, patch, exclude, clean)

    def _patches(self, pieces: Iterable[str], shas: Container[str]
                 ) -> Iterator[tuple[str, tuple[tuple[FileChange, ...], str]]]:
        """(sha, (files, patch)) of each record of show's output as it comes, the files read
        from the patch.  Where the patch cannot tell them, they are asked of git's
        ``--numstat`` at the end, in one call for all such commits: a patch cut short by a
        byte that parts records (a compressed object in a test fixture holds any byte:
        what follows it is no record of ``shas``), and a file whose content did not
        change (a rename, a mode) that may be binary."""
        unsure: dict[str, str] = {}
        held: tuple[str, tuple[tuple[FileChange, ...], str]] | None = None
        for sha, (files, diff) in map(_patch, _records(pieces)):
            if sha not in shas:  # the rest of the record before it
                if held is not None:
                    unsure[held[0]] = held[1][1]
                    held = None
                continue
            if held is not None:
                yield held
            held = None
            if files is None:
                unsure[sha] = diff
            else:
                held = sha, (files, diff)
        if held is not None:
            yield held
        if unsure:
            counted = self._numstat(list(unsure))
            for sha, diff in unsure.items():
                yield sha, (tuple(counted.get(sha, ())), diff)

    def _numstat(self, shas: list[str]) -> dict[str, list[FileChange]]:
        """The files of ``shas`` as ``--numstat`` and ``--summary`` list them."""
        out = self._run("-c", f"core.bigFileThreshold={BIG_FILE}", "show",
                        "--no-walk=unsorted", f"--format={RS}%H", "--numstat", "--summary",
                        "--no-ext-diff", "--no-textconv", "--find-renames",
                        "--diff-merges=off", *shas)
        found = {}
        for record in _records([out]):
            sha, _, rest = record.partition("\n")
            found[sha.strip()] = _numstat(rest)
        return found


class _Unfetched(GitmemoryError):
    """git stopped on an object a partial clone lacks (and was told not to fetch)."""


class _Streamed:
    """A running git's output, read in pieces; ``abandon`` stops it unread."""

    def __init__(self, process: Any, args: tuple[str, ...]) -> None:
        import threading

        self._args = args
        self._proc = process
        self._ended = False
        # drained aside (git must never wait on a full pipe), by a thread that holds the
        # pipe and the list, not this object: nothing keeps it alive in a cycle
        errors: list[bytes] = []
        stderr = process.stderr
        assert stderr is not None
        self._errors = errors
        self._drain = threading.Thread(target=lambda: errors.append(stderr.read()),
                                       daemon=True)
        self._drain.start()

    def __iter__(self) -> Iterator[str]:
        import os

        assert self._proc.stdout is not None
        out = self._proc.stdout.fileno()
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        finished = False
        try:
            while chunk := os.read(out, _CHUNK):
                yield decoder.decode(chunk)
            yield decoder.decode(b"", final=True)
            finished = True
        finally:
            self._end(finished)

    def abandon(self) -> None:
        self._end(False)

    def _end(self, finished: bool) -> None:
        """Wait for git (killed first when the reader stopped early) and close both pipes
        now, not when the collector gets to them; once."""
        if self._ended:
            return
        self._ended = True
        if not finished and self._proc.poll() is None:
            self._proc.kill()  # the reader stopped early: git does not run on
        code = self._proc.wait()
        self._drain.join()
        for pipe in (self._proc.stdout, self._proc.stderr):
            if pipe is not None:
                pipe.close()
        if code and finished:
            raise _failed(self._args, b"".join(self._errors).decode("utf-8", "replace"), code)


class _Redacted(dict[str, str]):
    """A run's redaction of its records: short texts redacted, each distinct one once a run
    (names, e-mail trailers and empty bodies repeat from commit to commit, and redaction
    costs the same on any text), and whether the patches are redacted too (``patches``:
    they leave the machine)."""

    def __init__(self, patches: bool = True) -> None:
        super().__init__()
        self.patches = patches

    def __missing__(self, text: str) -> str:
        found = self[text] = redact(text)[0]
        return found


def _record(sha: str, message: tuple[str, ...],
            patch: tuple[tuple[FileChange, ...], str] | None, exclude: list[str],
            clean: _Redacted) -> Commit | None:
    parents, author, date, author_email, committer, committer_email, text = message
    text, opened = _unix_lines(text), tuple[str, ...]()
    if " " in parents:  # a merge read for the pull request it carries, as its squash would be
        text, opened = as_commit_message(text), opened_by(text)
    subject, body, trailers = split_message(text)
    changed, raw_diff = patch or ((), "")
    raw_diff = _unix_lines(raw_diff)
    if any((k.lower(), v.strip().lower()) == OWN_TRAILER for k, v in trailers) and \
            all(f.path.startswith(".gitmemory/") for f in changed):
        return None  # a memory commit; with other files it was amended or squashed into
    files, diff = _filter(changed, raw_diff, exclude)
    # Subject and body together: a token cut at the end of the subject goes on in the body.
    subject, _, body = clean[f"{subject}\n\n{body}"].partition("\n\n")
    return Commit(sha=sha, author=clean[author], date=date, subject=subject, body=body,
                  trailers=tuple((clean[k], clean[v]) for k, v in trailers),
                  files=_redacted_names(files, clean),
                  diff=masked_lines(redact(diff)[0] if clean.patches else diff),
                  parents=tuple(parents.split()), author_email=author_email,
                  committer=clean[committer], committer_email=committer_email,
                  opened_by=tuple(clean[name] for name in opened))


def _unix_lines(text: str) -> str:
    """Windows line endings as ``\n``, and no other ``\r``: a reader would see each one as
    a character (``\x0d``)."""
    return text.replace("\r\n", "\n").replace("\r", "") if "\r" in text else text


def _redacted_names(files: tuple[FileChange, ...], clean: _Redacted) -> tuple[FileChange, ...]:
    """File names are text too: ``fixtures/ghp_....json`` is listed in the context and may
    become an item's evidence path, and a name may be a key whole (``tokens/<key>.txt``:
    :mod:`gitmemory.secrets.pathnames`).  One scan of all of them; each is redacted only
    then."""
    names = "\n".join(f"{f.path}\n{f.old_path or ''}" for f in files)
    if clean[names] == names and all(masked(name) == name for name in names.split("\n")):
        return files  # nothing found (the same files recur from commit to commit)
    return tuple(replace(f, path=masked(clean[f.path]),
                         old_path=f.old_path and masked(clean[f.old_path])) for f in files)


# A message is read up to this many characters (16 times what a model is sent of it), and
# its last paragraph (its trailers) when that is short: any commit may carry a message of
# 42 MB, and every rule after this point reads what it is given (issue 31, "Bounded time").
MAX_MESSAGE = 32_000
_MAX_TAIL = 2_000


def _messages(out: str) -> dict[str, tuple[str, ...]]:
    found = {}
    for record in out.split(RS)[1:]:
        parts = record.split(US, 7)
        if len(parts) == 8:
            found[parts[0]] = (*parts[1:7], bounded(parts[7].strip("\n")))
    return found


def bounded(message: str) -> str:
    """``message`` cut after :data:`MAX_MESSAGE` characters, at a line, with its last
    paragraph kept when it is short (a ``Memory-*`` trailer at the end still counts)."""
    if len(message) <= MAX_MESSAGE:
        return message
    head = message[:MAX_MESSAGE]
    line = head.rfind("\n")
    head = head[:line] if line > MAX_MESSAGE // 2 else head
    tail = message[message.rfind("\n\n") + 2:] if "\n\n" in message else ""
    return f"{head}\n\n{tail}" if tail and len(tail) <= _MAX_TAIL else head


def split_message(message: str) -> tuple[str, str, list[tuple[str, str]]]:
    """(subject, body without the trailer block, trailers) of a commit message.  A first
    line of several sentences is a message written with no blank line (Copybara's
    exports, guice's "Fix Guice's dependence on the system line separator by ...
    explicitly. (We were previously inconsistent: ...) This allows tests to pass on
    Windows ..."): its first sentence is the subject, the rest opens the body."""
    lines = message.strip("\n").split("\n")
    subject = lines[0].strip() if lines else ""
    rest = "\n".join(lines[1:]).strip("\n")
    subject, more = _first_sentence(subject)
    if more:
        rest = f"{more}\n\n{rest}" if rest else more
    paragraphs = rest.split("\n\n")
    trailers = _trailers(paragraphs[-1]) if paragraphs and paragraphs[-1].strip() else []
    if trailers:
        rest = "\n\n".join(paragraphs[:-1]).strip("\n")
    return subject, rest, trailers


_LONG_SUBJECT = 100  # characters: past git's advice, a first line that may hold a body
# the end of a sentence inside a line: a stop, then the next sentence's capital or its
# opening bracket; a stop after an abbreviation ("e.g.", "vs.") ends none
_SENTENCE_END = lazy_regex(r"[.!?](?=\s+[A-Z(\[`])")
_ABBREVIATIONS = frozenset(("e.g", "i.e", "vs", "etc", "approx", "cf", "resp", "incl"))
_MIN_MORE = 3  # words after the first sentence, so that a "(#12)" stays in the subject


def _first_sentence(subject: str) -> tuple[str, str]:
    """(the first sentence of a long first line, the rest), or (``subject``, "")."""
    if len(subject) <= _LONG_SUBJECT:
        return subject, ""
    for end in _SENTENCE_END.finditer(subject, 20):
        word = subject[:end.start()].rsplit(None, 1)[-1].lstrip("(").lower()
        if word in _ABBREVIATIONS or (not word[-1:].isalnum() and word[-1:] not in ")`'\""):
            continue
        first, more = subject[:end.end()], subject[end.end():].strip()
        return (subject, "") if len(more.split()) < _MIN_MORE else (first, more)
    return subject, ""


def _trailers(block: str) -> list[tuple[str, str]]:
    """``Key: value`` lines (values may go on over indented lines); [] if not trailers."""
    found: list[tuple[str, str]] = []
    for line in block.split("\n"):
        if line[:1] in (" ", "\t") and found:
            found[-1] = (found[-1][0], found[-1][1] + " " + line.strip())
            continue
        key, sep, value = line.partition(":")
        if not sep or not key or not all(c.isalnum() or c == "-" for c in key):
            return []
        found.append((key, value.strip()))
    return found


def _records(pieces: Iterable[str]) -> Iterator[str]:
    """The records of output whose every record starts with ``RS``, as they complete."""
    pending: list[str] = []
    started = False
    for piece in pieces:
        parts = piece.split(RS)
        pending.append(parts[0])
        for part in parts[1:]:
            if started:
                yield "".join(pending)
            started, pending = True, [part]
    if started:
        yield "".join(pending)


def _patch(record: str) -> tuple[str, tuple[tuple[FileChange, ...] | None, str]]:
    """(sha, (files, patch)) of one record of show's output; files None when the patch
    cannot tell them (:func:`_changes`)."""
    sha, _, rest = record.partition("\n")
    cut = rest.find("\ndiff --git ")
    diff = "" if cut == -1 else rest[cut + 1:]
    files = _changes(diff)
    return sha.strip(), (None if files is None else tuple(files), diff)


def _failed(args: tuple[str, ...], stderr: str, status: object) -> Exception:
    detail = stderr.strip().splitlines()[-1:] or [str(status)]
    command = next((a for a in args if not a.startswith("-") and "=" not in a), "")
    kind = _Unfetched if "from promisor remote" in detail[0] else GitmemoryError
    return kind(f"git {command} failed: {detail[0]}")


def _raw(record: str) -> tuple[str, list[tuple[FileChange, tuple[str, ...]]]]:
    """One commit's ``--raw`` lines: each file, and the blobs its diff would read (a
    submodule's commit is never in this repository and is not one of them)."""
    sha, _, rest = record.partition("\n")
    files = []
    for line in rest.splitlines():
        meta, tab, path = line.partition("\t")
        fields = meta.split()
        if not line.startswith(":") or not tab or len(fields) != 5:
            continue
        old_mode, new_mode, old, new, status = fields
        blobs = tuple(blob for mode, blob in ((old_mode, old), (new_mode, new))
                      if mode not in (":000000", "000000", ":160000", "160000"))
        files.append((FileChange(path=_unquote(path),
                                 status=status[0] if status[0] in "AD" else "M"), blobs))
    return sha.strip(), files


def _changes(diff: str) -> list[FileChange] | None:
    """Each file of a commit's patch, as ``--numstat`` and ``--summary`` would list it: its
    path (the new one; a rename's old one beside it), the lines it adds and removes (none
    for a binary file), and whether it was added, deleted, renamed or changed.  A file
    whose type changed (a file made a symbolic link) is one patch that deletes it and
    one that adds it back: one change, as git counts it.  None when the patch cannot
    tell: a file whose content did not change (renamed whole, its mode alone, an empty
    one), which may be binary, or a header that names no path plainly."""
    changes: list[FileChange] = []
    for chunk in _file_chunks(diff):
        change = _change(chunk)
        if change is None:
            return None
        last = changes[-1] if changes else None
        if last and last.status == "D" and change.status == "A" and last.path == change.path:
            changes[-1] = replace(last, status="M", added=last.added + change.added,
                                  deleted=last.deleted + change.deleted,
                                  binary=last.binary or change.binary)
            continue
        changes.append(change)
    return changes


def _change(chunk: str) -> FileChange | None:
    """One file's patch as a change (None when it shows no line and does not say whether
    the file is binary, or its header cannot be read)."""
    body = chunk.find("\n@@")
    head = chunk if body == -1 else chunk[:body]
    lines = head.split("\n")
    status, old, path, binary = "M", None, None, False
    for line in lines[1:]:
        if line.startswith("new file mode "):
            status = "A"
        elif line.startswith("deleted file mode "):
            status = "D"
        elif line.startswith("rename from "):
            old = _unquote(line[len("rename from "):])
        elif line.startswith("rename to "):
            path, status = _unquote(line[len("rename to "):]), "R"
        elif line.startswith("Binary files "):
            binary = True
    path = path or _header_path(lines[0])
    if path is None or (body == -1 and not binary):
        return None
    if binary:
        return FileChange(path=path, binary=binary, status=status, old_path=old)
    rest = chunk[body:]
    return FileChange(path=path, added=rest.count("\n+"), deleted=rest.count("\n-"),
                      status=status, old_path=old)


def _header_path(header: str) -> str | None:
    """The path of ``diff --git a/<path> b/<path>`` (the same path twice, quoted when it
    holds what git quotes), or None."""
    rest = header[len("diff --git "):]
    if rest.endswith('"') and ' "b/' in rest:
        return _unquote('"' + rest[rest.rindex(' "b/') + 4:])
    cut = (len(rest) - 5) // 2 + 2  # where " b/" stands when both halves are one path
    if rest.startswith("a/") and rest[cut:cut + 3] == " b/" and rest[2:cut] == rest[cut + 3:]:
        return rest[cut + 3:]
    return None


def _numstat(text: str) -> list[FileChange]:
    """``--numstat`` lines, with A/D status from the ``--summary`` lines after them."""
    created: set[str] = set()
    removed: set[str] = set()
    for line in text.splitlines():
        if line.startswith((" create mode ", " delete mode ")):
            path = _unquote(line.split(" ", 4)[4]) if line.count(" ") >= 4 else ""
            (created if line.startswith(" create") else removed).add(path)
    changes = []
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        added, deleted, path = parts
        old = None
        if " => " in path:
            old, path = _rename(path)
        binary = added == "-"
        path = _unquote(path)
        status = "R" if old else "A" if path in created else "D" if path in removed else "M"
        changes.append(FileChange(path=path, added=0 if binary else int(added),
                                  deleted=0 if binary else int(deleted), binary=binary,
                                  status=status, old_path=old))
    return changes


def _rename(path: str) -> tuple[str, str]:
    """``a/{x => y}/b`` or ``x => y`` -> (old, new)."""
    if "{" in path and "}" in path:
        head, _, rest = path.partition("{")
        middle, _, tail = rest.partition("}")
        old, _, new = middle.partition(" => ")
        return ((head + old + tail).replace("//", "/"), (head + new + tail).replace("//", "/"))
    old, _, new = path.partition(" => ")
    return old, new


def _unquote(path: str) -> str:
    if len(path) >= 2 and path[0] == path[-1] == '"':
        return path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape",
                                                                       "replace")
    return path


# A file's patch is read up to this many characters, and a commit's patch up to
# MAX_DIFF (a changelog's patch whole, as each of its entries may be an item): a model
# is sent 2,000 characters of a commit, and every reader of a diff after this point
# (redaction first, the slowest) takes time in its length.  A generated file's 70 kB
# patch taught nothing its first lines do not.
MAX_FILE_PATCH = 16_000
MAX_DIFF = 64_000


def _filter(files: tuple[FileChange, ...], diff: str, exclude: list[str]
            ) -> tuple[tuple[FileChange, ...], str]:
    """Drop hunks of binary, lock, excluded and memory files from the patch, and cut
    what is left to :data:`MAX_FILE_PATCH` a file and :data:`MAX_DIFF` in all, at lines;
    a changelog's patch is never cut."""
    kept = []
    room = MAX_DIFF
    for chunk in _file_chunks(diff):
        path = _chunk_path(chunk)
        if path is None or _dropped(path, exclude) or "\nGIT binary patch" in chunk \
                or "\nBinary files " in chunk:
            continue
        if is_changelog(path):
            kept.append(chunk)
        elif room > 0:
            kept.append(_cut(chunk, min(MAX_FILE_PATCH, room)))
            room -= len(kept[-1])
    memory_free = tuple(f for f in files if not f.path.startswith(".gitmemory/"))
    return memory_free, "".join(kept)


def _cut(chunk: str, limit: int) -> str:
    """``chunk`` up to ``limit`` characters, ending at a line."""
    if len(chunk) <= limit:
        return chunk
    end = chunk.rfind("\n", 0, limit)
    return chunk[:end + 1] if end > 0 else ""


def _dropped(path: str, exclude: list[str]) -> bool:
    return path.startswith(".gitmemory/") or is_lock_file(path) or excluded(path, exclude)


def file_patches(diff: str) -> list[tuple[str, str]]:
    """(path, that file's patch) for each file of a unified diff, in order ("" when the
    path cannot be read)."""
    return [(_chunk_path(chunk) or "", chunk) for chunk in _file_chunks(diff)]


def _file_chunks(diff: str) -> list[str]:
    if not diff:
        return []
    pieces = diff.split("\ndiff --git ")
    return [pieces[0] + "\n"] + ["diff --git " + p + "\n" for p in pieces[1:]] \
        if len(pieces) > 1 else [diff]


def _chunk_path(chunk: str) -> str | None:
    """The new path of one file's patch (``+++ b/...``, else the header)."""
    for line in chunk.split("\n", 8)[:8]:
        if line.startswith("+++ b/"):
            return line[6:].rstrip("\t")
        if line.startswith("+++ /dev/null"):
            break
    header = chunk.split("\n", 1)[0]
    if " b/" in header:
        return _unquote(header.rsplit(" b/", 1)[1])
    return None
