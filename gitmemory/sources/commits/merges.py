"""The pull-request text a merge commit carries (docs/design.md, "Data flow").

A history merged through a queue or a button ("Merge pull request #12 from ...",
bors' and homu's "Auto merge of #12 - ...", GitLab's "Merge branch 'x' into
'main'" with "See merge request ...") keeps each pull request's title and
description in its merge commit; its first-parent line is nearly all merges.
:func:`pull_request` reads such a message as the title and body a squash
commit would carry, so that the merge is read like one; a merge that says no
more than git's default line (a back-merge, "Merge branch 'main' into x"), or
lists only conflicts or the subjects it merges (``git merge --log``), gives
None and stays unread.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex

# The line git or a merging service writes in place of a subject: it names the merge, not
# the change ("Merge pull request #12 from org/branch", "Merge branch 'x' into 'main'",
# "Auto merge of #12 - user:branch, r=reviewer", bors-ng's "Merge #12", Bitbucket's
# "Merged in feature/x (pull request #12)"): any line that starts by naming the merge
_DEFAULT = lazy_regex(r"^(?:Merged? \S.*|Auto merge of \S.*)$")
# bors-ng's title line, "12: Fix the parser r=alice a=bob": the number and the approvals go
_BORS_TITLE = lazy_regex(r"^\d+:\s+(?P<title>.+?)(?:\s+r=\S+)?(?:\s+a=\S+)?$")
# Azure DevOps puts the title in the subject: "Merged PR 12: Fix the parser"
_AZURE = lazy_regex(r"^Merged PR \d+:\s+(?P<title>\S.*)$")
# What a service adds under the description: GitLab's link back
_SERVICE_LINE = lazy_regex(r"^\s*See merge request \S+\s*$", re.I)
# A body that is git's, not an author's: conflicts, ``--log``'s shortlog, a second merge
_NOT_DESCRIPTION = lazy_regex(r"^\s*(?:#\s*)?Conflicts:|^\s*\*\s+(?:'[^']*'|[\w./-]+):?\s*$|"
                              r"^\s*\*\s+(?:branch|tag|commit) '|^Merge ", re.I)
_WORD = lazy_regex(r"[A-Za-z]{2,}")
# "Co-authored-by: ...", "Signed-off-by: ...": who, not what; no description by itself
_TRAILER = lazy_regex(r"^[A-Za-z][\w-]*:\s")
_MIN_BODY_WORDS = 4  # a description says at least this much besides its title


def pull_request(message: str) -> tuple[str, str] | None:
    """(title, body) of the pull request a merge commit's ``message`` carries: a title and
    a description after git's or a service's default line (or under a subject its author
    wrote); None when the message is only that line, a title alone, or git's own text."""
    lines = message.strip("\n").split("\n")
    subject = lines[0].strip() if lines else ""
    rest = "\n".join(line for line in lines[1:] if not _SERVICE_LINE.match(line))
    rest = rest.strip("\n")
    azure = _AZURE.match(subject)
    if azure:
        title, body = azure.group("title"), rest
    elif _DEFAULT.match(subject):
        title, _, body = rest.partition("\n")
        title = title.strip()
        bors = _BORS_TITLE.match(title)
        if subject.startswith("Merge #"):
            if subject.count("#") > 1:  # a batch of pull requests: whose text is which
                return None
            title = bors.group("title") if bors else title
    else:
        title, body = subject, rest
    body = body.strip("\n")
    if not title or title.endswith(":") or _NOT_DESCRIPTION.search(title) or \
            _NOT_DESCRIPTION.search(body.split("\n", 1)[0]):
        return None
    said = "\n".join(line for line in body.split("\n") if not _TRAILER.match(line))
    if len(_WORD.findall(said)) < _MIN_BODY_WORDS:
        return None
    return title, body


def as_commit_message(message: str) -> str:
    """``message`` as the squash commit of its pull request would read (title, blank line,
    body), or unchanged when it carries none."""
    found = pull_request(message)
    return f"{found[0]}\n\n{found[1]}" if found else message


# Who opened the pull request and from which branch, as the merge's line tells:
# "Merge pull request #12 from ada/lazy", "Auto merge of #12 - ada:lazy, r=bob",
# bors-ng's "12: Fix the parser r=bob a=ada", "Merge branch 'renovate/x' into 'main'"
_OPENED = (lazy_regex(r"^Merge pull request #\d+ from (?P<who>[^/\s]+)/(?P<branch>\S+)"),
           lazy_regex(r"^Auto merge of #\d+ - (?P<who>[^:\s]+):(?P<branch>[^,\s]+)"),
           lazy_regex(r"^\d+:\s.*\sa=(?P<who>\S+)$", re.M),
           lazy_regex(r"^Merge branch '(?P<branch>[^']+)'"),
           lazy_regex(r"^Merged in (?P<branch>\S+) \(pull request #\d+\)"))


def opened_by(message: str) -> tuple[str, ...]:
    """Who opened the pull request a merge's ``message`` carries, and its branch, where
    the message names them (``dependabot[bot]``, ``renovate/serde-1.x``): the merge itself
    is committed by whoever or whatever merged it."""
    for pattern in _OPENED:
        found = pattern.search(message)
        if found:
            return tuple(name for name in found.groupdict().values() if name)
    return ()
