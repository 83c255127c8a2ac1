"""What the changelog entries a commit adds teach (docs/design.md, "Sources").

A change's entry in ``CHANGES.md``, a fragment (``changelog/2869.bugfix.rst``,
``changelog.d/``, ``newsfragments/``), a changeset (``.changeset/*.md``) or a
release note (reno's ``releasenotes/notes/*.yaml``) states the change for
users, often with its cause or its reason, in a few sentences.  Each entry
the commit adds (a bullet and the lines that carry it on) is read like a
message's prose (:mod:`gitmemory.providers.offline.verbatim`), after its markup
is taken out: Sphinx and MyST roles become code spans, issue and pull-request
references and thanks go, headings, version lines and front matter are not
entries.  A fragment's type (``bugfix``, ``removal`` ...) says what kind of
change its entry is.  An entry's title that says what changes for users
(restic's ``Enhancement: ...``, ``Change: ...``) is kept as a fact; a bug fix's
title names only the symptom.  A heading of breaks ("Changed", "Deprecated",
"Removed", "Breaking changes") says what its entries are, as a fragment's type
does: they come first when a release says more than the cap keeps (what a reader
of the code before must unlearn), and one that says what a thing it names does
now is kept as written.  Markdown's quote marks (a "> WARNING:" note) go.

A group heading heads the entries below it whether or not the commit added it (a new
entry under an "Unreleased / Removed" heading that was already there), and a group is
written as a heading in any of the common forms: ``### Removed``, CPAN's
``[ DEPRECATED ]``, a bullet that is only a group's name (``* Breaking changes``, nested
entries below).  An entry's leading reference (``GH #1646:``, ``[#88]``) and the author
credited at its end (``(Ada K. Lovelace)``) are markup, like ``(#123)``; a labelled
break that names what it is about ("Deprecated keyword: `push_header`") says enough in
a few words.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from functools import lru_cache

from gitmemory.changelogs import is_changelog, release_notes_file
from gitmemory.commits import Commit
from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.similar import dedupe_key
from gitmemory.providers.offline.diffs import file_hunks, opens_fenced
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    capital,
    is_imperative,
    is_past_change,
    tidy,
    uncapital,
    with_area,
)
from gitmemory.providers.offline.subjects import states_break
from gitmemory.providers.offline.verbatim import MIN_WORDS, Found, carries_on, kept, sound
from gitmemory.providers.offline.worth import names_something
from gitmemory.reading import cues
from gitmemory.reading.header import Header
from gitmemory.reading.sentences import sentences
from gitmemory.text import alike, near

MOST = 2  # items from one commit's entries
MOST_NOTES = 8  # items from the entries a release (or a changelog update) adds
_BULLET = lazy_regex(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+")
_HEADING = lazy_regex(r"^\s*(?:#{1,6}\s|[=~^\"'`-]{3,}\s*$|\.\. |:\w[\w-]*:(?:\s.*)?$|v?\d+\.\d+"
                      r"(?:\.\d+)*\S*(?:\s+\(.*\))?\s*$|released?\b|unreleased\b|"
                      r"\[?(?:added|changed|deprecated|removed|fixed|security|features?|"
                      r"bug ?fixes|improvements|breaking changes?|other changes|internal)\]?"
                      r":?\s*$|"
                      # CPAN's Changes groups: "[ BUG FIXES ]", "[ DEPRECATED ]"
                      r"\[\s+[A-Za-z][\w /&-]*?\s+\]\s*$)", re.I)
# Elixir's and others' groups are bullets: "  * Breaking changes", nested entries below
_GROUP_BULLET = lazy_regex(r"^\s*[-*+]\s+(?:enhancements?|features?|bug ?fixes|fixes|"
                           r"deprecations?|deprecated|removals?|removed|changes|changed|"
                           r"breaking changes?|(?:backwards?[- ])?incompatible changes?|"
                           r"improvements|security|other changes|internal)\s*:?\s*$", re.I)
# "GH #1646: ...", "PR #12: ...", "#88: ...", "[#88] ...", rubocop's "[#12](https://...),
# [#13](...): ...": the entry's reference, not its text
# sqlx's "[[#3383]]: ...": the same, in a shortcut reference link's brackets
_LEADING_REFERENCE = lazy_regex(r"^(?:(?:\[\[#\d+\]\]|\[[A-Za-z]*\s*[#-]?\d+\](?:\([^)\s]*\))?"
                                r"(?:\s*,\s*)?)+\s*:?|"
                                r"(?:(?:gh|pr|rt|issue|bug|ticket)"
                                r"\s*[#-]?\s*|#)\d+\s*[:.\u2014-])\s*", re.I)
# "... (Jason A. Crome)": the author credited at the end, as CPAN's Changes do
_CREDIT = lazy_regex(r"\s*\((?:[A-Z][\w'\u2019-]*\.?\s+){1,3}[A-Z][\w'\u2019-]*\.?\)\s*$|"
                     # "(reported by @CrazySqueak)", its handle gone: whom to thank, no more
                     r"\s*\((?:reported|contributed|requested|suggested|fix|fixed|implemented|"
                     r"patch|noted)(?:\s+by)?\s*\)", re.I)
_FRONT_MATTER = lazy_regex(r"^\s*(?:---\s*$|[\"']?[@\w./-]+[\"']?\s*:\s*(?:patch|minor|major)"
                           r"\s*$)")
_QUOTE = lazy_regex(r"^\s*>(?:\s|$)")  # markdown's "> " (a note, a warning)
_YAML_KEY = lazy_regex(r"^\s*(?:-\s*)?[\w-]+:\s*[|>]?-?\s*$|^\s*-\s*[|>]-?\s*$")
# any other role names code or a page: ":paramref:`.Operations.add_column.x`" -> a code span
_ROLE = lazy_regex(r"\{(?:func|meth|class|attr|mod|data|obj|exc|envvar|option|program|"
                   r"command|py:\w+)\}`~?([^`]+)`|:(?:\w+:)?[a-z]\w*:`~?\.?([^`<]+?)"
                   r"(?:\s*<[^>]*>)?`")
_REFERENCE = lazy_regex(
    # towncrier's credit, "... -- by :user:`name`.": the dash and the "by" go with the name
    r"(?:\s*[\u2013\u2014-]{1,2}\s*|\s+)(?:(?:patch|contributed|fixed|reported|implemented)"
    r"\s+)?by\s+(?::user:|\{user\})`[^`]*`(?:\s*(?:,|\band\b|&)\s*(?::user:|\{user\})"
    r"`[^`]*`)*|"
    r"\{(?:issue|pr|pull|user|gh|bug|commit|discussion)\}`[^`]*`|:(?:issue|pr|pull|user|gh|"
    r"bug|commit|discussion)s?:`[^`]*`|\[[#@]?(?:[\w./-]*#)?\d+\]\([^)]*\)|\(#\d+(?:,\s*#\d+)*\)|"
    # "([#1874])": a reference whose link the file defines below it (commander.js);
    # "[[#3960]]", "[[@abonander]]": the same in a shortcut link's brackets (sqlx)
    r"\[\[[#@][\w-]+\]\]|\[#\d+\](?![(\[:])|"
    # "by [@x](https://github.com/x) in [#4283](...)": a release-drafter's credit, linked
    r"\b(?:by|thanks to|contributed by)\s+\[@[\w-]+\]\([^)]*\)(?:\s+in\s+\[#\d+\]\([^)]*\))?|"
    r"\b(?:by|thanks to|thanks,?|contributed by)\s+@[\w-]+(?:\s+in\s+(?:https?://\S+|"
    r":\w+:`[^`]*`|#\d+))?|"
    r"\bin\s+https?://\S+/(?:pull|issues)/\d+\S*|\[@[\w-]+\](?:\([^)]*\)|\[\])?|"
    # a person named alone: an aside of handles, after "cc" or a dash, or at the end; a
    # handle inside a sentence is the sentence's (an annotation: "@psalm-pure", "@Override")
    r"\(\s*@[\w-]+(?:\s*(?:,|\band\b)\s*@[\w-]+)*\s*\)|(?<=,)\s*@[\w-]+(?=\s*\))|"
    r"(?:\bcc:?|[\u2013\u2014-])\s+@[\w-]+(?:\s*(?:,|\band\b)\s*@[\w-]+)*(?=[\s.,;)]|$)|"
    r"(?<![\w`])@[\w-]+(?:\s*(?:,|\band\b)\s*@[\w-]+)*\s*$", re.I)
# "[CVE-2026-1](https://...)", "[daisyUI][daisy]": a link says its text; "[x]: https://..."
# defines a reference and says nothing
_LINK = lazy_regex(r"\[([^\]]+)\](?:\([^)\s]*\)|\[[^\]]*\])")
_LINK_DEFINITION = lazy_regex(r"\[[^\]]+\]:\s*<?https?://\S+")
# "([nlohmann](https://github.com/nlohmann))": a changelog generator's credit to the author
_PROFILE = lazy_regex(r"\s*\(?\[@?[\w.-]+\]\(https?://(?:www\.)?(?:github|gitlab|codeberg)\."
                      r"(?:com|org)/[\w.-]+/?\)\)?")
# "Thanks to @a for the suggestion and @b for the implementation.": whom to thank, a
# sentence of its own (data.table's NEWS); only its first handle was a reference, and
# "for the suggestion and @b for the implementation" was left dangling in the entry
_THANKS = lazy_regex(r"(?:(?<=[.!;,:])|(?<=^))\s*(?:many\s+|special\s+)?(?:thanks|thank you|kudos|"
                     r"credits?)\b(?:\s+(?:go(?:es)?\s+)?to)?\s+@[\w-]+"
                     r"(?:[^.!?@]|@[\w-]+|\.(?!\s|$))*[.!]?", re.I)
# a backslash before ASCII punctuation: the character itself (CommonMark)
_ESCAPED = lazy_regex(r"\\([!-/:-@\[-`{-~])")
_TICKET = lazy_regex(r":tickets?:`(\d+)`")
_TRAILING_DASH = lazy_regex(r"\s+[\u2013\u2014-]+$")
_RST_LINK = lazy_regex(r"(\s+in)?(\s*)`([^`<]+?)\s*<[^>`]+>`__?(?=\W|$)")
# "(, , )", "(#2750, )": the references it held went ("now()" is a call, and stays)
# What is left of a credit in parentheses once its references and handles went: "()",
# "(#12, )", anyio's "(; PR by )"
_EMPTY_ASIDE = lazy_regex(r"\s*(?<![\w\]>.`*])\(\s*(?:(?:#\d+|PR|by|[,;])\s*)*\)")
_DOUBLE_TICKS = lazy_regex(r"``([^`]+)``")
# An entry's title that says what changes for users (restic's changelog/TEMPLATE); a
# bug fix's title names the symptom only, and stays out.
_TITLE_LINE = lazy_regex(r"^\s*(?:bugfix|bug fix|fix|enhancement|change|feature|breaking change|"
                         r"deprecation|security)\s*:\s+\S", re.I)
_TITLE = lazy_regex(r"^(?:enhancement|change|feature|breaking change|deprecation|security)"
                    r"\s*:\s+(?P<text>[^.]+?)\.?$", re.I)
_FIX_TYPES = ("bugfix", "bug", "fix", "fixed", "fixes", "security")
_BREAK_TYPES = ("removal", "removed", "deprecation", "deprecated", "breaking")


def release_notes(commit: Commit, rewritten: frozenset[str] = frozenset()) -> list[Found]:
    """The items of the entries a commit whose message says nothing (a release, "Update
    changelog") adds: each entry is a change of its own, so it must stand alone, with no
    subject to anchor it and up to ``MOST_NOTES`` of them."""
    return changelog_items(commit, Header(kind="other", text=""), rewritten, most=MOST_NOTES)


def changelog_items(commit: Commit, header: Header, rewritten: frozenset[str] = frozenset(),
                    only: str | None = None, most: int = MOST) -> list[Found]:
    """The items of the entries ``commit`` adds to its changelog files (``only``: to that
    one), anchored by its subject (``header``); none from a fragment a later commit
    rewrites (``rewritten``: what it says then is what holds).  Over ``most``, the
    entries a heading of breaks holds ("Changed", "Deprecated", "Removed") come first:
    what a reader of the code before must unlearn."""
    entries_added: list[tuple[str, bool, str, str]] = []  # entry, breaks, parent, its file
    bullets = 0  # the entries the commit adds, by their bullets at the list's top level
    created = {f.path: f.added for f in commit.files if f.status.startswith(("A", "C"))}
    for path, hunks in file_hunks(commit.diff).items():
        if not is_changelog(path) or path in rewritten or (only is not None and path != only):
            continue
        if path in created and ((created[path] > _MOST_NEW and not release_notes_file(path))
                                or sum(1 for hunk in hunks for line in hunk.lines
                                       if _RELEASED.match(line)) > 1):
            continue  # a changelog made whole with releases in it: a copy, not this change
        retyped = [entry for hunk in hunks for entry in _removed(hunk.lines)]
        listed = list(headed_entries([line for hunk in hunks for line in [*hunk.lines, ""]]))
        typos = near([entry for entry, _, _ in listed], retyped, _retyped)
        entries_added += [(entry, breaks, parent, path) for (entry, breaks, parent), typo
                          in zip(listed, typos, strict=True)
                          if not typo]  # a typo fixed in an old entry: not this change
        bullets += sum(1 for hunk in hunks for line in hunk.lines if _TOP_BULLET.match(line))
    if bullets > 1:
        # several changes' entries (auto_route's 6.1.0 added four and another package's
        # "Change navigatorKey param ... to avoid material.dart import"): each is a change
        # of its own, which the commit's subject, about one of them, does not lead
        header = replace(header, text="")
    found = [(breaks, item) for entry, breaks, parent, path in entries_added
             for item in _entry_items(entry, _kind_of(path, header), header, breaks, parent)]
    return [item for _, item in sorted(found, key=lambda f: not f[0])][:most]


_TOP_BULLET = lazy_regex(r"^\+ ?[-*+] \S")  # an added line
# Lines of a changelog a commit creates past which it holds others' entries (a long diff
# is cut, and may show one release of many: go-task's copy added 1,575 lines)
_MOST_NEW = 200
# A release's heading as a commit adds it: "+## v3.52.0 - 2026-07-02", "+## [1.2.0]"
_RELEASED = lazy_regex(r"^\+\s*(?:#{1,4}|=+)?\s*\[?v?\d+\.\d+")


def _entry_items(entry: str, head: Header, header: Header, breaks: bool,
                 parent: str = "") -> list[Found]:
    """What one entry says: a title that says what changes, a sentence a cue speaks for,
    a break stated as a subject would, or (under a heading of breaks) what holds now.  An
    entry nested under another (``parent``) is a note on it, as a body is on its subject:
    what it says is about the entry above, which leads it ("fix(logs): Correct spelling of
    the tracing field \u2014 Breaking behavior change: ... will need to update the
    spelling"), and the commit's subject does not."""
    if parent:
        found = _entry_items(entry, replace(head, text=""), replace(header, text=""), breaks)
        return [(section, led(parent, text), confidence) for section, text, confidence in found]
    title = _TITLE.match(entry)
    if title:  # restic's "Enhancement: `restic repair packs` can handle ..."
        text = capital(tidy(title.group("text")))
        ok = len(text.split()) >= MIN_WORDS - 1 and sound(text) and len(text) <= LIMIT
        return [("facts", with_area(header.scope, text), 0.75)] if ok else []
    said = [tidy(s) for s in entry_sentences(entry)]
    changed = bool(said and _BEHAVIOUR.search(said[0]))
    return kept(head, [s for s in said if s], set(), most=1) or \
        stated(said, header.scope) or (_holds(said, header.scope) if breaks or changed else
                                        _does_now(said, header.scope))


def led(parent: str, text: str) -> str:
    """``text`` led by the first sentence of the entry it is nested under (``parent``), if
    there is room and it needs it."""
    said = sentences(parent)
    lead = tidy(said[0] if said else parent).rstrip(".:;, ")
    if not lead or dedupe_key(lead) in dedupe_key(text) or \
            len(lead) + len(text) + 3 > LIMIT:
        return text
    return f"{lead} \u2014 {text}"


# "Changed `StaticResource.set_options_route()` to return the created `ResourceRoute`",
# "Fixed `BaseRequest.text()` ... to return HTTP 415 when ...": what a named thing does
# now, said of it as the change's object (a fix's symptom, "Fixed `X` raising ...", is not)
_DOES_NOW = lazy_regex(r"^(?:changed|made|fixed|updated|adjusted)\s+(?=[^;]*`)"
                       r"(?:`[^`]*`|[^.;`]){1,120}?\s+"
                       r"to\s+(?:now\s+|always\s+|only\s+|never\s+)?(?:return|raise|reject|"
                       r"accept|treat|respect|honou?r|emit|skip|ignore|preserve|fall back|"
                       r"retry|require|match|default|keep|use|send|close)\w*\b", re.I)


def _does_now(said: list[str], area: str) -> list[Found]:
    """An entry whose first sentence changes what a named thing does now (``_DOES_NOW``),
    kept as written."""
    first = (said[0] if said else "").strip()
    if not _DOES_NOW.match(first) or not sound(first):
        return []
    text = with_area(area, capital(first))
    return [("facts", text, 0.75)] if len(text) <= LIMIT else []


# "`getNumberType()` throws `JsonParseException` when ... instead of returning null": an
# entry that says what a named thing does now against what it did, under any heading
_BEHAVIOUR = lazy_regex(r"\b(?:instead of|rather than|no longer)\b", re.I)


# "`mutate_each()` and `summarise_each()`.": names alone, what the next sentence is about
_NAMES_ALONE = lazy_regex(r"^(?:`[^`]+`|[\s,]|\b(?:and|or|the|both|all|functions?|methods?|"
                          r"arguments?|options?|of)\b)+\.?$", re.I)


def entry_sentences(entry: str) -> list[str]:
    """An entry's sentences, where one that only names things ("`cur_data()` and
    `cur_data_all()`.") leads the next ("Deprecated in 1.1.0, use `pick()` instead."),
    which says what became of them."""
    said = sentences(entry)
    if len(said) > 1 and "`" in said[0] and _NAMES_ALONE.match(said[0].strip()):
        said = [f"{said[0].strip().rstrip('.')}: {uncapital(said[1])}", *said[2:]]
    return said


def _holds(said: list[str], area: str) -> list[Found]:
    """An entry under a heading of breaks whose first sentence says what a named thing does
    now ("`prompt()` options will report a missing option instead of prompting ..."),
    kept as written; one that logs the work ("Improved the error message ...", "Update
    Kotlin to 2.3.0") or a fix says what was done, not what holds."""
    first = (said[0] if said else "").strip()
    if not first or not _THING_FIRST.match(first) or is_imperative(first) or \
            is_past_change(first) or not names_something(first) or not sound(first):
        return []
    text = with_area(area, capital(first))
    return [("facts", text, 0.75)] if len(text) <= LIMIT else []


# what the sentence is about comes first: a name of the code, or a thing ("The theme
# config file ..."); "Clear errors in `reset()`" and "Improved ..." log the work
_THING_FIRST = lazy_regex(r"^(?:`|(?:[Tt]he|[Aa]n?|[Aa]ll|[Aa]ny|[Ee]very|[Ee]ach|[Nn]o)\s|"
                          r"[\w.:-]*(?:[._:]\w|[a-z][A-Z])[\w.:()-]*\s)")


# "**BREAKING**: `:gen/fmap` ...", "BREAKING CHANGE: ...", "Removed: ...": an entry that
# says for itself that it breaks something
_BREAK_LABEL = lazy_regex(r"^[\[(]?(?:breaking(?: changes?)?|removed|removal|deprecated|"
                          r"deprecation)\b[\])]?[\s:.\u2014-]*(?=\S)", re.I)
_NO_LONGER = lazy_regex(r"\bno (?:longer|more)\b", re.I)
# "Reverted simplified connection handing in Net::HTTP adapter due to ...": a release takes
# back what an earlier one brought, and users lose it (webmock 3.18.1)
_REVERTED = lazy_regex(r"^revert(?:ed|s)?\s+(?!(?:the\s+)?(?:merge|commit|pr|pull)\b)", re.I)
_FIXED = lazy_regex(r"^\W*(?:fix(?:es|ed)?|bug ?fix(?:es)?)\b", re.I)


def stated(said: list[str], area: str = "") -> list[Found]:
    """An entry whose first sentence states a break in the way a subject would, where
    no cue of :func:`~gitmemory.providers.offline.verbatim.kept` speaks: labelled a break
    ("**BREAKING** Output of `parse` now uses ..."), what is "no longer" so, or a removal,
    rename, replacement or new default ("Set the `ocaml-version` to `5.4` by default").
    Kept as written; a fixed bug's entry tells what was wrong, not what holds."""
    first = (said[0] if said else "").replace("**", "").replace("\\*", "").strip()
    rest = _BREAK_LABEL.sub("", first, count=1)
    # "Deprecated keyword: push_header": a label and the name it is about say it all; a
    # longer entry is a sentence, and must read as one
    short = len(first.split()) < MIN_WORDS - 1
    labelled = short and rest != first and names_something(rest)
    if not first or _FIXED.match(rest) or (short and not labelled) or \
            not names_something(first) or not (labelled or sound(capital(rest))):
        return []
    if not (rest != first or _NO_LONGER.search(first) or states_break(first) or
            _REVERTED.match(first)):
        return []
    text = with_area(area, capital(first))
    after = said[1] if len(said) > 1 else ""
    if after and carries_on(after, Header(kind="other", text="")) and \
            len(text) + len(after) + 2 <= LIMIT:
        text = f"{text}. {after.rstrip('.')}"  # "... This was renamed to `draft_docs`"
    return [("facts", text, 0.8)] if len(text) <= LIMIT else []


RETYPED = 0.9  # an entry this close to one the hunk removes only retypes it


def _removed(lines: list[str]) -> list[str]:
    """The entries a hunk's removed lines held."""
    flipped = {"-": "+", "+": "-"}
    return entries([flipped.get(line[:1], line[:1]) + line[1:] for line in lines])


REWORDED = 0.5  # and this close, another wording of it: the old one holds no more


def _alike(new: str, old: str, at_least: float) -> bool:
    return alike(dedupe_key(new), dedupe_key(old), at_least)


def _retyped(new: str, old: str) -> bool:
    return _alike(new, old, RETYPED)


def reworded(commit: Commit) -> list[str]:
    """The entries of its changelog files ``commit`` words anew (a hunk removes them and
    adds others that are more than a retyping): what they said no longer holds.  An entry
    the new wording only adds to (every word of the old one kept, in order, and no
    negation added: "..., or set it on the new `Context.data` map") is not worded anew:
    what it said still holds."""
    out: list[str] = []
    for path, hunks in file_hunks(commit.diff).items():
        if not is_changelog(path):
            continue
        for hunk in hunks:
            added = entries([*hunk.lines, ""])
            removed = _removed(hunk.lines)
            anew = near(removed, added, lambda old, new: _alike(new, old, REWORDED))
            still = near(removed, added,
                         lambda old, new: _retyped(new, old) or _added_to(old, new))
            out += [old for old, worded, same in zip(removed, anew, still, strict=True)
                    if worded and not same]
    return out


_NEGATION = lazy_regex(r"\b(?:not|no|never|none|nothing|without)\b|n't\b", re.I)


def _added_to(old: str, new: str) -> bool:
    """Whether ``new`` says all ``old`` said and more: the words of ``old`` in order within
    ``new``, and no negation among the words it adds."""
    words = iter(dedupe_key(new).split())
    if not all(word in words for word in dedupe_key(old).split()):
        return False
    return len(_NEGATION.findall(new)) == len(_NEGATION.findall(old))


def _kind_of(path: str, header: Header) -> Header:
    """A fragment's type says what kind of change its entries are (``2869.bugfix.rst``)."""
    parts = posixpath.basename(path).lower().split(".")
    if any(part in _FIX_TYPES for part in parts[1:]):
        return replace(header, kind="fix")
    if header.kind in ("test", "style", "ci", "docs") or any(p in _BREAK_TYPES for p in parts):
        return replace(header, kind="other")  # the entry says the change, not its files
    return header


_FENCE = lazy_regex(r"^\s*(?:```|~~~)")


def entries(lines: list[str]) -> list[str]:
    """The entries the lines of a file's hunks add: each bullet with the lines that carry
    it on, or a paragraph; markup, references, headings, front matter and code blocks
    out."""
    return [entry for entry, _, _ in headed_entries(lines)]


def headed_entries(lines: list[str]) -> list[tuple[str, bool, str]]:
    """:func:`entries`, each with whether the heading it is under is one of breaks
    (:data:`gitmemory.reading.cues.BREAK_HEADING`: "### Changed", "Deprecations") and the
    entry it is nested under, if the commit added that one too (:class:`_Outline`)."""
    found: list[tuple[str, bool, str]] = []
    current: list[str] = []
    breaks, depth = False, 0  # under a heading of breaks, of that many "#"
    outline = _Outline()

    def close(apart: bool = False) -> None:
        text = clean(" ".join(current).strip())
        if text:
            found.append((text, breaks, outline.parent))
        outline.closed(text, apart)
        current.clear()

    inside = False  # a line the commit kept is part of an entry it did not add
    # parted: a blank line after an entry's indented line or its bullet, where an indented
    # paragraph goes on with it (Markdown's list item: "- The arguments ... can be of
    # different types.", then "  The functions will normalize these values ...")
    parted = indented = bulleted = False
    listing = False  # the entry goes on with the items its lead-in ("including:") lists
    for line in _code_out(lines):
        if not line.startswith("+"):
            close(apart=True)
            # a heading the commit kept still heads the entries it adds below
            heading, (breaks, depth) = _kept_heading(line[1:], breaks, depth)
            inside = line.startswith(" ") and bool(line[1:].strip()) and not heading
            continue
        text = _QUOTE.sub("", line[1:], count=1)  # a quoted note is read as the note
        if inside and text.strip() and not _BULLET.match(text):
            continue  # the rest of an entry whose start the commit did not change
        inside = False
        if not text.strip():
            outline.gap = True
            parted = bool(current) and (indented or bulleted) and current[-1].endswith(
                (".", "!", "?"))
            if not parted:
                close()
            continue
        if parted and not (text[:1].isspace() and not _BULLET.match(text)):
            close()  # the indented paragraphs of one bullet are one entry; this is the next
        parted, indented = False, text[:1].isspace()
        if _heads(text, current) or _FRONT_MATTER.match(text) or \
                _YAML_KEY.match(text) or _GROUP_BULLET.match(text):
            close(apart=True)
            breaks, depth = _under(text, breaks, depth)
            continue
        if _TITLE_LINE.match(text):  # a title is an entry of its own, blank line or not
            close(apart=True)
            found.append((clean(text.strip()), breaks, ""))
            continue
        bullet = _BULLET.match(text)
        if listing := _listed(current, text, bullet, listing):
            continue
        if bullet:
            close()
            text = outline.enter(text, bullet)
        bulleted = bulleted if current else bool(bullet)
        current.append(text.strip())
    close()
    return [(entry, under, above) for entry, under, above in found if entry]


class _Outline:
    """The bullets the commit adds that are open above the line read, each with its
    indent and entry: the one right above at a smaller indent is what a nested entry is a
    note on (sqlx's "* Add SqlStr", then "  * Breaking change: all `query*()` functions
    now take ...").  A group bullet ("* **Breaking changes**:"), a heading, a line the
    commit kept or a blank line between them leaves none open (a lean diff keeps a
    changelog's added lines only, a kept one as a blank line), and a sibling is never
    the one above."""

    def __init__(self) -> None:
        self.open: list[tuple[int, str]] = []
        self.at: int | None = None  # the indent of the bullet that opened the entry read
        self.parent = ""  # the entry that one is nested under
        self.gap = False  # a blank line since the last bullet

    def enter(self, text: str, bullet: re.Match[str]) -> str:
        """The entry ``text``'s bullet opens; its text after the bullet."""
        indent = len(text) - len(text.lstrip())
        while self.open and (self.gap or self.open[-1][0] >= indent):
            self.open.pop()
        self.at, self.gap = indent, False
        self.parent = self.open[-1][1] if self.open else ""
        return text[bullet.end():]

    def closed(self, entry: str, apart: bool) -> None:
        """The entry read ends (``apart``: and nothing the commit added is above)."""
        if entry and self.at is not None and not apart:
            self.open.append((self.at, entry))
        if apart:
            self.open.clear()
        self.at, self.parent = None, ""


def _kept_heading(text: str, breaks: bool, depth: int) -> tuple[bool, tuple[bool, int]]:
    """Whether a line the commit kept is a heading, and what its entries are under."""
    heading = bool(_HEADING.match(text) or _GROUP_BULLET.match(text))
    return heading, (_under(text, breaks, depth) if heading else (breaks, depth))


def _heads(text: str, current: list[str]) -> bool:
    """Whether ``text`` is a heading: "since Trio\n0.27.0.", a version that ends an
    unfinished sentence, is none."""
    carries_on = bool(current) and not current[-1].endswith((".", "!", "?", ":", ")"))
    return bool(_HEADING.match(text)) and not carries_on


def _listed(current: list[str], text: str, bullet: re.Match[str] | None, listing: bool
            ) -> bool:
    """Whether ``text``, an indented item, goes on with the entry in ``current`` (added to
    it): "Change several exceptions to `LogicException`, including:" and the items it
    lists below it are one entry; an item alone names no change."""
    if not (bullet and text[:1].isspace() and current and (
            listing or current[-1].endswith(":"))):
        return False
    current[-1] += (" " if current[-1].endswith(":") else "; ") + text[bullet.end():].strip()
    return True


def _code_out(lines: list[str]) -> list[str]:
    """``lines`` (hunks, each ended by "") without their code blocks (an example, no
    entry): each block one kept blank line, which ends the entry before it."""
    out: list[str] = []
    hunk: list[str] = []
    for line in [*lines, ""]:
        if line:
            hunk.append(line)
            continue
        fence = Fence(opens_fenced(hunk, _FENCE))
        for row in hunk:
            was = fence.inside
            if fence.step(row[1:]):
                if not was:
                    out.append(" ")
            elif not fence.inside:
                out.append(row)
        out.append(line)
        hunk = []
    return out[:-1]


def _under(heading: str, breaks: bool, depth: int) -> tuple[bool, int]:
    """Whether the entries below ``heading`` are breaks, and the depth of the heading of
    breaks they are under."""
    level = len(heading.lstrip()) - len(heading.lstrip().lstrip("#"))
    if cues.BREAK_HEADING.match(_BULLET.sub("", heading, count=1)):
        return True, level
    if breaks and level > depth > 0 and not _KIND_HEADING.search(heading):
        return breaks, depth  # "### CLI" under "## Breaking changes": an area of them
    return False, 0  # another heading, a version, another kind of change: their entries


# A heading that names a kind of change other than a break ("### Build and internal
# changes" below "## Deprecations and removals", as release drafters lay them out).
_KIND_HEADING = lazy_regex(r"\b(?:features?|fix(?:es)?|bugs?|improvements?|enhancements?|"
                           r"internal|build|documentation|docs|dependenc(?:y|ies)|other|"
                           r"added|performance|chores?|maintenance|refactor\w*|tests?)\b",
                           re.I)


_SPACE_BEFORE_STOP = lazy_regex(r" ([.,])(?![\w(])")
# "output names, [#5744](...)." -> "output names,.": the comma led to a reference that went
_COMMA_BEFORE_STOP = lazy_regex(r",+(?=[.;]|$)")


@lru_cache(maxsize=8192)  # an entry is cleaned by each rule that reads it
def clean(text: str) -> str:
    """An entry without its markup (:func:`markup_out`), spacing collapsed, and without
    the escaped mark that opens it (ocamlformat's ``\\*``: "formats code differently")."""
    text = _LEADING_REFERENCE.sub("", text, count=1)
    # the space a reference left before a stop goes, not the one before ".arguments()"
    text = _SPACE_BEFORE_STOP.sub(r"\1", " ".join(markup_out(text).split()))
    text = _COMMA_BEFORE_STOP.sub("", text)
    text = _CREDIT.sub("", text)
    text = _TRAILING_DASH.sub("", text)  # "... visionOS 1.0 – [#904](...)": the link went
    return text[2:].lstrip() if text.startswith("\\*") else text


@lru_cache(maxsize=8192)  # a message's and its entries' prose, by every rule: four times
def markup_out(text: str) -> str:
    """Prose without its markup, an entry's or a message's: roles as code spans, links as
    their text, references and thanks out; a ticket inside a sentence as its number
    ("caused by :ticket:`1669` which ..." -> "caused by #1669 which ...")."""
    # each rule only where its markup can be: most prose has none
    if "\\" in text:  # Markdown's escapes ("CMAKE\_CXX\_COMPILER", "\#2756"), outside code
        text = "".join(part if part.startswith("`") else _ESCAPED.sub(r"\1", part)
                       for part in re.split(r"(`[^`]*`)", text))
    if "`_" in text:  # reStructuredText's `text <url>`_: its text; a reference goes
        text = _RST_LINK.sub(lambda m: "" if m.group(3).startswith("#") else
                             (m.group(1) or "") + m.group(2) + m.group(3), text)
    text = _TICKET.sub(r"#\1", text) if "`" in text else text
    if "@" in text:  # a sentence that thanks people goes whole, before its handles do
        text = _THANKS.sub("", text)
    if any(mark in text for mark in "`@#[") or "http" in text:
        text = _REFERENCE.sub("", text)
    if "`" in text:
        text = _DOUBLE_TICKS.sub(r"`\1`", _ROLE.sub(lambda m: f"`{m.group(1) or m.group(2)}`",
                                                   text))
    if "[" in text:  # a credit to a person's profile goes; another link is its text
        text = _LINK.sub(r"\1", _PROFILE.sub("", _LINK_DEFINITION.sub("", text)))
    return _EMPTY_ASIDE.sub("", text) if "(" in text else text
