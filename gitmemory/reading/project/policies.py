"""How the project wants a security problem reported, which versions it still fixes, and
under which licences its code is (docs/design.md, "Sources").

Both are the repository's own statements, asked of every project and rarely found
elsewhere: a security policy (``SECURITY.md``, or a README or contributing section headed
for security) says where a vulnerability goes, and the report sentences are kept in
its words (an address, a private advisory, "do not open a public issue"); a support
policy (a section headed "Supported versions", "Support policy", "Maintenance policy" in
``SECURITY.md``, the README or the contributing guide) says which releases still get bug
fixes or security patches, stated once: its sentences in its words (not one that leans
on the table), then its table, the versions that get the same support together, a mark
read as its word (``5.1.x, 4.0.x: supported; 5.0.x: not supported``); the table GitHub's
template ships, under its own placeholder sentence, says nothing of the project; a licence
file says under what terms the code is, and a licence file in a directory that
differs from the top's says that part is under other terms (a library under BSD, its
command-line program under the GPL).  A licence is named by its text's own opening
words, never guessed: a file no known text opens gives no item.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.guide_rules import _DANGLING, MAX_LINE, _plain
from gitmemory.reading.project.history_files import sections
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.sentences import sentences

SLOTS = ("Security reports", "Supported versions", "License")
SECURITY = ("SECURITY.md", ".github/SECURITY.md", "docs/SECURITY.md", "SECURITY.rst",
            "SECURITY.txt", "SECURITY")
_SECTIONED = ("README.md", "README.rst", "CONTRIBUTING.md", ".github/CONTRIBUTING.md",
              "docs/CONTRIBUTING.md")
LICENSE = lazy_regex(r"^(?:[^/]+/)?(?:LICEN[CS]E|COPYING)(?:[.-][\w.-]+)?$", re.I)
# A sentence that says how to report: where, to whom, or not in public; an instruction
# (a request, a prohibition, an address), never the policy describing itself.
_REPORTS = lazy_regex(
    r"\b(?:report\w*|disclos\w*|e-?mail|contact|send|privately|advisory|advisories|"
    r"public(?:ly)? (?:\w+ )?(?:issues?|tracker)|issue tracker)\b|"
    r"[\w.+-]+@[\w-]+\.[\w.-]+", re.I)
_ASKS = lazy_regex(
    r"\b(?:please|do not|don't|never|must|should|use|send|contact|report|create|open|email|"
    r"e-mail|privately|instead)\b|^to\b|[\w.+-]+@[\w-]+\.[\w.-]+", re.I)
_ABOUT_ITSELF = lazy_regex(r"\b(?:this|the) (?:document|file|policy|page|section)\b", re.I)
_HEADING = lazy_regex(r"^(?:#{1,4}\s+(.+?)\s*#*\s*|(.+)\n[=\-~^]{3,})$", re.M)
_SECURITY_HEADING = lazy_regex(r"secur|vulnerab", re.I)
# A heading over how to report ("Reporting a Vulnerability"): each ask under it is how.
_REPORT_HEADING = lazy_regex(r"report|disclos|vulnerab", re.I)
_MOST = 2
# Opening words of the common licences, most specific first: (words, name).
_TEXTS = (
    (("GNU AFFERO GENERAL PUBLIC LICENSE",), "AGPL-3.0"),
    (("GNU LESSER GENERAL PUBLIC LICENSE", "Version 3"), "LGPL-3.0"),
    (("GNU LESSER GENERAL PUBLIC LICENSE", "Version 2.1"), "LGPL-2.1"),
    (("GNU LIBRARY GENERAL PUBLIC LICENSE",), "LGPL-2.0"),
    (("GNU GENERAL PUBLIC LICENSE", "Version 3"), "GPL-3.0"),
    (("GNU GENERAL PUBLIC LICENSE", "Version 2"), "GPL-2.0"),
    (("Apache License", "Version 2.0"), "Apache-2.0"),
    (("Mozilla Public License", "2.0"), "MPL-2.0"),
    (("Eclipse Public License", "2.0"), "EPL-2.0"),
    (("Eclipse Public License",), "EPL-1.0"),
    (("Boost Software License",), "BSL-1.0"),
    (("This is free and unencumbered software released into the public domain",),
     "Unlicense"),
    (("Permission is hereby granted, free of charge",), "MIT"),
    (("Permission to use, copy, modify, and/or distribute",), "ISC"),
    (("Redistribution and use in source and binary forms", "Neither the name"),
     "BSD-3-Clause"),
    (("Redistribution and use in source and binary forms",), "BSD-2-Clause"),
    (("This software is provided 'as-is'", "altered source versions"), "Zlib"),
)
_SPDX = lazy_regex(r"SPDX-License-Identifier:\s*([\w.+-]+(?:\s+(?:OR|AND|WITH)\s+[\w.+-]+)*)")
_OPENING = 3000  # characters of a licence file read for its name


# A section on which releases are still maintained: "Supported Versions", "Support
# policy", "Version support", "Maintenance policy" ("Security Policy" is the whole file's).
_SUPPORT_HEADING = lazy_regex(
    r"^\W*(?:(?:supported|maintained) (?:versions?|releases?|branches)|"
    r"versions? support|(?:(?:release|version) )?(?:support|maintenance) "
    r"(?:policy|lifecycle|matrix|schedule|window))\b", re.I)
# GitHub's SECURITY.md template: its table is a placeholder, not the project's, and what
# is left of its sentence ("Currently being supported with security updates.") is its own
# words, not the project's.
_TEMPLATE = lazy_regex(r"tell people about which versions", re.I)
_TEMPLATE_WORDS = lazy_regex(r"^\W*(?:\w+ )?(?:are )?currently being supported with security "
                             r"updates\W*$", re.I)
_YES = lazy_regex(r"✅|✔|:white_check_mark:|:heavy_check_mark:|^\W*(?:yes|supported)\W*$",
                  re.I)  # a mark, or the word alone
_NO = lazy_regex(r"❌|✖|:x:|:no_entry\w*:|:heavy_multiplication_x:|^\W*no\W*$|"
                 r"unsupported|not supported|end[- ]of[- ]life|\bEOL\b", re.I)
_ROWS = 6  # groups of a support table's rows said


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    yield from _security(snapshot)
    yield from _support(snapshot)
    yield from _licence(snapshot)


def _support(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    """"Supported versions: Bug fixes only for the current release. ... (v1.20: Bug fixes;
    v1.19, v1.18: Security patches only)" from the first file with such a section."""
    for path in (*SECURITY, *_SECTIONED):
        found = sections(snapshot.text(path) or "", _SUPPORT_HEADING)
        if not found:
            continue
        body = "\n".join(found[0][1])
        if _TEMPLATE.search(body):
            return
        prose, table = _policy_sentences(body, path.endswith(".rst")), _table(body)
        room = MAX_LINE - 40 - len(path)
        while prose and len(" ".join(prose)) + len(table) + 3 > room:
            prose.pop()
        said = " ".join(prose) + (f" ({table})" if prose and table else table)
        if said and len(said) <= room:
            yield "conventions", f"Supported versions: {said}", [path]
        return


