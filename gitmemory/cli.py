"""The command line (docs/design.md, "Command line").  Thin: options here, the work in the modules.

The console script enters through :mod:`gitmemory.entry`, which runs
``gitmemory hook ...`` before this module (and click) is imported.
"""

from __future__ import annotations

import os
import sys

import click

from gitmemory import __version__, output, providers
from gitmemory.errors import GitmemoryError
from gitmemory.memory.markdown import SECTION_IDS

JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gitmemory")
@click.option("-C", "directory", metavar="PATH",
              type=click.Path(exists=True, file_okay=False),
              help="Run as if gitmemory was started in PATH (like git -C).")
def cli(directory: str | None) -> None:
    """Branch memory for AI coding agents, kept in git.

    Hooks record what each branch does, an LLM (or the offline extractor)
    distils it into .gitmemory/branches/<branch>.md, and every checkout
    rebuilds CLAUDE.md from CLAUDE_base.md plus that branch's memory.
    """
    if directory:
        os.chdir(directory)


@cli.command(name="init")
@click.option("--hooks", type=click.Choice(["native", "pre-commit", "none"]), default=None,
              help="How git runs gitmemory's hooks [default: pre-commit when "
                   ".pre-commit-config.yaml runs gitmemory's hooks, else native].")
@click.option("--pre-commit-repo", metavar="URL|PATH",
              help="With --hooks pre-commit: the repo: for .pre-commit-config.yaml "
                   "[default: gitmemory's upstream]; a local checkout is pinned to its HEAD.")
@click.option("--pre-commit-rev", metavar="REV",
              help="With --hooks pre-commit: the rev: to pin [default: v<this version>].")
@click.option("--mcp", "mcp_server", is_flag=True,
              help="Register `gitmemory mcp` for Claude Code in .mcp.json (merged).")
@click.option("--agent-hook", is_flag=True,
              help="Add Claude Code hooks to .claude/settings.json (merged): SessionStart "
                   "runs `gitmemory generate`, for agents that run no git hooks (the base "
                   "file where gitmemory is not installed); PreToolUse gives a write the "
                   "items of its area; SessionEnd and PreCompact note sessions to learn "
                   "from (this clone's `sessions` turns on).")
@click.option("--ci", "ci_engine", type=click.Choice(["github", "gitlab"]),
              help="Also write the CI workflow that folds merged branches' memory into the "
                   "default branch's and reviews memory in pull requests (docs/ci.md).")
@click.option("--ci-package", metavar="REQUIREMENT",
              help="With --ci: what the jobs pip install [default: this version's tag of "
                   "gitmemory's repository].")
def init_cmd(*, hooks: str | None, pre_commit_repo: str | None, pre_commit_rev: str | None,
         mcp_server: bool, agent_hook: bool, ci_engine: str | None,
         ci_package: str | None) -> int:
    """Set this repository and this clone up: config, CLAUDE_base.md, .gitignore, hooks,
    merge driver, CLAUDE.md.

    An existing hand-written CLAUDE.md becomes CLAUDE_base.md (with `git mv`,
    so its history follows). Safe to run again: in a teammate's clone it is the
    one command that sets the clone up.
    """
    from gitmemory.commands import init as command

    if ci_package and not ci_engine:
        raise click.UsageError("--ci-package goes with --ci")
    return command.run(hooks, pre_commit_repo, pre_commit_rev, mcp=mcp_server,
                       agent_hook=agent_hook, ci=(ci_engine, ci_package))


@cli.command(name="install")
def install_cmd() -> int:
    """Install this clone's hooks (native ones chaining any hook already there, or
    pre-commit's when the team's .pre-commit-config.yaml runs gitmemory), the merge
    driver, and CLAUDE.md."""
    from gitmemory.repo import Repo
    from gitmemory.setup import clone

    for line in clone.install(Repo.open()):
        output.say(line)
    return 0


@cli.command(name="uninstall")
def uninstall_cmd() -> int:
    """Take gitmemory out of this clone: its native hooks (the hooks they replaced come
    back), the merge driver registration and a generated CLAUDE.md nobody edited.

    Files the team shares (.gitmemory/, CLAUDE_base.md, the .gitattributes and
    .gitignore lines) stay; docs/troubleshooting.md says how to remove them too.
    """
    from gitmemory.commands import uninstall as command

    return command.run()


