"""Conventions stated on principle, so that they hold on repositories nobody has seen
(issue 29): formatter settings files, a license-header template, tests beside the
code, snapshot tests, the rules of a guide or a pull request template, and the form of
commit subjects with no type prefix."""

from __future__ import annotations

from gitmemory.reading.project import Recent, files_read
from tests.reading.test_project import lines, one, snapshot


def test_rustfmt_settings_are_stated_as_the_code_style() -> None:
    found = lines(snapshot({"Cargo.toml": '[package]\nname = "x"\n',
                            "rustfmt.toml": 'style_edition = "2024"\n'
                                            'use_small_heuristics = "Max"\n'}))
    assert one(found, "Code style:") == (
        'Code style: rustfmt settings `style_edition = "2024"`, '
        '`use_small_heuristics = "Max"`')


def test_a_license_header_template_says_every_source_file_carries_it() -> None:
    files = {"Package.swift": "// swift-tools-version:5.9\n",
             ".license_header_template": "@@ Copyright (c) YEARS Apple Inc.\n"}
    found = lines(snapshot(files, [*files, "Sources/A/a.swift"]))
    assert one(found, "License header:") == (
        "License header: each source file starts with the license header in "
        "`.license_header_template`")
    assert not any(line.startswith("License header:")
                   for line in lines(snapshot({"Package.swift": "// x\n"})))


def test_mavens_license_plugin_in_the_top_pom_says_the_header_and_its_goals() -> None:
    """fresh32's guice: the top pom.xml configures com.mycila's license-maven-plugin
    ("Use 'mvn license:format -N' at top of project to add missing headers") and nothing
    said that a new file needs the header, nor how to add it."""
    pom = ("<project><build><pluginManagement><plugins>\n"
           "<!-- Use 'mvn license:format' at the top of the project to add headers -->\n"
           "<plugin>\n"
           "<groupId>com.mycila</groupId>\n<artifactId>license-maven-plugin</artifactId>\n"
           "<configuration><header>${project.basedir}/build/header.txt</header>"
           "</configuration></plugin></plugins></pluginManagement></build></project>\n")
    files = {"pom.xml": pom}
    found = lines(snapshot(files, [*files, "build/header.txt", "src/A.java"]))
    assert one(found, "License header:") == (
        "License header: each source file starts with the license header in "
        "`build/header.txt` (license-maven-plugin in pom.xml: `mvn license:format` adds it "
        "where it is missing)")
    other = pom.replace("com.mycila", "org.codehaus.mojo")  # another plugin, other goals
    assert not any(line.startswith("License header:")
                   for line in lines(snapshot({"pom.xml": other}, ["pom.xml", "src/A.java"])))


def test_a_license_header_ci_checks_with_addlicense_is_said_with_its_holder() -> None:
    """google/addlicense with `-check` fails CI on a file without the header."""
    step = ("docker run -v $(pwd):/wrk -w /wrk ghcr.io/google/addlicense "
            "-c 'The Cobra Authors' -y '2013-2023' -l apache -ignore '.github/**' -check .")
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n",
             ".github/workflows/test.yml": "on: [push]\njobs:\n  lic-headers:\n"
                                          "    runs-on: ubuntu-latest\n    steps:\n"
                                          f"      - run: >-\n          {step}\n"}
    found = lines(snapshot(files, [*files, "x.go"]))
    assert one(found, "License header:") == (
        "License header: each source file starts with the Apache-2.0 license header naming "
        "`The Cobra Authors` (CI checks with `addlicense -check`)")
    files[".github/workflows/test.yml"] = files[".github/workflows/test.yml"].replace(
        " -check .", " .")  # addlicense without -check writes headers: a fixer, no check
    assert not any(line.startswith("License header:")
                   for line in lines(snapshot(files, [*files, "x.go"])))


def test_js_unit_tests_beside_the_code_are_said_to_sit_there() -> None:
    tree = ["package.json", "src/utils/multiply.ts", "src/utils/multiply.test.ts",
            "src/core/http.ts", "src/core/http.test.ts", "src/core/ws.ts", "src/core/ws.test.ts",
            "test/browser/example.test.ts"]
    found = lines(snapshot({"package.json": "{}"}, tree))
    assert "unit tests beside the code (`*.test.ts`)" in one(found, "Layout:")


