"""How changes are recorded in the changelog, read from its newest releases and the
recent history (docs/design.md, "Sources").

The changelog is the one the project keeps, whatever its name and markup
(``CHANGELOG.md``, ``CHANGES``, ``Changes``, ``HISTORY.rst``, ``NEWS``, at the top of the
tree; ``docs/versionhistory.rst``, its releases set in bold, ``**4.14.2**``) or, when
there is none, the README's section for it (``== Changelog`` in
``Readme.adoc``).  Its releases are found by their headings (Markdown, an underline,
AsciiDoc's and RDoc's ``=== 3.1.0``, or a line that is only a version, as Perl's
``Changes`` has), its entries by their list marks.  Each part is said only when the
newest releases are uniform on it: the headings entries are grouped under (``### Added``:
a heading that recurs), a kind that starts each entry (``Fix:``, ``New:``), the verb
most entries start with (``Added``, ``Fixed``), the area in brackets (``[Ecto.Query]``),
the author in parentheses, the pull request or issue number each ends with
(``(#3673)``); then one real entry of the newest release, as written, for its form.

Where new entries go is said when the changelog's first heading is the upcoming
release's (``=== master``, ``Unreleased``, ``## WIP``, ``3.15.0 (2024-XX-XX)``) and
people's recent commits (bots aside) do write in it (how often a change adds an entry is
:mod:`places`' "Changelog" item).  A changelog only bots write (a release tool
generates it) gets no item: telling an agent to write entries there would be wrong; nor
does one a release tool the tree configures writes (release-please, :mod:`places`), nor
one a script of the tree is named for writing (``gen-changelog.sh``) that people's commits
seldom touch.
A workflow run on pull requests that uses an action made to check for an entry
(``changelog-enforcer``, ``check-news``) says every pull request adds one, and the label
its input names to skip the check (``skipLabels``).  The format the changelog's opening
says it follows (Keep a Changelog) is named, in place of the group headings it defines.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.injection.neutralize import MAX_ITEM_CHARS
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import history_files, places, runners
from gitmemory.reading.project.bots import is_bot
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Changelog entries",)
FILES = ("CHANGELOG.md", "CHANGES.md", "HISTORY.md", "Changelog.md", "changelog.md")
_READMES = lazy_regex(r"^readme(?:\.(?:md|markdown|rst|adoc|asciidoc|rdoc|txt|org))?$", re.I)
_SECTION = lazy_regex(r"^(?:change ?log|changes|release notes|history|news)$", re.I)
_RELEASES = 5  # newest releases read
_MIN_ENTRIES = 5
_SHARE = 0.6
_MIN_KEPT = 5  # people's recent commits touching the changelog, for it to be kept by hand
_AT_RELEASE = 0.1  # of people's recent commits at most touch a changelog a script writes
# The heading changes go under before a release: "Unreleased", "=== master", a version
# with a placeholder date ("3.15.0 (2024-XX-XX)"), "9.49  UNRELEASED", "## WIP" (work in
# progress: the release being made).
_UPCOMING = lazy_regex(r"\bunreleased\b|\bupcoming\b|\bnext\b|\bin progress\b|\bWIP\b|\bXX\b|"
                       r"^\W*(?:master|main|trunk|head|develop)\W*$", re.I)
_VERSION = lazy_regex(r"\bv?\d+\.\d+|\bunreleased\b", re.I)
# A group's heading: words, no link, code or number ("Gradle plugin", "🐛 Fixes"), and not
# the release's list of people.
_GROUP = lazy_regex(r"^(?!.*(?:contributor|thank))[^\w\[`]{0,3}[A-Za-z][A-Za-z /&'-]{1,40}$", re.I)
# A list item, indented or not (a plain-text changelog indents its lists under each
# release: Perl's `Changes`)
_ENTRY = lazy_regex(r"^( {0,8})([*+-])\s+(.*)$")
# A group's heading in brackets on its own line: "[ BUG FIXES ]" (Perl's `Changes`)
_BRACKETED = lazy_regex(r"^\s*\[\s*([A-Za-z][A-Za-z /&'-]{1,40}?)\s*\]\s*$")
# A group's heading as a line of its own ending in a colon: "Features:", "Bug fixes:"
# (reStructuredText changelogs, which keep headings for the releases)
_COLONED = lazy_regex(r"^([A-Z][A-Za-z /&'-]{1,40}):\s*$")
# The area an entry is about, in brackets: "[Ecto.Query] Fix ...".
_AREA = lazy_regex(r"^\[`?([\w.:/ -]{1,40})`?\]:?\s")  # "[Ecto.Query] Fix", "[`Req`]: Add"
_KIND = lazy_regex(r"^(?:\*\*|__)?([^\w\s]{0,2}\s?[A-Z][A-Za-z]+(?: [a-z]+)?):(?:\*\*|__)?\s")
_VERB = lazy_regex(r"^([A-Z][a-z]+)\b(?![:.])")
# A number at the end: "(#3673)", "(#3673 by [x][y])", "[#12](url)", ".../pull/12)", a
# reStructuredText role (":pr:`2319`", Sphinx's issues extension).
_NUMBER = lazy_regex(r"(?:#\d+|/(?:pull|issues)/\d+|:(?:pr|issue|gh|ghpull|ghissue):`\d+`)"
                     r"[^#]{0,60}$")
# The author at the end: "(jeremyevans)", "(@kurtmckee)", "by @akx".
_AUTHOR = lazy_regex(r"(?:\((?:by )?@?[\w.-]+(?:,\s*@?[\w.-]+)*\)|\bby @[\w-]+)\W{0,2}$")
# First words that are no verb: entries starting with them share no form.
_FUNCTION_WORDS = frozenset(("a", "an", "the", "in", "on", "at", "for", "to", "of", "with",
                             "when", "if", "do", "make", "this", "that", "it", "all", "some",
                             "no", "not", "now", "more", "many", "new", "other", "and", "or",
                             "from", "by", "as", "is", "are", "be", "was", "were", "can"))
_EXAMPLE = (16, 110)  # the length of an entry shown as the example
_WORKFLOW = lazy_regex(r"^\.github/workflows/[^/]+\.ya?ml$")
_DOCS = ("docs/", "doc/")
# A changelog that says at its top it is no longer kept: its entries show no current form.
_RETIRED = lazy_regex(r"no longer (?:being )?(?:actively )?(?:maintained|updated|kept)|"
                      r"(?:is|are) not (?:actively )?(?:maintained|updated)", re.I)
_OPENING = 600
# What a step's script knows of the pull request it checks: its number.
_PR_NUMBER = "pull_request.number"
# An action that checks a pull request adds a changelog entry, by its name.
_CHECKS_ENTRY = lazy_regex(r"(?:change-?log|news|changes)[-_]?(?:enforcer|check(?:er)?|"
                           r"verif\w*|required?|guard|lint)|(?:check|enforce|require|verify)"
                           r"[-_]?(?:change-?log|news)", re.I)


def wanted(paths: list[str]) -> list[str]:
    """The files read for the changelog: those at the top named as one (in the docs
    directory when the top has none), and the README."""
    logs = history_files.changelogs(paths)
    top = [p for p in logs if "/" not in p]
    return [p for p in paths if ("/" not in p and (p in logs or _READMES.match(p))) or (
        not top and p in logs and p.startswith(_DOCS) and p.count("/") == 1)]


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    found = _changelog(snapshot)
    if found is None:
        return
    path, where, lines = found
    releases = _releases(lines)
    entries = [e for _, _, _, listed in releases for e in listed]
    if len(entries) < _MIN_ENTRIES:
        return
    touched = _touched(snapshot, path)
    if touched is not None and touched[0] == 0 and touched[2]:
        return  # only bots write it
    if touched is not None and places.generator(snapshot.paths) and \
            touched[0] <= _AT_RELEASE * touched[1]:
        return  # a script of the tree writes it at release time (places' "Changelog")
    generated = places.release_please(snapshot)
    if generated and generated[1] == path:
        return  # a release tool writes it from the commit messages
    said = []
    if _UPCOMING.search(releases[0][0]) and (touched is None or touched[0] >= _MIN_KEPT):
        said.append(f"new entries go at the top, under `{releases[0][0]}`")
    texts = [text for _, text in entries]
    said += _parts(releases, texts)
    # the example has the form said: its start and its end
    forms = [form for form, words in ((_AREA, "the area in brackets"), (_KIND, "their kind"),
                                      (_AUTHOR, "the author"), (_NUMBER, "the pull request"))
             if any(words in part for part in said)]
    example = _example(releases, forms)
    verb = [part for part in said if part.startswith("start with a verb")]
    if example and verb and len(said) > 1:
        said.remove(verb[0])  # the example shows it, in a shorter line
    enforced, skip = _enforced(snapshot, path)
    if enforced:
        unless = f"; the `{skip}` label skips the check" if skip else ""
        said.insert(0, f"every pull request adds one (CI checks it{unless})")
    declared = _declared(lines)
    if declared:  # the format names the groups: the headings found are its own
        said = [part for part in said if not part.startswith("entries are grouped")]
    made = _from_subjects(snapshot, path)
    if made:  # the subjects are the entries: how a commit is written is how its entry reads
        said.append(f"`{made[0]}` adds the commit subjects to it (`{made[1]}`)")
    if not said and touched is not None and touched[0] >= _MIN_BY_HAND:
        # nothing uniform in the entries, but people write it: its sections' form is said
        headed = _heading_form(releases)
        said += [f"one section per release, headed as `{headed}`"] if headed else []
    if not said:
        return
    place = f"{path}'s `{where}` section" if where else path
    place += f" ({declared} format)" if declared else ""
    text = f"Changelog entries: in {place}, {'; '.join(said)}"
    paths = [path, *enforced, *made[2:]]
    shown = f"; e.g. `{example}`" if example else ""
    if len(f"{text}{shown} (paths: {', '.join(paths)})") > MAX_ITEM_CHARS:
        shown = ""  # an example is shown whole or not at all: a cut one reads as code
    yield "conventions", text + shown, paths


# A line that appends the history's subjects to a file: `git log --pretty='format:- %s' >>
# CHANGELOG.md`.
_LOG_INTO = lazy_regex(r"^\s*@?(git log\b[^\n>|]*?>>?\s*[\"']?([\w./-]+)[\"']?)\s*$", re.M)


def _from_subjects(snapshot: Snapshot, changelog: str) -> tuple[str, ...]:
    """(the task, its line, its file) of the runner's task that appends ``git log``'s
    subjects to the changelog (just's `update-changelog`: ``git log --pretty='format:-
    %s' >> CHANGELOG.md``): the entries are the commit subjects; () when none does.  The
    task is the recipe the line is indented under (:func:`runners.recipe_at`)."""
    found = []
    tasks = runners.tasks(snapshot)
    for source in dict.fromkeys(t.source for t in tasks):
        text = snapshot.text(source) or ""
        for match in _LOG_INTO.finditer(text):
            if posixpath.normpath(match.group(2)) != changelog:
                continue
            name = runners.recipe_at(text, match.start(1))
            task = next((t for t in tasks if t.source == source and t.name == name), None)
            if task is not None:
                found.append((task.command, " ".join(match.group(1).split()), source))
    return found[0] if len(found) == 1 else ()


# The format a changelog says at its top it follows: "The format is based on [Keep a
# Changelog](https://keepachangelog.com/...)", "follows Common Changelog".
_FORMAT = lazy_regex(r"\b(?:based on|follows?|adheres? to|uses?)\W{0,3}"
                     r"(Keep a Changelog|Common Changelog)\b", re.I)
_FORMAT_NAMES = {"keep a changelog": "Keep a Changelog", "common changelog": "Common Changelog"}


def _declared(lines: list[str]) -> str:
    """The format the changelog's opening says it follows ("The format is based on [Keep a
    Changelog]"), as the format is named; "" when it names none."""
    found = _FORMAT.search(" ".join(lines)[:_OPENING])
    return _FORMAT_NAMES[found.group(1).lower()] if found else ""


