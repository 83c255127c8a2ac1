"""The rules a contributing guide states, kept in its author's words
(gitmemory/reading/project/guide_rules.py)."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions, slot, wanted

GUIDE = """\
# Contributing to webclient

Thank you for considering a contribution! Please read our code of conduct first.

## Reporting issues

Please open an issue on GitHub and always include the version you run.

## Running the tests

```
# never run this in production, it must be a dev box
pytest tests
```

Every change must come with tests. Slow tests, anything over a second, should be
marked with `@pytest.mark.slow`. You can run them with `pytest --runslow` if you like.

## Changelog

If your change is visible to users, please add a file to `changes/` named after the
pull request (e.g. `1234.bugfix.md`). This can be done by running `towncrier create`.

## Code style

Each module has a `__all__`. This list must name every public function.
We use [black](https://black.readthedocs.io) for formatting.

## License

By contributing you agree that you must license your work under the MIT license.
"""


def lines(files: dict[str, str]) -> list[str]:
    return [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))]


def rule(found: list[str], key: str) -> str:
    [line] = [line for line in found if line.startswith(key + ": ")]
    return line


def test_a_guide_rule_is_kept_in_its_authors_words_under_its_topic() -> None:
    found = lines({"CONTRIBUTING.md": GUIDE})
    assert rule(found, "Rules for tests") == (
        "Rules for tests: Every change must come with tests. Slow tests, anything over a "
        "second, should be marked with `@pytest.mark.slow`.")
    # a sentence that points on with the command is given with the rule before it
    assert rule(found, "Rules for the changelog") == (
        "Rules for the changelog: If your change is visible to users, please add a file to "
        "`changes/` named after the pull request (e.g. `1234.bugfix.md`). This can be done "
        "by running `towncrier create`.")
    # one that points back is given the sentence it points to
    assert rule(found, "Rules for code style") == (
        "Rules for code style: Each module has a `__all__`. This list must name every public "
        "function.")
    for line in found:
        assert slot(line) is not None and len(line) <= 260, line
    said = " ".join(found)
    # what a guide tells newcomers is not a rule of the code; nor is code, nor an option
    for boilerplate in ("conduct", "open an issue", "MIT", "production", "--runslow",
                        "Thank"):
        assert boilerplate not in said


def test_a_restructuredtext_guide_is_read_with_its_markup_resolved() -> None:
    rst = """\
Contributing
============

Tests
~~~~~

* Slow tests -- anything that takes more than about 0.25 seconds -- should
  be marked with ``@slow``. Most tests should take 0.01
  seconds or less.

* We strongly prefer fakes or stubs over mocks, see :func:`trio.testing.MockClock`
  and `the article <https://example.org/mocks>`__.

Release notes
~~~~~~~~~~~~~

Every pull request with a user visible effect should add a short file to the
``newsfragments/`` directory, with a name like ``<ISSUE NUMBER>.<TYPE>.rst``.
For example::

    newsfragments/1234.bugfix.rst must not be empty
"""
    found = lines({"docs/source/contributing.rst": rst, "pyproject.toml": "[project]\n"})
    assert rule(found, "Rules for the changelog") == (
        "Rules for the changelog: Every pull request with a user visible effect should add a "
        "short file to the `newsfragments/` directory, with a name like "
        "`<ISSUE NUMBER>.<TYPE>.rst`.")
    assert "`@slow`" in rule(found, "Rules for tests")
    assert "`trio.testing.MockClock`" in rule(found, "Rules for tests")
    assert "must not be empty" not in " ".join(found)  # a literal block is code


def test_the_guides_are_read_where_projects_keep_them() -> None:
    tree = ["CONTRIBUTING.md", "docs/development.md", "doc/rubygems/CONTRIBUTING.md",
            "src/style.md",
            "docs/api/deep/more/CONTRIBUTING.md", "STYLEGUIDE.md"]
    got = set(wanted(tree))
    assert {"CONTRIBUTING.md", "docs/development.md", "doc/rubygems/CONTRIBUTING.md",
            "STYLEGUIDE.md"} <= got
    assert "src/style.md" not in got and "docs/api/deep/more/CONTRIBUTING.md" not in got


def test_a_development_process_page_of_the_docs_is_a_guide_and_its_links_read() -> None:
    """Ocelot keeps no CONTRIBUTING: its rules are in docs/building/devprocess.rst, whose
    bullets link the test projects as `unit`_ (a named link: its words)."""
    rst = """\
.. _unit: https://github.com/acme/x/tree/develop/unit
.. _acceptance: https://github.com/acme/x/tree/develop/acceptance

Development Process
===================

5. A pull request must meet the following criteria before merging:

   - There must be at least one `acceptance`_ test for the happy path of the new code.
"""
    assert "docs/building/devprocess.rst" in wanted(["docs/building/devprocess.rst",
                                                     "docs/building/building.rst"])
    found = lines({"docs/building/devprocess.rst": rst, "global.json": "{}"})
    assert rule(found, "Rules for tests") == (
        "Rules for tests: There must be at least one acceptance test for the happy path "
        "of the new code.")


def test_what_does_not_stand_alone_as_a_rule_is_left_out() -> None:
    guide = """\
## Commit messages

Types we use:

- feat: A change that does not break the API
- chore: Changes which do not touch the source code or tests

You don't need to sign your commits. Run the following command before you commit.
New tests should be placed here.

> [!NOTE]
> Never commit generated files under `dist/`.

Please keep commits small. Please keep commits small.
"""
    found = lines({"CONTRIBUTING.md": guide})
    assert found == ["Rules for commits: Never commit generated files under `dist/`. "
                     "Please keep commits small."], found


def test_of_two_rules_as_strong_the_one_naming_what_to_mark_is_kept() -> None:
    guide = ("## Tests\n\nTests should be readable and small, and they should explain the "
             "behaviour they check in their names, so that a failure reads as a sentence about "
             "the code. Slow tests, anything over a quarter of a second, should be marked with "
             "`@slow` so that the quick run skips them when you iterate on a change.\n")
    [line] = lines({"CONTRIBUTING.md": guide})
    assert "`@slow`" in line, line


README = """\
# mio

A library.

## Contributing

Interested in getting involved? We would love to help you! For simple
bug fixes, just submit a PR with the fix. If the fix is more complex, start with an issue.

If you want to propose an API change, create an issue to start a
discussion with the community. Also, feel free to talk with us in Discord.

## License

Please open an issue if you like.
"""
TEMPLATE = """\
<!-- Provide a general summary of your changes in the Title field above -->

### Checklist

- [ ] A short code fix
\t- please include the issue number, and create an issue if none exists.
\t- Please include: `Fixes: #<issue number>` in the commit message
"""


def test_a_readmes_contributing_section_and_the_issue_first_rule() -> None:
    found = lines({"README.md": README})
    assert rule(found, "Rules for proposing changes") == (
        "Rules for proposing changes: If the fix is more complex, start with an issue. If you "
        "want to propose an API change, create an issue to start a discussion with the "
        "community.")
    # how to open an issue, outside a rule about a kind of change, is still no rule
    assert not [x for x in found if "open an issue if" in x]


def test_the_pull_request_template_and_a_maintainer_guide_state_rules() -> None:
    found = lines({".github/pull_request_template.md": TEMPLATE,
                   "maintainer.md": "# Tests\n\nNever use `nock` in tests. Use real local "
                                    "test servers via `withServer` instead.\n"})
    assert rule(found, "Rules for commits") == (
        "Rules for commits: Please include: `Fixes: #<issue number>` in the commit message.")
    assert rule(found, "Rules for tests").startswith("Rules for tests: Never use `nock` in tests.")


def test_rules_on_ai_use_are_a_topic_of_their_own() -> None:
    guide = ("# Contributing\n\n## AI usage\n\nAll pull requests must disclose the degree to "
             "which they were AI tool assisted.\n\n## Pull requests\n\nEvery pull request must "
             "pass CI.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert rule(found, "Rules for AI use") == ("Rules for AI use: All pull requests must "
                                               "disclose the degree to which they were AI tool "
                                               "assisted.")
    assert rule(found, "Rules for pull requests") == ("Rules for pull requests: Every pull "
                                                      "request must pass CI.")


PLAIN_GUIDE = """\
Reporting Problems
------------------

1) Problems should be reported with a failing example.

