"""How a test is laid out, measured on the tree (gitmemory/reading/project/test_files.py):
case files named after the test, and the file it is named after."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, read_tree

SNIFFS = ("ArrayIndent", "ClassName", "LineLength", "OpeningBrace", "TodoComment",
          "UnusedVariable", "EmptyStatement", "InlineControl", "ScopeIndent", "SpaceAfterCast",
          "UpperCaseConstant")


def _said(paths: list[str]) -> str:
    found = [r.text for r in read_tree(Snapshot(sorted(paths), {}, [])) if r.key == "Test files"]
    return found[0] if found else ""


def _tree(cases: int = len(SNIFFS), fixed: int = 4) -> list[str]:
    paths = []
    for n, name in enumerate(SNIFFS):
        paths += [f"src/Standards/Quill/Sniffs/Style/{name}Sniff.php",
                  f"src/Standards/Quill/Docs/Style/{name}Standard.xml",
                  f"src/Standards/Quill/Tests/Style/{name}UnitTest.php"]
        paths += [f"src/Standards/Quill/Tests/Style/{name}UnitTest.1.inc",
                  f"src/Standards/Quill/Tests/Style/{name}UnitTest.2.inc"] if n < cases else []
        paths += [f"src/Standards/Quill/Tests/Style/{name}UnitTest.1.inc.fixed"] if n < fixed \
            else []
    return paths


def test_tests_that_come_with_case_files_named_after_them_are_said_with_their_subject() -> None:
    """PHP_CodeSniffer (fresh18): each sniff's `XUnitTest.php` has `XUnitTest.inc` case files
    (numbered when there are several) and `.inc.fixed` ones beside it, and is named after
    `Sniffs/.../XSniff.php`, the file of its language in the directory one part away (not
    the sniff's `Docs/.../XStandard.xml`)."""
    assert _said(_tree()) == (
        "Test files: a test comes with case files named after it, e.g. "
        "`src/Standards/Quill/Tests/Style/ArrayIndentUnitTest.php` with "
        "`ArrayIndentUnitTest.inc` (11), `ArrayIndentUnitTest.inc.fixed` (4) "
        "(11 of 11 tests have case files); it is named after the file it tests, "
        "`src/Standards/Quill/Sniffs/Style/ArrayIndentSniff.php`")


def test_tests_without_case_files_or_too_few_of_them_say_nothing() -> None:
    assert _said(_tree(cases=5, fixed=0)) == ""  # 5 of 11: not most of them
    few = [p for p in _tree() if "ArrayIndent" not in p and "ClassName" not in p]
    assert _said(few) == ""  # 9 tests: too few to call it the layout
    unnamed = [p for p in _tree() if "/Sniffs/" not in p]
    assert _said(unnamed) == ""  # named after no file of the tree: case files alone
