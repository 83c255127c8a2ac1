"""``gitmemory init``: set a repository up; safe to run again.

What it creates: docs/design.md, "Files in a repository".
"""

from __future__ import annotations

import os
from collections import Counter

from gitmemory import config, files, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs import stamp, sync
from gitmemory.outputs.targets import AGENTS, CODEX_ROOT_SHARE, Document, detected, documents
from gitmemory.repo import Repo
from gitmemory.setup import adopt, clone, merge_driver, native
from gitmemory.setup.next_step import next_step

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.pipeline.plan import Result

BASE_STARTER = """\
# Project notes for Claude

Write the guidance every branch should carry here. gitmemory copies this file
into CLAUDE.md on every checkout and adds what it learned about the branch.
"""
# CLAUDE.md and Claude Code's path-scoped rule files: the outputs setting's default.
DEFAULT_OUTPUTS: list[str] = list(config.defaults().outputs)


def run(hooks: str | None, pre_commit_repo: str | None = None,
        pre_commit_rev: str | None = None, *, mcp: bool = False, agent_hook: bool = False,
        ci: tuple[str | None, str | None] = (None, None)) -> int:
    """Set the repository and this clone up; ``hooks`` None follows the team's route (the
    pre-commit framework when its config runs gitmemory's hooks, else native hooks);
    ``ci``: the CI engine whose workflow to write, and what its jobs install."""
    repo = Repo.open()
    top = repo.toplevel
    options = bool(pre_commit_repo or pre_commit_rev)
    joined = hooks is None and not options and clone.route(top) == clone.PRE_COMMIT
    hooks = hooks or clone.route(top)  # a teammate's clone follows the team's route
    if hooks != "pre-commit" and options:
        raise GitmemoryError("--pre-commit-repo and --pre-commit-rev go with --hooks pre-commit")
    done: list[str] = []
    _check_config_file(top)
    if hooks == "pre-commit":
        from gitmemory.setup import precommit

        # First: when pre-commit cannot install, nothing else has been written yet.
        done.extend(precommit.join(repo) if joined else
                    precommit.setup(repo, pre_commit_repo, pre_commit_rev))
    _config_file(top, done, detected(top))
    os.makedirs(os.path.join(top, MEMORY_DIR), exist_ok=True)
    repo = Repo.open()  # the settings may have just been written
    _base_files(repo, done, agent_hook)
    _gitignore(repo, done)
    done += merge_driver.register(top)
    if hooks == "native":
        done.append(_hooks_line(native.install(top)))
    refused = False
    if repo.info.branch:
        before = {t.path: _regular(os.path.join(top, t.path)) for t in documents(repo.cfg)}
        before.update((rel, _regular(os.path.join(top, rel)))
                      for rel, _ in sync.generated(top, repo.cfg))
        done += _first_memory(repo, repo.info.branch)
        try:
            outcomes = sync.sync(repo.info, repo.cfg, repo.info.branch)
        except GitmemoryError as exc:  # a symlinked agent file: the rest is set up all the same
            outcomes, refused = [], True
            done.append(f"agent files: not written ({exc.one_line()})")
        done += _outcome_lines(outcomes, before, top)
    done += _ignored(repo)
    shared = _agent_config_files(top, mcp, agent_hook, done)
    shared += _gemini_settings(repo, done)
    if ci[0]:
        shared += _ci_files(repo, ci[0], ci[1], done)
    for line in done:
        output.say(line)
    hint = next_step(repo, hooks == "pre-commit" and not joined, shared)
    if hint:
        output.say(hint)
    return 1 if refused else 0


def _regular(path: str) -> str | None:
    """The text of the regular file at ``path``; None for none, or for a link."""
    try:
        return files.read_text(path)
    except files.UnsafePath:
        return None


def _hooks_line(lines: list[str]) -> str:
    if all(line.endswith(": unchanged") for line in lines):
        return "hooks: already installed, unchanged"
    return "hooks: " + "; ".join(lines)


RULE_FILES_NAMED = 3  # more rule files than this are counted in one line