Patch Guidelines
----------------

1) Try to add unit tests for every new option and each fixed crash.

2) Do not mix reformatting with behaviour changes in one patch.  We do
   not mind stray blank lines, so you may want to switch your editor's
   auto-formatting off.

3) Patches are accepted under the Apache license.  Do not send one if
   that is not the case.
"""

POD_GUIDE = """\
=encoding utf8

=head1 NAME

Acme::Manual::Contributing - Working on Acme

=head1 POLICY

=over 2

Options may only be removed in a major version, or after being deprecated for at
least two releases.

=item * Every new option should come with a test in C<t/options.t>.

=item * B<Keep> the L<changelog|https://acme.example/changes> short.

=back

=head1 REPORTING SECURITY ISSUES

Security problems must be reported privately to the authors.
"""


def test_a_guide_without_an_extension_is_read() -> None:
    found = lines({"CONTRIBUTING": PLAIN_GUIDE, "go.mod": "module example.org/tool\n"})
    assert rule(found, "Rules for tests") == (
        "Rules for tests: Try to add unit tests for every new option and each fixed crash.")
    assert rule(found, "Rules for code style") == (
        "Rules for code style: Do not mix reformatting with behaviour changes in one patch.")
    # a sentence that leans on the one before ("if that is not the case") is left out
    assert "the case" not in " ".join(found)


def test_a_pod_guide_where_the_code_keeps_its_manuals_is_read_with_its_codes() -> None:
    tree = {"lib/Acme/Manual/Contributing.pod": POD_GUIDE, "Makefile.PL": "use strict;\n"}
    assert "lib/Acme/Manual/Contributing.pod" in wanted(sorted(tree))
    found = lines(tree)
    assert rule(found, "Rules for compatibility") == (
        "Rules for compatibility: Options may only be removed in a major version, or after "
        "being deprecated for at least two releases.")
    assert rule(found, "Rules for tests") == (
        "Rules for tests: Every new option should come with a test in `t/options.t`.")
    assert rule(found, "Rules for the changelog") == (
        "Rules for the changelog: Keep the changelog short.")
    # how to report a security problem is the security policy's, not a rule of the code
    assert "privately" not in " ".join(found)


def test_near_misses_of_the_guides_read_where_the_code_keeps_them() -> None:
    tree = ["vendor/lib/Contributing.pod", "t/fixtures/CONTRIBUTING", "lib/Acme/Style.pod",
            "development", "a/b/c/d/CONTRIBUTING.md", "t/CONTRIBUTING.md"]
    assert not set(wanted(tree)) & set(tree)
    # "may" without "only" is an option, not a rule
    guide = "=head1 POLICY\n\nYou may deprecate an option in any release.\n"
    assert lines({"lib/Acme/Contributing.pod": guide}) == []


def test_files_changed_together_and_performance_are_topics_of_their_own() -> None:
    guide = """\
## Submitting changes

- When you add a new locale, make sure it is registered in both `locales.json` and the
  Gradle build.
- Changes to the schema must keep the migrations and the ORM models in sync.
- Both Linux and macOS runners are used in CI.

## Speed

- The tokenizer is a hot path and should not allocate per character. These include:
  `Tokenizer.next` and `Tokenizer.peek`
