"""The pre-push scan of memory files and agent files for secrets (docs/design.md, "Invariants").

Each text is scanned as written and as read (:mod:`gitmemory.secrets.folded`): a token
split by an invisible character or typed in full-width letters is found too.
"""

from __future__ import annotations

import bisect
import os
from collections import Counter
from itertools import pairwise

from gitmemory import files, git
from gitmemory.errors import ConfigError, GitmemoryError
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import title_for
from gitmemory.outputs import sync
from gitmemory.outputs.targets import Target
from gitmemory.push.refs import tracking_tips
from gitmemory.repo import Repo
from gitmemory.secrets import folded

# Findings a scan names in one text: past them the push is stopped all the same, so the
# rest of a flood (60,000 password-like lines) is not read: a long text is read in runs of
# lines, each with the next ones (a key block that starts near its end is read whole).
# The first run is short and each next one twice as long, up to _RUN: a flood of dense
# secrets (20,000 lines of three keys each: 2,000 of them took a second) is stopped after
# its first lines, and a text with little to find is read in a handful of runs more.
MOST = 50
_FIRST = 128
_RUN = 2_000
_OVERLAP = 64
# A text read no further than this, found or not (some twenty times the largest memory
# file gitmemory writes): past it the push is stopped, as for a secret, so that a flood
# with nothing to find (60,000 password-like names whose values are references) costs
# at most this much reading and an unread line is never published.
MAX_CHARS = 1_000_000
TOO_LONG = "too-long-to-scan"


NAME_RULE = "token-in-file-name"
_DIGEST_NAME = lazy_regex(r"(?P<stem>.*)\.(?:[0-9a-f]{12}|[0-9a-f]{64})\.md")


def scan_names(paths: list[str]) -> list[tuple[str, int, str]]:
    """A finding (the path masked, line 0) for each path that holds a secret itself: a
    push publishes a file's name as it does its text.  A memory file's name is held to the
    rule its title is (:func:`gitmemory.memory.markdown.title_for`): a part that looks
    like a credential is one, and gitmemory never names a file so; only a file written by
    hand can (a branch named after a pager's 32-digit key)."""
    found = []
    for path in dict.fromkeys(paths):
        masked, hits = folded.redact_as_read(path)
        if path.startswith(f"{MEMORY_DIR}/") and not hits:
            digested = _DIGEST_NAME.fullmatch(path)  # a hashed name's digest is no key
            stem = digested["stem"] if digested else path.removesuffix(".md")
            masked = title_for(stem) + path[len(stem):]
        if hits or masked != path:
            found.append((masked, 0, NAME_RULE))
    return found


def scan_text(where: str, text: str) -> list[tuple[str, int, str]]:
    return [(where, line, rule) for line, rule in _capped(text)]


def _capped(text: str) -> list[tuple[int, str]]:
    """(line, rule) of the findings in ``text``, as read: all of them, or the first
    :data:`MOST` and perhaps a few more once that many are found; and, for a text longer
    than :data:`MAX_CHARS`, :data:`TOO_LONG` at the first line not read."""
    if len(text) <= MAX_CHARS:
        return _in_runs(text)
    cut = text.rfind("\n", 0, MAX_CHARS)
    unread = text.count("\n", 0, cut) + 2 if cut > 0 else 1
    return [*_in_runs(text[:max(cut, 0)]), (unread, TOO_LONG)]


def _in_runs(text: str) -> list[tuple[int, str]]:
    lines = text.split("\n")
    if len(lines) <= _FIRST + _OVERLAP:
        return [(f.line, f.rule) for f in folded.scan_as_read(text)]
    found: dict[tuple[int, str], None] = {}
    start, size = 0, _FIRST
    while start < len(lines):
        for f in folded.scan_as_read("\n".join(lines[start:start + size + _OVERLAP])):
            found.setdefault((start + f.line, f.rule), None)
        if len(found) >= MOST:
            break
        start, size = start + size, min(size * 2, _RUN)
    return sorted(found)