def test_verify_snapshot_files_name_the_snapshot_tests() -> None:
    tree = ["src/Tests/Tests.csproj", "src/Tests/Expectations/A.Render.verified.txt",
            "src/Tests/Expectations/B.Render.verified.txt", "src/Tests/ATests.cs"]
    found = lines(snapshot({}, tree))
    assert "`Verify` snapshot tests (expected output in `*.verified.txt` files)" in \
        one(found, "Test libraries:")


def test_an_issue_first_rule_is_about_proposing_changes_even_in_a_template() -> None:
    files = {"CONTRIBUTING.md": "# Contributing\n\nAll code should compile without "
                                "warnings in a pull request.\n",
             ".github/pull_request_template.md":
                 "<!--\nDo NOT open a PR without discussing the changes on an open issue, "
                 "first.\n-->\nFixes #\n"}
    found = lines(snapshot(files))
    assert one(found, "Rules for proposing changes:").startswith(
        "Rules for proposing changes: Do NOT open a PR without discussing the changes on an "
        "open issue, first.")


def test_a_template_naming_the_branch_to_target_is_a_rule_for_pull_requests() -> None:
    files = {".github/pull_request_template.md":
             "### Thanks for contributing!\n\nIf your feature is semver-compatible, please "
             "target the main branch;\nfor semver-incompatible changes, please target the "
             "`0.5.x` branch.\n"}
    found = lines(snapshot(files))
    assert "please target the `0.5.x` branch" in one(found, "Rules for pull requests:")


def test_log_the_change_in_the_changes_file_is_a_rule_for_the_changelog() -> None:
    guide = ("Contributing\n============\n\nContribute code\n---------------\n\n"
             "- If you are submitting new code, add tests and documentation.\n"
             "- Log the change in the CHANGES file.\n")
    files = {"docs/dev/contributing.rst": guide, "CHANGES": "0.1\n---\n- first\n"}
    found = lines(snapshot(files))
    assert one(found, "Rules for the changelog:") == \
        "Rules for the changelog: Log the change in the CHANGES file."


def test_subjects_in_sentence_case_with_no_prefix_are_described() -> None:
    subjects = ["Rename Oban.Midwife to Oban.Queues", "Accept period durations for pruner",
                "Fix custom migrator resolution (#1483)", "Add :keyword to schema validation",
                "Support per-entry timezones in the crontab", "Hoist query imports to module"
                " level"] * 2
    people = [Recent(s, "Ada") for s in subjects]
    found = lines(snapshot({}, ["README.md"], people))
    assert one(found, "Commits:").startswith(
        "Commits: subjects start with a capital, with no type prefix and no trailing period, "
        "e.g. `Fix custom migrator resolution` (12 of the last 12)")
    dotted = [Recent(s + ".", "Ada") for s in subjects]
    assert not any("no trailing period" in line
                   for line in lines(snapshot({}, ["README.md"], dotted)))


def test_subjects_that_end_with_a_period_are_said_to() -> None:
    """error-prone's "Fix a Refaster crash on `module-info.java` files.": the period is an
    axis of its own, said as the form when most subjects end with one and left unsaid
    when they are mixed, where the capital and the missing prefix still hold."""
    subjects = ["Rename Oban.Midwife to Oban.Queues", "Accept period durations for pruner",
                "Fix custom migrator resolution", "Add :keyword to schema validation",
                "Support per-entry timezones in the crontab", "Hoist query imports to module"
                " level"] * 2
    dotted = [Recent(s + ".", "Ada") for s in subjects[:8]] + \
        [Recent(s, "Ada") for s in subjects[8:]]
    assert one(lines(snapshot({}, ["README.md"], dotted)), "Commits:").startswith(
        "Commits: subjects start with a capital, with no type prefix, ending with a period, "
        "e.g. `Fix custom migrator resolution.` (8 of the last 12)")
    mixed = [Recent(s + ("." if n % 2 else ""), "Ada") for n, s in enumerate(subjects)]
    said = one(lines(snapshot({}, ["README.md"], mixed)), "Commits:")
    assert said.startswith("Commits: subjects start with a capital, with no type prefix, "
                           "e.g. "), said
    assert "period" not in said


def test_indented_changelog_entries_and_their_bracketed_area_are_read() -> None:
    release = ("## v3.{n}.0\n\n### Enhancements\n\n  * [Ecto.Query] Allow thing {n}\n\n"
               "### Bug fixes\n\n  * [Ecto.Repo] Fix thing {n}\n  * [Ecto.Query] Fix other "
               "thing {n}\n\n")
    text = "# Changelog for v3.x\n\n" + "".join(release.format(n=n) for n in range(4, 0, -1))
    found = lines(snapshot({"CHANGELOG.md": text}))
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in CHANGELOG.md, entries are grouped under headings such as "
        "`Enhancements`, `Bug fixes`; start with the area in brackets (`[Ecto.Query]`, "
        "`[Ecto.Repo]`); e.g. `* [Ecto.Query] Allow thing 4`")