- Our benchmarks live in a separate repository.
"""
    found = lines({"CONTRIBUTING.md": guide, "build.gradle": "plugins {}\n"})
    assert rule(found, "Rules for files changed together") == (
        "Rules for files changed together: When you add a new locale, make sure it is "
        "registered in both `locales.json` and the Gradle build. Changes to the schema must "
        "keep the migrations and the ORM models in sync.")
    assert rule(found, "Rules for performance") == (
        "Rules for performance: The tokenizer is a hot path and should not allocate per "
        "character. These include: `Tokenizer.next` and `Tokenizer.peek`.")
    # "both" with no change to make, and a statement with no rule, are no rules
    said = " ".join(found)
    assert "runners" not in said and "separate repository" not in said


def test_send_submit_and_following_semantic_versioning_are_rules() -> None:
    guide = """\
## Guidelines

* Submit one focused commit per logical change, each with a passing build.
* Please remember that this library follows semantic versioning.
* Semantic versioning is explained on its own site.
* In the case of a larger change, please submit a PR sooner.
"""
    found = lines({".github/CONTRIBUTING.md": guide, "Cargo.toml": "[package]\n"})
    assert rule(found, "Rules for commits") == (
        "Rules for commits: Submit one focused commit per logical change, each with a passing "
        "build.")
    assert rule(found, "Rules for compatibility") == (
        "Rules for compatibility: Please remember that this library follows semantic "
        "versioning.")
    # a statement about semantic versioning is no rule, nor is advice on when to submit
    assert "own site" not in " ".join(found) and "sooner" not in " ".join(found)


def test_what_the_maintainers_will_not_take_is_a_rule_for_proposing_changes() -> None:
    guide = """\
# Contributing to tidewater

We are reluctant to add new configuration keys. Each one is documented
forever. It is best to open a discussion before you write a large patch.

The exporter is tightly scoped: sinks for other metrics backends will not be accepted.

## Notes

We accept patches for every supported platform. It is generated by `make gen`, so
never edit it by hand. Buffers that go out of scope are returned to the pool.
"""
    found = lines({"CONTRIBUTING.md": guide, "go.mod": "module example.org/tidewater\n"})
    said = rule(found, "Rules for proposing changes")
    assert said == (
        "Rules for proposing changes: We are reluctant to add new configuration keys. It is "
        "best to open a discussion before you write a large patch. The exporter is tightly "
        "scoped: sinks for other metrics backends will not be accepted.")
    # a plain statement of what is accepted, an "it" that points back, and a scope that is
    # a variable's are no rules for proposing a change
    assert "every supported platform" not in " ".join(found)
    assert "out of scope" not in said and "by hand" not in said


def test_where_documentation_goes_and_please_reference_are_rules() -> None:
    guide = """\
## Documentation

Please document new behaviour in the docstrings rather than in the tutorials under `guide/`.

## Pull requests

If a ticket exists, please reference its number in the pull request description.
Ideally prefix each commit subject with the ticket number, such as `[#512]`.
Ideally the whole build takes under a minute.
"""
    found = lines({".github/CONTRIBUTING.md": guide, "build.gradle.kts": "plugins {}\n"})
    assert rule(found, "Rules for docs") == (
        "Rules for docs: Please document new behaviour in the docstrings rather than in the "
        "tutorials under `guide/`.")
    assert rule(found, "Rules for pull requests") == (
        "Rules for pull requests: If a ticket exists, please reference its number in the pull "
        "request description.")
    assert rule(found, "Rules for commits") == (
        "Rules for commits: Ideally prefix each commit subject with the ticket number, such "
        "as `[#512]`.")
    # a connective before no imperative leaves a statement
    assert "under a minute" not in " ".join(found)


def test_a_procedure_for_adding_a_new_kind_of_thing_is_kept_with_its_heading() -> None:
    guide = """\
# Developer notes

## Adding a new lint rule

If you want to add a new lint rule, register it in `rules/registry.rs` and give it a
default level in `config/defaults.toml`.

## New rules in 2.0

The rules added in 2.0 should be tested against the corpus.

## Adding support for new editors

Always add the editor to `editors.toml`.

## Getting support

Always include the version you run when you ask for help.
"""
    tree = {"docs/dev.md": guide, "Cargo.toml": "[package]\nname = \"quill\"\n"}
    assert "docs/dev.md" in wanted(sorted(tree)) and "docs/devices.md" not in wanted(
        ["docs/devices.md"])
    found = lines(tree)
    assert rule(found, "Rules for extending") == (
        "Rules for extending: Adding a new lint rule: If you want to add a new lint rule, "
        "register it in `rules/registry.rs` and give it a default level in "
        "`config/defaults.toml`.")
    # a heading that only names new things is no procedure: its rule keeps its own topic
    assert rule(found, "Rules for tests") == (
        "Rules for tests: The rules added in 2.0 should be tested against the corpus.")
    # a second procedure is not said under the first one's heading, and a support desk's
    # section is still no rule of the code
    said = " ".join(found)
    assert "editors.toml" not in said and "ask for help" not in said
    head, tail = guide.split("## Adding a new lint rule", maxsplit=1)[0], guide.split(
        "against the corpus.", maxsplit=1)[1]
    found = lines({"docs/dev.md": head + tail, "Cargo.toml": "[package]\n"})
    assert rule(found, "Rules for extending") == (
        "Rules for extending: Adding support for new editors: Always add the editor to "
        "`editors.toml`.")


def test_allowed_only_when_restricts_as_may_only_does() -> None:
    guide = """\
## Golden tests

Changes to the renderer are allowed only when `make golden` stays green.
Tabs are allowed in the fixtures.
"""
    found = lines({"CONTRIBUTING.md": guide, "go.mod": "module example.org/render\n"})
    assert rule(found, "Rules for tests") == (
        "Rules for tests: Changes to the renderer are allowed only when `make golden` stays "
        "green.")
    # what is merely allowed is no rule
    assert "Tabs" not in " ".join(found)


SECTIONED = """\
# Hacking on tallyho