def _outcome_lines(outcomes: list[sync.Outcome], before: dict[str, str | None],
                   top: str) -> list[str]:
    """A line per agent file, and a rule set's many files counted in one line per status,
    so that init's next step is not buried."""
    lines: list[str] = []
    rule_sets: dict[str, tuple[int, list[str]]] = {}  # folder -> (where, its files' lines)
    for outcome in outcomes:
        line = _outcome_line(outcome, before, top)
        if outcome.rel != outcome.target.path and not outcome.message:  # a rule set's file
            at, said = rule_sets.setdefault(outcome.target.path, (len(lines), []))
            if not said:
                lines.append("")  # the set's place, filled below
            said.append(line)
            continue
        lines.append(line)
        if outcome.message:
            lines.append(outcome.message)
    for folder, (at, said) in sorted(rule_sets.items(), key=lambda kv: -kv[1][0]):
        counts = Counter(line.rpartition(": ")[2] for line in said)
        lines[at:at + 1] = said if len(said) <= RULE_FILES_NAMED else [
            f"{folder}/: " + ", ".join(f"{n} rule file{'s' if n != 1 else ''} {status}"
                                       for status, n in sorted(counts.items()))]
    return lines


def _outcome_line(outcome: sync.Outcome, before: dict[str, str | None], top: str) -> str:
    """What init did to an agent file, counting a write made while memorizing (``before``:
    the agent files as init found them, rule files included)."""
    if outcome.status == "unchanged":
        now = _regular(os.path.join(top, outcome.rel))
        if now is not None and now != before.get(outcome.rel):
            return f"{outcome.rel}: {'updated' if before.get(outcome.rel) else 'written'}"
    if outcome.status == "absent" and outcome.target.name == "agents":
        return f"{outcome.rel}: not written ({_codex_room(top)}; Codex reads AGENTS.md as it is)"
    return outcome.line()


def _codex_room(top: str) -> str:
    """Why AGENTS.override.md, the team's AGENTS.md and the memory, is absent."""
    path = os.path.join(top, "AGENTS.md")
    if os.path.islink(path):
        return "AGENTS.md is a symlink"
    try:
        used = os.lstat(path).st_size
    except OSError:
        return "no AGENTS.md"
    if used < CODEX_ROOT_SHARE:
        return "no memory to add to AGENTS.md"
    return f"AGENTS.md, {used:,} bytes, leaves no room for memory within " \
        f"{CODEX_ROOT_SHARE // 1024} KiB, half of Codex's limit"


def _agent_config_files(top: str, mcp: bool, agent_hook: bool, done: list[str]) -> list[str]:
    """``.mcp.json`` and ``.claude/settings.json`` when asked: the files to commit."""
    from gitmemory.setup import agent_hook as hook
    from gitmemory.setup import mcp_config

    wanted = [(mcp, mcp_config.MCP_FILE, mcp_config.register),
              (agent_hook, hook.SETTINGS, hook.install)]
    for asked, _path, write in wanted:
        if asked:
            done.append(write(top))
    return [path for asked, path, _ in wanted if asked]


def _gemini_settings(repo: Repo, done: list[str]) -> list[str]:
    """With the gemini output on, Gemini CLI is told to read the memory file beside the
    team's GEMINI.md (setup/gemini_settings.py); the file to commit."""
    from gitmemory.setup import gemini_settings

    if "gemini" not in repo.cfg.outputs:
        return []
    try:
        done.append(gemini_settings.register(repo.toplevel))
    except GitmemoryError as exc:  # their file, broken: said, and the rest is set up
        done.append(exc.one_line())
        return []
    return [gemini_settings.SETTINGS]


def _ci_files(repo: Repo, engine: str, package: str | None, done: list[str]) -> list[str]:
    """The CI workflow (``--ci``): docs/ci.md; the files to commit."""
    from gitmemory.memory.read import default_branch
    from gitmemory.setup import ci_workflow

    branch = default_branch(repo.info, repo.cfg) or repo.info.branch or "main"
    done += ci_workflow.write(repo.toplevel, engine, branch, package)
    return [ci_workflow.GITHUB_FILE] if engine == "github" else \
        [ci_workflow.GITLAB_FILE, ci_workflow.GITLAB_MAIN]


def _ignored(repo: Repo) -> list[str]:
    """A warning when .gitignore hides a file the team must share (git add would refuse)."""
    shared = [config.CONFIG_FILE, f"{MEMORY_DIR}/{repo.info.branch or 'main'}.md",
              *(target.base for target in documents(repo.cfg) if target.base)]
    code, out = git.run_status(["check-ignore", "--no-index", "--", *shared], repo.toplevel)
    hidden = [path for path in shared if path in out.split("\n")] if code == 0 else []
    if not hidden:
        return []
    return [f"warning: {', '.join(hidden)} ignored by a .gitignore rule: the team cannot "
            "share them until that rule goes (or add them with git add -f)"]


