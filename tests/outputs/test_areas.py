"""Which part of the code an item concerns (outputs/areas.py): the area of its paths, the
globs agents match on, the file-name stem of each area and the words that describe it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gitmemory.outputs.areas import DEPTH, MAX_DIRS, Area, area_of, describe, globs, name


@pytest.mark.parametrize(("paths", "area"), [
    (("src/api/routes.py",), ("src/api",)),
    (("src/api/",), ("src/api",)),  # a cited directory is its own area
    (("src/api/v2/deep/",), ("src/api",)),  # cut at DEPTH levels
    (("src/api/v2/x.py", "src/api/v3/y.py"), ("src/api",)),
    (("src/x.py", "src/api/"), ("src",)),  # the outer directory takes the inner one
    (("lib/", "lib/util/a.py", "docs/x.md"), ("docs", "lib")),  # sorted
    (("a/x", "b/x", "c/x"), ("a", "b", "c")),  # MAX_DIRS directories still scoped
    (("Src/API/x.py",), ("Src/API",)),  # case kept: globs match case-sensitively
    (("pkg/my-module/x.py",), ("pkg/my-module",)),
    (("a.b/c_d/e.py",), ("a.b/c_d",)),
])
def test_an_item_in_a_few_directories_concerns_those_directories(
        paths: tuple[str, ...], area: Area) -> None:
    assert area_of(paths) == area


@pytest.mark.parametrize("paths", [
    (),  # nothing says where it applies
    ("setup.py",),  # a file at the top concerns everything
    ("src/api/x.py", "README.md"),  # one top-level path is enough to widen it
    ("a/x", "b/x", "c/x", "d/x"),  # spread over more than MAX_DIRS
    ("my dir/x.py",),  # a space
    ("src/[id]/page.tsx",),  # glob brackets
    ("src/*/x.py",),
    ("docs/{a,b}/x.md",),
    ("src/ré/x.py",),  # not ASCII
    ("-rf/x.py",),  # reads as an option
    ('say "hi"/x.py',),  # a quote would end the front matter's string
    ("src/api/x.py", "weird dir/y.py"),  # one odd path makes the item repository-wide
])
def test_an_item_without_a_plain_area_concerns_the_whole_repository(
        paths: tuple[str, ...]) -> None:
    assert area_of(paths) == ()


def test_the_limits_are_what_the_docs_promise() -> None:
    assert DEPTH == 2 and MAX_DIRS == 3
    assert area_of(("a/b/c/d/e/f.py",)) == ("a/b",)


@pytest.mark.parametrize(("area", "expected"), [
    (("src/api",), ["src/api/**"]),
    (("docs", "src/api"), ["docs/**", "src/api/**"]),
])
def test_globs_match_every_file_under_each_directory(area: Area, expected: list[str]) -> None:
    assert globs(area) == expected


@pytest.mark.parametrize(("area", "text"), [
    (("src/api",), "`src/api/`"),
    (("src/api", "tests"), "`src/api/` and `tests/`"),
    (("a", "b", "c"), "`a/`, `b/` and `c/`"),
    (("", "src"), "the files at the top of the tree (and changes no one directory holds) and "
                  "`src/`"),
])
def test_describe_lists_the_directories_as_a_reader_says_them(area: Area, text: str) -> None:
    assert describe(area) == text


@pytest.mark.parametrize(("area", "stem"), [
    (("src/api",), "src-api"),
    (("src",), "src"),
    (("src/api", "tests"), "src-api+tests"),
    (("a.b/c_d",), "a.b-c_d"),
])
def test_plain_areas_get_a_readable_stem(area: Area, stem: str) -> None:
    assert name(area) == stem


@pytest.mark.parametrize(("area", "readable"), [
    (("Src/API",), "src-api"),  # upper case would collide with src/api on macOS
    (("src-api",), "src-api"),  # a dash inside a name would collide with src/api
    ((".github/workflows",), "github-workflows"),  # a leading dot would hide the file
    (("pkg/my-module",), "pkg-my-module"),
])
def test_stems_that_would_lose_information_carry_a_hash_of_the_area(
        area: Area, readable: str) -> None:
    stem = name(area)
    head, _, digest = stem.rpartition("-")
    assert head == readable
    assert len(digest) == 8 and set(digest) <= set("0123456789abcdef")
    assert not stem.startswith(".")


def test_a_long_area_name_is_cut_and_made_unique() -> None:
    one = ("a" * 60 + "/" + "b" * 60,)
    other = ("a" * 60 + "/" + "b" * 59 + "c",)
    assert len(name(one)) <= 80 + 9 and len(name(other)) <= 80 + 9
    assert name(one) != name(other)
    assert name(one)[:80] == name(other)[:80]  # same readable prefix, told apart by the hash


_PART = st.text(alphabet="abcAB-_.0", min_size=1, max_size=4).filter(
    lambda s: not s.startswith("-") and s not in (".", ".."))
_DIR = st.lists(_PART, min_size=1, max_size=DEPTH).map("/".join)
_AREA = st.lists(_DIR, min_size=1, max_size=MAX_DIRS, unique=True).map(
    lambda dirs: tuple(sorted(dirs)))


@given(_AREA, _AREA)
def test_two_different_areas_never_share_a_file_name(one: Area, other: Area) -> None:
    if one != other:
        assert name(one) != name(other)


@given(_AREA)
def test_every_stem_is_a_safe_file_name(area: Area) -> None:
    stem = name(area)
    assert stem and "/" not in stem and not stem.startswith(".")
    assert set(stem) <= set("abcdefghijklmnopqrstuvwxyz0123456789_.-+")


def test_a_directory_named_after_a_token_scopes_nothing() -> None:
    """Its name would become a rule file's name, front matter and description, which
    no redaction reads; the item stays repository-wide (its own line is redacted)."""
    token = "ghp_" + "Zq8Lm2Tq9vNsR4xK7wPb3YdH6cFj1GtA5eUo"
    assert area_of((f"svc/{token}/run.py",)) == ()
    assert area_of(("svc/deploy/run.py",)) == ("svc/deploy",)


def test_the_files_at_the_top_are_an_area_only_when_asked() -> None:
    """What every session's file may show keeps the top's files repository-wide; what only
    an area's file shows (a fact, a line of the history record) has the top as its area."""
    assert area_of(("help.go", "command_run.go")) == ()
    assert area_of(("help.go", "command_run.go"), top=True) == ("",)
    assert area_of(("help.go", "internal/x.go"), top=True) == ("", "internal")
    assert globs(("", "internal")) == ["*", "internal/**"]
    assert name(("",)) == "top-level" and name(("top-level",)) != "top-level"