## Coding conventions

### Function declarations

- Use `snake_case` for every function name.
- Always declare a function's variables with `local`.

### Output

Use `printf` instead of `echo`.

## Release lines

### The `1.x-maint` branch

The `1.x-maint` branch must only receive bug fixes for the 1.4 series.

## Development workflow

Because the `regen` step rewrites `api-current.txt` and `testdata/api-v2.txt`, these
changes must be part of any proposed pull request so that reviewers have an opportunity
to make an informed decision about the promotion of the new public surface.

Because `regen` also rewrites `docs/cli.md`, it must go in the same commit so that reviewers see it.
"""


def test_a_subsection_states_the_rules_of_the_section_it_is_in() -> None:
    """A rule under "Function declarations" is a rule of "Coding conventions" (code style);
    a subsection whose own heading names no topic takes its section's, and a section
    named for none gives it none."""
    found = lines({"CONTRIBUTING.md": SECTIONED})
    style = rule(found, "Rules for code style")
    assert "Always declare a function's variables with `local`." in style
    assert "`printf` instead of `echo`" in style
    assert "1.x-maint" not in " ".join(found)  # "Release lines" names no topic


def test_a_long_rule_keeps_the_rule_without_the_purpose_that_ends_it() -> None:
    """The purpose clause ("so that reviewers ...") neither makes a rule boilerplate nor
    keeps it off a line it does not fit: the rule is kept whole, up to its purpose."""
    prs = rule(lines({"CONTRIBUTING.md": SECTIONED}), "Rules for pull requests")
    assert prs.startswith("Rules for pull requests: Because the `regen` step rewrites "
                          "`api-current.txt`")
    assert prs.endswith("must be part of any proposed pull request.")
    # one that fits keeps its purpose, and the reviewers it names are no boilerplate
    commits = rule(lines({"CONTRIBUTING.md": SECTIONED}), "Rules for commits")
    assert commits.endswith("it must go in the same commit so that reviewers see it.")


CHECKLISTED = """\
# Contributing

## Codecs

Every codec lives in `codecs/`. Here is a checklist for adding a new codec to tallyho:

- [ ] Its class name ends in `Codec`.
- [ ] Has a `roundtrip` test in `tests/codecs/`.

## Before you push

