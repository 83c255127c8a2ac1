"""``gitmemory init``: set a repository up; safe to run again.

What it creates: docs/design.md, "Files in a repository".
"""

from __future__ import annotations

import os

from gitmemory import config, files, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs import stamp, sync
from gitmemory.outputs.targets import AGENTS, Document, detected, documents
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
DEFAULT_OUTPUTS = ["claude"]


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
    _base_files(repo, done)
    _gitignore(repo, done)
    done += merge_driver.register(top)
    if hooks == "native":
        done.append(_hooks_line(native.install(top)))
    refused = False
    if repo.info.branch:
        before = {t.path: _regular(os.path.join(top, t.path)) for t in documents(repo.cfg)}
        done.append(_first_memory(repo, repo.info.branch))
        try:
            outcomes = sync.sync(repo.info, repo.cfg, repo.info.branch)
        except GitmemoryError as exc:  # a symlinked agent file: the rest is set up all the same
            outcomes, refused = [], True
            done.append(f"agent files: not written ({exc.one_line()})")
        for outcome in outcomes:
            done.append(_outcome_line(outcome, before, top))
            if outcome.message:
                done.append(outcome.message)
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


def _outcome_line(outcome: sync.Outcome, before: dict[str, str | None], top: str) -> str:
    """What init did to an agent file, counting a write made while memorizing (``before``:
    the documents as init found them)."""
    if outcome.status == "unchanged" and outcome.rel in before:
        now = files.read_text(os.path.join(top, outcome.rel))
        if now != before[outcome.rel]:
            return f"{outcome.rel}: {'written' if before[outcome.rel] is None else 'updated'}"
    return outcome.line()


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


ROUNDS = 5  # memorize runs init makes to catch up with a long history


def _first_memory(repo: Repo, branch: str) -> str:
    """A first memory for the checked-out branch, read until nothing is pending (a run
    reads what fits in one provider call); a failure is reported, not fatal."""
    from gitmemory.pipeline.memorize import memorize
    from gitmemory.pipeline.mode import WORK_TREE
    from gitmemory.providers import for_repo

    if not git.rev_parse("HEAD", repo.toplevel):
        return "memory: no commits yet"
    results: list[Result] = []
    try:
        provider, reason = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
        while len(results) < ROUNDS:
            result = memorize(repo, branch, provider, WORK_TREE)
            results.append(result)
            if result.status == "error" or not result.remaining or not result.commits:
                break
    except GitmemoryError as exc:
        if not results:
            return f"memory: not created ({exc.one_line()})"
        results[-1].message = exc.one_line()
    return f"memory ({provider.name}, {reason}): {_summary(results)}"


def _summary(runs: list[Result]) -> str:
    last = runs[-1]
    if len(runs) == 1:
        text = last.line()
    else:
        counts = (sum(r.added for r in runs), sum(r.updated for r in runs),
                  sum(r.removed for r in runs))
        text = (f"{last.branch}: +{counts[0]} ~{counts[1]} -{counts[2]} from "
                f"{sum(r.commits for r in runs)} commits in {len(runs)} runs")
        if last.status == "error":
            text += f"; then {last.line()}"
    if last.remaining:
        text += f"; {last.remaining} commit(s) still pending: gitmemory memorize reads them"
    return text


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


def _base_files(repo: Repo, done: list[str]) -> None:
    from gitmemory.outputs.sync import check_lanes
    from gitmemory.setup import team_files

    check_lanes(repo.info, repo.cfg)
    done += team_files.restore(repo.toplevel, repo.info.common_dir, _stamp_key(repo))
    for target in documents(repo.cfg):
        _base_file(repo, target, done)


def _base_file(repo: Repo, target: Document, done: list[str]) -> None:
    """The target's base file: an existing hand-written agent file moves there (with
    ``git mv`` when tracked), else (for CLAUDE.md) a starter is written.  A document that
    only carries memory beside the team's own file (AGENTS.override.md) moves nothing."""
    top = repo.toplevel
    out = os.path.join(top, target.path)
    files.check_dirs(top, os.path.dirname(target.path))
    if os.path.islink(out):
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
        else:
            os.replace(out, base)
            done.append(f"{target.base}: your {target.path} moved here")
        return
    os.makedirs(os.path.dirname(base) or top, exist_ok=True)
    files.atomic_write(base, BASE_STARTER)
    done.append(f"{target.base}: created; write your project guidance there")


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
