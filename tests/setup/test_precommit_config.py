"""Adding gitmemory to .pre-commit-config.yaml as a text edit that keeps everything else."""

from __future__ import annotations

import pytest
import yaml

from gitmemory.errors import GitmemoryError
from gitmemory.setup.native import HOOKS
from gitmemory.setup.precommit_config import HOOK_IDS, add_hooks, scalar

URL = "https://github.com/gitmemory/gitmemory"

SAMPLE = """\
# See https://pre-commit.com for more information
# See https://pre-commit.com/hooks.html for more hooks
repos:
-   repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v3.2.0
    hooks:
    -   id: trailing-whitespace   # keep: trims lines
    -   id: end-of-file-fixer
# trailing remark
"""


def _gitmemory_entry(data: dict) -> dict:
    entries = [r for r in data["repos"] if r.get("repo") == URL]
    assert len(entries) == 1
    return entries[0]


def _lines_kept(before: str, after: str) -> bool:
    """Every line of ``before`` is in ``after``, in the same order."""
    rest = iter(after.splitlines())
    return all(any(line == candidate for candidate in rest) for line in before.splitlines())


def test_no_file_gives_a_config_with_just_gitmemory() -> None:
    text, changes = add_hooks(None, URL, "v0.1.0")
    data = yaml.safe_load(text)
    assert data["default_install_hook_types"] == list(HOOKS)
    assert _gitmemory_entry(data) == {"repo": URL, "rev": "v0.1.0",
                                      "hooks": [{"id": i} for i in HOOK_IDS]}
    assert len(changes) == 2


def test_sample_config_keeps_comments_style_and_the_pre_commit_type() -> None:
    text, _ = add_hooks(SAMPLE, URL, "v0.1.0")
    assert _lines_kept(SAMPLE, text)
    data = yaml.safe_load(text)
    assert data["default_install_hook_types"] == ["pre-commit", *HOOKS]
    assert [r["repo"] for r in data["repos"]] == [
        "https://github.com/pre-commit/pre-commit-hooks", URL]
    # the new entry follows the file's own layout ("-   repo:", ids flush with hooks:)
    assert f"-   repo: {URL}\n    rev: v0.1.0\n    hooks:\n    -   id: gitmemory-post-checkout" \
        in text
    # inserted before the first key, after the header comments
    assert text.splitlines()[2].startswith("default_install_hook_types:")


def test_running_twice_changes_nothing_the_second_time() -> None:
    once, _ = add_hooks(SAMPLE, URL, "v0.1.0")
    twice, changes = add_hooks(once, URL, "v0.1.0")
    assert twice == once
    assert changes == []


def test_an_entry_at_another_rev_is_left_as_the_user_pinned_it() -> None:
    once, _ = add_hooks(SAMPLE, URL, "v0.1.0")
    again, changes = add_hooks(once, "/elsewhere", "abc")
    assert again == once
    assert changes == []


def test_flow_list_of_types_is_extended_in_place_keeping_its_comment() -> None:
    before = "default_install_hook_types: [pre-commit, post-checkout]  # ours\nrepos: []\n"
    text, changes = add_hooks(before, URL, "v1")
    first = text.splitlines()[0]
    assert first == ("default_install_hook_types: [pre-commit, post-checkout, post-commit, "
                     "post-merge, post-rewrite, pre-push]  # ours")
    assert "default_install_hook_types: added post-commit" in changes[1]
    assert _gitmemory_entry(yaml.safe_load(text))["rev"] == "v1"


def test_block_list_of_types_gets_items_in_its_indentation() -> None:
    before = ("default_install_hook_types:\n  - pre-commit\n  # pushes too\n  - pre-push\n"
              "\nrepos:\n  - repo: local\n    hooks:\n      - id: x\n        name: x\n"
              "        entry: 'true'\n        language: system\n")
    text, _ = add_hooks(before, URL, "v1")
    assert _lines_kept(before, text)
    assert "  - pre-push\n  - post-checkout\n  - post-commit\n" in text
    data = yaml.safe_load(text)
    assert data["default_install_hook_types"] == ["pre-commit", "pre-push", "post-checkout",
                                                  "post-commit", "post-merge", "post-rewrite"]
    assert "      - id: gitmemory-pre-push\n" in text


def test_entry_goes_at_the_end_of_repos_when_another_key_follows() -> None:
    before = ("repos:\n  - repo: local\n    hooks:\n      - id: lint\n        name: lint\n"
              "        entry: 'true'\n        language: system\n\n# about CI\nci:\n"
              "  autofix_prs: false\n")
    text, _ = add_hooks(before, URL, "v1")
    assert _lines_kept(before, text)
    data = yaml.safe_load(text)
    assert data["ci"] == {"autofix_prs": False}
    assert [r["repo"] for r in data["repos"]] == ["local", URL]
    assert text.index(URL) < text.index("# about CI")