- [ ] The test suite passes locally with `make check`.
"""


def test_a_guides_check_boxes_are_rules_and_a_checklist_for_something_new_a_procedure() -> None:
    found = lines({"CONTRIBUTING.md": CHECKLISTED})
    assert rule(found, "Rules for extending") == (
        "Rules for extending: Adding a new codec: Its class name ends in `Codec`. "
        "Has a `roundtrip` test in `tests/codecs/`.")
    # a box with no such lead states a rule of its topic
    assert rule(found, "Rules for tests") == (
        "Rules for tests: The test suite passes locally with `make check`.")
    # the boxes of a pull request template are its checklist, not the guide's rules
    template = {".github/pull_request_template.md": "## Checklist\n\n"
                "- [ ] The test suite passes locally.\n- [ ] Docs are updated.\n"}
    assert not [x for x in lines(template) if x.startswith("Rules for tests")]


def test_a_restriction_opening_with_only_and_what_older_releases_take() -> None:
    guide = ("# Contributing\n\n## Backports\n\n"
             "Only fixes for data loss are taken onto the 2.x line. Maintainers only merge "
             "reviewed work.\n\n## Style\n\nWe only sometimes use tabs.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert rule(found, "Rules for compatibility") == (
        "Rules for compatibility: Only fixes for data loss are taken onto the 2.x line.")
    assert not [x for x in found if x.startswith("Rules for code style")]  # "only" inside


def test_a_banner_set_as_a_heading_gives_no_topic_to_the_sections_below_it() -> None:
    """"----" under a line makes it a heading (Markdown's second level); a sentence set so
    ("Please read our AI guidelines first!") is a banner, not the title of what follows."""
    guide = ("# Contributing\n\n----\n** Please read our AI contribution guidelines first!**\n"
             "----\n\n### Build\n\nPlease run `make tests` before opening a PR.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert not [x for x in found if x.startswith("Rules for AI use")]
    assert rule(found, "Rules for pull requests") == (
        "Rules for pull requests: Please run `make tests` before opening a PR.")


def test_a_style_guide_named_for_the_project_and_its_git_workflow_are_read() -> None:
    """docs/IWYUStyle.md is the project's style guide; its "Git workflow" section, under
    the document's "coding style" title, states how commits reach the branch."""
    guide = ("# IWYU coding style #\n\nConventions contributors are expected to follow.\n\n"
             "## Git workflow ##\n\nWe prefer a linear history on the master branch, so we "
             "use a rebase workflow and avoid merge commits.\n\n## C++ ##\n\n"
             "PLEASE do not reformat more than lines you touch, especially not whole files.\n")
    found = lines({"docs/IWYUStyle.md": guide, "CMakeLists.txt": "project(x CXX)\n"})
    assert rule(found, "Rules for commits").startswith(
        "Rules for commits: We prefer a linear history on the master branch"), found
    assert "linear history" not in rule(found, "Rules for code style")


def test_a_topics_rules_come_from_the_guide_that_states_them_most_strongly() -> None:
    """CONTRIBUTING.md asks for a test in passing; the style guide's section on regression
    tests says what they must not do: the stronger rule is the topic's."""
    files = {"CONTRIBUTING.md": "## Tests\n\nIf fixing a bug, please add a test to the suite!\n",
             "docs/IWYUStyle.md": "## Regression tests\n\nAvoid using system headers for "
                                  "regression tests. IWYU flags must be explicitly prefixed "
                                  "with `-Xiwyu`.\n",
             "CMakeLists.txt": "project(x CXX)\n"}
    found = lines(files)
    assert "Avoid using system headers" in rule(found, "Rules for tests"), found
    files["docs/IWYUStyle.md"] = "## Regression tests\n\nPlease add a test for each bug fix.\n"
    assert "If fixing a bug" in rule(lines(files), "Rules for tests")  # as strong: the first


def test_a_rule_drawn_as_a_consequence_comes_with_its_reason() -> None:
    """New-user try on pelletier/go-toml: 'Rules for performance: As a result, you are
    responsible for checking ...' named a result of nothing."""
    guide = ("# Contributing\n\n## Performance\n\nBecause of their noisy nature, containers "
             "provided by GitHub Actions cannot be used for benchmarking. As a result, you "
             "are responsible for checking that your changes do not incur a performance "
             "penalty.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert rule(found, "Rules for performance") == (
        "Rules for performance: Because of their noisy nature, containers provided by "
        "GitHub Actions cannot be used for benchmarking. As a result, you are responsible "
        "for checking that your changes do not incur a performance penalty.")


def test_a_walk_throughs_next_step_and_unnamed_instructions_are_no_rules() -> None:
    """lwt (fresh14): 'Rules for dependencies: Now, we need to install Lwt's development
    dependencies.' and 'Rules for pull requests: Follow the instructions, and open the pull
    request.' took CLAUDE.md's room for the guide's rules: the first is a step of the
    guide's walk-through, the second points at instructions a web page shows."""
    guide = ("# Contributing\n\n## Getting the code\n\nNow, we need to install Lwt's "
             "development dependencies. Before doing that, you may want to switch to a local "
             "opam switch.\n\n## Making a pull request\n\nGo to the GitHub web interface for "
             "your fork, and click on the New Pull Request button. Follow the instructions, "
             "and open the pull request.\n\nPull requests must target the `master` branch.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert not [x for x in found if x.startswith("Rules for dependencies")]
    assert rule(found, "Rules for pull requests") == \
        "Rules for pull requests: Pull requests must target the `master` branch."


def test_a_request_naming_the_branch_pull_requests_go_to_is_a_rule() -> None:
    """"Please submit pull requests against the develop branch" says where a change goes,
    in any guide; "please submit a PR sooner" stays advice on when, no rule."""
    guide = """\
## Pull Requests

Pull requests are reviewed weekly. Please submit pull requests against the develop branch.

In the case of a larger change, please submit a PR sooner.
"""
    found = lines({"CONTRIBUTING.md": guide, "package.json": '{"name": "x"}\n'})
    assert rule(found, "Rules for pull requests") == (
        "Rules for pull requests: Pull requests are reviewed weekly. Please submit pull "
        "requests against the develop branch.")
    assert "sooner" not in " ".join(found)


def test_a_rule_keeps_the_fact_its_paragraph_opens_on() -> None:
    """"X currently has zero production dependencies. That isn't a hard requirement ...
    Requests which add a dependency are much less likely to be accepted": the stance keeps
    the state it protects, the sentence between left out as " … "; a fact naming another
    topic is not joined, nor one that would make the line too long."""
    guide = """\
## Dependencies

Acme currently has zero production dependencies. That isn't a hard requirement, but is a
simple story. Requests which add a dependency are much less likely to be accepted.

## Workflow

The tests run on Node 22. Commits must be signed off.
"""
    found = lines({"CONTRIBUTING.md": guide, "package.json": '{"name": "x"}\n'})
    assert rule(found, "Rules for dependencies") == (
        "Rules for dependencies: Acme currently has zero production dependencies. … Requests "
        "which add a dependency are much less likely to be accepted.")
    assert rule(found, "Rules for commits") == "Rules for commits: Commits must be signed off."
    # two rules of the paragraph on its topic: the fact is given once, with the first
    guide = ("## Style\n\nThe code is formatted with ruff. Please run `ruff format` before "
             "committing. Do not reformat code you did not change.\n")
    found = lines({"CONTRIBUTING.md": guide, "package.json": '{"name": "x"}\n'})
    assert rule(found, "Rules for code style") == (
        "Rules for code style: The code is formatted with ruff. Please run `ruff format` "
        "before committing. Do not reformat code you did not change.")


def test_a_refusal_in_any_tense_binds_as_must_not_over_advice() -> None:
    """"we are currently not accepting new pickers" refuses as "we won't accept" does, and
    outranks the advice beside it ("it is a good idea to open an issue first"), which a
    line could not also hold."""
    guide = """\
# Contributing

At this time, we are content with the number and functionality of the widgets we ship
built in with Lanternfish, and so we are currently not accepting new widgets (see
[this issue](https://example.org/issues/12) for a discussion on this).

If you're submitting a new feature, it is a good idea to create an issue first to gauge
interest and feasibility, and to agree on its scope with the people who use it daily.
"""
    said = rule(lines({"CONTRIBUTING.md": guide}), "Rules for proposing changes")
    assert "not accepting new widgets" in said, said


def test_an_order_set_against_another_way_is_a_preference_whatever_its_verb() -> None:
    """"route the new call through a guarded helper rather than relaxing the check": an
    order (its verb takes an object: "route the ...") set against another way of doing it
    states a preference as "prefer" does, and outranks a plain imperative of an earlier
    guide; a statement contrasting two ways ("The pool dials lazily rather than opening
    ...") gives no order."""
    files = {
        "CONTRIBUTING.md": "## Testing\n\nRun tests: `rebar3 eunit`.\n",
        "DEVELOPMENT.md": (
            "## Fault injection tests\n\nThe pool dials each connection lazily rather than "
            "opening them all up front.\n\nIf `pool_safety_tests` fails, route the new call "
            "through a guarded helper in `pool` (`stop_conn/1`) rather than relaxing the "
            "check.\n"),
        "rebar.config": "{erl_opts, [debug_info]}.\n"}
    said = rule(lines(files), "Rules for tests")
    assert said.startswith("Rules for tests: If `pool_safety_tests` fails, route the new "
                           "call through a guarded helper"), said
    assert "dials" not in said


def test_a_rule_keeping_the_default_behaviour_is_a_compatibility_rule() -> None:
    guide = ("# Contributing\n\n## Optional modules\n\nEnabling an extra module must not"
             " change the library's default behavior. Extra modules may only add APIs the"
             " application calls.\n")
    found = [line for line in lines({"CONTRIBUTING.md": guide}) if "default behavior" in line]
    assert found and found[0].startswith("Rules for compatibility: Enabling an extra module")


def test_a_rule_naming_no_topic_goes_on_with_the_sentence_before_it() -> None:
    """"no breaking changes will be entertained" refuses as "won't be accepted" does, and
    the rule after it in its paragraph, which names no topic of its own ("All future
    changes must be purely additive"), is the same topic's."""
    guide = ("# Contributing to quux\n\nPull requests with tests are welcome.\n\n"
             "From now on, **no breaking changes will be entertained**. All future changes "
             "must either be purely additive or purely corrective.\n")
    said = rule(lines({"CONTRIBUTING.md": guide}), "Rules for compatibility")
    assert said == ("Rules for compatibility: From now on, no breaking changes will be "
                    "entertained. All future changes must either be purely additive or purely "
                    "corrective.")
    # a weaker sentence, or one leaning on the one before by a pronoun, goes on with none
    guide = ("# Contributing\n\nAdd tests for your change.\n\n## Notes\n\n"
             "Did you add tests? Please include them if possible.\n\n"
             "Check for open issues to discuss a feature idea. There is a Friendly tag for "
             "issues that should be ideal for newcomers.\n\n"
             "Pick up any issue marked with \"good first issue\".\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert rule(found, "Rules for tests") == "Rules for tests: Add tests for your change."
    assert "Friendly" not in " ".join(found) and "good first" not in " ".join(found)


def test_an_issue_before_new_apis_and_the_cla_are_rules_the_conduct_is_not() -> None:
    """"add new exported APIs, please open an issue" asks for an issue first as "an API
    change" does (its dash an HTML entity, read as the dash); signing the contributor
    license agreement is what a pull request needs, where the licence and the conduct
    ("treat your fellow contributors with respect") are no rule of the work."""
    guide = """\
# Contributing

If you'd like to add new exported APIs, please [open an issue][new] describing your
proposal &mdash; discussing API changes ahead of time makes review smoother. In your issue,
pull request, and any other communications, please remember to treat your fellow
contributors with respect!

Note that you'll need to sign the Contributor License Agreement before we can accept any
of your contributions.

[new]: https://example.org/issues/new
"""
    found = lines({"CONTRIBUTING.md": guide, "go.mod": "module example.org/x\n\ngo 1.22\n"})
    assert rule(found, "Rules for proposing changes") == (
        "Rules for proposing changes: If you'd like to add new exported APIs, please open an "
        "issue describing your proposal — discussing API changes ahead of time makes review "
        "smoother.")
    assert rule(found, "Rules for pull requests") == (
        "Rules for pull requests: Note that you'll need to sign the Contributor License "
        "Agreement before we can accept any of your contributions.")
    assert "respect" not in " ".join(found)


def test_the_branch_a_fix_is_picked_for_is_a_pull_request_rule() -> None:
    """A pull request template's note on the branch to pick ("For bug fixes pick the
    oldest branch where the fix applies") says where a change goes."""
    template = ("<!-- Please remember to select the appropriate branch:\n\nFor bug fixes, pick "
                "the oldest maintained branch where the fix applies (`2.9`, or `2.2` for a fix"
                " that must reach the LTS release).\n\n"
                "For new features and everything else, use the main branch. -->\n")
    found = lines({".github/pull_request_template.md": template,
                   "composer.json": '{"name": "a/b"}\n'})
    assert rule(found, "Rules for pull requests") == (
        "Rules for pull requests: For bug fixes, pick the oldest maintained branch where the "
        "fix applies (`2.9`, or `2.2` for a fix that must reach the LTS release). For new "
        "features and everything else, use the main branch.")


def test_a_guide_of_a_project_kept_inside_this_one_is_not_this_ones() -> None:
    """jsonschema (a new user's try): `json/` is the JSON Schema test suite, kept whole
    with its own licence, README and guide; its "Changes should be merged as-is and not
    squashed into single commits" was stated as jsonschema's rule for commits.  A guide
    below a directory that holds a licence of its own is that project's; this project's
    guides under docs/ or .github/ are read whatever else is kept there."""
    nested = ("# Contributing\n\n## Commits\n\nChanges should be merged as-is and not "
              "squashed into single commits.\n")
    files = {"json/CONTRIBUTING.md": nested, "json/LICENSE": "Copyright\n",
             "json/README.md": "# Test suite\n", "pyproject.toml": '[project]\nname = "x"\n'}
    texts = [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))]
    assert not any("merged as-is" in t for t in texts), texts
    own = {**files, "docs/LICENSE": "Copyright\n", "docs/CONTRIBUTING.md": nested}
    texts = [e.content for e in bootstrap_extractions(Snapshot(sorted(own), own, []))]
    assert any("merged as-is" in t and "docs/CONTRIBUTING.md" in e.paths
               for e in bootstrap_extractions(Snapshot(sorted(own), own, []))
               for t in [e.content]), texts


def test_who_bumps_the_version_is_a_rule_of_its_own() -> None:
    """fastify (fresh18): "Do not bump version numbers in pull requests", under
    "Releases": the version is not changed in a contribution, a topic of its own before
    the pull requests' (whose rules fill their line); a version mentioned in passing is
    none."""
    guide = ("# Contributing\n\n## Rules\n\n1. At least two contributors must approve pull "
             "requests before merging.\n1. All CI services must be green before a pull "
             "request can be merged.\n\n## Releases\n\nDeclaring formal releases remains the "
             "prerogative of the lead maintainers. Do not bump version numbers in pull "
             "requests.\n\n## Support\n\nPlease say which version you run.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert rule(found, "Rules for versions") == \
        "Rules for versions: Do not bump version numbers in pull requests."
    assert "bump" not in rule(found, "Rules for pull requests")


def test_a_style_guide_without_headings_is_about_code_style_throughout() -> None:
    """json-c (fresh19, read after its blind run): STYLE.txt states its rules under plain
    labels ("Naming:", "Other:") and no heading, so no sentence had a topic and the
    memory said nothing of "separated with underscores.  Avoid camel case."  A guide
    named for code style is about code style from its first line."""
    style = ("In general:\nFor minor changes to a function, copy the existing formatting.\n\n"
             "Naming:\nWords within function and variable names are separated with "
             "underscores.  Avoid camel case.\n\nOther:\nFunctions should be defined static "
             "when possible.\n")
    files = {"STYLE.txt": style, "CMakeLists.txt": "project(x C)\n"}
    texts = [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))]
    assert any(t.startswith("Rules for code style:") for t in texts), texts