@cli.command(name="hook", context_settings={"ignore_unknown_options": True})
@click.argument("name")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def hook_cmd(name: str, args: tuple[str, ...]) -> int:
    """Run hook NAME (what every installed hook calls)."""
    from gitmemory.hooks.main import main as hook_main

    return hook_main([name, *args])


@cli.command(name="memorize")
@click.argument("branch", required=False)
@click.option("--all", "all_branches", is_flag=True, help="Every local branch.")
@click.option("--since", metavar="REV",
              help="Begin after REV (where memory stops, when it read on from REV already).")
@click.option("--dry-run", is_flag=True, help="Print exactly what would be sent; change nothing.")
@click.option("--provider", type=click.Choice(providers.NAMES),
              help="Override the configured provider for this run.")
@click.option("--yes", "-y", is_flag=True,
              help="Send a long run to the model without asking (it stays within "
                   "memorize_budget).")
def memorize_cmd(branch: str | None, all_branches: bool, since: str | None, dry_run: bool, *,
                 provider: str | None, yes: bool) -> int:
    """Distil BRANCH's new commits into its memory (default: the checked-out branch).

    One run reads every pending commit: the offline provider all at once, a
    model in as many calls as it takes, saying first what they will cost (on
    a terminal it asks before a run of more than one call) and stopping at
    memorize_budget; the next run goes on from there. New or changed items
    are committed as a memory commit on the branch (the work tree and index of
    a checked-out branch follow it), so nothing is left for a checkout to
    carry to another branch.
    """
    from gitmemory.commands import memorize as command

    return command.run(branch, all_branches, since, dry_run, provider, yes=yes)


@cli.command(name="promote")
@click.argument("branch")
@click.option("--into", metavar="TARGET", help="Branch to fold into (default: the default branch).")
def promote_cmd(branch: str, into: str | None) -> int:
    """Fold merged BRANCH's memory into the default branch's (or TARGET's).

    Runs the provider's evolve step (a plain merge when it is unavailable).
    """
    from gitmemory.commands import maintain as command

    return command.promote(branch, into)


@cli.group()
def ci() -> None:
    """The CI jobs that keep team memory on the server (docs/ci.md).

    `gitmemory init --ci github|gitlab` writes a workflow that runs them.
    """


@ci.command(name="sync")
@click.option("--branch", metavar="NAME",
              help="The default branch [default: default_branch, else the server's HEAD].")
@click.option("--remote", default="origin", show_default=True, metavar="NAME",
              help="The server's remote.")
@click.option("--provider", type=click.Choice(providers.NAMES),
              help="Override the configured provider for this run.")
@click.option("--dry-run", is_flag=True, help="Do everything but push.")
@click.option("--summary", "summary_file", metavar="FILE",
              help="Append the summary as markdown [default: $GITHUB_STEP_SUMMARY].")
def ci_sync(branch: str | None, remote: str, provider: str | None, dry_run: bool,
            summary_file: str | None) -> int:
    """The default branch's job: fold merged branches' memory in, remove their files,
    memorize the branch's new commits, push one memory commit.

    Run on every push to the default branch. Branches gone from the server
    whose memory file the default branch holds are folded in and their files
    removed; merged branches still on the server are folded in once per version
    and keep their file until they are deleted. The commit is made as
    gitmemory[bot], marked [skip ci]; a branch that moved meanwhile gets it
    rebased and pushed again, never forced; a protected branch gets it on
    gitmemory/BRANCH instead. GITMEMORY_PUSH_TOKEN, when set, is the token git
    fetches and pushes with. Nothing new makes no commit.
    """
    from gitmemory.commands import ci as command

    return command.sync(branch, remote, provider, dry_run, summary_file)


@ci.command(name="review")
@click.argument("base", required=False)
@click.option("--default-branch", "default", metavar="NAME",
              help="The default branch, whose memory only its own job writes.")
@click.option("--summary", "summary_file", metavar="FILE",
              help="Append the memory diff as markdown [default: $GITHUB_STEP_SUMMARY].")