def _first_memory(repo: Repo, branch: str) -> list[str]:
    """A first memory for the checked-out branch: the repository's own files and, within
    ``history_window``, its recent history; offline all of it at once, while a model is
    not sent the history unasked: init says what reading it would cost and how.  A failure
    is reported, not fatal."""
    from gitmemory.pipeline.memorize import memorize
    from gitmemory.pipeline.mode import WORK_TREE
    from gitmemory.providers import for_repo
    from gitmemory.sources.protocol import Estimate

    if not git.rev_parse("HEAD", repo.toplevel):
        return ["memory: no commits yet"]
    costs: list[Estimate] = []

    def not_unasked(estimate: Estimate) -> bool:
        costs.append(estimate)
        return False

    try:
        provider, reason = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
        result = memorize(repo, branch, provider, WORK_TREE, approve=not_unasked)
    except GitmemoryError as exc:
        return [f"memory: not created ({exc.one_line()})"]
    if costs:
        result.message = ""
    lines = [f"memory ({provider.name}, {reason}): {_held(repo, result) or result.line()}"]
    if result.remaining:
        lines[0] += f"; {result.remaining} commit(s) still pending: gitmemory memorize reads them"
    for cost in costs:
        lines.append(f"history: {cost.commits} commit(s) not read yet; {cost.provider} would "
                     f"take {cost.calls} call(s), ~{cost.tokens:,} input tokens: run "
                     "`gitmemory memorize` to read them")
    return lines


def _held(repo: Repo, last: Result) -> str | None:
    """``main: up to date, 15 items in its memory`` when the run changed no item and
    nothing is pending, but the branch's memory (a teammate's, say) holds items:
    "empty" would read as if it held none, and "success +0 ~0 -0 (no item's text changed;
    the bookkeeping waits ...)" speaks of the machinery."""
    from gitmemory.memory import read

    if last.remaining or last.status == "error" or last.items_changed:
        return None
    found = read.in_work_tree(repo.toplevel, last.branch)
    count = found.memory.item_count() if found else 0
    if not count:
        return None
    return f"{last.branch}: up to date, {count} item{'s' if count > 1 else ''} in its memory"


def _check_config_file(top: str) -> None:
    """A broken config.toml is reported before anything is written."""
    path = os.path.join(top, config.CONFIG_FILE)
    files.check_dirs(top, config.CONFIG_DIR)
    if os.path.lexists(path):
        config.read_file(path)


def _config_file(top: str, done: list[str], found: list[tuple[str, str]]) -> None:
    path = os.path.join(top, config.CONFIG_FILE)
    if os.path.lexists(path):
        done.append(f"{config.CONFIG_FILE}: already there")
        current = config.load(top).outputs
        if "claude" in current and "claude-rules" not in current and \
                "claude-rules" not in dict(found):
            done.append(f"outputs: add \"claude-rules\" in {config.CONFIG_FILE} to give "
                        "Claude Code the notes about one part of the code where it works "
                        "(the default since 0.4)")
        for name, sign in found:
            if name not in current:
                done.append(f"{sign} found: add \"{name}\" to outputs in {config.CONFIG_FILE} "
                            f"to give {AGENTS[name].label} the branch memory too")
        return
    outputs = DEFAULT_OUTPUTS + [name for name, _ in found if name not in DEFAULT_OUTPUTS]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    files.atomic_write(path, config.template({"outputs": outputs}))
    done.append(f"{config.CONFIG_FILE}: created with every setting at its default")
    why = ", ".join(f"{name} ({sign} found)" for name, sign in found)
    done.append(f"outputs: {', '.join(outputs)}" + (f"; enabled {why}" if found else ""))


def _base_files(repo: Repo, done: list[str], agent_hook: bool = False) -> None:
    from gitmemory.outputs.sync import check_lanes
    from gitmemory.setup import team_files

    check_lanes(repo.info, repo.cfg)
    done += team_files.restore(repo.toplevel, repo.info.common_dir, _stamp_key(repo))
    for target in documents(repo.cfg):
        _base_file(repo, target, done, agent_hook)


