"""A clone whose team's ``.pre-commit-config.yaml`` runs gitmemory, set up without ``init``.

Listing gitmemory's hooks in the team's pre-commit config is the team's
choice, so after ``pre-commit install`` the hooks act at once instead of
waiting for ``gitmemory init``.  A hook runs unasked, so the set-up it does
is what is local to this clone and safe (docs/design.md, "What runs
unasked"): the merge driver in this clone's git config (which marks this
clone's part as done, so this runs once per clone, also where the team
committed ``.gitmemory/config.toml``), memory files routed to it in
``info/attributes`` and the generated agent files ignored in ``info/exclude``
when the repository does not do that yet.  Tracked files are never written:
one line says what was set up and what the repository still lacks
(``gitmemory init --hooks none`` writes those for the team to commit).
"""

from __future__ import annotations

import os

from gitmemory import config, files, git, output, state
from gitmemory.outputs.targets import documents, every_pattern, targets
from gitmemory.setup import merge_driver

PRE_COMMIT_CONFIG = ".pre-commit-config.yaml"
HOOK_ID = "gitmemory-"  # every hook id in .pre-commit-hooks.yaml starts with it


def ignore_patterns(cfg: config.Config) -> list[str]:
    """gitignore patterns for the generated agent files and what a crash may leave."""
    return every_pattern(cfg)


def listed(top: str) -> bool:
    """Whether the repository's pre-commit config runs gitmemory's hooks."""
    return HOOK_ID in (files.read_text(os.path.join(top, PRE_COMMIT_CONFIG)) or "")




def by_pre_commit(info: git.RepoInfo) -> None:
    """Set this clone up when pre-commit runs a gitmemory hook and nobody ran init, and
    say so once: in the hook's output, and on the terminal.  The first hook may run
    where no terminal is (a commit made by a script), so the line waits in the state
    directory until a hook run can show it there."""
    top = info.toplevel
    if top is None or os.environ.get("PRE_COMMIT") != "1" or not listed(top):
        return
    path = state.ADOPTED.at(info.state_dir)
    cfg = config.load(top, info.state_dir, git_dirs=(info.git_dir, info.common_dir))
    if not cfg.driver and cfg.enabled:  # this clone's part is missing, committed config or not
        line = _set_up(top, info, cfg)
        output.note(line)  # the hook's own output: shown by pre-commit --verbose, logged
        files.atomic_write(state.ADOPTED.at(state.ensure_dir(info.state_dir)), line + "\n")
    waiting = files.read_text(path)
    if waiting and output.to_terminal(waiting.strip()):
        files.remove(path)


def _set_up(top: str, info: git.RepoInfo, cfg: config.Config) -> str:
    """The local set-up; the line that says what it did and what the repository lacks."""
    done = ["merge driver registered in this clone's git config"]
    merge_driver.register_config(top)
    if not merge_driver.attribute_requested(top):
        _append(os.path.join(info.common_dir, "info", "attributes"),
                [merge_driver.ATTRIBUTE_LINE])
        done.append("memory files routed to it in .git/info/attributes")
    unignored = _not_ignored(top, cfg)
    if unignored:
        _append(os.path.join(info.common_dir, "info", "exclude"), ignore_patterns(cfg))
        done.append(f"{', '.join(unignored)} ignored in .git/info/exclude")
    missing = _missing(top, cfg, unignored)
    line = (".pre-commit-config.yaml runs gitmemory, so this clone is set up: "
            + "; ".join(done))
    if missing:
        line += (f". Not in the repository yet: {', '.join(missing)} (gitmemory init "
                 "--hooks none writes them for the team to commit)")
    return line


def _not_ignored(top: str, cfg: config.Config) -> list[str]:
    paths = [target.path for target in targets(cfg)]
    code, out = git.run_status(["check-ignore", "--no-index", "--", *paths], top)
    ignored = set(out.split("\n")) if code == 0 else set()
    return [path for path in paths if path not in ignored]


def _missing(top: str, cfg: config.Config, unignored: list[str]) -> list[str]:
    """What ``gitmemory init`` would add to the repository for the whole team."""
    missing = []
    if not os.path.lexists(os.path.join(top, config.CONFIG_FILE)):
        missing.append(config.CONFIG_FILE)
    missing += [t.base for t in documents(cfg) if t.base and not t.optional
                and not os.path.lexists(os.path.join(top, t.base))]
    text = files.read_text(os.path.join(top, ".gitattributes")) or ""
    if merge_driver.ATTRIBUTE_LINE not in text:
        missing.append("the .gitattributes line for memory files")
    if unignored:
        missing.append(f"the .gitignore entries for {', '.join(unignored)}")
    return missing


def _append(path: str, lines: list[str]) -> None:
    """Add the lines ``path`` lacks (a local git file: info/attributes, info/exclude)."""
    text = files.read_text(path) or ""
    present = {line.strip() for line in text.splitlines()}
    new = [line for line in lines if line not in present]
    if not new:
        return
    if text and not text.endswith("\n"):
        text += "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    files.atomic_write(path, text + "# gitmemory, set up by pre-commit for this clone\n"
                       + "\n".join(new) + "\n")
