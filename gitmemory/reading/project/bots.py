"""Whether a commit's author is a bot, as the habits read from recent history count people
(docs/design.md, "Sources").

A bot is named as one: GitHub's ``[bot]`` accounts, the update and release services
(Dependabot, Renovate, pre-commit.ci, GitHub Actions, semantic-release), and an account
whose name has "bot" as a part of its own (oclif's ``svc-cli-bot`` makes every release
commit and writes the changelog; counted as a person, it made "changes add an entry to
`CHANGELOG.md`" a rule contributors never follow).
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex

_NAMED = ("[bot]", "dependabot", "renovate", "pre-commit-ci", "github-actions",
          "semantic-release")
_BOT_PART = lazy_regex(r"(?:^|[-_. ])bot(?:$|[-_. \[])", re.I)


def is_bot(author: str) -> bool:
    low = author.lower()
    return any(name in low for name in _NAMED) or bool(_BOT_PART.search(low))