def ci_review(base: str | None, default: str | None, summary_file: str | None) -> int:
    """The pull-request job: the memory diff, held-back items and the secret scan.

    BASE defaults to the pull request's target (GITHUB_BASE_REF,
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME), else the default branch. Exits 1
    when a new item reads as an instruction to an agent or a memory file the
    pull request brings holds a possible secret (named by file, line and rule,
    never shown).
    """
    from gitmemory.commands import ci as command

    return command.review(base, default, summary_file)


@cli.command(name="maintain")
@click.option("--weekly", "flag", flag_value="weekly",
              help="Memorize new branches and consolidate existing memories.")
@click.option("--monthly", "flag", flag_value="monthly",
              help="Validate and repair memory files; report deleted branches.")
@click.option("--full", "flag", flag_value="full", help="All maintenance tasks.")
@click.option("--background", is_flag=True, hidden=True)
def maintain_cmd(flag: str | None, background: bool) -> int:
    """Run maintenance that is due (or the tasks a flag names).

    Memorizes local branches with commits but no memory, consolidates existing
    memories weekly and checks the files monthly, at most max_branches_per_run
    branches per task; the rest wait for the next run.
    """
    from gitmemory.commands import maintain as command

    return command.maintain(flag, background)


@cli.command(name="generate")
@click.option("--check", is_flag=True,
              help="Exit 1 if an agent file is stale; change nothing.")
@click.option("--session-start", is_flag=True, hidden=True)  # `hook session-start` before 0.4
def generate_cmd(check: bool, session_start: bool) -> int:
    """Rebuild CLAUDE.md and the other agent files for the checked-out branch."""
    if check and session_start:
        raise click.UsageError("--check and --session-start do not go together")
    from gitmemory.commands import generate as command

    return command.run(check, session_start)


@cli.command(name="show")
@click.argument("branch", required=False)
@click.option("--stale", "only_stale", is_flag=True,
              help="Only the items whose paths are all gone (left out of agent files).")
@click.option("--held", "only_held", is_flag=True,
              help="Only the items held back from agent files, each with its reason.")
@JSON
def show_cmd(branch: str | None, only_stale: bool, only_held: bool, as_json: bool) -> int:
    """Print BRANCH's memory (default: the checked-out branch) as agents are shown it.

    Stale items are marked; items held back from agent files (they read as
    instructions, or their commands, hosts or settings are not confirmed by
    the branch's tracked files) are listed apart with the reason.
    """
    if only_stale and only_held:
        raise click.UsageError("--stale and --held do not go together")
    from gitmemory.commands import show as command

    return command.show(branch, as_json, only_stale, only_held)


@cli.command(name="search")
@click.argument("words", nargs=-1, required=True)
@click.option("--branch", "branches", multiple=True, metavar="B",
              help="Only this branch (a name or remote/name); repeat for more.")
@click.option("--section", "sections", multiple=True,
              type=click.Choice(list(SECTION_IDS)), help="Only this section; repeat for more.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=1),
              help="At most this many hits.")
@JSON
@click.option("--remote", is_flag=True, help="Also read remote-tracking branches.")
@click.option("--held-back", is_flag=True,
              help="Print the text of held-back matches, for review.")
def search_cmd(*, words: tuple[str, ...], branches: tuple[str, ...], sections: tuple[str, ...],
               limit: int, as_json: bool, remote: bool, held_back: bool) -> int:
    """Ranked search over the memory of every branch, read from refs, for WORDS
    (quoted together or not: `gitmemory search fetcher revalidate`).

    Each hit shows branch, section, the item, its refs and paths, and whether
    it is stale (every path it cites is gone). Matches that read as
    instructions to an agent are held back: listed apart, their text withheld.
    """
    from gitmemory.commands import search as command

    return command.run(" ".join(words), branches=list(branches), sections=list(sections),
                       limit=limit, as_json=as_json, remote=remote, held_back=held_back)


@cli.command(name="diff")
@click.argument("base", required=False)
@JSON
@click.option("--markdown", "as_markdown", is_flag=True,
              help="Print markdown for a pull-request comment.")
@click.option("--check", is_flag=True, help="Exit 1 when a new item is held back.")
def diff_cmd(base: str | None, as_json: bool, as_markdown: bool, check: bool) -> int:
    """What this branch's memory adds, changes and removes against BASE.

    Every memory file in the work tree is compared with the one in the
    merge-base of BASE (default: the default branch) and HEAD, item by item:
    a reworded item is changed, not removed and added. New items carry
    their refs and paths and the marks agents see: stale, held back.
    """
    if as_json and as_markdown:
        raise click.UsageError("--json and --markdown do not go together")
    from gitmemory.commands import diff as command

    return command.run(base, as_json, as_markdown, check)


