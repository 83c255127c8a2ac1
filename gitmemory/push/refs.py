"""What a push carries: the refs to memorize and the commits to scan (docs/design.md, "Hooks").

git writes one line per pushed ref to the pre-push hook's stdin.  The
pre-commit framework does not pass that stdin on; it names the first pushed
ref that carries new commits in ``PRE_COMMIT_*`` variables and nothing about
the others (``git push origin clean leaky`` names ``clean`` only).  Other hook
managers may drop stdin altogether.  So:

- :func:`pushed_refs` are the refs to *memorize*: git's lines, else the one
  ref pre-commit names.  Memorizing a branch nobody pushed would commit on it.
- :func:`scan_targets` are the commits to *scan*: git's lines when there
  are any; without them, every local branch and tag (and a detached ``HEAD``)
  whose tip the remote's tracking refs do not hold, plus the ref pre-commit
  names.  That is more than the push may carry, never less: the scan is the
  gate nothing may skip, and a false alarm costs one line naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from gitmemory import git

# Refs a push never carries unless named outright, and whose content is a scratch area.
_NOT_SCANNED = ("refs/remotes/", "refs/stash")


@dataclass(frozen=True)
class PushedRef:
    local_ref: str
    local_sha: str
    remote_ref: str
    remote_sha: str


@dataclass(frozen=True)
class Targets:
    """The commits to scan and the remote's tips already published; ``guessed`` when git did
    not say what is pushed and the commits were recomputed."""

    commits: list[str]
    published: list[str]
    guessed: bool = False


def pushed_refs(stdin: str) -> list[tuple[str, str, str, str]]:
    """Every ref being pushed, as ``(local_ref, local_sha, remote_ref, remote_sha)``.

    From git's stdin lines when there are any.  Under pre-commit stdin is
    empty and only the first pushed ref that carries new commits is known
    (``PRE_COMMIT_LOCAL_BRANCH`` and ``PRE_COMMIT_REMOTE_BRANCH`` hold ref
    names despite their names).  Its local sha is ``PRE_COMMIT_TO_REF`` (else
    the local ref as it is now); the remote sha is recomputed from the
    remote-tracking ref, zeros when there is none, as for a new branch.
    Deleted refs and tags come through as git sent them; the caller skips them.
    """
    refs = _stdin_refs(stdin)
    if refs or os.environ.get("PRE_COMMIT") != "1":
        return refs
    pushed = _pushed_ref_from_pre_commit(os.environ)
    return [pushed] if pushed else []


def _stdin_refs(stdin: str) -> list[tuple[str, str, str, str]]:
    refs = []
    # "\n" and " " only: a branch name may hold U+2028, U+0085 or U+00A0, which
    # str.splitlines() and str.split() would cut at; git writes single spaces.
    for line in stdin.split("\n"):
        parts = line.rstrip("\r").split(" ")
        if len(parts) == 4:
            refs.append((parts[0], parts[1], parts[2], parts[3]))
    return refs


def _pushed_ref_from_pre_commit(env: Mapping[str, str]) -> tuple[str, str, str, str] | None:
    local_ref = env.get("PRE_COMMIT_LOCAL_BRANCH", "")
    remote_ref = env.get("PRE_COMMIT_REMOTE_BRANCH", "")
    if not local_ref or not remote_ref:
        return None
    local_sha = env.get("PRE_COMMIT_TO_REF") or git.rev_parse(local_ref)
    if not local_sha:
        return None
    remote_sha = git.ZERO_SHA
    remote = env.get("PRE_COMMIT_REMOTE_NAME", "")
    if remote and remote_ref.startswith(git.HEADS):
        tracking = f"refs/remotes/{remote}/{remote_ref[len(git.HEADS):]}"
        remote_sha = git.rev_parse(tracking) or git.ZERO_SHA
    return (local_ref, local_sha, remote_ref, remote_sha)


def scan_targets(toplevel: str, stdin: str, refs: list[PushedRef], remote: str,
                 typed: list[str] | None = None) -> Targets:
    """The commits the scan reads: those git said are pushed, or, when git's lines are
    missing, every local tip the remote may not have and every commit the typed
    ``git push`` names (``typed``: a raw sha, another ref; see the module docstring)."""
    pushed = [r.local_sha for r in refs if r.local_sha != git.ZERO_SHA]
    published = [r.remote_sha for r in refs]
    if _stdin_refs(stdin):
        return Targets(pushed, published)
    held = tracking_tips(toplevel, remote)
    tips = _local_tips(toplevel) + typed_sources(toplevel, typed or [])
    unpublished = _not_in(toplevel, tips, held) if held else tips
    commits = list(dict.fromkeys([*pushed, *unpublished]))
    return Targets(commits, [*published, *held], guessed=True)


# git push's options that take a value as the next word.
_WITH_VALUE = frozenset({"--repo", "--receive-pack", "--exec", "-o", "--push-option",
                         "--recurse-submodules", "--signed"})


def typed_sources(toplevel: str, argv: list[str]) -> list[str]:
    """The commits the refspecs of a typed ``git push`` send (the part before ``:``, a
    sha, a branch, a tag or any other ref, peeled to its commit); [] when there are none."""
    from gitmemory.push.command import after_subcommand

    words = after_subcommand(argv)
    positional: list[str] = []
    rest = iter(words)
    for word in rest:
        if word == "--":
            positional += list(rest)
            break
        if word.startswith("-"):
            if word in _WITH_VALUE:
                next(rest, None)
            continue
        positional.append(word)
    found = []
    for spec in positional[1:]:  # the first is the remote
        source = spec.lstrip("+").split(":", 1)[0]
        sha = git.rev_parse(source, toplevel) if source else None
        if sha:
            found.append(sha)
    return found


def tracking_tips(toplevel: str, remote: str) -> list[str]:
    """The commits ``remote``'s tracking refs point at ([] for a URL or an unknown name)."""
    if not remote or "/" in remote or ":" in remote:
        return []
    return [sha for sha, _ in git.refs([f"refs/remotes/{remote}/"], toplevel)]


def _local_tips(toplevel: str) -> list[str]:
    """The commit of every local ref a push could carry (tags peeled), and HEAD."""
    out = git.run(["for-each-ref", "--format=%(objectname) %(*objectname) %(objecttype) "
                   "%(*objecttype)%00%(refname)"], toplevel)
    tips = []
    for line in out.split("\n"):
        head, _, name = line.partition("\0")
        parts = head.split(" ")
        if not name or name.startswith(_NOT_SCANNED) or len(parts) != 4:
            continue
        sha, peeled, kind, peeled_kind = parts
        if kind == "commit":
            tips.append(sha)
        elif peeled_kind == "commit":
            tips.append(peeled)
    detached = git.rev_parse("HEAD", toplevel)
    if detached:
        tips.append(detached)
    return list(dict.fromkeys(tips))


def _not_in(toplevel: str, tips: list[str], held: list[str]) -> list[str]:
    """The tips that no commit of ``held`` reaches, in one process."""
    if not tips:
        return []
    code, out = git.run_status(["rev-list", "--stdin"], toplevel, stdin="\n".join(
        [*tips, *(f"^{sha}" for sha in held)]) + "\n")
    if code != 0:
        return tips  # scan too much rather than too little
    ahead = set(out.split())
    return [tip for tip in tips if tip in ahead]