def test_a_nested_item_belongs_to_the_entry_above_it() -> None:
    release = ("## [5.{n}.0]\n\n### Fixed\n- Rare race number {n}.\n  - Fixed by Jon in "
               "Pull Request [#40{n}](https://x/pull/40{n}).\n- Crash {n}.\n  - Fixed by Jon "
               "in Pull Request [#41{n}](https://x/pull/41{n}).\n\n")
    text = "# Changelog\n\n" + "".join(release.format(n=n) for n in range(4, 0, -1))
    found = lines(snapshot({"CHANGELOG.md": text}))
    assert one(found, "Changelog entries:").endswith(
        "; end with the pull request or issue number")


def test_a_tag_most_subjects_open_with_is_the_subject_style() -> None:
    """An issue number in brackets or the kind of change in capitals, mixed, on most
    subjects: the shape is said with an example and the count."""
    subjects = ["[#88] Fix the decoder for empty frames", "[#91][#92] handle a closed socket",
                "[#95] Add a timeout to the pool", "[INFRA] bump sbt to 1.10",
                "DOCS update the install guide", "INFRA/CI run on JDK 21",
                "tidy the codec tests", "[#97] Keep the old codec for Scala 2.12",
                "Rename Frame.size to Frame.length", "DOCS fix a broken link"] * 2
    people = [Recent(s, "Ada") for s in subjects]
    said = one(lines(snapshot({}, ["build.sbt"], people)), "Commits:")
    assert said.startswith(
        "Commits: subjects start with a tag: the issue or pull request number in brackets "
        "(e.g. `[#95] Add a timeout to the pool`, 8) or the kind of change in capitals "
        "(`DOCS`, `[INFRA]`, `INFRA/CI`; 8); 16 of the last 20"), said
    # with a tag on fewer than most subjects, or a ticket key up front, no tag is said
    fewer = [Recent(s, "Ada") for s in subjects[:4] + ["plain subject here"] * 4] * 2
    assert "a tag" not in " ".join(lines(snapshot({}, ["build.sbt"], fewer)))
    tickets = [Recent(f"CORE-{n} Fix the decoder", "Ada") for n in range(12)]
    assert "a tag" not in " ".join(lines(snapshot({}, ["build.sbt"], tickets)))


def test_dprint_settings_are_stated_as_the_code_style() -> None:
    """Effect's dprint.json: the TypeScript plugin's table sets no semicolons, double
    quotes and no trailing commas, its own ``lineWidth`` the line length; which files it
    formats and the plugins it loads are no style."""
    settings = ('{"$schema": "https://dprint.dev/schemas/v0.json", "incremental": false,\n'
                ' "includes": ["**/*.{ts,json}"], "indentWidth": 2, "lineWidth": 120,\n'
                ' "typescript": {"semiColons": "asi", "quoteStyle": "alwaysDouble",\n'
                '                "trailingCommas": "never"},\n'
                ' "plugins": ["https://plugins.dprint.dev/typescript-0.93.4.wasm"]}\n')
    found = lines(snapshot({"dprint.json": settings, "package.json": '{"name": "x"}'}))
    assert one(found, "Code style:") == (
        "Code style: formatted with dprint (dprint.json); line length 120; dprint settings "
        "`semiColons: asi`, `quoteStyle: alwaysDouble`, `trailingCommas: never`, "
        "`indentWidth: 2`")


def test_dart_analysis_options_state_the_lint_rules() -> None:
    """mason's analysis_options.yaml: the strict language modes and, of its rules, those
    that set the form of each line first (single quotes, the 80-column limit), a rule set
    to false left out; the rule set it includes is named."""
    options = ("include: package:lints/recommended.yaml\nanalyzer:\n  language:\n"
               "    strict-casts: true\n    strict-inference: false\nlinter:\n  rules:\n"
               "    avoid_print: true\n    cancel_subscriptions: false\n"
               "    lines_longer_than_80_chars: true\n    prefer_single_quotes: true\n")
    found = lines(snapshot({"analysis_options.yaml": options,
                            "packages/a/pubspec.yaml": "name: a\n"}))
    assert one(found, "Lint rules:") == (
        "Lint rules: `dart analyze` includes `package:lints/recommended.yaml`; language "
        "modes strict-casts; rules lines_longer_than_80_chars, prefer_single_quotes, "
        "avoid_print")


