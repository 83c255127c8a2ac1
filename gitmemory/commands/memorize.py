"""``gitmemory memorize``: run the memorize pipeline by hand (docs/design.md, "Data flow")."""

from __future__ import annotations

import sys
from collections.abc import Callable

from gitmemory import git, output
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import SECTION_IDS, SECTION_TITLES, Item, masked
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import COMMIT, DRY_RUN
from gitmemory.pipeline.plan import Result
from gitmemory.providers import for_repo
from gitmemory.repo import Repo
from gitmemory.secrets import folded
from gitmemory.sources.protocol import Estimate


def run(branch: str | None, all_branches: bool, since: str | None, dry_run: bool,
        provider_name: str | None, *, yes: bool = False) -> int:
    repo = Repo.open(overrides={"provider": provider_name})
    if all_branches and (branch or since):
        from gitmemory.errors import GitmemoryError

        raise GitmemoryError("--all takes no BRANCH and no --since")
    names = git.local_branches(repo.toplevel) if all_branches else \
        [branch or repo.current_branch()]
    for name in names:
        if not git.ref_exists(git.HEADS + name, repo.toplevel):
            from gitmemory.errors import GitmemoryError

            raise GitmemoryError(f"no local branch {name!r}", hint="git branch lists them")
    if since and git.rev_parse(since, repo.toplevel) is None:
        from gitmemory.errors import GitmemoryError

        raise GitmemoryError(f"--since {since!r} is not a commit")
    # Every line printed names a branch as its memory file does, redacted as read.
    output.filter_with(lambda line: folded.redact_as_read(masked(line, names))[0])
    provider, reason = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
    output.note(f"provider: {provider.name} ({reason})")
    results = []
    for name in output.progress(names, "memorizing") if len(names) > 1 else names:
        result = memorize(repo, name, provider, DRY_RUN if dry_run else COMMIT, since=since,
                          approve=approver(yes, _terminal_ask()), progress=output.note)
        results.append(result)
        if dry_run and result.preview:
            output.say(result.preview)
            if result.would_add is not None:
                output.say(would_add(result.branch, result.would_add))
    for result in results:
        output.say(_describe(result))
    return 1 if any(r.status == "error" for r in results) else 0


def approver(yes: bool, ask: Callable[[str], bool] | None) -> Callable[[Estimate], bool]:
    """Says what a run's commits will cost a model before they are sent, and for a run of
    more than one call asks ``ask`` (None: no terminal to ask on, and memorize_budget is
    the limit), unless ``yes``."""
    def approve(estimate: Estimate) -> bool:
        output.note(estimate.line())
        if yes or ask is None or estimate.calls <= 1:
            return True
        return ask(f"{estimate.line()}. Send them? [y/N] ")

    return approve


def _terminal_ask() -> Callable[[str], bool] | None:
    """A yes-or-no question on the terminal, when both ends of it are one."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return None

    def ask(question: str) -> bool:
        import click

        return click.confirm(question.removesuffix(" [y/N] "), default=False, err=True)

    return ask


def would_add(branch: str, items: list[Extraction]) -> str:
    """The items a run would store, by section, as the memory file would show them."""
    lines = [f"--- {branch}: items a run would store ({len(items)}; one already in memory "
             "is merged into it) ---"]
    for sid in SECTION_IDS:
        for found in (e for e in items if e.section == sid):
            lines.append(f"[{SECTION_TITLES[sid]}] " + Item(found.content, found.refs,
                                                            found.paths or ()).render())
    if not items:
        lines.append("(none: these commits hold nothing the extractor keeps)")
    return "\n".join(lines)


def _describe(result: Result) -> str:
    line = result.line()
    for note in result.notes:
        line += f"\n  {note}"
    if result.commit_sha:
        line += f"\n  committed on {result.branch} as {result.commit_sha[:10]}"
    if result.remaining:
        line += f"\n  {result.remaining} commit(s) still pending: run memorize again"
    return line