def _policy_sentences(body: str, rst: bool) -> list[str]:
    """The section's own sentences, not one that leans on the table ("The following
    versions are supported:")."""
    kept: list[str] = []
    for block in re.split(r"\n\s*\n", body):
        if block.lstrip().startswith(("|", "```", "<", "#")):
            continue
        for sentence in sentences(_plain(re.sub(r"^\s*[-*+]\s+", "", block, flags=re.M),
                                         rst)):
            if sentence[:1].isupper() and not sentence.endswith(":") and "?" not in sentence \
                    and not _ABOUT_ITSELF.search(sentence) and not _DANGLING.search(sentence) \
                    and not _TEMPLATE_WORDS.match(sentence) and len(sentence) <= MAX_LINE // 2:
                kept.append(sentence.rstrip(".") + ".")
    return kept[:3]


def _table(body: str) -> str:
    """A support table, read row by row: the versions that get the same support together,
    a mark read as its word (✅ supported, ❌ not supported)."""
    rows = [[c.strip(" `*") for c in line.strip().strip("|").split("|")]
            for line in body.splitlines() if line.lstrip().startswith("|")]
    grouped: dict[str, list[str]] = {}
    for row in rows[1:]:
        if len(row) < 2 or not row[0] or set(row[0]) <= set("-: "):
            continue
        status = " ".join(c for c in row[1:] if c)
        status = "not supported" if _NO.search(status) and not _YES.search(status) else \
            "supported" if _YES.search(status) and len(status) < 24 else status
        grouped.setdefault(status, []).append(row[0])
    return "; ".join(f"{', '.join(versions)}: {status}"
                     for status, versions in list(grouped.items())[:_ROWS])


