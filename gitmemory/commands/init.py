"""``gitmemory init``: set a repository up; safe to run again.

What it creates: docs/design.md, "Files in a repository".
"""

from __future__ import annotations

import os
import shlex

from gitmemory import config, files, git, output
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs import stamp, sync
from gitmemory.outputs.targets import AGENTS, Document, RuleSet, targets
from gitmemory.repo import Repo
from gitmemory.setup import merge_driver, native

BASE_STARTER = """\
# Project notes for Claude

Write the guidance every branch should carry here. gitmemory copies this file
into CLAUDE.md on every checkout and adds what it learned about the branch.
"""
DEFAULT_OUTPUTS = ["claude"]


def run(hooks: str, pre_commit_repo: str | None = None, pre_commit_rev: str | None = None) -> int:
    if hooks != "pre-commit" and (pre_commit_repo or pre_commit_rev):
        from gitmemory.errors import GitmemoryError

        raise GitmemoryError("--pre-commit-repo and --pre-commit-rev go with --hooks pre-commit")
    repo = Repo.open()
    top = repo.toplevel
    done: list[str] = []
    _config_file(top, done, detected(top))
    os.makedirs(os.path.join(top, MEMORY_DIR), exist_ok=True)
    repo = Repo.open()  # the settings may have just been written
    _base_files(repo, done)
    _gitignore(repo, done)
    done += merge_driver.register(top)
    if hooks == "native":
        lines = native.install(top)
        done.append("hooks: " + "; ".join(lines))
    elif hooks == "pre-commit":
        from gitmemory.setup import precommit

        done.extend(precommit.setup(repo, pre_commit_repo, pre_commit_rev))
    if repo.info.branch:
        done.append(_memorize(repo, repo.info.branch))
        for outcome in sync.sync(repo.info, repo.cfg, repo.info.branch):
            done.append(outcome.line())
            if outcome.message:
                done.append(outcome.message)
    done += _ignored(repo)
    for line in done:
        output.say(line)
    extra = " .pre-commit-config.yaml" if hooks == "pre-commit" else ""
    here = "" if os.path.realpath(os.getcwd()) == os.path.realpath(top) else \
        f"-C {shlex.quote(top)} "  # paths below are relative to the top, not to a subdirectory
    bases = " ".join(t.base for t in documents_of(repo)
                     if os.path.lexists(os.path.join(top, t.base)))
    output.say(f"next: git {here}add {config.CONFIG_DIR} {bases} .gitignore "
               f".gitattributes{extra} && git {here}commit -m 'Set up gitmemory'")
    return 0


def _ignored(repo: Repo) -> list[str]:
    """A warning when .gitignore hides a file the team must share (git add would refuse)."""
    shared = [config.CONFIG_FILE, f"{MEMORY_DIR}/{repo.info.branch or 'main'}.md",
              *(target.base for target in documents_of(repo))]
    code, out = git.run_status(["check-ignore", "--no-index", "--", *shared], repo.toplevel)
    hidden = [path for path in shared if path in out.split("\n")] if code == 0 else []
    if not hidden:
        return []
    return [f"warning: {', '.join(hidden)} ignored by a .gitignore rule: the team cannot "
            "share them until that rule goes (or add them with git add -f)"]


def _memorize(repo: Repo, branch: str) -> str:
    """A first memory for the checked-out branch; a failure is reported, not fatal."""
    from gitmemory import git
    from gitmemory.errors import GitmemoryError
    from gitmemory.pipeline.memorize import memorize
    from gitmemory.providers import for_repo

    if not git.rev_parse("HEAD", repo.toplevel):
        return "memory: no commits yet"
    try:
        provider, reason = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
        result = memorize(repo, branch, provider)
    except GitmemoryError as exc:
        return f"memory: not created ({exc.one_line()})"
    return f"memory ({provider.name}, {reason}): {result.line()}"


def detected(top: str) -> list[tuple[str, str]]:
    """(output, the file that shows it) for each agent the repository already uses."""
    found = []
    for name, agent in AGENTS.items():
        for sign in agent.signs:
            path = os.path.join(top, sign.rstrip("/"))
            kind_ok = os.path.isdir(path) if sign.endswith("/") else os.path.isfile(path)
            if kind_ok and not os.path.islink(path):
                found.append((name, sign))
                break
    return found


def _config_file(top: str, done: list[str], found: list[tuple[str, str]]) -> None:
    path = os.path.join(top, config.CONFIG_FILE)
    files.check_dirs(top, config.CONFIG_DIR)
    if os.path.lexists(path):
        config.read_file(path)  # a broken file is reported now, not at the next checkout
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


def documents_of(repo: Repo) -> list[Document]:
    return [t for t in targets(repo.cfg) if isinstance(t, Document)]


def _base_files(repo: Repo, done: list[str]) -> None:
    for target in documents_of(repo):
        _base_file(repo, target, done)


def _base_file(repo: Repo, target: Document, done: list[str]) -> None:
    """The target's base file: an existing hand-written agent file moves there (with
    ``git mv`` when tracked), else (for CLAUDE.md) a starter is written."""
    top = repo.toplevel
    base = os.path.join(top, target.base)
    out = os.path.join(top, target.path)
    files.check_dirs(top, os.path.dirname(target.path))
    if os.path.islink(out):
        done.append(f"{target.path}: a symlink, left alone; gitmemory will not write "
                    f"through it (replace it with a file, or drop {target.name} from outputs)")
        return
    current = files.read_text(out)
    handwritten = current is not None and stamp.classify(current, _key(repo)) == "handwritten"
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
    if target.name != "claude":
        return  # AGENTS.md and friends carry the memory alone until someone writes a base
    os.makedirs(os.path.dirname(base) or top, exist_ok=True)
    files.atomic_write(base, BASE_STARTER)
    done.append(f"{target.base}: created; write your project guidance there")


def _key(repo: Repo) -> bytes:
    from gitmemory import state
    return state.key(state.ensure_dir(repo.info.state_dir))


def _gitignore(repo: Repo, done: list[str]) -> None:
    path = os.path.join(repo.toplevel, ".gitignore")
    text = files.read_text(path) or ""
    wanted = []
    for target in targets(repo.cfg):
        if isinstance(target, RuleSet):
            wanted += target.ignore_patterns()
            continue
        entry = "/" + target.path
        head, name = os.path.split(entry)
        # A crash between writing a temporary file and renaming it leaves the temporary
        # behind (files.atomic_write); it must never be committed by `git add -A`.
        wanted += [entry, entry + ".edited*", f"{head.rstrip('/')}/.{name}.*.tmp"]
    wanted.append(f"/{MEMORY_DIR}/.*.tmp")
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
