"""One door to git: a single process helper and one function per question.

Stdlib only and cheap to import: the checkout and commit hooks go through here.
"""

from __future__ import annotations

import os

from gitmemory.errors import GitError, GitmemoryError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

ZERO_SHA = "0" * 40
HEADS = "refs/heads/"
# Files in a git dir that mean a multi-step operation is under way there, and what to call
# it (docs/design.md, "Hooks").  `git bisect start` writes BISECT_START, naming the branch
# it left, and `git bisect reset` removes it.
OPERATIONS = (("rebase-merge", "a rebase"), ("rebase-apply", "a rebase or git am"),
              ("MERGE_HEAD", "a merge"), ("CHERRY_PICK_HEAD", "a cherry-pick"),
              ("REVERT_HEAD", "a revert"), ("BISECT_START", "a bisect"))
# Git forbids ASCII whitespace in ref names but allows every other character: a
# branch may end in U+00A0 or contain U+2028, which str.strip() and
# str.splitlines() would eat.  Trim and split with these alone.
ASCII_SPACE = " \t\r\n\f\v"


def decode(data: bytes) -> str:
    """Git output as text; bytes that are not UTF-8 survive a round trip."""
    return data.decode("utf-8", "surrogateescape")


def _execute(argv: list[str], stdin: bytes | None = None, env: dict[str, str] | None = None
           ) -> tuple[int, bytes, bytes]:
    from gitmemory import _proc  # not at import time: a warm checkout hook runs no process

    try:
        return _proc.run(argv, stdin, env)
    except FileNotFoundError:
        raise GitmemoryError("git is not installed or not on PATH") from None


def run(args: list[str], cwd: str | None = None, stdin: str | None = None,
        env: dict[str, str] | None = None, check: bool = True) -> str:
    """Run ``git args`` and return its stdout; raise :class:`GitError` on failure."""
    argv = ["git", *(["-C", cwd] if cwd else []), *args]
    data = stdin.encode("utf-8", "surrogateescape") if stdin is not None else None
    code, out, err = _execute(argv, data, env)
    if check and code != 0:
        raise GitError(argv, code, decode(err))
    return decode(out)


def run_bytes(args: list[str], cwd: str, env: dict[str, str]) -> tuple[int, bytes, bytes]:
    """Run ``git args``: its exit status, stdout and stderr as git wrote them (the history
    walk decodes them its own way); only a missing git raises."""
    return _execute(["git", "-C", cwd, *args], None, env)


def stream(args: list[str], cwd: str, env: dict[str, str]) -> Any:
    """``git args`` started (a :class:`subprocess.Popen`) with its output on pipes, read
    as it comes (the history walk's patches, filtered while git writes the next ones);
    the caller waits for it."""
    from gitmemory import _proc

    try:
        return _proc.start(["git", "-C", cwd, *args], env)
    except FileNotFoundError:
        raise GitmemoryError("git is not installed or not on PATH") from None


