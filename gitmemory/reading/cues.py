"""The phrases that mark a sentence as a cause, a decision, a reason or a convention."""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex

_W = r"(?:[\w`'\"./-]+\s+){0,6}?"  # a few words in between

CAUSE_STRONG = lazy_regex(
    r"\b(?:root cause|caused by|was caused|were caused|is caused|because|due to|the problem was|"
    r"the issue was|the bug was|culprit|which caused|that caused|this caused|which meant|"
    r"resulted in|results in|resulting in|led to|leads to|leading to|triggered by|"
    r"happens when|happened when|occurs when|occurred when|"
    r"only (?:matched|caught|handled|checked|accepted|supported|worked))\b", re.I)
CAUSE_MEDIUM = lazy_regex(
    r"\b(?:was not|wasn't|were not|weren't|did not|didn't|does not|doesn't|could not|"
    r"couldn't|would not|wouldn't|never|failed|fails|failing|raised|raises|threw|throws|"
    r"crash(?:ed|es|ing)?|broke|breaks|breaking|broken|regressed|a regression|deadlock|"
    r"race condition|leak(?:ed|s|ing)?|silently|incorrectly|wrongly|"
    r"previously|mistakenly|by mistake|overflow|off-by-one|infinite|hang(?:s|ing)?|"
    r"stale|corrupt(?:ed|s)?|(?:was|were|is|are|got|gets|being) (?:ignored|lost|dropped)|"
    r"swallowed|side effect|instead of|accidentally)\b", re.I)
DECISION_STRONG = lazy_regex(
    r"\b(?:switch(?:ed|es|ing)? " + _W + r"(?:to|from)|migrat(?:e|ed|es|ing) " + _W + r"to|"
    r"replac(?:e|ed|es|ing) .{1,80}? (?:with|by)|in favou?r of|deprecat(?:e|ed|es|ing)|"
    r"drop(?:ped|s)? support|no longer (?:use|support|need|depend|require)s?|rather than|"
    r"opt(?:ed|s)? for|decided|adopt(?:ed|s)?|anymore)",
    re.I)
DECISION_WEAK = lazy_regex(r"\b(?:instead of|no longer|now uses?|now requires?|prefer|"
                           r"mov(?:e|ed|es|ing) " + _W + r"(?:to|into) )", re.I)
SUBJECT_DECISION = lazy_regex(
    r"^(?:switch(?:es|ed)?|migrat(?:e|es|ed)|replac(?:e|es|ed)|deprecat(?:e|es|ed)|"
    r"(?:drop(?:s|ped)?|remov(?:e|es|ed)) support|adopt(?:s|ed)?|stop(?:s|ped)? using|"
    r"no longer)\s|\b(?:instead of|in favou?r of|rather than)\b", re.I)
SUBJECT_SWAP = lazy_regex(r"^replac(?:e|es|ed)\s|\b(?:instead of|rather than)\b", re.I)
REASON = lazy_regex(
    r"\b(?:so that|so the|so it|so we|so they|so users|in order to|to avoid|to prevent|"
    r"to ensure|to make sure|to keep|to allow|to reduce|to speed up|to simplify|because|"
    r"since|as it|as they|which (?:makes|allows|means|lets|avoids|prevents|ensures)|"
    r"this (?:makes|allows|ensures|prevents|avoids|means|lets|way|keeps)|otherwise|"
    r"makes it (?:possible|easier)|for consistency|consistent with)\b|,\s*so\s+(?!far\b)", re.I)
REASON_LEAD = lazy_regex(
    r"^(?:this|that|it|doing so|which)\s+(?:makes|allows|ensures|prevents|avoids|means|lets|"
    r"keeps|gives|enables|reduces|removes|simplifies|improves|fixes|addresses)\b", re.I)
CONVENTION_LEAD = lazy_regex(
    r"^(?:always|never|do not|don't|avoid|prefer|make sure|remember to|be sure to|"
    r"all \w+ (?:must|should)|every \w+ (?:must|should))\b", re.I)
CONVENTION_MODAL = lazy_regex(
    r"\b(?:must(?: not|n't)?|shall|should (?:always|never|not)|is required to|"
    r"are required to|needs? to be|has to be|have to be|by convention|the convention is)\b",
    re.I)
NOT_CONVENTION = lazy_regex(
    r"\b(?:was|were|had|would|could|might|has|have)\s+(?:never|not|always)\b|"
    r"\b(?:must|should) have\b|\?|^(?:if|when|while|once|after|before|since|although|"
    r"either|this way|that way)\b", re.I)
WORKAROUND = lazy_regex(r"\b(?:workaround|work around|works around|worked around|"
                        r"working around)\b", re.I)
REMOVAL_LEAD = lazy_regex(r"^(?:remov|drop|delet|clean|revert)\w*\b", re.I)
BREAKING = lazy_regex(r"^\s*BREAKING[ -]CHANGES?\s*:\s*(?P<text>.+)$", re.M)
# A changelog heading whose entries change what users had: Keep a Changelog's "Changed",
# "Deprecated", "Removed"; "Breaking changes", "Backward-incompatible changes",
# "API deprecations", "Removals" (a heading of additions or fixes is none)
BREAK_HEADING = lazy_regex(
    r"^\s*(?:#{1,6}\s*|\*\*|\[)?\s*(?:[\w-]+\s+)?(?:changed|deprecat(?:ed|ions?)|removed|"
    r"removals?|breaking(?:\s+changes?)?|(?:backwards?[- ])?incompatible(?:\s+changes?)?|"
    r"behaviou?r\s+changes?)"
    # two groups in one: "Deprecations and removals", "Removed & deprecated"
    r"(?:\s*(?:and|&)\s*(?:changed|deprecat(?:ed|ions?)|removed|removals?|"
    r"breaking(?:\s+changes?)?))?\s*(?:\*\*|\])?\s*:?\s*$", re.I)


def is_convention(sentence: str) -> bool:
    if NOT_CONVENTION.search(sentence):
        return False
    return bool(CONVENTION_LEAD.match(sentence) or CONVENTION_MODAL.search(sentence))
