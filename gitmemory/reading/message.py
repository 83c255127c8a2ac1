"""Lines of a commit message that say nothing to a reader (docs/design.md, "Data flow").

Co-author, sign-off and review trailers, issue links, separators, CI tags and
the trailers tools add: the context a model reads leaves them out, and the
offline rules never quote them.  Pure functions of text.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex

_PERSON_TRAILER = lazy_regex(
    r"^\s*(?:co-authored-by|signed-off-by|reviewed-by|acked-by|tested-by|reported-by|"
    r"suggested-by|helped-by|reviewed-on|change-id|made-with|generated-by|pr-url|cc|"
    r"co-developed-by)\s*:", re.I)
_ISSUE_REF = r"(?:[\w.-]+/[\w.-]+)?#\d+|https?://\S+|[A-Z][A-Z0-9]+-\d+|\b[0-9a-f]{7,40}\b"
_REF_LINE = lazy_regex(
    r"^\s*(?:(?:closes|close|closed|fixes|fix|fixed|resolves|resolve|resolved|refs?|see|"
    r"see also|related(?: to)?|relates to|part of|follow[- ]up (?:on|to|of)|issue|ticket|"
    r"jira|link|pr|bug|addresses|address|ref|updates|for|working on|may fix|"
    r"(?:this )?(?:fixes|closes))\s*:?\s*)?(?:" + _ISSUE_REF +
    r")(?:[\s,;]+(?:and\s+)?(?:" + _ISSUE_REF + r"))*\s*\.?\s*$", re.I)
_SEPARATOR = lazy_regex(r"^\s*(?:[-=*_~]{3,}|\.\.\.)\s*$")
_TAG_LINE = lazy_regex(r"^\s*\[(?:skip ci|ci skip|no ci|skip actions)\]\s*$", re.I)
_TOOL_TRAILER = lazy_regex(
    r"^\s*(?:change-id|reviewed-on|luci-trybot-result|trybot-result|auto-submit|commit-queue|"
    r"run-trybot|github-last-rev|github-pull-request|assisted-by|amp-thread-id|"
    r"generated-with|piperorigin-revid|differential revision)\s*:",
    re.I)


def says_nothing(line: str) -> bool:
    """A co-author, sign-off or review trailer, an issue link, a separator or a CI tag."""
    return bool(_PERSON_TRAILER.match(line) or _REF_LINE.match(line) or
                _SEPARATOR.match(line) or _TAG_LINE.match(line))


def not_prose(line: str) -> bool:
    """A line of a message that says nothing to a reader: :func:`says_nothing`, or a
    trailer a review tool or bot adds."""
    return says_nothing(line) or bool(_TOOL_TRAILER.match(line))
