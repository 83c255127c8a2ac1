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


@cli.command()
@click.option("--hooks", type=click.Choice(["native", "pre-commit", "none"]), default="native",
              show_default=True, help="How git runs gitmemory's hooks.")
@click.option("--pre-commit-repo", metavar="URL|PATH",
              help="With --hooks pre-commit: the repo: for .pre-commit-config.yaml "
                   "[default: gitmemory's upstream]; a local checkout is pinned to its HEAD.")
@click.option("--pre-commit-rev", metavar="REV",
              help="With --hooks pre-commit: the rev: to pin [default: v<this version>].")
def init(hooks: str, pre_commit_repo: str | None, pre_commit_rev: str | None) -> int:
    """Set this repository up: config, CLAUDE_base.md, .gitignore, hooks, CLAUDE.md.

    An existing hand-written CLAUDE.md becomes CLAUDE_base.md (with `git mv`,
    so its history follows). Safe to run again.
    """
    from gitmemory.commands import init as command

    return command.run(hooks, pre_commit_repo, pre_commit_rev)


@cli.command()
def install() -> int:
    """Install the native git hooks (chaining any hook already there) and the merge driver."""
    from gitmemory.repo import Repo
    from gitmemory.setup import merge_driver
    from gitmemory.setup import native as installer

    top = Repo.open().toplevel
    for line in [*installer.install(top), *merge_driver.register(top)]:
        output.say(line)
    return 0


@cli.command()
def uninstall() -> int:
    """Remove gitmemory's native hooks and restore the hooks they replaced."""
    from gitmemory.repo import Repo
    from gitmemory.setup import native as installer

    lines = installer.uninstall(Repo.open().toplevel)
    for line in lines or ["no gitmemory hooks were installed"]:
        output.say(line)
    return 0


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("name")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def hook(name: str, args: tuple[str, ...]) -> int:
    """Run hook NAME (what every installed hook calls)."""
    from gitmemory.hooks.main import main as hook_main

    return hook_main([name, *args])


@cli.command()
@click.argument("branch", required=False)
@click.option("--all", "all_branches", is_flag=True, help="Every local branch.")
@click.option("--since", metavar="REV", help="Read the commits after REV instead of Through:.")
@click.option("--dry-run", is_flag=True, help="Print exactly what would be sent; change nothing.")
@click.option("--provider", type=click.Choice(providers.NAMES),
              help="Override the configured provider for this run.")
def memorize(branch: str | None, all_branches: bool, since: str | None, dry_run: bool,
             provider: str | None) -> int:
    """Distil BRANCH's new commits into its memory (default: the checked-out branch).

    The checked-out branch's memory file is written in the work tree (commit
    it, or let pre-push do it); another branch gets a memory commit.
    """
    from gitmemory.commands import memorize as command

    return command.run(branch, all_branches, since, dry_run, provider)


@cli.command()
@click.argument("branch")
@click.option("--into", metavar="TARGET", help="Branch to fold into (default: the default branch).")
def promote(branch: str, into: str | None) -> int:
    """Fold merged BRANCH's memory into the default branch's (or TARGET's).

    Runs the provider's evolve step (a plain merge when it is unavailable).
    """
    from gitmemory.commands import maintain as command

    return command.promote(branch, into)


@cli.command()
@click.option("--weekly", "flag", flag_value="weekly",
              help="Memorize new branches and consolidate existing memories.")
@click.option("--monthly", "flag", flag_value="monthly",
              help="Validate and repair memory files; report deleted branches.")
@click.option("--full", "flag", flag_value="full", help="All maintenance tasks.")
@click.option("--background", is_flag=True, hidden=True)
def maintain(flag: str | None, background: bool) -> int:
    """Run maintenance that is due (or the tasks a flag names).

    Memorizes local branches with commits but no memory, consolidates existing
    memories weekly and checks the files monthly, at most max_branches_per_run
    branches per task; the rest wait for the next run.
    """
    from gitmemory.commands import maintain as command

    return command.maintain(flag, background)


@cli.command()
@click.option("--check", is_flag=True,
              help="Exit 1 if an agent file is stale; change nothing.")
def generate(check: bool) -> int:
    """Rebuild CLAUDE.md and the other agent files for the checked-out branch."""
    from gitmemory.commands import generate as command

    return command.run(check)


@cli.command()
@click.argument("branch", required=False)
@click.option("--stale", "only_stale", is_flag=True,
              help="Only the items whose paths are all gone (left out of agent files).")
@JSON
def show(branch: str | None, only_stale: bool, as_json: bool) -> int:
    """Print BRANCH's memory (default: the checked-out branch); stale items are marked."""
    from gitmemory.commands import show as command

    return command.show(branch, as_json, only_stale)


@cli.command(name="list")
@JSON
def list_cmd(as_json: bool) -> int:
    """List branch memories: items per section, commits pending, last update."""
    from gitmemory.commands import show as command

    return command.list_(as_json)


@cli.command()
@click.argument("branch")
def clear(branch: str) -> int:
    """Delete BRANCH's memory file."""
    from gitmemory.commands import show as command

    return command.clear(branch)


@cli.command()
@JSON
def status(as_json: bool) -> int:
    """Hooks, provider, pending and stale items, agent files and sizes, recent errors."""
    from gitmemory.commands import status as command

    return command.run(as_json)


@cli.command(name="merge-file")
@click.argument("base")
@click.argument("ours")
@click.argument("theirs")
@click.argument("path", required=False, default="")
def merge_file(base: str, ours: str, theirs: str, path: str) -> int:
    """Merge memory files: git's merge driver for .gitmemory/branches/*.md.

    Git calls it as `gitmemory merge-file %O %A %B %P`: BASE is the common
    ancestor (may be empty), OURS is overwritten with the result, THEIRS is
    the other side, PATH names the file. Exits 1 and leaves git's conflict
    markers when a side cannot be parsed. `gitmemory init` registers it.
    """
    from gitmemory.commands import merge_file as command

    return command.run(base, ours, theirs, path)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        result = cli.main(args=args, prog_name="gitmemory", standalone_mode=False)
    except click.exceptions.Abort:
        output.error("aborted")
        return 130
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
        return _internal_error(exc)
    return result if isinstance(result, int) else 0


def _internal_error(exc: Exception) -> int:
    """A bug: one line for the user, the traceback in the local log."""
    import traceback

    where = ""
    try:
        from gitmemory import git, state
        where = " (details: " + state.log(git.repo_info().state_dir, traceback.format_exc()) + ")"
    except (GitmemoryError, OSError):
        pass
    output.error(f"internal error: {type(exc).__name__}: {exc}{where}")
    return 70