def test_subjects_that_name_the_issue_they_address_are_said_to() -> None:
    """honeysql's "fix #548 by splitting format-var": most subjects carry the issue's
    number in their words, said with the words before it; a squash merge's "(#12)" at the
    end is the pull request's, not such a reference."""
    named = ["fix #548 by splitting format-var", "address #542 by adding tail options",
             "fix #547 by adding more examples", "fix #539 in the getting started guide",
             "improve performance of optional arguments", "document values row"] * 2
    said = one(lines(snapshot({}, ["README.md"], [Recent(s, "Sean") for s in named])),
               "Commits:")
    assert "subjects name the issue they address (`fix #N`, `address #N`), e.g. " \
        "`fix #548 by splitting format-var` (8 of the last 12)" in said, said
    squashed = [Recent(f"Fix the pager number {n} (#{n})", "Ada") for n in range(12)]
    said = one(lines(snapshot({}, ["README.md"], squashed)), "Commits:")
    assert "name the issue" not in said, said


def _workflow(*uses: str) -> str:
    steps = "".join(f"      - uses: {u}\n" for u in uses)
    return f"on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n{steps}"


def test_actions_pinned_to_commits_are_a_convention_a_new_step_keeps() -> None:
    """fresh32's afero: every `uses:` pins a full commit SHA with its version in a comment,
    and Dependabot keeps them current; nothing said so, and an agent adding a step would
    write `actions/setup-go@v5`."""
    sha = "de0fac2e4500dabe0009e67214ff5f5447ce83dd"
    pinned = [f"actions/checkout@{sha} # v6.0.2", f"actions/setup-go@{sha} # v6.1.0",
              f"golangci/golangci-lint-action@{sha} # v8", f"actions/cache@{sha} # v4",
              f"github/codeql-action/init@{sha} # v3", "./.github/actions/local"]
    files = {".github/workflows/ci.yml": _workflow(*pinned),
             ".github/dependabot.yml": "version: 2\nupdates:\n  - package-ecosystem: "
                                       "github-actions\n    directory: /\n"}
    found = lines(snapshot(files, [*files, "go.mod"]))
    assert one(found, "Actions:") == (
        "Actions: each workflow pins the actions it uses to a full commit SHA, the version in "
        "a comment after it (5 of 5 `uses:`); a new step pins one too; Dependabot keeps the "
        "pins current")
    tagged = {".github/workflows/ci.yml": _workflow(*[p.split("@")[0] + "@v4"
                                                      for p in pinned])}
    assert not any(x.startswith("Actions:") for x in lines(snapshot(tagged, [*tagged])))


LABEL_STEP = ("gh pr view ${{ github.event.number }} --json labels | jq -e '[.labels[].name] "
              "| any(. == \"semver/major\" or . == \"semver/minor\" or . == \"semver/none\")'")


def test_a_label_a_check_requires_of_every_pull_request_is_a_rule() -> None:
    """fresh32's swift-nio: the "PR label" workflow runs a local composite action that
    fails a pull request without a semver label; nothing said a pull request needs one."""
    workflow = ("on:\n  pull_request:\n    types: [labeled, unlabeled, opened]\njobs:\n"
                "  semver-label-check:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: ./.github/actions/semver_label/\n")
    action = ("name: semver label\nruns:\n  using: composite\n  steps:\n"
              f"    - shell: bash\n      run: |\n        {LABEL_STEP}\n")
    files = {".github/workflows/pr_label.yml": workflow,
             ".github/actions/semver_label/action.yml": action}
    found = lines(snapshot(files, [*files, "Package.swift"]))
    assert one(found, "Pull request labels:") == (
        "Pull request labels: CI fails a pull request without one of the labels "
        "`semver/major`, `semver/minor`, `semver/none` (.github/workflows/pr_label.yml)")
    assert files_read.matches(".github/actions/semver_label/action.yml")