def test_a_list_of_ways_to_help_is_no_rule() -> None:
    """pgsync (a new user's try): its README's "Here are a few ways you can help:" lists
    "Write, clarify, or fix documentation", stated as the project's "Rules for docs".  The
    items of a list of ways to help are invitations; what follows the list is read again."""
    readme = ("# pgsync\n\n## Contributing\n\nEveryone is encouraged to help improve this "
              "project. Here are a few ways you can help:\n\n- Report bugs\n- Write, clarify, "
              "or fix documentation\n- Suggest or add new features\n\nPull requests must "
              "include a test for the change.\n")
    files = {"README.md": readme, "Gemfile": "source 'https://rubygems.org'\n"}
    texts = [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))]
    assert not any("clarify, or fix documentation" in t for t in texts), texts
    assert any("must include a test" in t for t in texts), texts


def test_an_aside_on_a_line_of_its_own_is_no_rule_and_leaves_the_rule_it_explains() -> None:
    # Exposed: "(ensure Preferences | Editor | ... should be checked)." stood in for the
    # style rule the bullet opened with
    guide = ("### Style Guides\n\nA few things to remember:\n\n"
             "* Your code should conform to the official [Kotlin code style guide]"
             "(https://kotlinlang.org/docs/reference/coding-conventions.html)\n"
             "  except that star imports should always be enabled.\n"
             "  (ensure Preferences | Editor | Code Style | Kotlin, tab **Imports**, both "
             "`Use import with '*'` should be checked).\n")
    said = rule(lines({"CONTRIBUTING.md": guide}), "Rules for code style")
    assert said == ("Rules for code style: Your code should conform to the official Kotlin "
                    "code style guide except that star imports should always be enabled."), said