@cli.command(name="mcp")
def mcp_cmd() -> int:
    """Serve branch memory to agents: a Model Context Protocol server on stdio.

    Read-only tools search_memory, branch_memory and list_branches answer
    from every branch's memory, neutralised like CLAUDE.md; held-back items
    are never served. Needs the mcp extra, installed with the pip of
    gitmemory's own virtualenv (without it, the command prints the line to
    run). `gitmemory init --mcp` registers it for Claude Code in .mcp.json.
    """
    from gitmemory.commands import mcp as command

    return command.run()


@cli.command(name="list")
@JSON
def list_cmd(as_json: bool) -> int:
    """List branch memories: items per section, commits pending, last update."""
    from gitmemory.commands import show as command

    return command.list_(as_json)


@cli.command(name="clear")
@click.argument("branch")
def clear_cmd(branch: str) -> int:
    """Delete BRANCH's memory file."""
    from gitmemory.commands import show as command

    return command.clear(branch)


@cli.command(name="status")
@JSON
def status_cmd(as_json: bool) -> int:
    """Set-up, hooks, provider, pending and stale items, agent files, recent errors.

    Exits 1 while this clone or the repository lacks part of its set-up (each
    part is listed with the command that fixes it) or a setting is bad.
    """
    from gitmemory.commands import status as command

    return command.run(as_json)


@cli.command(name="merge-file")
@click.argument("base")
@click.argument("ours")
@click.argument("theirs")
@click.argument("path", required=False, default="")
def merge_file_cmd(base: str, ours: str, theirs: str, path: str) -> int:
    """Merge memory files: git's merge driver for .gitmemory/branches/*.md.

    Git calls it as `gitmemory merge-file %O %A %B %P`: BASE is the common
    ancestor (may be empty), OURS is overwritten with the result, THEIRS is
    the other side, PATH names the file. Exits 1 and leaves git's conflict
    markers when a side cannot be parsed. `gitmemory init` registers it.
    """
    from gitmemory.commands import merge_file as command

    return command.run(base, ours, theirs, path)


# click >= 8.2 raises this for a group called without a command; 8.1 printed the help itself
_NO_ARGS_IS_HELP: type[click.UsageError] = getattr(
    click.exceptions, "NoArgsIsHelpError", type("_NeverRaised", (click.UsageError,), {}))


def cli_main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        result = cli.main(args=args, prog_name="gitmemory", standalone_mode=False)
    except click.exceptions.Abort:
        output.error("aborted")
        return 130
    except _NO_ARGS_IS_HELP as exc:  # bare `gitmemory` (or `gitmemory -C PATH`): the help
        output.say((exc.ctx or cli.make_context("gitmemory", [])).get_help())
        return 0
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx else "gitmemory"
        message = " ".join(exc.format_message().split())
        output.error(f"{message} (hint: {where} --help)")
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except GitmemoryError as exc:
        output.error(exc.one_line())
        return exc.exit_code
    except KeyboardInterrupt:
        output.error("interrupted")
        return 130
    except Exception as exc:
        if os.environ.get("GITMEMORY_DEBUG"):
            raise
        return _internal_error(exc, _command(args))
    return result if isinstance(result, int) else 0


def _command(args: list[str]) -> str:
    """The subcommand ``args`` name (``gitmemory -C DIR memorize ...``: memorize)."""
    words = iter(args)
    for word in words:
        if word == "-C":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return "gitmemory"


def _internal_error(exc: Exception, command: str) -> int:
    """A bug: one line for the user; in the local log, the same line headed by the command
    (what ``status`` lists) and the traceback."""
    import traceback

    line = f"internal error: {type(exc).__name__}: {exc}"
    where = ""
    try:
        from gitmemory import git, state
        where = " (details: " + state.log(git.repo_info().state_dir,
                                          f"{command}: {line}\n{traceback.format_exc()}") + ")"
    except (GitmemoryError, OSError):
        pass
    output.error(line + where)
    return 70
