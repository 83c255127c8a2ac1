"""What a clone of a repository set up with gitmemory needs, and what it lacks.

See docs/design.md, "Files in a repository".  Git shares neither hooks nor a
merge driver's registration with a clone, and the agent files are generated
per checkout, so each clone needs one command: ``gitmemory init`` (or
``gitmemory install``), which follows the team's route: the pre-commit
framework when the team's ``.pre-commit-config.yaml`` runs gitmemory's hooks,
native hooks otherwise.  :func:`gaps` says what is missing and the command
that fixes each part; ``status`` and the agent's session-start hook report it.
"""

from __future__ import annotations

import os

from gitmemory import config, files, output
from gitmemory.errors import GitmemoryError
from gitmemory.outputs.targets import GEMINI_FILE, documents
from gitmemory.repo import Repo
from gitmemory.setup import adopt, agent_hook, merge_driver, native

NATIVE, PRE_COMMIT = "native", "pre-commit"
PRE_COMMIT_INSTALL = "pre-commit install --install-hooks --allow-missing-config"
NOT_SET_UP = "gitmemory is not set up in this repository"
HOOK_STAGES = ("post-checkout", "post-commit", "post-merge", "post-rewrite", "pre-push")


def route(top: str) -> str:
    """How this repository runs gitmemory's hooks: ``pre-commit`` when the team's
    ``.pre-commit-config.yaml`` lists them, else ``native``."""
    return PRE_COMMIT if adopt.listed(top) else NATIVE


class Gap:
    """One thing this clone or repository lacks (``what``), the command that fixes it
    (``fix``), and whether it is this clone's alone (``local``) or the repository's."""

    __slots__ = ("fix", "local", "what")

    def __init__(self, what: str, fix: str, *, local: bool = True) -> None:
        self.what, self.fix, self.local = what, fix, local

    def line(self) -> str:
        return f"{self.what}: run {self.fix}"

    def as_dict(self) -> dict[str, object]:
        return {"what": self.what, "fix": self.fix, "local": self.local}


def gaps(repo: Repo, hooks: dict[str, str] | None = None,
         driver: tuple[str | None] | None = None) -> list[Gap]:
    """What keeps gitmemory from working fully here ([] when nothing does); ``hooks`` is
    :func:`gitmemory.setup.native.installed` and ``driver`` (in a tuple) what
    :func:`gitmemory.setup.merge_driver.check` said, when the caller has them."""
    top = repo.toplevel
    how = route(top)
    if how == NATIVE and not os.path.lexists(os.path.join(top, config.CONFIG_FILE)):
        return [Gap(NOT_SET_UP, "gitmemory init", local=False)]
    fix = "gitmemory init" if how == NATIVE else PRE_COMMIT_INSTALL
    hooks = native.installed(top) if hooks is None else hooks
    wanted = [h for h in HOOK_STAGES if how == NATIVE or _hook_listed(top, h)]
    lacking = [h for h in wanted if not native.runs_gitmemory(hooks.get(h, "missing"))]
    out = [Gap(f"hooks missing ({', '.join(lacking)})", fix)] if lacking else []
    problem = (driver or (merge_driver.check(top, ""),))[0]
    if problem is not None:
        out.append(Gap(problem.rsplit(": ", 1)[0], "gitmemory install" if how == NATIVE
                       else "gitmemory init"))
    elif (agent := agent_hook.problem(top)) is not None:  # the same fix, when both
        what, fix, local = agent
        out.append(Gap(what, fix if how == NATIVE or not local else "gitmemory init",
                       local=local))
    try:
        out += _agent_files(repo)
        shared = _missing_shared(repo)
    except GitmemoryError:  # a bad outputs setting: status lists it among the settings
        shared = []
    out += [Gap(what, "gitmemory init" + (" --hooks none" if how == PRE_COMMIT else "")
                + " and commit what it writes", local=False) for what in shared]
    return out


def _hook_listed(top: str, stage: str) -> bool:
    """Whether the pre-commit config lists gitmemory's hook for ``stage``."""
    return f"{adopt.HOOK_ID}{stage}" in (files.read_text(os.path.join(top,
                                                                      adopt.PRE_COMMIT_CONFIG))
                                         or "")


def _agent_files(repo: Repo) -> list[Gap]:
    """A document (``CLAUDE.md``) that the checked-out branch should have and does not:
    its base file is there, or memory is."""
    top, branch = repo.toplevel, repo.info.branch
    if branch is None:
        return []
    memory = os.path.isdir(os.path.join(top, ".gitmemory", "branches"))
    out = []
    for target in documents(repo.cfg):
        if os.path.lexists(os.path.join(top, target.path)):
            continue
        if target.optional:
            continue  # absent while it carries no memory
        if memory or (target.base and os.path.lexists(os.path.join(top, target.base))):
            out.append(Gap(f"{target.path} not generated yet", "gitmemory generate"))
    return out