def test_an_order_to_run_it_is_read_with_what_it_is_or_not_at_all() -> None:
    # nlohmann/json: "If possible, run it before opening the pull request. Otherwise, we
    # shall run it afterward." was a rule, with `make pretty` left in the sentence before
    guide = ("## Notes\n\n- There is a Makefile target `make pretty` which runs Artistic Style "
             "to fix indentation. If possible, run it before opening the pull request. "
             "Otherwise, we shall run it afterward.\n- Please do not open pull requests that "
             "address multiple issues.\n")
    found = lines({"CONTRIBUTING.md": guide})
    assert not [f for f in found if f.startswith("Rules for") and
                ("run it" in f and "make pretty" not in f)], found


def test_a_rule_about_generated_files_is_kept_under_its_own_topic() -> None:
    # nlohmann/json: "do not edit the single-header files directly ... regenerate them by
    # executing `make amalgamate`" named no topic, and was lost
    guide = ("## Files to change\n\n:exclamation: Before you make any changes, note the "
             "single-header file `single_include/nlohmann/json.hpp` is **generated** from the "
             "sources in `include/nlohmann`. Please **do not** edit the file "
             "`single_include/nlohmann/json.hpp` directly, but change the `include/nlohmann` "
             "sources and regenerate the file by executing `make amalgamate`.\n")
    said = rule(lines({"CONTRIBUTING.md": guide}), "Rules for generated files")
    assert "`make amalgamate`" in said and "directly" in said, said


def test_a_list_item_ending_in_an_aside_ends_there() -> None:
    # mikro-orm: "do not use `public` keyword (allowed only in constructor)" ran on into the
    # next item: "... (allowed only in constructor) prefer `const` over `let`"
    guide = ("## Coding style guidelines\n\nSome highlights:\n\n"
             "- do not use `public` keyword (allowed only in constructor)\n"
             "- prefer `const` over `let` (and do not use `var`)\n")
    said = rule(lines({"CONTRIBUTING.md": guide}), "Rules for code style")
    assert "constructor) prefer" not in said, said


def test_an_order_on_them_opening_a_paragraph_does_not_ground_the_rule_after_it() -> None:
    # mikro-orm: "Commit them and push." (the changes a reviewer asked for) headed the rule
    # on rebasing as the fact its paragraph opens on
    guide = ("## Submitting\n\n- If somebody suggests changes:\n    - Make the required "
             "updates.\n    - Commit them and push. Don't rebase after you get a review, so it "
             "is clear what changes you did in the last commit.\n")
    said = rule(lines({"CONTRIBUTING.md": guide}), "Rules for commits")
    assert said.startswith("Rules for commits: Don't rebase"), said