def test_missing_hook_ids_are_added_to_an_existing_gitmemory_entry() -> None:
    before = (f"default_install_hook_types: [post-checkout]\nrepos:\n  - repo: {URL}\n"
              "    rev: v0.0.9\n    hooks:\n      - id: gitmemory-post-checkout\n"
              "        verbose: true\n")
    text, changes = add_hooks(before, URL, "v1")
    entry = _gitmemory_entry(yaml.safe_load(text))
    assert entry["rev"] == "v0.0.9"
    assert entry["hooks"][0] == {"id": "gitmemory-post-checkout", "verbose": True}
    assert [h["id"] for h in entry["hooks"]] == list(HOOK_IDS)
    assert any("added hooks gitmemory-post-commit" in c for c in changes)


def test_a_flow_list_over_several_lines_is_extended_before_its_bracket() -> None:
    before = "default_install_hook_types: [\n  pre-commit]\nrepos: []\n"
    text, _ = add_hooks(before, URL, "v1")
    assert text.startswith("default_install_hook_types: [\n  pre-commit, post-checkout, ")
    assert yaml.safe_load(text)["default_install_hook_types"] == ["pre-commit", *HOOKS]
    assert "repos:\n  - repo: " in text  # `[]` became a block list, no trailing space


def test_windows_line_endings_stay_windows_line_endings() -> None:
    before = SAMPLE.replace("\n", "\r\n")
    text, _ = add_hooks(before, URL, "v1")
    assert text.count("\n") == text.count("\r\n")
    assert text.replace("\r\n", "\n") == add_hooks(SAMPLE, URL, "v1")[0]


def test_no_repos_key_gets_one() -> None:
    text, _ = add_hooks("# only a comment\nfail_fast: true\n", URL, "v1")
    data = yaml.safe_load(text)
    assert data["fail_fast"] is True
    assert _gitmemory_entry(data)["rev"] == "v1"
    assert text.startswith("# only a comment\n")


def test_local_paths_and_numeric_revs_are_quoted() -> None:
    assert scalar("/tmp/a b #x") == "'/tmp/a b #x'"
    assert scalar("/tmp/a b/#x") == "/tmp/a b/#x"  # no space before #: not a comment
    assert scalar("1234567") == "'1234567'"
    assert scalar("it's: here") == "'it''s: here'"
    assert scalar(URL) == URL
    text, _ = add_hooks(None, "C:\\work\\gitmemory", "1234567")
    entry = _gitmemory_entry_by_rev(yaml.safe_load(text))
    assert entry["repo"] == "C:\\work\\gitmemory"


def _gitmemory_entry_by_rev(data: dict) -> dict:
    (entry,) = [r for r in data["repos"] if r.get("rev") == "1234567"]
    return entry


@pytest.mark.parametrize(("text", "message"), [
    ("repos: [", "not valid YAML"),
    ("- a\n- b\n", "mapping at the top level"),
    ("default_install_hook_types: pre-push\nrepos: []\n", "not a list of hook types"),
    ("repos: [{repo: local, hooks: []}]\n", "does not edit"),
    # Issue 33: "internal error: RecursionError" instead of a parse error.
    ("repos: " + "[" * 3000 + "]" * 3000 + "\n", "not valid YAML: nested too deeply"),
    ("repos:\n" + "".join(" " * n + "- \n" for n in range(2000)), "nested too deeply"),
])
def test_files_it_cannot_edit_safely_are_refused_with_one_line(text: str, message: str) -> None:
    with pytest.raises(GitmemoryError) as caught:
        add_hooks(text, URL, "v1")
    assert message in caught.value.one_line()
    assert "\n" not in caught.value.one_line()


def test_block_scalars_document_markers_and_indentless_lists_keep_their_layout() -> None:
    """Edits land at the parser's marks: a block scalar at the end of the last entry, a
    `---` line, lists flush with their key, all stay as written."""
    before = ("---\n# header\nci:\n  autoupdate_schedule: monthly\nrepos:\n"
              "- repo: local\n  hooks:\n  - id: check\n    name: check\n    entry: |\n"
              "      python -c 'print(1)'\n    language: system\n"
              "default_install_hook_types:\n- pre-commit\n# end\n")
    text, _ = add_hooks(before, URL, "v1")
    assert _lines_kept(before, text)
    assert text.startswith("---\n# header\nci:")
    assert (f"    language: system\n- repo: {URL}\n  rev: v1\n  hooks:\n"
            "  - id: gitmemory-post-checkout\n") in text
    assert "- pre-commit\n- post-checkout\n" in text
    data = yaml.safe_load(text)
    assert data["repos"][0]["hooks"][0]["entry"] == "python -c 'print(1)'\n"