def _enforced(snapshot: Snapshot, changelog: str) -> tuple[list[str], str]:
    """The workflow that fails a pull request adding no changelog entry, and the label
    that skips its check (the action's ``skipLabels``, ``skip-label``; "" for none): run
    on pull requests, it uses an action made to check one (``dangoslen/changelog-enforcer``,
    ``.../check-changelog``), or a step of it looks for the pull request's number in the
    changelog (``grep "#${{github.event.pull_request.number}}" docs/CHANGELOG.md``)."""
    for path in sorted(p for p in snapshot.paths if _WORKFLOW.match(p)):
        flow = snapshot.yaml(path)
        if not isinstance(flow, dict):
            continue
        on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
        triggers = on if isinstance(on, (dict, list)) else [on]
        if "pull_request" not in triggers and "pull_request_target" not in triggers:
            continue
        jobs = flow.get("jobs")
        if not isinstance(jobs, dict):
            continue
        steps = [step for job in jobs.values() if isinstance(job, dict)
                 for step in job.get("steps") or [] if isinstance(step, dict)]
        for step in steps:
            if _CHECKS_ENTRY.search(str(step.get("uses", "")).split("@")[0]):
                return [path], _skip_label(step.get("with"))
        runs = [str(step.get("run", "")) for step in steps]
        if any(_PR_NUMBER in run and changelog in run for run in runs):
            return [path], ""
    return [], ""


