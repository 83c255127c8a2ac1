"""``gitmemory ci sync`` and ``gitmemory ci review``: the CI jobs (docs/ci.md).

Everything either prints, and what they write to the job summary, passes
through the secret redaction first: a CI log is public to everyone who can
read the repository, and often to more.
"""

from __future__ import annotations

import os

from gitmemory import output
from gitmemory.repo import Repo
from gitmemory.secrets.folded import redact_as_read

SUMMARY_ENV = "GITHUB_STEP_SUMMARY"


def sync(branch: str | None, remote: str, provider: str | None, dry_run: bool,
         summary_file: str | None) -> int:
    from gitmemory.server.sync import Options
    from gitmemory.server.sync import sync as run_sync

    output.filter_with(lambda line: redact_as_read(line)[0])
    top = Repo.open().toplevel
    summary = run_sync(top, Options(branch=branch, provider=provider, remote=remote,
                                    dry_run=dry_run))
    lines = summary.lines()
    for line in lines:
        output.say(line)
    _add_to_summary(summary_file, "### gitmemory: default branch memory\n\n```text\n" +
            "\n".join(lines) + "\n```\n")
    return 1 if summary.failed else 0


def review(base: str | None, default: str | None, summary_file: str | None) -> int:
    from gitmemory.server import review as job

    output.filter_with(lambda line: redact_as_read(line)[0])
    found = job.run(Repo.open(), base, default)
    for line in found.lines():
        output.say(line)
    _add_to_summary(summary_file, found.markdown())
    return 1 if found.failed else 0


def _add_to_summary(path: str | None, text: str) -> None:
    """Add ``text`` (redacted) to the job summary: ``path``, else $GITHUB_STEP_SUMMARY."""
    path = path or os.environ.get(SUMMARY_ENV)
    if not path:
        return
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(redact_as_read(text)[0] + "\n")