def _security(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in SECURITY if snapshot.text(p)), "")
    text = snapshot.text(path) if path else None
    if not text:
        for guide in _SECTIONED:
            found = sections(snapshot.text(guide) or "", _SECURITY_HEADING)
            if found:
                text, path = "\n".join(found[0][1]), guide
                break
    if not text:
        return
    kept: list[str] = []
    rst = path.endswith(".rst")
    reporting = False  # under a heading on how to report, where every ask is how
    for block in re.split(r"\n\s*\n", text):
        heading = _HEADING.match(block.strip())
        if heading:
            reporting = bool(_REPORT_HEADING.search(heading.group(1) or heading.group(2)))
            continue
        if block.lstrip().startswith(("|", "```", "<")):
            continue
        for sentence in sentences(_plain(re.sub(r"^\s*[-*+]\s+", "", block, flags=re.M),
                                         rst)):
            if (reporting or _REPORTS.search(sentence)) and _ASKS.search(sentence) and \
                    sentence[:1].isupper() and not sentence.endswith(":") and \
                    not _ABOUT_ITSELF.search(sentence) and "?" not in sentence and \
                    not _DANGLING.search(sentence) and \
                    len(sentence) <= MAX_LINE // 2 and len(kept) < _MOST:
                kept.append(sentence.rstrip(".") + ".")
        if len(kept) >= _MOST:
            break
    while len(" ".join(kept)) + len(path) > MAX_LINE - 40:
        kept.pop()
    if kept:
        yield "conventions", "Security reports: " + " ".join(kept), [path]


def _licence(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    named: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(p for p in snapshot.texts if LICENSE.match(p)):
        name = licence_name(snapshot.text(path) or "")
        if name:
            named.setdefault(posixpath.dirname(path), []).append((path, name))
    top = named.pop("", [])
    top_names = sorted({name for _, name in top})
    parts = {folder: sorted({name for _, name in found}) for folder, found in named.items()}
    if not top and len({" or ".join(names) for names in parts.values()}) < 2:
        return  # no terms for the whole, and no parts under terms of their own
    text = "License: " + (" or ".join(top_names) if top else "by directory")
    paths = [p for p, _ in top]
    for folder, found in sorted(named.items()):
        if parts[folder] != top_names:
            text += f"; `{folder}/` is " + " or ".join(parts[folder])
            paths += [p for p, _ in found]
    if len(text) <= MAX_LINE:
        yield "conventions", text, paths


def licence_name(text: str) -> str:
    """The licence a licence file's text is, by its opening words; "" when none is known."""
    opening = " ".join(text[:_OPENING].split())
    spdx = _SPDX.search(opening)
    if spdx:
        return spdx.group(1)
    for words, name in _TEXTS:
        if all(w.lower() in opening.lower() for w in words):
            return name
    return ""
