"""How a security problem is reported and under which licences the code is: the
repository's own statements, which blind questions asked of most projects and the
reading never wrote (issue 29: conventions on repositories nobody tuned on)."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions, files_read
from gitmemory.reading.project.policies import licence_name

MIT = ("MIT License\n\nCopyright (c) 2020 Ada\n\nPermission is hereby granted, free of "
       "charge, to any person obtaining a copy\n")
BSD2 = ("BSD 2-Clause License\n\nRedistribution and use in source and binary forms, with "
        "or without\nmodification, are permitted provided that the following conditions "
        "are met:\n\n1. Redistributions of source code must retain ...\n")
GPL2 = ("                    GNU GENERAL PUBLIC LICENSE\n                       Version 2, "
        "June 1991\n")


def lines(files: dict[str, str]) -> list[str]:
    snap = Snapshot(sorted(files), files, [])
    return [e.content for e in bootstrap_extractions(snap)]


def item(found: list[str], slot: str) -> str | None:
    hits = [line for line in found if line.startswith(slot + ":")]
    return hits[0] if hits else None


def test_a_security_policy_says_where_a_report_goes_in_its_own_words() -> None:
    """rubyzip: "How should a security problem be reported?" was asked and nothing said."""
    files = {"SECURITY.md": "# Security Policy\n\n## Supported Versions\n\n| 2.x | yes |\n\n"
                            "## Reporting a Vulnerability\n\nWe take security seriously and "
                            "appreciate every effort to disclose issues responsibly. This "
                            "document describes how to report a problem.\n\n"
                            "Please report vulnerabilities by email to security@example.org, "
                            "not as a public issue. You will get an answer within a week.\n"}
    found = item(lines(files), "Security reports")
    assert found is not None
    assert "security@example.org" in found and "not as a public issue" in found
    assert "seriously" not in found and "| 2.x" not in found and "describes" not in found


def test_a_readme_section_about_security_is_the_policy_where_no_file_is() -> None:
    files = {"README.md": "# zipper\n\nA library.\n\n## Reporting security issues\n\n"
                          "If you find a security issue, do not open a public issue; "
                          "[e-mail the maintainer](mailto:ada@example.org) instead.\n\n"
                          "## License\n\nMIT\n"}
    found = item(lines(files), "Security reports")
    assert found is not None and "do not open a public issue" in found
    assert item(lines({"README.md": "# x\n\n## Usage\n\nSend a report with `x report`.\n"}),
                "Security reports") is None


def test_a_licence_is_named_by_its_text_and_a_part_under_other_terms_is_told() -> None:
    """lz4: the library is BSD-2-Clause and the command-line program GPL-2.0."""
    files = {"LICENSE": "This repository uses 2 different licenses :\n", "lib/LICENSE": BSD2,
             "programs/COPYING": GPL2, "tests/COPYING": GPL2, "README.md": "# lz4\n"}
    # the top file names no licence: the parts' own terms are told, by directory
    assert item(lines(files), "License") == \
        "License: by directory; `lib/` is BSD-2-Clause; `programs/` is GPL-2.0; " \
        "`tests/` is GPL-2.0"
    files["LICENSE"] = BSD2
    found = item(lines(files), "License")
    assert found is not None and found.startswith("License: BSD-2-Clause;")
    assert "`programs/` is GPL-2.0" in found and "`lib/`" not in found


def test_a_licence_no_known_text_opens_gives_nothing() -> None:
    assert item(lines({"LICENSE": "All rights reserved.\n", "lib/LICENSE": BSD2}),
                "License") is None
    assert licence_name("All rights reserved. Do not copy.") == ""
    assert licence_name(MIT) == "MIT"
    assert licence_name("SPDX-License-Identifier: MIT OR Apache-2.0\n") == "MIT OR Apache-2.0"
    found = item(lines({"LICENSE-MIT": MIT, "LICENSE-APACHE": "Apache License\nVersion 2.0, "
                                                               "January 2004\n"}), "License")
    assert found is not None and found.startswith("License: Apache-2.0 or MIT")


def test_licence_and_policy_files_are_read_and_their_changes_read_again() -> None:
    assert files_read.matches("SECURITY.md") and files_read.matches("programs/COPYING")
    assert files_read.matches("LICENSE.txt") and not files_read.matches("a/b/LICENSE")
    assert not files_read.matches("vendor/LICENSE")


TEMPLATE_SECURITY = """\
# Security Policy