def _missing_shared(repo: Repo) -> list[str]:
    """The tracked set-up files the repository lacks (the team's, not this clone's)."""
    top = repo.toplevel
    missing = []
    if not os.path.lexists(os.path.join(top, config.CONFIG_FILE)):
        missing.append(f"{config.CONFIG_FILE} not in the repository")
    attributes = files.read_text(os.path.join(top, ".gitattributes")) or ""
    if merge_driver.ATTRIBUTE_LINE not in attributes:
        missing.append(f".gitattributes lacks {merge_driver.ATTRIBUTE_LINE}")
    ignored = files.read_text(os.path.join(top, ".gitignore")) or ""
    lines = {line.strip() for line in ignored.splitlines()}
    absent = [p for p in adopt.ignore_patterns(repo.cfg) if p not in lines]
    if absent:
        missing.append(f".gitignore lacks {', '.join(absent)}")
    return missing + _agents_own_files(repo)


def _agents_own_files(repo: Repo) -> list[str]:
    """The team's AGENTS.md or GEMINI.md that gitmemory 0.3 moved away, and Gemini CLI's
    settings when they do not name the memory file yet."""
    from gitmemory.setup import gemini_settings, team_files

    top = repo.toplevel
    missing = [f"{name} is in {moved} (gitmemory 0.3 moved it there), so agents that read "
               f"{name} miss it" for name, moved, _ in team_files.MOVED
               if os.path.isfile(os.path.join(top, moved))]
    if "gemini" in repo.cfg.outputs and not gemini_settings.registered(top):
        missing.append(f"{gemini_settings.SETTINGS} does not name {GEMINI_FILE}, so Gemini "
                       "CLI does not read the memory")
    return missing


def install(repo: Repo) -> list[str]:
    """This clone's part, by the team's route: hooks, the merge driver's registration,
    and the agent files of the checked-out branch; one line per thing done."""
    from gitmemory.outputs import sync

    top = repo.toplevel
    if route(top) == PRE_COMMIT:
        from gitmemory.setup import precommit

        lines = precommit.join(repo)
    else:
        lines = native.install(top)
    lines += merge_driver.register(top)
    if repo.info.branch is None:
        return lines
    try:
        outcomes = sync.sync(repo.info, repo.cfg, repo.info.branch)
    except GitmemoryError as exc:  # a symlinked agent file: the rest is installed all the same
        return [*lines, f"agent files: not written ({exc.one_line()})"]
    return lines + [line for o in outcomes for line in (o.line(), o.message) if line]


def notice(repo: Repo) -> str | None:
    """For an agent's session-start hook: one message for the person, once per clone,
    when this clone's part of the set-up is missing (hooks, the merge driver), or when
    pre-commit set it up and that line was never seen; None otherwise."""
    from gitmemory import state

    waiting = adopted(repo.info.state_dir, shown=True)
    local = [gap for gap in gaps(repo) if gap.local and gap.fix != "gitmemory generate"]
    told = state.TOLD_AGENT.at(state.ensure_dir(repo.info.state_dir))
    if not local or os.path.lexists(told):
        return waiting
    files.atomic_write(told, "\n".join(gap.line() for gap in local) + "\n")
    fix = "gitmemory init" if len({gap.fix for gap in local}) > 1 else local[0].fix
    return (f"gitmemory is not set up in this clone ({'; '.join(g.what for g in local)}): "
            f"CLAUDE.md is not rebuilt when you switch branches. Run `{fix}` once.")


def adopted(state_dir: str, *, shown: bool = False) -> str | None:
    """The line a hook run by pre-commit wrote when it set this clone up, while it waits
    to be seen (pre-commit hides a passing hook's output); ``shown``: it is seen now."""
    from gitmemory import state

    path = state.ADOPTED.at(state_dir)
    line = (files.read_text(path) or "").strip() or None
    if line and shown:
        files.remove(path)
    return line


def start_session(repo: Repo) -> int:
    """Claude Code's SessionStart hook: rebuild the agent files; print nothing but, when
    ``CLAUDE.md`` changed, its new content as the hook's context, and once per clone what
    this clone lacks (:func:`notice`)."""
    from gitmemory.memory.read import default_branch
    from gitmemory.outputs import sync

    # A cloud agent or a CI job works on a checked-out commit: the session starts with
    # the default branch's memory then.
    branch = repo.info.branch or default_branch(repo.info, repo.cfg)
    if branch is None:
        return 0
    context = agent_hook.session_context(sync.sync(repo.info, repo.cfg, branch), branch)
    told = notice(repo)
    if told:  # for the person: Claude Code shows a hook's systemMessage to its user
        context = {**(context or {}), "systemMessage": told}
    if context:
        output.emit_json(context)
    return 0
