"""The entry point every hook calls (docs/design.md, "Hooks"): ``gitmemory hook <name> [args]``.

The checkout, commit, merge and rewrite hooks import only the standard
library and gitmemory's stdlib-only modules (no click, GitPython or
anthropic): they must add no more than ~20 ms to the git command.  Every hook
is quiet on success, never fails the git command it serves (pre-push may stop
a push on purpose, with exit code 3), and reports an error as one line on
stderr with the details in the local hook log.
"""

from __future__ import annotations

import os
import sys

from gitmemory import config, git, output, state
from gitmemory.errors import GitmemoryError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

HOOK_ENV = "GITMEMORY_HOOK"


def disabled() -> bool:
    return os.environ.get("GITMEMORY_DISABLE", "0").strip().lower() not in ("", "0", "false", "no")


def main(argv: list[str]) -> int:
    if not argv:
        output.error("usage: gitmemory hook <hook-name> [args]")
        return 2
    name, args = argv[0], argv[1:]
    handler = HANDLERS.get(name)
    if handler is None:
        output.error(f"unknown hook {name!r}; known: {', '.join(HANDLERS)}")
        return 2
    if disabled() or os.environ.get(HOOK_ENV):
        return 0
    os.environ[HOOK_ENV] = name
    info = None
    try:
        info = git.hook_repo_info()
        if name == "pre-push":  # the secret scan comes before anything that can fail
            return pre_push(info, args or from_pre_commit(name))
        _adopt(info)
        return handler(info, args or from_pre_commit(name))
    except GitmemoryError as exc:
        _report(info, name, exc.one_line(), None)
    except Exception as exc:
        import traceback

        _report(info, name, f"internal error ({type(exc).__name__}: {exc})",
                traceback.format_exc())
    return 0


def _adopt(info: git.RepoInfo) -> None:
    """Under pre-commit, once: this clone's local set-up (no tracked file is written)."""
    if os.environ.get("PRE_COMMIT") == "1":  # the team's pre-commit config chose gitmemory
        from gitmemory.setup import adopt

        adopt.by_pre_commit(info)


def _report(info: git.RepoInfo | None, name: str, message: str, details: str | None) -> None:
    where = ""
    if info is not None:
        try:
            log_path = state.log(info.state_dir, f"{name}: {message}\n{details or ''}")
            where = f" (details: {log_path})"
        except OSError:
            pass
    output.note(f"{name} hook: {message}{where}")


def from_pre_commit(name: str) -> list[str]:
    """Rebuild git's arguments for hook ``name`` from the variables pre-commit sets.

    The pre-commit framework runs a hook without git's arguments and without
    its stdin; what it knows it passes as ``PRE_COMMIT_*`` variables, each set
    only when known (pre-commit's ``commands/run.py``), plus ``PRE_COMMIT=1``.
    Outside pre-commit this returns [] so stray variables change nothing.
    """
    env = os.environ
    if env.get("PRE_COMMIT") != "1":
        return []
    if name == "post-checkout" and "PRE_COMMIT_CHECKOUT_TYPE" in env:
        return [env.get("PRE_COMMIT_FROM_REF", ""), env.get("PRE_COMMIT_TO_REF", ""),
                env["PRE_COMMIT_CHECKOUT_TYPE"]]
    if name == "post-merge" and "PRE_COMMIT_IS_SQUASH_MERGE" in env:
        return [env["PRE_COMMIT_IS_SQUASH_MERGE"]]
    if name == "post-rewrite" and "PRE_COMMIT_REWRITE_COMMAND" in env:
        return [env["PRE_COMMIT_REWRITE_COMMAND"]]
    if name == "pre-push" and "PRE_COMMIT_REMOTE_NAME" in env:
        return [env["PRE_COMMIT_REMOTE_NAME"], env.get("PRE_COMMIT_REMOTE_URL", "")]
    return []


def read_stdin() -> str:
    """What git wrote to the hook's stdin; "" for a terminal, a closed or an empty stdin."""
    stream = sys.stdin
    if stream is None or stream.closed or stream.isatty():
        return ""
    return stream.read()


def _chosen(info: git.RepoInfo) -> config.Config | None:
    """The settings when this repository chose gitmemory and has it enabled, else None."""
    if info.toplevel is None:
        return None
    cfg = config.load(info.toplevel, info.state_dir, git_dirs=(info.git_dir, info.common_dir))
    return cfg if cfg.enabled and cfg.chosen else None


def _ready(info: git.RepoInfo, finished: tuple[str, ...] = ()) -> config.Config | None:
    """The settings when this hook should act on the work tree, else None."""
    if info.toplevel is None or info.operation_in_progress(finished) or info.branch is None:
        return None
    return _chosen(info)


def _sync(info: git.RepoInfo, cfg: config.Config) -> None:
    from gitmemory.outputs import sync  # the renderer: not for the agent hooks

    assert info.branch is not None
    for outcome in sync.sync(info, cfg, info.branch):
        if outcome.message:
            output.note(outcome.message)