def scan_push(repo: Repo, commits: list[str], published: list[str] | None = None,
              remote: str = "") -> list[tuple[str, int, str]]:
    """Findings in the memory files the push would publish, and in the agent files.

    That is the memory files (and agent files a branch tracks) in each pushed commit's
    tree and every version of them in the commits being pushed, a merge commit's against
    each of its parents: a secret committed and then removed by a later commit still
    travels in the history.  ``published`` are the destination's old tips; commits they,
    or ``remote``'s tracking refs, reach are not scanned: history another remote has is
    not published to this one.
    """
    findings: list[tuple[str, int, str]] = []
    agents = read_by_agents(repo)
    trees, tracked = _in_trees(repo, commits, agents)
    there = _published(repo, [*(published or []), *tracking_tips(repo.toplevel, remote)],
                       agents)
    whole = [blob for tree in trees for blob in _tree_blobs(repo, tree)]
    whole += tracked
    whole = [(path, blob) for path, blob in whole if blob not in there]
    scanned = {blob for _, blob in whole} | set(there)
    added: dict[str, tuple[str, str]] = {}  # a version's blob -> (path, its parent's blob)
    for path, old, new in _history_blobs(repo, commits, published or [], remote, agents):
        if new in scanned or new in added:
            continue  # a version scanned once is scanned (1,500 commits share most)
        if old == git.ZERO_SHA:
            whole.append((path, new))
            scanned.add(new)
        else:
            added[new] = (path, old)
    texts = _read(repo, [*(blob for _, blob in whole),
                         *(blob for pair in added.items() for blob in (pair[0], pair[1][1]))],
                  {**{blob: path for path, blob in whole},
                   **{blob: path for blob, (path, _) in added.items()}})
    held = "\n".join(_read(repo, [blob for blob, path in there.items()
                                  if path != MEMORY_DIR], {}).values())
    findings += scan_names([*(path for path, _ in whole), *(p for p, _ in added.values())])
    for blob, path in {blob: path for path, blob in reversed(whole)}.items():
        if held and not path.startswith(f"{MEMORY_DIR}/"):  # lines the destination holds out
            findings += scan_pieces(added_pieces(path, held, texts[blob]))
        else:
            findings += scan_text(path, texts[blob])
    findings += scan_pieces([piece for blob, (path, old) in added.items()
                             for piece in added_pieces(path, texts.get(old, ""), texts[blob])])
    for rel, _target in agent_files(repo):
        path = os.path.join(repo.toplevel, rel)
        generated = None if os.path.islink(path) else files.read_text(path)
        if generated:  # the lines the destination's agent and base files hold are out
            findings += scan_pieces(added_pieces(rel, held, generated)) if held else \
                scan_text(rel, generated)
    return [(folded.redact_as_read(where)[0], line, rule) for where, line, rule in findings]


def _published(repo: Repo, tips: list[str], agents: list[str]) -> dict[str, str]:
    """The blobs of memory and agent files that the destination's known tips already
    hold (by blob, its path there; a memory file's path is the directory): a push does not
    publish what the remote has, were it renamed (``CLAUDE.md`` moved to ``CLAUDE_base.md``
    by ``init``) or read into an agent file (the base part of ``CLAUDE.md``)."""
    known = _known(repo, tips)
    if not known:
        return {}
    trees, tracked = _in_trees(repo, known, agents)
    there = {blob: MEMORY_DIR for tree in trees for _, blob in _tree_blobs(repo, tree)}
    there.update({blob: path for path, blob in tracked})
    return there


def _known(repo: Repo, shas: list[str]) -> list[str]:
    """``shas`` this clone holds, each once (a tip it never fetched tells nothing)."""
    return [sha for sha in dict.fromkeys(shas)
            if sha != git.ZERO_SHA and git.rev_parse(sha, repo.toplevel)]


def _read(repo: Repo, blobs: list[str], paths: dict[str, str]) -> dict[str, str]:
    """Each of ``blobs`` read, in one ``git cat-file --batch``.  A version that cannot be
    read stops the scan; a parent that cannot be read leaves its child scanned whole."""
    unique = list(dict.fromkeys(blobs))
    texts = {}
    for blob, answer in zip(unique, git.cat_file(unique, repo.toplevel), strict=True):
        if answer is not None:
            texts[blob] = git.decode(answer[2])
        elif blob in paths:
            raise GitmemoryError(f"memory file {paths[blob]} ({blob[:12]}) cannot be read")
    return texts