## Supported Versions

Use this section to tell people about which versions of your project are
currently being supported with security updates.

| Version | Supported          |
| ------- | ------------------ |
| 5.1.x   | :white_check_mark: |
| 5.0.x   | :x:                |

## Reporting a Vulnerability

Please email security@acme.example rather than opening a public issue.
"""


def test_a_support_policy_is_stated_once_from_its_sentences_or_its_table() -> None:
    table = TEMPLATE_SECURITY.replace(
        "Use this section to tell people about which versions of your project are\n"
        "currently being supported with security updates.\n", "").replace(
        "| 5.1.x   | :white_check_mark: |\n| 5.0.x   | :x:                |\n",
        "| 3.2.x   | ✅ |\n| 3.1.x   | ✅ security fixes only |\n| < 3.1   | ❌ |\n")
    found = lines({"SECURITY.md": table, "composer.json": "{}"})
    assert item(found, "Supported versions") == (
        "Supported versions: 3.2.x, 3.1.x: supported; < 3.1: not supported")
    readme = ("Acme\n====\n\nMaintenance policy\n------------------\n\nOnly the two newest "
              "minor releases get bug fixes. Older releases receive no patches. See the "
              "table below:\n\n| Line | Gets |\n|---|---|\n| 4.2 | fixes |\n| 4.1 | fixes |\n\n"
              "Install\n-------\n\nRun it.\n")
    found = lines({"README.rst": readme, "setup.py": "setup()\n"})
    assert item(found, "Supported versions") == (
        "Supported versions: Only the two newest minor releases get bug fixes. Older releases "
        "receive no patches. (4.2, 4.1: fixes)")
    # a sentence that leans on the table is left to the table
    leaning = table.replace("## Supported Versions\n", "## Supported Versions\n\nThe "
                            "following versions get security updates.\n")
    assert item(lines({"SECURITY.md": leaning}), "Supported versions") == (
        "Supported versions: 3.2.x, 3.1.x: supported; < 3.1: not supported")


def test_the_templates_placeholder_table_and_other_support_sections_say_nothing() -> None:
    found = lines({"SECURITY.md": TEMPLATE_SECURITY, "composer.json": "{}"})
    assert item(found, "Supported versions") is None
    assert item(found, "Security reports") is not None  # the report sentence is the project's
    readme = "# Acme\n\n## Supported platforms\n\nLinux and macOS are supported.\n"
    assert item(lines({"README.md": readme}), "Supported versions") is None


def test_each_ask_under_a_reporting_heading_is_how_and_a_then_leans_back() -> None:
    """NLog: "Please open an issue, without details. We will contact you then." gave only
    "Security reports: We will contact you then.", the sentence that says nothing alone,
    and "Supported versions: Currently being supported with security updates.", what is
    left of GitHub's template sentence."""
    files = {"SECURITY.md": "# Security Policy\n\n## Supported Versions\n\n"
                            "Currently being supported with security updates.\n\n"
                            "| Version | Supported |\n| ------- | --- |\n"
                            "| 6.x | :white_check_mark: |\n| < 4.7 | :x: |\n\n"
                            "## Reporting a Vulnerability\n\n"
                            "Please open an issue, without details. We will contact you then.\n"}
    found = lines(files)
    assert item(found, "Security reports") == \
        "Security reports: Please open an issue, without details."
    assert item(found, "Supported versions") == \
        "Supported versions: 6.x: supported; < 4.7: not supported"