def post_checkout(info: git.RepoInfo, args: list[str]) -> int:
    if len(args) < 3 or args[2] != "1":
        return 0  # a file checkout, or no arguments at all
    cfg = _ready(info)
    if cfg is not None:
        _sync(info, cfg)
        if cfg.background_maintenance and info.toplevel:
            from gitmemory.maintenance import background
            background.start_maintenance(info.toplevel, info.state_dir)
    return 0


def post_commit(info: git.RepoInfo, args: list[str]) -> int:
    cfg = _ready(info)
    if cfg is None:
        return 0
    head = git.head_sha(info)
    from gitmemory import journal

    journal.record_commit(info.state_dir, head, info.branch or "")
    from gitmemory.memory import moves
    from gitmemory.outputs import sync

    # A commit that renamed a file memory cites, or took in an edit of the base file or of
    # memory, changes what the agent files show.
    if moves.note_commit(info, cfg, head) or sync.inputs_newer(info, cfg):
        _sync(info, cfg)
    return 0


def post_merge(info: git.RepoInfo, args: list[str]) -> int:
    cfg = _ready(info, finished=("MERGE_HEAD",))
    if cfg is None:
        return 0
    _sync(info, cfg)
    merged = merged_branch(info) if cfg.promote_on_merge else None
    target = info.branch
    from gitmemory.memory import read

    if merged and target and target == read.default_branch(info, cfg):
        # A hook changes no tracked file (docs/design.md, "What runs unasked"): say how.
        output.note(f"{merged} is merged into {target}: `gitmemory promote {merged}` folds its "
                    "memory into this branch's")
    return 0


def merged_branch(info: git.RepoInfo) -> str | None:
    """The local branch the last merge brought in, from HEAD's reflog (no process)."""
    try:
        with open(os.path.join(info.git_dir, "logs", "HEAD"), "rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(fh.tell() - 4096, 0))
            last = git.decode(fh.read()).rstrip("\n").rsplit("\n", 1)[-1]
    except OSError:
        return None
    message = last.split("\t", 1)[1] if "\t" in last else ""
    if not message.startswith("merge "):
        return None
    name = message[len("merge "):].split(":", 1)[0].strip()
    exists = os.path.exists(os.path.join(info.common_dir, "refs", "heads", name)) or \
        git.ref_exists(git.HEADS + name)
    return name if exists else None


def post_rewrite(info: git.RepoInfo, args: list[str]) -> int:
    kind = args[0] if args else "rebase"
    pairs = []
    stdin = sys.stdin.read() if not sys.stdin.isatty() else ""
    for line in stdin.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            pairs.append((parts[0], parts[1]))
    if not pairs and kind == "amend":
        # Under pre-commit the sha list is lost; an amend is HEAD@{1} -> HEAD.
        old = git.rev_parse("HEAD@{1}")
        new = git.rev_parse("HEAD")
        pairs = [(old, new)] if old and new and old != new else []
    if _chosen(info) is None:
        return 0
    from gitmemory import journal

    journal.record_rewrites(info.state_dir, kind, pairs)
    cfg = _ready(info)
    if cfg is not None:
        _sync(info, cfg)
    return 0


def pre_push(info: git.RepoInfo, args: list[str]) -> int:
    """Memorize pushed branches (LLM-bound, so the heavy libraries are fine here)."""
    stdin = read_stdin()
    if sys.flags.no_site:  # the native shim starts Python with -S; GitPython lives in site
        import site

        site.main()
    from gitmemory.push import hook

    code = hook.run(info, stdin, args)
    try:
        _adopt(info)  # after the scan: a branch's broken settings must not keep it from running
    except GitmemoryError as exc:  # the set-up waits for settings that can be read
        output.note(f"pre-push hook: this clone is not set up for gitmemory yet "
                    f"({exc.one_line()})")
    return code


def agent_session(info: git.RepoInfo, args: list[str]) -> int:
    """Claude Code's SessionEnd and PreCompact hooks: note the session for the next memorize
    (stdlib only, no network, no commit; docs/design.md, "Agent sessions").  The hook only
    checks its input and starts a detached reader; the reader notes the session."""
    from gitmemory.sessions import capture

    if args[:1] == [capture.READ]:
        return capture.note(info, args[1:])
    job = capture.accept(info, read_stdin())
    if job is not None:
        from gitmemory.maintenance import background

        pid = background.spawn(["hook", "agent-session", *job], info.state_dir)
        if pid is None:
            raise GitmemoryError("could not start the session reader")
        capture.yield_to_session(pid)
    return 0


def agent_write(info: git.RepoInfo, args: list[str]) -> int:
    """Claude Code's PreToolUse hook for file writes: the items of the area the file is in,
    once per session (stdlib only; docs/design.md, "Agent sessions")."""
    from gitmemory.sessions import writes

    found = writes.answer(info, read_stdin())
    if found is not None:
        output.emit_json(found)
    return 0


HANDLERS: dict[str, Callable[[git.RepoInfo, list[str]], int]] = {
    "post-checkout": post_checkout,
    "post-commit": post_commit,
    "post-merge": post_merge,
    "post-rewrite": post_rewrite,
    "pre-push": pre_push,
    "agent-session": agent_session,
    "agent-write": agent_write,
}