# Lines either side of an added line that are scanned with it: a secret written across
# lines (a key block, a token wrapped by a formatter) shows to the rules whole when its
# added lines sit beside ones that were there before.
CONTEXT = 3


_Piece = tuple[str, int, str]  # where, the line number of its first line less one, text


def scan_added(where: str, old: str, new: str) -> list[tuple[str, int, str]]:
    """Findings in the lines ``new`` adds to ``old`` (a version against its parent), with
    :data:`CONTEXT` lines around each run, by ``new``'s line numbers: a push of many
    versions costs what the versions add, not their size times their number.  Lines the
    parent had were scanned in the parent (or are on the remote already)."""
    return scan_pieces(added_pieces(where, old, new))


# Pieces are scanned as one text, apart by blank lines: no rule joins lines across a
# blank one (a key block, a wrapped token and a table end there).
_APART = "\n" * 4


def scan_pieces(pieces: list[_Piece]) -> list[tuple[str, int, str]]:
    """Findings in each of ``pieces`` by its own file and line, read in one scan (a scan
    of a text of a few lines costs what its rules cost to set up: 1,500 of them, 0.4 s)."""
    if not pieces:
        return []
    starts, lines = [], 1
    for _, _, text in pieces:
        starts.append(lines)
        lines += text.count("\n") + _APART.count("\n")
    findings = []
    for at, rule in _capped(_APART.join(text for _, _, text in pieces)):
        i = bisect.bisect_right(starts, at) - 1
        where, offset, text = pieces[i]
        line = at - starts[i] + 1
        if line <= text.count("\n") + 1:
            findings.append((where, offset + line, rule))
    return findings


def added_pieces(where: str, old: str, new: str) -> list[_Piece]:
    """The runs of lines ``new`` adds to ``old``, each with :data:`CONTEXT` lines around."""
    if old == new:
        return []
    lines = new.split("\n")
    # Most versions change a few lines in one place: what they share at the start and at
    # the end is found by comparing slices (in C), and only the lines between are counted.
    head = _shared_head(old, new)
    first = new.count("\n", 0, head)
    tail = _shared_tail(old, new, head)
    last = len(lines) - old.count("\n", len(old) - tail) if tail else len(lines)
    old_middle = old[head:len(old) - tail].split("\n") if tail < len(old) - head else []
    before = Counter(old_middle)
    windows: list[list[int]] = []
    for i in range(first, max(first, last)):
        line = lines[i]
        if before[line]:
            before[line] -= 1
            continue
        start, end = max(0, i - CONTEXT), min(len(lines), i + CONTEXT + 1)
        if windows and start <= windows[-1][1]:
            windows[-1][1] = end
        else:
            windows.append([start, end])
    return [(where, start, "\n".join(lines[start:end])) for start, end in windows]


def _shared_head(old: str, new: str) -> int:
    """Where the first line that differs starts: the whole lines both texts begin with."""
    low, high = 0, min(len(old), len(new))
    while low < high:
        mid = (low + high + 1) // 2
        if old[:mid] == new[:mid]:
            low = mid
        else:
            high = mid - 1
    return 0 if low == 0 else (low if low == len(old) == len(new) else old.rfind("\n", 0, low) + 1)


def _shared_tail(old: str, new: str, head: int) -> int:
    """How many characters of whole lines both texts end with, after ``head``."""
    low, high = 0, min(len(old), len(new)) - head
    while low < high:
        mid = (low + high + 1) // 2
        if old[len(old) - mid:] == new[len(new) - mid:]:
            low = mid
        else:
            high = mid - 1
    if low in (0, len(old) - head, len(new) - head):
        return 0  # no shared tail, or one text is the other's head: count every line
    cut = old.find("\n", len(old) - low)
    return 0 if cut == -1 else len(old) - cut