def _base_file(repo: Repo, target: Document, done: list[str], agent_hook: bool = False
               ) -> None:
    """The target's base file: an existing hand-written agent file moves there (with
    ``git mv`` when tracked), else (for CLAUDE.md) a starter is written.  A document that
    only carries memory beside the team's own file (AGENTS.override.md) moves nothing."""
    top = repo.toplevel
    out = os.path.join(top, target.path)
    files.check_dirs(top, os.path.dirname(target.path))
    if os.path.islink(out) and not _unlink_to_agents(top, target, done):
        done.append(f"{target.path}: a symlink, left alone; gitmemory will not write "
                    f"through it (replace it with a file, or drop {target.name} from outputs)")
        return
    current = files.read_text(out)
    handwritten = current is not None and stamp.classify(current, _stamp_key(repo)) == "handwritten"
    if target.base is None or target.optional:
        if handwritten:
            done.append(f"{target.path}: not written by gitmemory, left alone; rename it to "
                        f"let gitmemory write {AGENTS[target.name].label}'s memory there")
        return
    base = os.path.join(top, target.base)
    if os.path.lexists(base):
        done.append(f"{target.base}: already there")
        if handwritten:
            done.append(f"{target.path}: hand-written and left alone; move what it says "
                        f"into {target.base} and delete it so gitmemory can generate it")
        return
    if handwritten:
        if git.is_tracked(target.path, top):
            git.run(["mv", "--", target.path, target.base], top)
            done.append(f"{target.base}: your {target.path} moved here with `git mv` "
                        "(history kept, rename staged)")
            if target.name == "claude" and not agent_hook and not _session_hook(top):
                # the team's file leaves the tree: a clone that runs no gitmemory (a cloud
                # agent, a review bot) finds none unless the session hook hands it the base
                done.append(f"{target.path}: a clone without gitmemory (a cloud agent, a "
                            f"fresh clone) now has none; `gitmemory init --agent-hook`, "
                            f"committed, hands such a session {target.base}")
        else:
            os.replace(out, base)
            done.append(f"{target.base}: your {target.path} moved here")
        return
    os.makedirs(os.path.dirname(base) or top, exist_ok=True)
    files.atomic_write(base, BASE_STARTER)
    done.append(f"{target.base}: created; write your project guidance there")


def _session_hook(top: str) -> bool:
    """Whether the team's Claude Code settings already run gitmemory's session hook."""
    from gitmemory.setup import agent_hook as hook

    return hook.MARKER in (files.read_text(os.path.join(top, hook.SETTINGS)) or "")


def _unlink_to_agents(top: str, target: Document, done: list[str]) -> bool:
    """A CLAUDE.md that links to the AGENTS.md beside it, as a team makes Claude Code read
    its agents' guidance, goes (``git rm`` when tracked): Claude Code reads AGENTS.md where
    there is no CLAUDE.md, and the one gitmemory generates imports it (docs/agents.md).  The
    link is read, never followed; any other link stays."""
    out = os.path.join(top, target.path)
    if not sync.links_to_agents(target, out):
        return False
    how = "removed"
    if git.is_tracked(target.path, top):
        git.run(["rm", "-q", "--", target.path], top)
        how = "removed with `git rm` (staged)"
    else:
        os.remove(out)
    done.append(f"{target.path}: a symlink to AGENTS.md, {how}: the generated CLAUDE.md "
                "imports AGENTS.md, and Claude Code reads AGENTS.md where gitmemory is not "
                "installed")
    return True


def _stamp_key(repo: Repo) -> bytes:
    from gitmemory import state
    return state.stamp_key(state.ensure_dir(repo.info.state_dir))


def _gitignore(repo: Repo, done: list[str]) -> None:
    path = os.path.join(repo.toplevel, ".gitignore")
    text = files.read_text(path) or ""
    wanted = adopt.ignore_patterns(repo.cfg)
    present = {line.strip() for line in text.splitlines()}
    missing = [line for line in wanted if line not in present]
    if not missing:
        done.append(".gitignore: already ignores the generated files")
        return
    if text and not text.endswith("\n"):
        text += "\n"
    text += "# generated by gitmemory from the base files and branch memory\n"
    text += "\n".join(missing) + "\n"
    files.atomic_write(path, text)
    done.append(f".gitignore: added {', '.join(missing)}")