def run_full(args: list[str], cwd: str | None = None, stdin: str | None = None,
             env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run ``git args``: its exit status, stdout and stderr; only a missing git raises."""
    data = stdin.encode("utf-8", "surrogateescape") if stdin is not None else None
    code, out, err = _execute(["git", *(["-C", cwd] if cwd else []), *args], data, env)
    return code, decode(out), decode(err)


def run_status(args: list[str], cwd: str | None = None, stdin: str | None = None,
               env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``git args`` for its exit status and stdout; only a missing git raises."""
    data = stdin.encode("utf-8", "surrogateescape") if stdin is not None else None
    code, out, _ = _execute(["git", *(["-C", cwd] if cwd else []), *args], data, env)
    return code, decode(out)


class Handle:
    """git in one repository with a fixed environment and leading options (the CI jobs'
    git: hooks off, never prompting); its answers as (code, out, err) or text."""

    def __init__(self, repo_dir: str, env: dict[str, str] | None = None,
                 options: tuple[str, ...] = ()) -> None:
        self.repo_dir, self.env, self.options = repo_dir, env, options

    def status(self, args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
        return run_full([*self.options, *args], self.repo_dir, stdin, self.env)

    def run(self, args: list[str], stdin: str | None = None) -> str:
        """stdout; a failure raises :class:`GitmemoryError` with git's last line."""
        code, out, err = self.status(args, stdin)
        if code != 0:
            last = err.strip().splitlines()[-1] if err.strip() else f"exit code {code}"
            raise GitmemoryError(f"git {' '.join(args[:2])} failed: {self.shown(last)}")
        return out

    def shown(self, text: str) -> str:
        """How git's own words appear in an error (a subclass may hide parts)."""
        return text

    def rev(self, rev: str) -> str | None:
        code, out, _ = self.status(["rev-parse", "-q", "--verify", "--end-of-options",
                                    rev + "^{commit}"])
        return out.strip() if code == 0 and out.strip() else None

    def blob(self, rev: str, path: str) -> str | None:
        code, out, _ = self.status(["rev-parse", "-q", "--verify", f"{rev}:{path}"])
        return out.strip() if code == 0 and out.strip() else None

    def text(self, blob: str) -> str:
        return self.run(["cat-file", "blob", blob])

    def is_ancestor(self, older: str, newer: str) -> bool:
        return self.status(["merge-base", "--is-ancestor", older, newer])[0] == 0


class RepoInfo:
    """Where a repository lives and what HEAD points at, from one git call."""

    __slots__ = ("common_dir", "git_dir", "head_ref", "toplevel")

    def __init__(self, git_dir: str, common_dir: str, toplevel: str | None,
                 head_ref: str | None) -> None:
        self.git_dir = git_dir
        self.common_dir = common_dir
        self.toplevel = toplevel
        self.head_ref = head_ref

    @property
    def branch(self) -> str | None:
        """The checked-out branch's short name, or None on a detached HEAD."""
        if self.head_ref and self.head_ref.startswith(HEADS):
            return self.head_ref[len(HEADS):]
        return None

    @property
    def state_dir(self) -> str:
        """Local, untracked state shared by every worktree.

        See docs/design.md, "Files in a repository".
        """
        return os.path.join(self.common_dir, "gitmemory")

    def require_worktree(self) -> str:
        if self.toplevel is None:
            raise GitmemoryError("this command needs a work tree, not a bare repository")
        return self.toplevel

    def operation_in_progress(self, finished: tuple[str, ...] = ()) -> str | None:
        """The marker of a rebase, merge, cherry-pick ... under way, if any.

        ``finished`` names markers that do not count: git still has MERGE_HEAD
        in place while post-merge runs, after the merge is done.
        """
        for name, _ in OPERATIONS:
            if name not in finished and os.path.exists(os.path.join(self.git_dir, name)):
                return name
        return None


def repo_info(cwd: str | None = None) -> RepoInfo:
    code, out = run_status(["rev-parse", "--absolute-git-dir", "--path-format=absolute",
                            "--git-common-dir", "--is-bare-repository", "--show-toplevel"], cwd)
    lines = out.split("\n")
    if len(lines) < 3:
        raise GitmemoryError("not a git repository", hint="run gitmemory inside a git work tree")
    git_dir, common_dir, bare = lines[:3]
    toplevel = lines[3] if code == 0 and bare == "false" and len(lines) > 3 else None
    return RepoInfo(git_dir, common_dir, toplevel, _head_ref(git_dir, cwd))


def hook_repo_info() -> RepoInfo:
    """Like :func:`repo_info` for a hook, usually without starting a process.

    Git runs hooks from the top of the work tree, so ``./.git`` names the git dir
    and the common dir (:func:`dirs_at`).  Anything unusual (GIT_DIR or
    GIT_WORK_TREE set, a bare repository) asks git instead.
    """
    top = os.getcwd()
    found = dirs_at(top)
    if found is None:
        return repo_info()
    return RepoInfo(*found, top, _head_ref(found[0], None))


def work_tree_info(top: str) -> RepoInfo:
    """:func:`repo_info` of the work tree whose top level is ``top`` (a memory file's
    work tree, as ``worktree list`` names it), usually without starting a process."""
    found = dirs_at(top)
    if found is None:
        return repo_info(top)
    return RepoInfo(*found, top, _head_ref(found[0], top))


def dirs_at(top: str) -> tuple[str, str] | None:
    """(git dir, common dir) of the work tree whose top level is ``top``, read as git
    reads them from there: ``top/.git`` (a directory, or a ``gitdir:`` file in linked
    worktrees and submodules) and the git dir's ``commondir`` file.  None when git must
    be asked: GIT_DIR or GIT_WORK_TREE set, no ``.git`` at ``top`` (a subdirectory, a
    bare repository), or one that names no git dir."""
    if "GIT_DIR" in os.environ or "GIT_WORK_TREE" in os.environ:
        return None
    dot_git = os.path.join(top, ".git")
    if os.path.isdir(dot_git):
        git_dir = dot_git
    else:
        try:
            with open(dot_git, "rb") as fh:
                line = decode(fh.read(4096)).strip()
        except OSError:
            return None
        if not line.startswith("gitdir: "):
            return None
        git_dir = os.path.normpath(os.path.join(top, line[len("gitdir: "):].strip()))
    try:
        with open(os.path.join(git_dir, "commondir"), "rb") as fh:
            common = os.path.normpath(os.path.join(git_dir, decode(fh.read()).strip()))
    except FileNotFoundError:
        common = git_dir
    if not os.path.isfile(os.path.join(git_dir, "HEAD")):
        return None
    return git_dir, common


def _head_ref(git_dir: str, cwd: str | None) -> str | None:
    """Read HEAD without a process; ask git when the ref store is not files."""
    try:
        with open(os.path.join(git_dir, "HEAD"), "rb") as fh:
            head = decode(fh.read()).strip(ASCII_SPACE)
    except OSError:
        head = ""
    if head.startswith("ref: ") and head != "ref: refs/heads/.invalid":
        return head[5:]
    if len(head) in (40, 64) and all(c in "0123456789abcdef" for c in head):
        return None
    code, out = run_status(["symbolic-ref", "-q", "HEAD"], cwd)
    out = out.strip(ASCII_SPACE)
    return out if code == 0 and out else None


def ref_in_files(common_dir: str, ref: str) -> bool:
    """Whether ``ref`` exists as a loose ref file or a line of ``packed-refs``, read
    without a process (``git gc`` packs refs: a branch is then only a line there)."""
    if os.path.isfile(os.path.join(common_dir, ref)):
        return True
    try:
        with open(os.path.join(common_dir, "packed-refs"), "rb") as fh:
            packed = fh.read()
    except OSError:
        return False
    name = b" " + ref.encode("utf-8", "surrogateescape")
    return any(line.rstrip(b"\r").endswith(name) and not line.startswith((b"#", b"^"))
               for line in packed.split(b"\n"))


def head_in_files(info: RepoInfo) -> str | None:
    """HEAD's commit read from the files, without a process: the loose ref, its line in
    ``packed-refs``, or a detached HEAD's own file; None when neither says."""
    if not info.head_ref:
        try:
            with open(os.path.join(info.git_dir, "HEAD"), "rb") as fh:
                sha = decode(fh.read()).strip()
        except OSError:
            return None
        return sha if len(sha) in (40, 64) and all(c in "0123456789abcdef" for c in sha) \
            else None
    try:
        with open(os.path.join(info.common_dir, info.head_ref), "rb") as fh:
            sha = decode(fh.read()).strip()
        return sha if len(sha) in (40, 64) else None
    except OSError:
        pass
    try:
        with open(os.path.join(info.common_dir, "packed-refs"), "rb") as fh:
            packed = decode(fh.read())
    except OSError:
        return None
    for line in packed.split("\n"):
        sha, _, name = line.rstrip("\r").partition(" ")
        if name == info.head_ref and len(sha) in (40, 64):
            return sha
    return None


def head_sha(info: RepoInfo) -> str:
    """HEAD's commit, read from the ref file when it is loose (just after a commit)."""
    if info.head_ref:
        try:
            with open(os.path.join(info.common_dir, info.head_ref), "rb") as fh:
                sha = decode(fh.read()).strip()
            if len(sha) in (40, 64):
                return sha
        except OSError:
            pass
    return run(["rev-parse", "HEAD"]).strip()


def config_regexp(pattern: str, cwd: str | None = None) -> list[tuple[str, str]]:
    """``git config --get-regexp`` as (lower-case key, value) pairs, in file order.

    A key written without ``= value`` is true to git (``[gitmemory] enabled``); it
    comes back as ``"true"``, unlike ``enabled =``, which is the empty string.
    """
    code, out = run_status(["config", "-z", "--get-regexp", pattern], cwd)
    if code not in (0, 1):
        raise GitmemoryError("git config could not be read", hint="check your git config files")
    pairs = []
    for entry in out.split("\0"):
        if entry:
            key, has_value, value = entry.partition("\n")
            pairs.append((key.lower(), value if has_value else "true"))
    return pairs


def hooks_dir(cwd: str | None = None) -> str:
    """The directory git runs hooks from (honours core.hooksPath and worktrees)."""
    return run(["rev-parse", "--path-format=absolute", "--git-path", "hooks"], cwd).strip()


_COMMITS: dict[tuple[str | None, str], str] = {}  # (cwd, full sha) -> the commit it names
_HEXES = frozenset("0123456789abcdef")
_MEMO = 4_096  # answers a process keeps per memo (each a repository's own, by its path)


def rev_parse(rev: str, cwd: str | None = None) -> str | None:
    """The commit ``rev`` names (a tag peeled), or None.  Told by the object's header
    (``cat-file --batch-check``): ``rev-parse <rev>^{commit}`` reads a commit whole to
    peel it, and a pushed commit with a 42 MB message cost that on every question about it
    (issue 31, "Bounded time").  A full sha that names a commit is asked once a process."""
    if not rev or "\n" in rev:
        return None
    known = _COMMITS.get((cwd, rev))
    if known:
        return known
    try:
        answer = cat_file([rev], cwd, contents=False)[0]
    except GitError:  # not a repository
        return None
    if answer is None or answer[1] not in ("commit", "tag"):
        return None
    if answer[1] == "tag":
        code, out = run_status(["rev-parse", "-q", "--verify", "--end-of-options",
                                rev + "^{commit}"], cwd)
        return out.strip() if code == 0 and out.strip() else None
    if cwd is not None:
        if len(_COMMITS) >= _MEMO:  # a server runs for days
            _COMMITS.clear()
        if len(rev) in (40, 64) and set(rev) <= _HEXES:
            _COMMITS[(cwd, rev)] = answer[0]
        _COMMITS[(cwd, answer[0])] = answer[0]  # a branch's tip, asked again by its sha
    return answer[0]


_TREES: dict[tuple[str | None, str], str] = {}  # (cwd, commit) -> its tree
_OBJECTS: dict[str | None, str] = {}  # cwd -> the object directory


def tree_of(commit: str, cwd: str | None = None) -> str:
    """The tree of ``commit`` (a full sha), for commands that read a commit's files
    (``<tree>:<path>``, ``ls-tree <tree>``): every one given the commit reads it whole
    first, and a commit with a 42 MB message cost that each time (issue 31, "Bounded
    time").  Read from the first bytes of its loose object (a new commit's), else asked of
    git once a process; ``commit`` itself when neither tells."""
    key = (cwd, commit)
    if key not in _TREES:
        tree = _loose_tree(commit, cwd)
        if tree is None:
            code, out = run_status(["rev-parse", "-q", "--verify", "--end-of-options",
                                    commit + "^{tree}"], cwd)
            tree = out.strip() if code == 0 and out.strip() else None
        if tree is None or cwd is None:
            return tree or commit
        if len(_TREES) >= _MEMO:
            _TREES.clear()
        _TREES[key] = tree
    return _TREES[key]


def _loose_tree(commit: str, cwd: str | None) -> str | None:
    header = _loose_header(commit, cwd)
    return header[0] if header else None


def _loose_header(commit: str, cwd: str | None) -> tuple[str, list[str]] | None:
    """(tree, parents) named in the header of ``commit``'s loose object, inflating its
    first bytes only; None when it is packed, is no commit, or its header is longer."""
    import zlib

    if len(commit) not in (40, 64) or not set(commit) <= _HEXES:
        return None
    if cwd not in _OBJECTS:
        found = dirs_at(cwd) if cwd and "GIT_OBJECT_DIRECTORY" not in os.environ else None
        if found:
            _OBJECTS[cwd] = os.path.join(found[1], "objects")
        else:
            code, out = run_status(["rev-parse", "--path-format=absolute", "--git-path",
                                    "objects"], cwd)
            _OBJECTS[cwd] = out.strip() if code == 0 else ""
    if not _OBJECTS[cwd]:
        return None
    try:
        with open(os.path.join(_OBJECTS[cwd], commit[:2], commit[2:]), "rb") as fh:
            head = zlib.decompressobj().decompress(fh.read(8192), 4096)
    except (OSError, zlib.error):
        return None
    kind, _, rest = head.partition(b"\0")
    if not kind.startswith(b"commit "):
        return None
    tree, parents, complete = "", [], False
    for line in rest.split(b"\n"):
        word, _, value = line.partition(b" ")
        name = value.decode("ascii", "replace")
        if word == b"tree" and not tree:
            tree = name
        elif word == b"parent" and tree:
            parents.append(name)
        else:
            complete = word == b"author" and bool(tree)
            break
    ids = [tree, *parents]
    if not complete or not all(len(i) == len(commit) and set(i) <= _HEXES for i in ids):
        return None
    return tree, parents


def back(rev: str, steps: int, cwd: str | None = None) -> str | None:
    """The commit ``steps`` first parents back from ``rev`` (``rev~steps``), or None when
    the history is shorter; new commits are stepped over by their loose headers, as
    :func:`is_ancestor` does."""
    at = rev_parse(rev, cwd)
    while steps and at and cwd is not None:
        header = _loose_header(at, cwd)
        if header is None:
            break
        if not header[1]:
            return None  # the root, before the last step
        at, steps = header[1][0], steps - 1
    if at is None or not steps:
        return at
    return rev_parse(f"{at}~{steps}", cwd)


def is_ancestor(older: str, newer: str, cwd: str | None = None) -> bool:
    """Whether commit ``older`` is an ancestor of ``newer`` (or the same commit).  New
    commits (loose, one parent) are stepped over by their headers first: git would read
    them whole, and a pushed commit with a 42 MB message cost that (issue 31)."""
    at = _below(older, newer, cwd)
    return at is None or run_status(["merge-base", "--is-ancestor", older, at], cwd)[0] == 0


def _below(older: str, newer: str, cwd: str | None) -> str | None:
    """What to ask git whether ``older`` is an ancestor of, in place of ``newer``: None when
    the loose, single-parent commits from ``newer`` down reach ``older``, else the first of
    them that is packed or a merge (``newer`` itself when it cannot tell)."""
    if cwd is None:
        return newer
    target, at = rev_parse(older, cwd), rev_parse(newer, cwd)
    if target is None or at is None:
        return newer
    for _ in range(64):
        if at == target:
            return None
        header = _loose_header(at, cwd)
        if header is None or len(header[1]) != 1:
            return at
        at = header[1][0]
    return at


_BASES: dict[tuple[str, str, str], str] = {}  # (cwd, commit, commit) -> merge base


def merge_base(one: str, other: str, cwd: str) -> str | None:
    """The merge base of two commits named by full sha (None: they have none), asked of
    git once a process when there is one: it walks the history, and one run asks it more
    than once.  "None" is asked again (a shallow clone deepened may have one later)."""
    key = (cwd, one, other)
    if key not in _BASES:
        code, out = run_status(["merge-base", one, other], cwd)
        if code != 0 or not out.strip():
            return None
        if len(_BASES) >= _MEMO:
            _BASES.clear()
        _BASES[key] = out.strip()
    return _BASES[key]


def ref_exists(ref: str, cwd: str | None = None) -> bool:
    return run_status(["show-ref", "-q", "--verify", ref], cwd)[0] == 0


def local_branches(cwd: str | None = None) -> list[str]:
    out = run(["for-each-ref", "--format=%(refname)", HEADS], cwd)
    return [line[len(HEADS):] for line in out.split("\n") if line.startswith(HEADS)]


def is_tracked(path: str, cwd: str | None = None) -> bool:
    """Whether git tracks the file ``path`` itself (glob characters are literal)."""
    return run_status(["ls-files", "--error-unmatch", "--", f":(literal){path}"], cwd)[0] == 0


def local_env_vars(cwd: str | None = None) -> list[str]:
    """Variables that aim git at a repository; cleared for any other repository.  The
    list is git's own, the same in every repository: asked once a process."""
    if not _LOCAL_ENV_VARS:
        _LOCAL_ENV_VARS.extend(run(["rev-parse", "--local-env-vars"], cwd).split())
    return list(_LOCAL_ENV_VARS)


_LOCAL_ENV_VARS: list[str] = []


def clean_env(cwd: str | None = None) -> dict[str, str]:
    """The environment minus GIT_DIR, GIT_INDEX_FILE and friends."""
    drop = set(local_env_vars(cwd))
    return {k: v for k, v in os.environ.items() if k not in drop}


def refs(patterns: list[str], cwd: str | None = None) -> list[tuple[str, str]]:
    """(commit, ref name) for every ref under ``patterns``, symbolic refs left out."""
    out = run(["for-each-ref", "--format=%(objectname) %(symref)%00%(refname)", *patterns], cwd)
    found = []
    for line in out.split("\n"):
        head, _, name = line.partition("\0")
        sha, _, symref = head.partition(" ")
        if name and not symref:
            found.append((sha, name))
    return found


def cat_file(specs: list[str], cwd: str | None = None, contents: bool = True
             ) -> list[tuple[str, str, bytes] | None]:
    """``git cat-file --batch`` for many objects in one process: (object id, type, content)
    for each spec in order, or None when it names no object.  Without ``contents``
    (``--batch-check``) the content is always empty.  What a spec at a full commit id
    names never changes, so what git answered is kept for the process (:data:`_KEPT`):
    a run asks the same files of its tip from many places, and each asks git only what
    none asked before it."""
    asked = [spec for spec in specs if "\n" not in spec]
    if not asked:
        return [None] * len(specs)
    known = _kept_answers(cwd, asked, contents)
    unknown = [spec for spec in dict.fromkeys(asked) if spec not in known]
    if unknown:
        argv = ["git", *(["-C", cwd] if cwd else []), "cat-file",
                "--batch" if contents else "--batch-check", "--buffer"]
        code, out, err = _execute(argv, "".join(spec + "\n" for spec in unknown).encode(
            "utf-8", "surrogateescape"))
        if code != 0:
            raise GitError(argv, code, decode(err))
        answered = dict(zip(unknown, _batch_answers(out, len(unknown), contents),
                            strict=True))
        _keep(cwd, answered, contents)
        known.update(answered)
    return [known[spec] if "\n" not in spec else None for spec in specs]


# What ``cat_file`` answered of a spec at a full commit (or object) id, by repository:
# (repository, spec) -> (object id, type, content), None content when only the kind is known
# (--batch-check); None for a spec known to name nothing.  Immutable answers, kept while
# their contents total at most _MOST_KEPT bytes.  That a path is missing is kept only once
# a spec at the same id found an object (the commit is there, and its tree has no such
# path); before that, the object itself may come later.
_KEPT: dict[tuple[str, str], tuple[str, str, bytes | None] | None] = {}
_FOUND_AT: set[tuple[str, str]] = set()  # (repository, full id) where an object was found
_KEPT_SIZE = [0]
_MOST_KEPT = 4 << 20


def _kept_answers(cwd: str | None, specs: list[str], contents: bool
                  ) -> dict[str, tuple[str, str, bytes] | None]:
    found: dict[str, tuple[str, str, bytes] | None] = {}
    where = _repository(cwd) if _KEPT else None
    if where is None:
        return found
    for spec in specs:
        if (where, spec) not in _KEPT:
            continue
        answer = _KEPT[(where, spec)]
        if answer is None:
            found[spec] = None
        elif answer[2] is not None and contents:
            found[spec] = (answer[0], answer[1], answer[2])
        elif not contents:
            found[spec] = (answer[0], answer[1], b"")
    return found


def _keep(cwd: str | None, answered: dict[str, tuple[str, str, bytes] | None],
          contents: bool) -> None:
    where = _repository(cwd)
    if where is None:
        return
    # whatever named an object (a short id, a ref, a path at a tip), its full id names it
    # for good: Cited reads commits by their short ids, then asks their ancestry by sha
    answered = {**{answer[0]: answer for answer in answered.values()
                   if answer is not None and _full_id(answer[0])}, **answered}
    fixed = {spec: spec.partition(":")[0] for spec in answered}
    fixed = {spec: rev for spec, rev in fixed.items() if _full_id(rev)}
    _FOUND_AT.update((where, rev) for spec, rev in fixed.items() if answered[spec] is not None)
    for spec, rev in fixed.items():
        answer = answered[spec]
        if answer is None:
            if ":" in spec and (where, rev) in _FOUND_AT:
                _KEPT[(where, spec)] = None
            continue
        data = answer[2] if contents else None
        _KEPT_SIZE[0] += len(data or b"")
        if _KEPT_SIZE[0] > _MOST_KEPT or len(_KEPT) >= 100_000:
            _KEPT.clear()
            _FOUND_AT.intersection_update({(where, rev)})
            _KEPT_SIZE[0] = len(data or b"")
        _KEPT[(where, spec)] = (answer[0], answer[1], data)


def _full_id(rev: str) -> bool:
    return len(rev) in (40, 64) and set(rev) <= _HEXES


def _repository(cwd: str | None) -> str | None:
    """What names the repository git reads in ``cwd`` for :data:`_KEPT`: the directory and
    ``GIT_DIR``; None for no directory or a relative one (another repository later)."""
    if not cwd or not os.path.isabs(cwd):
        return None
    return f"{cwd}\0{os.environ.get('GIT_DIR', '')}"


def _batch_answers(out: bytes, count: int, contents: bool
                   ) -> list[tuple[str, str, bytes] | None]:
    found: list[tuple[str, str, bytes] | None] = []
    pos = 0
    for _ in range(count):
        end = out.index(b"\n", pos)
        head = out[pos:end].split(b" ")
        pos = end + 1
        if len(head) == 3 and head[2].isdigit():
            data = b""
            if contents:
                size = int(head[2])
                data = out[pos:pos + size]
                pos += size + 1
            found.append((decode(head[0]), decode(head[1]), data))
        else:  # "<spec> missing", "<spec> ambiguous"
            found.append(None)
    return found


def present(rev: str, paths: list[str], cwd: str | None = None) -> dict[str, str]:
    """Those of ``paths`` (files, or directories written ``dir/``) that exist in ``rev``'s
    tree, each with its kind (blob, tree or commit): one ``cat-file --batch-check`` for
    all of them, each path taken literally."""
    wanted = [p for p in paths if p]
    answers = cat_file([f"{rev}:{p.rstrip('/')}" for p in wanted], cwd, contents=False)
    return {path: answer[1] for path, answer in zip(wanted, answers, strict=True)
            if answer and answer[1] in ("blob", "tree", "commit")}


def files_saying(rev: str, phrase: str, cwd: str | None = None,
                 leave_out: tuple[str, ...] = ()) -> list[str]:
    """The text files of ``rev``'s tree in which ``phrase`` occurs as whole words (one
    ``git grep``, taken literally), but those ``leave_out`` names (a file, a directory, or
    a glob with ``*``)."""
    specs = [f":(exclude,top{',glob' * ('*' in d)}){d.rstrip('/')}" for d in leave_out]
    code, out = run_status(["grep", "-l", "-z", "-I", "-F", "-w", "-e", phrase, rev, "--",
                            ":(top)", *specs], cwd)
    if code not in (0, 1):
        raise GitError(["git", "grep", "-e", phrase, rev], code, "")
    return [name.partition(":")[2] for name in out.split("\0") if name]


def renames(spec: list[str], cwd: str | None = None) -> dict[str, str]:
    """Files renamed by the commits of ``spec`` (a ``git log`` range): old path -> the
    path it has at the end, chains followed (``a -> b -> c`` gives ``a -> c``).  Telling a
    rename from a delete and an add reads both blobs: a partial clone's missing ones are
    never fetched (none found there, then)."""
    import os

    code, out = run_status(["-c", "core.quotePath=false", "log", "--reverse", "-M",
                            "--diff-filter=R", "--name-status", "-z", "--format=", *spec], cwd,
                           env={**os.environ, "GIT_NO_LAZY_FETCH": "1"})
    moves: dict[str, str] = {}
    tokens = [t.lstrip("\n") for t in out.split("\0")] if code == 0 else []
    for n, token in enumerate(tokens):
        if token.startswith("R") and n + 2 < len(tokens):
            old, new = tokens[n + 1], tokens[n + 2]
            for key, value in list(moves.items()):
                if value == old:
                    moves[key] = new
            moves[old] = new
    return moves


def changed_files(base: str, tip: str, cwd: str | None = None) -> list[str]:
    """Files that differ between ``base`` and ``tip``, renames shown at their new path."""
    code, out = run_status(["-c", "core.quotePath=false", "diff", "--name-only", "-z",
                            "--no-renames", base, tip, "--"], cwd)
    return [path for path in out.split("\0") if path] if code == 0 else []


def unreachable(shas: list[str], tip: str, cwd: str | None = None) -> set[str]:
    """Which of ``shas`` (full names of commits) are not ancestors of ``tip``: one
    ``cat-file`` and one ``rev-list`` for all of them.  A commit this repository no
    longer has (dropped, then pruned) is not an ancestor either.  Whether a commit is
    an ancestor of a full commit id ``tip`` never changes: what the ``rev-list`` told
    (every commit it lists is none, every other one asked is one) is kept for the
    process (:data:`_OUTSIDE`), and a question it answers starts no process (the
    evidence rule asks of each batch it judges which commits its items cite are the
    branch's own: the first batch's ``rev-list`` lists most of the branch)."""
    if not shas:
        return set()
    known = [answer[0] for answer in cat_file(shas, cwd, contents=False)
             if answer and answer[1] == "commit"]
    where = _repository(cwd) if _full_id(tip) else None
    out, inside = _OUTSIDE.get((where, tip), (set(), set())) if where else (set(), set())
    asked = [sha for sha in known if sha not in out and sha not in inside]
    outside = set(run(["rev-list", *asked, "--not", tip, "--"], cwd).split()) if asked \
        else set()
    if where and asked:
        if sum(len(kept[0]) for kept in _OUTSIDE.values()) + len(outside) > _MOST_OUTSIDE:
            _OUTSIDE.clear()
        kept = _OUTSIDE.setdefault((where, tip), (set(), set()))
        kept[0].update(outside)
        kept[1].update(sha for sha in asked if sha not in outside)
    return {sha for sha in shas if sha not in known or sha in outside or sha in out}


# (repository, a full commit id) -> (commits known to be none of its ancestors, commits
# known to be ones)
_OUTSIDE: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
_MOST_OUTSIDE = 200_000


def added_files(base: str, tip: str, cwd: str | None = None) -> list[str]:
    """Files ``tip``'s tree has that ``base``'s lacks (renames not detected: a moved file
    counts as added)."""
    code, out = run_status(["-c", "core.quotePath=false", "diff", "--name-only", "-z",
                            "--no-renames", "--diff-filter=A", base, tip, "--"], cwd)
    return [path for path in out.split("\0") if path] if code == 0 else []


_ERE_ESCAPED = {ord(c): "\\" + c for c in ".[]()*+?{}|^$\\"}  # a fixed string in -E


def grep_lines(rev: str, needles: list[str], paths: list[str], cwd: str | None = None,
               *, following: bool = False, folded: bool = False) -> list[tuple[str, str]]:
    """(path, line) for each line of the text files of ``rev``'s tree under ``paths``
    (pathspecs) that holds one of ``needles`` (fixed strings) as a whole word: one
    ``git grep`` of one pattern (git tries each ``-e`` on every line: 500 of them took
    30 s on mypy's tree, one alternation of the same 1.7 s).  ``following``: each line
    is given as ``line\nnext line`` (a property list's key, then its value), and the
    lines after a match come too.  ``folded``: in any case (the needles are folded words)."""
    if not needles:
        return []
    code, out = _word_lines([*(["-n", "-A1"] if following else []), *(["-i"] if folded else [])],
                            needles, rev, paths, cwd)
    found = []
    for line in out.split("\n") if code == 0 else []:
        where, _, text = line.partition("\0")
        number = ""
        if following:
            number, _, text = text.partition("\0")
        if text:
            found.append((where[len(rev) + 1:], number, text))
    if not following:
        return [(path, text) for path, _, text in found]
    by_number = {(path, number): text for path, number, text in found}
    return [(path, f"{text}\n{by_number.get((path, str(int(number) + 1)), '')}")
            for path, number, text in found if number.isdigit()]


def _word_lines(options: list[str], needles: list[str], rev: str, paths: list[str],
                cwd: str | None) -> tuple[int, str]:
    """``git grep`` (with ``options``) of the lines of ``rev``'s text files under ``paths``
    that hold one of ``needles`` (fixed strings) with no ASCII letter, digit or ``_`` on
    either side: git's exit status and output.  The word's edges are in the pattern, not
    -w: with -w git tries only the longest alternative at a place ("make docs" in "make
    docsx"), never the shorter ("make").  One Perl pattern where git has them (a tenth of
    the time: an extended one in a UTF-8 locale took 0.11 s of CPU on requests' tree, the
    Perl one 0.01 s), else one extended pattern; both in the C locale, where a word
    character is an ASCII one, as :func:`grep_words` and ``injection.spans.holds_word``
    read it, whatever the user's locale."""
    head = ["-c", "core.quotePath=false", "grep", "-I", "-z", *options, "--no-color",
            "--full-name"]
    env = {**os.environ, "LC_ALL": "C"}
    if not _NO_PERL:
        either = "|".join(_perl_literal(needle) for needle in needles)
        code, out, _ = run_full([*head, "-P", "-e", f"(?<!{_WORD})(?:{either})(?!{_WORD})",
                                 rev, "--", *paths], cwd, env=env)
        if code in (0, 1):
            return code, out
    either = "|".join(needle.translate(_ERE_ESCAPED) for needle in needles)
    code, out, _ = run_full([*head, "-E", "-e",
                             f"(^|[^[:alnum:]_])({either})([^[:alnum:]_]|$)", rev, "--",
                             *paths], cwd, env=env)
    if code in (0, 1) and not _NO_PERL:
        _NO_PERL.append(True)  # this git has no PCRE (or the pattern failed): -E from now
    return code, out


def grep_blocks(rev: str, needles: list[str], paths: list[str], cwd: str | None = None,
                after: int = 12) -> list[tuple[str, list[str]]]:
    """(path, lines) for each line of ``rev``'s text files under ``paths`` that holds one
    of ``needles`` as a whole word, with the ``after`` lines that follow it: the block a
    key opens (one ``git grep -A``)."""
    words = set(needles)
    return [(path, lines) for path, lines in grep_after(rev, needles, paths, cwd, after)
            if words & set(lines[0].replace('"', " ").replace("'", " ").replace("{", " ")
                           .replace(":", " ").split())]


def grep_after(rev: str, needles: list[str], paths: list[str], cwd: str | None = None,
               after: int = 12) -> list[tuple[str, list[str]]]:
    """(path, lines) for each line of ``rev``'s text files under ``paths`` where one of
    ``needles`` stands with no word character on either side, with the ``after`` lines that
    follow it (one ``git grep -A``)."""
    if not needles:
        return []
    code, out = _word_lines(["-n", f"-A{after}"], needles, rev, paths, cwd)
    lines: dict[tuple[str, int], str] = {}
    order: list[tuple[str, int]] = []
    for line in out.split("\n") if code == 0 else []:
        where, _, rest = line.partition("\0")
        number, _, text = rest.partition("\0")
        if number.isdigit():
            key = (where[len(rev) + 1:], int(number))
            lines[key] = text
            order.append(key)
    return [(path, [lines.get((path, number + n), "") for n in range(after + 1)])
            for path, number in order]


def tree_files(tree: str, cwd: str) -> list[str]:
    """Every file's path in ``tree`` (a full sha): one ``ls-tree`` a process, as the
    readings of one run (the project's files, its history files) list the same tree."""
    key = (cwd, tree)
    if key not in _LISTED:
        names = [n for n in run(["ls-tree", "-r", "-z", "--name-only", tree], cwd).split("\0")
                 if n]
        if len(tree) not in (40, 64) or not set(tree) <= _HEXES:
            return names
        _LISTED.clear()  # one tree's names at a time: a monorepo's are megabytes
        _LISTED[key] = names
    return list(_LISTED[key])


_LISTED: dict[tuple[str, str], list[str]] = {}


def tree_names(rev: str, cwd: str | None = None) -> list[str]:
    """Every file's path in ``rev``'s tree ([] when ``rev`` names no commit).  A full
    commit id's come through :func:`tree_files`, which keeps them: the gate asks them of
    the same tip for every batch it judges."""
    if cwd and len(rev) in (40, 64) and set(rev) <= _HEXES:
        try:
            return tree_files(rev, cwd)
        except GitError:
            return []
    code, out = run_status(["-c", "core.quotePath=false", "ls-tree", "-r", "-z",
                            "--name-only", rev], cwd)
    return [name for name in out.split("\0") if name] if code == 0 else []


def grep_words(rev: str, needles: list[str], paths: list[str], cwd: str | None = None
               ) -> list[tuple[str, str]]:
    """(path, needle) for each whole-word occurrence of one of ``needles`` (fixed
    strings) in the text files of ``rev``'s tree under ``paths`` (pathspecs): one
    ``git grep -o``.  Of one Perl pattern where git has them: what ``-F -w`` with an
    ``-e`` a needle reports (the longest needle at the leftmost place, then on after it),
    at a third of the cost, as git tries each ``-e`` on every line."""
    if not needles:
        return []
    args = ["-c", "core.quotePath=false", "grep", "-I", "-z", "-o", "--no-color",
            "--full-name"]
    if not _NO_PERL:
        # C locale: bytes, as -w reads them (a word character is an ASCII one), never UTF-8
        # a file may not be; a lookbehind sees nothing before where git goes on after -o's
        # last match on the line, just as -w takes that place for a word's start
        either = "|".join(_perl_literal(n) for n in sorted(set(needles), key=len, reverse=True))
        code, out, _ = run_full([*args, "-P", "-e", f"(?<!{_WORD})(?:{either})(?!{_WORD})",
                                 rev, "--", *paths], cwd, env={**os.environ, "LC_ALL": "C"})
        if code in (0, 1):
            return _matches(out, rev)
    for needle in needles:
        args += ["-e", needle]
    code, out = run_status([*args, "-F", "-w", rev, "--", *paths], cwd)
    if code in (0, 1) and not _NO_PERL:
        _NO_PERL.append(True)  # this git has no PCRE (or the pattern failed): -F from now
    return _matches(out, rev) if code == 0 else []


_WORD = "[A-Za-z0-9_]"  # what git's -w takes for a word character
_NO_PERL: list[bool] = []


def _perl_literal(needle: str) -> str:
    return "".join("\\" + ch if ch < "\x80" and not ch.isalnum() else ch for ch in needle)


def _matches(out: str, rev: str) -> list[tuple[str, str]]:
    found = []
    for line in out.split("\n"):
        where, _, match = line.partition("\0")
        if match:
            found.append((where[len(rev) + 1:], match))
    return found


def grep_in_functions(rev: str, needles: list[str], paths: list[str], cwd: str | None = None
                      ) -> list[tuple[str, bool, str]]:
    """(path, is the function line git shows above a match, text) for each line of the
    text files of ``rev``'s tree under ``paths`` that holds one of ``needles`` as a whole
    word (fixed strings), each after the line ``git grep -p`` shows it in: one ``git grep``,
    of one Perl pattern where git has them and every needle is ASCII (the same lines at
    half the time: git tries each ``-e`` on every line, and drizzle-orm's tree took 0.6 s
    for four names), in the user's locale, whose diff drivers find the function lines."""
    if not needles:
        return []
    args = ["-c", "core.quotePath=false", "grep", "-I", "-p", "-n", "--no-color",
            "--full-name"]
    code = -1
    if not _NO_PERL and all(needle.isascii() for needle in needles):
        either = "|".join(_perl_literal(needle) for needle in needles)
        code, out = run_status([*args, "-P", "-e", f"(?<!{_WORD})(?:{either})(?!{_WORD})",
                                rev, "--", *paths], cwd)
    if code not in (0, 1):
        code, out = run_status([*args, "-w", "-F", *(part for needle in needles
                                                     for part in ("-e", needle)),
                                rev, "--", *paths], cwd)
    found = []
    for line in out.split("\n") if code == 0 else []:
        match = _headed().match(line[len(rev) + 1:])
        if match:
            found.append((match["path"], match["sep"] == "=", match["text"]))
    return found


def _headed() -> re.Pattern[str]:
    """``path:12:text`` or ``path=12=text``: a line ``git grep -p -n`` prints.  Compiled
    when asked: the checkout hook imports this module and never ``re`` (docs/design.md,
    "The hot path")."""
    import re

    return re.compile(r"(?P<path>.+?)(?P<sep>[:=])\d+(?P=sep)(?P<text>.*)")


def grep_together(rev: str, word: str, others: list[str], paths: list[str],
                  cwd: str | None = None) -> list[str]:
    """The files of ``rev``'s tree under ``paths`` with a line that holds ``word`` and one
    of ``others`` (whole words, any case)."""
    args = ["grep", "-I", "-l", "-z", "-i", "-w", "-F", "--full-name", "-e", word, "--and",
            "("]
    for i, other in enumerate(others):
        args += [*(["--or"] if i else []), "-e", other]
    code, out = run_status([*args, ")", rev, "--", *paths], cwd)
    return [name[len(rev) + 1:] for name in out.split("\0") if name] if code == 0 else []


def tree_blobs(rev: str, cwd: str | None = None) -> list[tuple[str, str, int]]:
    """(path, blob id, size in bytes) of every file in ``rev``'s tree ([] when ``rev``
    names no commit; submodules left out)."""
    code, out = run_status(["-c", "core.quotePath=false", "ls-tree", "-r", "-l", "-z", rev],
                           cwd)
    found = []
    for entry in out.split("\0") if code == 0 else []:
        head, tab, path = entry.partition("\t")
        parts = head.split()
        if tab and len(parts) == 4 and parts[1] == "blob" and parts[3].isdigit():
            found.append((path, parts[2], int(parts[3])))
    return found


def messages(rev: str, count: int, cwd: str | None = None) -> str:
    """The messages of the last ``count`` commits reachable from ``rev``, joined."""
    code, out = run_status(["log", "--no-merges", "--format=%B", f"-n{count}", rev, "--"], cwd)
    return out if code == 0 else ""


def grep_found(rev: str, needles: list[str], paths: list[str], cwd: str | None = None
               ) -> set[str]:
    """Which of ``needles`` (fixed strings, any case, folded to lower case in the answer)
    occur in the text files of ``rev``'s tree under ``paths``: one ``git grep -o``."""
    if not needles:
        return set()
    code, out = grep_any(["grep", "-I", "-i", "-o", "-h", "--no-color"], needles,
                         [rev, "--", *paths], cwd)
    return {line.lower() for line in out.split("\n") if line} if code == 0 else set()


def grep_any(head: list[str], needles: list[str], tail: list[str], cwd: str | None = None,
             *, words: bool = False) -> tuple[int, str]:
    """``git <head> <pattern> <tail>`` for one pattern that matches any of ``needles``
    (fixed strings; ``words``: each as a whole word, as ``-w`` reads one): git's exit
    status and output.  Git tries each ``-e`` on every line, so a list of them costs the
    square of its length: two hundred words with ``-i -F -o`` took 150 s over harfbuzz's
    2 MB of documents, one Perl pattern 0.25 s.  The longest needle is tried first at a
    place, as ``-o`` reports it.  In the C locale (bytes, never UTF-8 a file may not be),
    where ``-i`` folds ASCII letters only: a needle with others is asked in its upper-case
    and capitalised forms too.  An extended pattern where git has no Perl ones."""
    ordered = sorted({form for needle in needles for form in (
        (needle,) if needle.isascii() else (needle, needle.upper(), needle.capitalize()))},
        key=len, reverse=True)
    env = {**os.environ, "LC_ALL": "C"}
    if not _NO_PERL:
        either = "|".join(_perl_literal(needle) for needle in ordered)
        pattern = f"(?<!{_WORD})(?:{either})(?!{_WORD})" if words else f"(?:{either})"
        code, out, _ = run_full([*head, "-P", "-e", pattern, *tail], cwd, env=env)
        if code in (0, 1):
            return code, out
    either = "|".join(needle.translate(_ERE_ESCAPED) for needle in ordered)
    pattern = f"(^|[^[:alnum:]_])({either})([^[:alnum:]_]|$)" if words else f"({either})"
    code, out, _ = run_full([*head, "-E", "-e", pattern, *tail], cwd, env=env)
    if code in (0, 1) and not _NO_PERL:
        _NO_PERL.append(True)  # this git has no PCRE (or the pattern failed): -E from now
    return code, out