def agent_files(repo: Repo) -> list[tuple[str, Target]]:
    """The agent files to scan, by path: those the settings ask for, or the defaults when
    a setting they need is bad (the scan runs whatever is wrong with the settings)."""
    from gitmemory import config

    try:
        return sync.generated(repo.toplevel, repo.cfg)
    except ConfigError:
        return sync.generated(repo.toplevel, config.defaults())


def read_by_agents(repo: Repo) -> list[str]:
    """Every path an agent reads as instructions, whatever the settings ask gitmemory to
    write: the agent files it renders here, and each agent's own files (``AGENTS.md``,
    ``GEMINI.md``, ``.cursorrules``, rule directories, base files).  A branch that tracks
    one publishes what it says, so the push scans it."""
    from gitmemory import config
    from gitmemory.outputs.targets import AGENTS

    paths = [rel for rel, _target in agent_files(repo)]
    for cfg in (repo.cfg, config.defaults()):
        for agent in AGENTS.values():
            try:
                target = agent.build(cfg)
            except ConfigError:
                continue
            paths += [target.path, *(name for name in (target.base, getattr(
                target, "legacy_base", None)) if name)]
            paths += [sign.rstrip("/") for sign in agent.signs]
    return list(dict.fromkeys(path for path in paths if path))


def _in_trees(repo: Repo, commits: list[str], paths: list[str]
              ) -> tuple[list[str], list[tuple[str, str]]]:
    """The distinct trees of the memory directory in ``commits`` (branches share most), and
    (path, blob) of the agent files among ``paths`` that their trees hold (a branch may
    track its own ``CLAUDE.md``): one process, given each commit's tree
    (:func:`gitmemory.git.tree_of`), so that no commit is read whole."""
    trees = [git.tree_of(commit, repo.toplevel) for commit in commits]
    asked = [(path, f"{tree}:{path}") for tree in trees for path in paths]
    answers = git.cat_file([*(f"{tree}:{MEMORY_DIR}" for tree in trees),
                            *(spec for _, spec in asked)], repo.toplevel, contents=False)
    found = list(dict.fromkeys(a[0] for a in answers[:len(commits)]
                               if a is not None and a[1] == "tree"))
    return found, [(path, answer[0]) for (path, _), answer in
                   zip(asked, answers[len(commits):], strict=True)
                   if answer is not None and answer[1] == "blob"]


def _tree_blobs(repo: Repo, tree: str) -> list[tuple[str, str]]:
    code, out = git.run_status(["ls-tree", "-r", "-z", tree], repo.toplevel)
    if code != 0:
        raise GitmemoryError(f"the memory directory's tree {tree[:12]} cannot be read")
    found = []
    for entry in out.split("\0"):
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob":
            found.append((f"{MEMORY_DIR}/{path}", parts[2]))
    return found


def _history_blobs(repo: Repo, commits: list[str], published: list[str], remote: str,
                   agents: list[str]) -> list[tuple[str, str, str]]:
    """(path, parent's blob, blob) of each memory and agent file version written by the
    commits being pushed, merges against each parent (``-m``); the parent's blob is
    :data:`git.ZERO_SHA` for a file the commit adds."""
    if not commits:
        return []
    known = _known(repo, published)
    code, out = git.run_status(["log", "--format=", "--raw", "-m", "--no-abbrev",
                                "--no-renames", "-z", *commits, "--not", *known,
                                *tracking(remote), "--", MEMORY_DIR,
                                *(f":(literal){path}" for path in agents)], repo.toplevel)
    tokens = out.split("\0") if code == 0 else []
    found = []
    for meta, path in pairwise(tokens):
        parts = meta.lstrip("\n").split()
        if len(parts) == 5 and parts[0].startswith(":") and parts[3] != git.ZERO_SHA:
            found.append((path, parts[2], parts[3]))
    return found


_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")


def tracking(remote: str) -> list[str]:
    """The ``git log`` option naming ``remote``'s tracking refs: what the destination of
    the push already has ([] for a URL or a path: no ref says what it holds)."""
    if not remote or not set(remote) <= _NAME_CHARS or remote.startswith((".", "-")):
        return []
    return [f"--remotes={remote}"]