def test_the_required_labels_action_says_how_many_of_which() -> None:
    """mheap/github-action-required-labels: `mode`, `count` and `labels` say the rule; a
    maximum of 0 forbids the labels (a "do not merge" guard)."""
    def flow(mode: str, count: str, labels: str) -> dict[str, str]:
        return {".github/workflows/labels.yml": (
            "on: pull_request\njobs:\n  label:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: mheap/github-action-required-labels@v5\n        with:\n"
            f"          mode: {mode}\n          count: {count}\n          labels: \"{labels}\"\n")}
    files = flow("exactly", "1", "bug, enhancement, chore")
    found = lines(snapshot(files, [*files, "x.py"]))
    assert one(found, "Pull request labels:") == (
        "Pull request labels: CI fails a pull request without exactly one of the labels "
        "`bug`, `enhancement`, `chore` (.github/workflows/labels.yml)")
    files = flow("maximum", "0", "do not merge")
    found = lines(snapshot(files, [*files, "x.py"]))
    assert one(found, "Pull request labels:") == (
        "Pull request labels: CI fails a pull request that carries any of the labels "
        "`do not merge` (.github/workflows/labels.yml)")


def test_another_repositorys_label_checker_requires_the_release_notes_labels() -> None:
    """async-http-client (fresh34, read after its blind run) checks every pull request's
    label with `apple/swift-nio/.github/actions/pull_request_semver_label_checker@main`:
    the labels are in no file of the tree but `.github/release.yml`, whose categories
    group the release notes by them; nothing was said.  Without a checker, the release
    notes' categories alone require nothing."""
    flow = ("on: [pull_request]\njobs:\n  semver:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: apple/swift-nio/.github/actions/pull_request_semver_label_checker"
            "@main\n")
    notes = ("changelog:\n  categories:\n    - title: Major\n      labels:\n"
             "        - semver/major\n    - title: Patch\n      labels:\n"
             "        - semver/patch\n    - title: Other\n      labels:\n        - '*'\n")
    files = {".github/workflows/pull_request_label.yml": flow, ".github/release.yml": notes}
    found = lines(snapshot(files, [*files, "Package.swift"]))
    assert one(found, "Pull request labels:") == (
        "Pull request labels: CI fails a pull request without one of the labels "
        "`semver/major`, `semver/patch`, by which the release notes group it "
        "(.github/workflows/pull_request_label.yml, .github/release.yml)")
    del files[".github/workflows/pull_request_label.yml"]
    assert not any(x.startswith("Pull request labels:")
                   for x in lines(snapshot(files, [*files, "Package.swift"])))


def test_a_commit_message_template_in_the_tree_gives_the_message_form() -> None:
    """async-http-client (fresh34, read after its blind run) keeps
    `dev/git.commit.template`: a summary line, then `Motivation:`, `Modifications:` and
    `Result:`, which its messages follow; the memory said nothing of the bodies' form.
    The template's sections are the rule, its prompts are not; one heading makes none."""
    template = ("One line description of your change\n\nMotivation:\n\nExplain here the "
                "context, and why you're making that change.\n\nModifications:\n\nDescribe "
                "the modifications you've done.\n\nResult:\n\nAfter your change, what will "
                "change.\n")
    files = {"dev/git.commit.template": template}
    found = lines(snapshot(files, [*files, "Package.swift"]))
    assert one(found, "Commit template:") == (
        "Commit template: `dev/git.commit.template` (`git config commit.template "
        "dev/git.commit.template`): a one-line summary, then `Motivation:`, "
        "`Modifications:`, `Result:`")
    files = {".gitmessage": "Summary\n\nWhy:\n\nExplain.\n"}
    assert not any(x.startswith("Commit template:")
                   for x in lines(snapshot(files, [*files, "Package.swift"])))


def test_a_label_checker_actions_label_lists_are_the_rule() -> None:
    """knex (fresh34, read after its blind run) runs
    `docker://agilepathway/pull-request-label-checker:v1.6.65` with `one_of:
    major,breaking,feature,...` on every pull request; nothing was said."""
    flow = ("on: [pull_request]\njobs:\n  ensure_labels:\n    runs-on: ubuntu-latest\n"
            "    steps:\n      - uses: docker://agilepathway/pull-request-label-checker:v1.6.65\n"
            "        with:\n          one_of: major,feature,fix\n"
            "          none_of: do-not-merge\n")
    files = {".github/workflows/ensure-labels.yml": flow}
    assert one(lines(snapshot(files, [*files, "package.json"])), "Pull request labels:") == (
        "Pull request labels: CI fails a pull request without one of the labels `major`, "
        "`feature`, `fix`; or that carries any of the labels `do-not-merge` "
        "(.github/workflows/ensure-labels.yml)")