def test_an_aside_on_what_a_rule_names_leaves_it_a_rule() -> None:
    """error-prone's "you must sign the ... (CLA), which you can do online": the option
    is the aside's, on how to sign; the sentence still orders the signing."""
    guide = """\
## Contributing

### Before you contribute

Before we can use your code, you must sign the
[Google Individual Contributor License Agreement](https://example.org/cla)
(CLA), which you can do online.
"""
    found = lines({"CONTRIBUTING.md": guide, "pom.xml": "<project></project>\n"})
    assert rule(found, "Rules for pull requests") == (
        "Rules for pull requests: Before we can use your code, you must sign the Google "
        "Individual Contributor License Agreement (CLA), which you can do online.")


def test_a_project_that_does_not_accept_pull_requests_says_so_first() -> None:
    """"This project does not accept pull requests": a refusal in the third person binds as
    "we won't accept" does, and outranks the advice after it ("Just don't expect your PR
    to be merged")."""
    guide = """\
# Contributing

## The short version

This project does not accept pull requests. Don't bother making one, it won't be merged.

## Why it might still make sense to post a PR

For this reason I usually don't close pull requests. Just don't expect your PR to be
merged.
"""
    said = rule(lines({"CONTRIBUTING.md": guide, "go.mod": "module x\n"}),
                "Rules for pull requests")
    assert said.startswith("Rules for pull requests: This project does not accept pull "
                           "requests."), said


def test_a_list_of_rules_run_together_with_semicolons_gives_each_item_as_a_rule() -> None:
    """Documenter's style guide lists its rules as one sentence, each item ending with a
    semicolon ("do *not* hard wrap lines;"): each item ends there, a rule of its own under
    the section's topic."""
    guide = """\
# Contributing

## Style Guide

### Markdown

  * include a single blank line between toplevel blocks;
  * do *not* hard wrap lines;
  * unordered lists must use `*` bullets with two preceding spaces; and
  * use emphasis sparingly.
"""
    said = rule(lines({"docs/src/contributing.md": guide, "Project.toml": 'name = "X"\n'}),
                "Rules for code style")
    assert "do not hard wrap lines." in said, said
    assert "unordered lists must use `*` bullets with two preceding spaces." in said, said
    assert ";" not in said, said


def test_a_discussion_asked_for_before_code_contributions_is_a_rule_for_proposing() -> None:
    """nvim-dap's README (fresh27, spent): "Before making direct code contributions, please
    create a discussion or issue to clarify whether the change is in scope" was no rule
    (the "issue first" shape read only "issue ... before"); "Before opening an issue,
    search the existing ones" is how to open an issue, and stays out."""
    from gitmemory.reading.project import guide_rules
    from gitmemory.reading.project.snapshot import Snapshot

    def rules(text: str) -> list[str]:
        snap = Snapshot(["README.md"], {"README.md": text}, [])
        return [said for _, said, _ in guide_rules.items(snap)]

    said = rules("## Contributing\n\nBefore making direct code contributions, please create a "
                 "discussion or issue to clarify whether the change is in scope of the "
                 "core.\n")
    assert said and said[0].startswith("Rules for proposing changes: Before making"), said
    assert not rules("## Contributing\n\nBefore opening an issue, please search the "
                     "existing issues.\n")


def test_a_limit_given_as_a_number_is_a_rule_and_said_first_among_equals() -> None:
    """TigerBeetle's TIGER_STYLE.md: "Hard limit all line lengths, without exception, to at
    most 100 columns" read as no rule at all (fresh28); a limit a checker holds is one."""
    style = ("# Style\n\n## Naming\n\nUse `snake_case` for function, variable, and file "
             "names. A function taking two `u64` must use an options struct. Hard limit all "
             "line lengths, without exception, to at most 100 columns for a good measure.\n")
    found = lines({"docs/HOUSE_STYLE.md": style})
    assert "at most 100 columns" in rule(found, "Rules for code style")


def test_a_section_on_filing_feature_requests_is_about_issues_and_gives_no_rule() -> None:
    """NLog: its guide's "Feature requests" section, beside "Questions" and "Bug reports"
    (both skipped), gave "Rules for proposing changes: Please use fenced code blocks.", how
    to write an issue; a feature request named in another section is still a rule."""
    from gitmemory.reading.project import guide_rules
    from gitmemory.reading.project.snapshot import Snapshot

    def rules(text: str) -> list[str]:
        snap = Snapshot(["CONTRIBUTING.md"], {"CONTRIBUTING.md": text}, [])
        return [said for _, said, _ in guide_rules.items(snap)]

    assert not rules("Feature requests\n----\nPlease provide the following information:\n"
                     "- Example of the config. Please use fenced code blocks.\n")
    said = rules("## Pull requests\n\nFeature requests without a prior discussion will not "
                 "be accepted.\n")
    assert said and said[0].startswith("Rules for proposing changes:"), said


def test_oclifs_guide_gives_its_refusal_and_neither_its_steps_nor_its_definitions() -> None:
    """oclif/core: "**3. Write some code &/or add some tests...**" trailed off into the
    block below it and stood as a rule for tests; "`chore`: For changes that do not affect
    the published module." is a definition of a commit type; and "It should be noted that
    our team does not accept third-party dependency updates/PRs." was lost to its frame
    ("It") and its "team"."""
    from gitmemory.reading.project import guide_rules
    from gitmemory.reading.project.snapshot import Snapshot
    guide = ("# Contributing\n\n## Development\n\n**3. Write some code &/or add some "
             "tests...**\n\n```bash\n...\n```\n\n**4. Run tests & ensure they pass...**\n\n"
             "## Pull Request Conventions\n\nWe use Conventional Commits.\n\n"
             "- `chore`: For changes that do not affect the published module.\n\n"
             "## What _not_ to contribute?\n\n### Dependencies\n\nIt should be noted that our "
             "team does not accept third-party dependency updates/PRs.\n")
    snap = Snapshot(["CONTRIBUTING.md"], {"CONTRIBUTING.md": guide}, [])
    said = [text for _, text, _ in guide_rules.items(snap)]
    assert said == ["Rules for dependencies: Our team does not accept third-party dependency "
                    "updates/PRs."], said