_SKIP_INPUT = lazy_regex(r"^skip[-_]?labels?$", re.I)


def _skip_label(inputs: object) -> str:
    """The one label a checking action's input names to skip it (``skipLabels: 'Skip
    Changelog'``); "" when it names none or several."""
    if not isinstance(inputs, dict):
        return ""
    named = [str(v) for k, v in inputs.items() if _SKIP_INPUT.match(str(k)) and v]
    labels = [x.strip() for x in named[0].split(",")] if len(named) == 1 else []
    return labels[0] if len(labels) == 1 and "`" not in labels[0] else ""


def _changelog(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """(path, section heading or "", lines) of the changelog the project keeps."""
    for path in history_files.changelogs(snapshot.paths):
        text = snapshot.text(path)
        # at the top, or in the docs directory when the top has none (docs/CHANGELOG.md:
        # changelogs() gives the top's first)
        if path.count("/") <= (1 if path.startswith(_DOCS) else 0) and text and \
                _releases(history_files._lines(text)):
            if _RETIRED.search(text[:_OPENING]):
                return None  # "This document is no longer being actively maintained"
            return path, "", history_files._lines(text)
    for path in sorted(p for p in snapshot.paths if "/" not in p and _READMES.match(p)):
        lines = history_files._lines(snapshot.text(path) or "")
        heads = history_files._headings(lines)
        for n, head in enumerate(heads):
            if _SECTION.match(history_files._plain(head.title)):
                end = next((h.at for h in heads[n + 1:] if h.level <= head.level), len(lines))
                return path, _shown(lines, head), lines[head.body:end]
    return None


def _shown(lines: list[str], head: history_files._Heading) -> str:
    """A heading as an agent should write it: as the file has it when it is marked on its
    line (``=== master``, ``## Unreleased``), else its words (a link's, in RST)."""
    line = lines[head.at].strip()
    # a release as a list's item (`* 1.3.next`), or set in bold (`**UNRELEASED**`)
    if line.startswith(("#", "=", "* ", "- ", "**", "__")):
        return line
    return re.sub(r"`([^`<]+?)\s*<[^>]+>`_*", r"\1", head.title).strip("`*_ ")


def _touched(snapshot: Snapshot, path: str) -> tuple[int, int, bool] | None:
    """(people's recent commits that touch ``path``, people's recent commits, whether a bot
    touched it); None without a history."""
    if not snapshot.history:
        return None
    people = [c for c in snapshot.history if not _bot(c.author)]
    bots = any(path in c.paths for c in snapshot.history if _bot(c.author))
    return sum(path in c.paths for c in people), len(people), bots


def _bot(author: str) -> bool:
    return is_bot(author) or "release" in author.lower()


def _parts(releases: list[tuple[str, list[str], int, list[tuple[str, str]]]],
           entries: list[str]) -> list[str]:
    """What the newest releases' entries share."""
    said = []
    grouped = [(groups, listed) for _, groups, _, listed in releases if groups]
    recurring = Counter(g for groups, _ in grouped for g in dict.fromkeys(groups))
    common = [g for g, n in recurring.most_common() if n >= 2 and _GROUP.match(g)][:5]
    if common and sum(len(listed) for _, listed in grouped) / len(entries) >= _SHARE:
        said.append("entries are grouped under headings such as " +
                    ", ".join(f"`{g}`" for g in common))
    kinds = [m.group(1).strip() for e in entries if (m := _KIND.match(e))]
    verbs = Counter(m.group(1) for e in entries if (m := _VERB.match(e)))
    top = [(v, n) for v, n in verbs.most_common(4) if n >= 2]  # words that recur
    if len(kinds) / len(entries) >= _SHARE:
        shown = [f"`{k}:`" for k, _ in Counter(kinds).most_common(5)]
        said.append(f"start with their kind ({', '.join(shown)})")
    elif len(top) > 1 and sum(n for _, n in top) / len(entries) >= _SHARE and \
            not any(v.lower() in _FUNCTION_WORDS for v, _ in top):
        said.append(f"start with a verb such as {', '.join(f'`{v}`' for v, _ in top)}")
    areas = [m.group(0).strip() for e in entries if (m := _AREA.match(e))]
    if len(areas) / len(entries) >= _SHARE:  # as written: "[`Req`]:" in a longer fence
        shown = [f"`` {a} ``" if "`" in a else f"`{a}`" for a, _ in Counter(areas).most_common(3)]
        said.append(f"start with the area in brackets ({', '.join(shown)})")
    if sum(bool(_AUTHOR.search(e)) for e in entries) / len(entries) >= _SHARE:
        said.append("end with the author in parentheses")
    elif sum(bool(_NUMBER.search(e)) for e in entries) / len(entries) >= _SHARE:
        said.append("end with the pull request or issue number")
    return said


# A release's heading up to its version: "# Release rayon " of "# Release rayon 1.12.0 (...)".
_BEFORE_VERSION = lazy_regex(r"^(.*?)\bv?\d+\.\d+")
_MIN_HEADINGS = 3
_MIN_BY_HAND = 2  # people's recent commits that touch the changelog


def _heading_form(releases: list[tuple[str, list[str], int, list[tuple[str, str]]]]) -> str:
    """The newest release's heading, as written, when most of the releases read are headed
    alike up to their version (``# Release rayon 1.12.0 (2026-04-13)``, ``# Release rayon
    1.11.0 / rayon-core 1.13.0 (...)``); "" when they are few or differ."""
    leads = [m.group(1) if (m := _BEFORE_VERSION.match(r[0])) else None for r in releases]
    if len(leads) < _MIN_HEADINGS or leads[0] is None or \
            leads.count(leads[0]) / len(leads) < _SHARE:
        return ""
    return releases[0][0]


def _example(releases: list[tuple[str, list[str], int, list[tuple[str, str]]]],
             forms: list[re.Pattern[str]]) -> str:
    """One entry of the newest releases as written (its mark too): the first that is one
    plain line, short enough to read at a glance, in the form said of the entries."""
    low, high = _EXAMPLE
    for _, _, _, listed in releases:
        for mark, text in listed:
            if low <= len(text) <= high and not re.search(r"`|://|<|\]\(|\]\[", text) and \
                    all(form.search(text) for form in forms):
                return f"{mark} {text}"
    return ""


def _releases(lines: list[str]) -> list[tuple[str, list[str], int, list[tuple[str, str]]]]:
    """(heading, group headings, level, [(mark, entry)]) of the newest releases, newest
    first: the headings that name a version (or the upcoming release) at the highest
    level they are found at."""
    heads = history_files._headings(lines, bare=True)
    named = [h for h in heads if _VERSION.search(h.title) or _UPCOMING.search(h.title)]
    versioned = [h for h in named if _VERSION.search(h.title)]
    if not versioned:
        return []
    # the level most of the first releases are at (not a title that names a version, nor
    # older releases kept in another form further down)
    level = Counter(h.level for h in named[:10]).most_common(1)[0][0]
    tops = [h for h in heads if h.level <= level]
    out: list[tuple[str, list[str], int, list[tuple[str, str]]]] = []
    for n, head in enumerate(tops):
        if head.level < level or not (_VERSION.search(head.title) or
                                      _UPCOMING.search(head.title)):
            if out:
                break  # past the releases: another part of the file
            continue
        end = tops[n + 1].at if n + 1 < len(tops) else len(lines)
        groups = [h.title.strip("*_ ") for h in heads if head.at < h.at < end] + [
            m.group(1) for line in lines[head.body:end]
            if (m := _BRACKETED.match(line) or _COLONED.match(line))]
        listed = _entries(lines[head.body:end])
        out.append((_shown(lines, head), groups, head.level, listed))
        if len(out) == _RELEASES:
            break
    return [r for r in out if r[3] or _UPCOMING.search(r[0])] if out else []


def _entries(lines: list[str]) -> list[tuple[str, str]]:
    """(mark, text) of each list item at the release's first item's indent; a deeper item
    ("  - Fixed by ... in #4030") and a wrapped line belong to the entry above."""
    out: list[tuple[str, str]] = []
    depth = -1
    for line in lines:
        entry = _ENTRY.match(line)
        indent = len(line) - len(line.lstrip())
        if entry and depth < 0:
            depth = indent
        if entry and indent <= depth:
            out.append((entry.group(2), entry.group(3).strip()))
        elif out and line.startswith((" ", "\t")) and line.strip() and \
                not _BRACKETED.match(line):
            out[-1] = (out[-1][0], f"{out[-1][1]} {line.strip()}")
    return out

