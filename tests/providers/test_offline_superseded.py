"""Items a window's own commits make wrong (issue 29, fresh3's readers): a squash's later
sub-commit read as the change, a changelog line a diff only retypes, a changelog wording a
later commit corrects, a promise of a later fix kept as a fact."""

from __future__ import annotations

from pathlib import Path

from gitmemory.config import DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.sources.commits import triage
from gitmemory.sources.commits.history import History
from testing.gitrepo import commit_file, git


def _learned(repo: Path, since: str) -> list[Extraction]:
    history = History(str(repo))
    commits = history.collect(history.pending("HEAD", since), [])
    return extract_commits(triage.triage(commits, DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS).sent)


def _start(repo: Path, changes: str = "Changes\n=======\n\n") -> str:
    commit_file(repo, "CHANGES", changes, "Start the changes file")
    commit_file(repo, "src/registry.py", "def add_alias(name):\n    return name\n",
                "Add the registry")
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def test_a_squash_s_later_sub_commit_is_not_the_fix(repo: Path) -> None:
    """pint f42e5e0: "* Trim comment in _add_alias and shorten CHANGES entry", a later
    commit of the squash whose subject has no known kind, was read as body prose and
    became the bug pattern's "Fix:"."""
    since = _start(repo)
    body = ("* Fix add_alias crashing on prefixed units with a bare KeyError\n\n"
            "Aliasing a prefixed unit raised an unhandled `KeyError` from a public API.\n\n"
            "Root cause: `add_alias` looked the target up in `self._units`, but prefixed "
            "units are created lazily and are not present until first resolved.\n\n"
            "* Trim comment in add_alias and shorten CHANGES entry\n\n"
            "Co-authored-by: Ada <ada@example.com>\n")
    commit_file(repo, "src/registry.py", "def add_alias(name):\n    return get_name(name)\n",
                f"Fix add_alias crashing on prefixed units with a bare KeyError (#2329)\n\n{body}")
    items = [e.content for e in _learned(repo, since)]
    assert any("created lazily" in c for c in items), items
    assert not any("rim comment" in c for c in items), items


def test_a_changelog_line_a_diff_only_retypes_is_not_the_change(repo: Path) -> None:
    """pint 14f1aaa: a typing commit fixed one letter of an old CHANGES entry, and the
    entry ("Updated repr ...") was credited to it."""
    old = "- Updated repr for varous objects so that eval(repr(...)) works (#1495)\n"
    since = _start(repo, f"Changes\n=======\n\n{old}")
    (repo / "CHANGES").write_text(f"Changes\n=======\n\n{old.replace('varous', 'various')}")
    (repo / "src/registry.py").write_text("def add_alias(name: str) -> str:\n    return name\n")
    git(repo, "commit", "-qam", "Improve type annotations for the registry's methods")
    assert not [e.content for e in _learned(repo, since) if "repr" in e.content]


def test_a_later_commit_s_wording_of_a_changelog_entry_supersedes(repo: Path) -> None:
    """swift-argument-parser 2ba6fc9 and d59e839: a later commit corrected an entry of the
    window ("now support async" was wrong: only the implementation changed); both
    wordings were kept."""
    since = _start(repo)
    first = ("- Custom completion closures for `AsyncParsableCommand` types now support "
             "`async`/`await`. (#855)\n")
    (repo / "CHANGES").write_text(f"Changes\n=======\n\n{first}")
    (repo / "src/registry.py").write_text("async def add_alias(name):\n    return name\n")
    git(repo, "commit", "-qam", "Run custom completions with async/await")
    second = ("- Custom completion closures for `AsyncParsableCommand` types are now "
              "implemented via `async`/`await` instead of via `DispatchSemaphore`. (#855)\n")
    commit_file(repo, "CHANGES", f"Changes\n=======\n\n{second}",
                "Update the description of PR 855 in the changes file")
    items = [e.content for e in _learned(repo, since) if "Custom completion" in e.content]
    assert items and all("DispatchSemaphore" in c for c in items), items


def test_a_promised_correction_is_no_fact(repo: Path) -> None:
    """hcl fe17726: "... so a correction to that will follow" was kept, though the
    correction landed in the same pull request."""
    since = _start(repo)
    commit_file(repo, "src/registry.py", "def add_alias(name):\n    return [name]\n",
                "Dropped diagnostics\n\nThe missing diagnostics in `BinaryOpExpr` were what "
                "made some of the tests from the original PR pass, so a correction to that "
                "will follow.\n")
    assert not [e.content for e in _learned(repo, since) if "will follow" in e.content]


def test_a_name_a_later_commit_takes_away_supersedes_its_item(repo: Path) -> None:
    """hcl 485c0f7 and a3a7436: "Added SetName on Attribute" was kept, though a later
    commit of the same pull request made it private (`setName`)."""
    since = _start(repo)
    code = "class Attribute:\n    def SetName(self, name):\n        self.name = name\n"
    commit_file(repo, "src/attribute.py", code, "Added SetName on Attribute")
    commit_file(repo, "src/attribute.py", code.replace("SetName", "setName"),
                "Update the rename API per feedback")
    assert not [e.content for e in _learned(repo, since) if "SetName" in e.content]


def test_a_figure_a_later_commit_replaces_supersedes_its_item(repo: Path) -> None:
    """oban cf08b0b and f1a3d55: "prune jobs after seven days" was kept, though a later
    commit made the generated config keep jobs "for one day instead of seven"."""
    since = _start(repo)
    commit_file(repo, "src/install.py", "PRUNER = {'max_age': 60 * 60 * 24 * 7}\n",
                "Configure the pruner in the installer\n\nGenerated config now enables "
                "pruning out of the box with conservative values: prune jobs after seven "
                "days and rescue jobs only after two hours.\n")
    commit_file(repo, "src/install.py", "PRUNER = {'max_age': (1, 'day')}\n",
                "Default pruning to retain jobs for one day\n\nGenerated config now retains "
                "jobs for one day instead of seven, so the jobs table stays small.\n")
    assert not [e.content for e in _learned(repo, since) if "seven days" in e.content]


def test_a_squash_s_listed_commit_a_later_one_takes_out_is_not_the_change(repo: Path) -> None:
    """pint 2dcab3a: "* Fix repr for objects to support eval(repr(...))", listed in a
    squash whose later listed commit "Removed outdated repr updates", was kept as the
    change (the diff has no repr change)."""
    since = _start(repo)
    body = ("* Fix the parse cache never hit for prefixed spellings (#2320)\n\n"
            "The cache-hit guard required the raw input string to be a unit key, so "
            "prefixed entries were unreachable and every lookup parsed again.\n\n"
            "* Remove comments from the cache test\n\n"
            "* Fix repr for objects to support eval(repr(...))\n\n"
            "Updated repr for various objects to ensure eval(repr(...)) works correctly.\n\n"
            "* Update CHANGES file for recent modifications\n\n"
            "Removed outdated repr updates and clarified changes in the CHANGES file.\n")
    commit_file(repo, "src/registry.py", "def add_alias(name):\n    return cache[name]\n",
                f"Fix the parse cache never hit for prefixed spellings (#2323)\n\n{body}")
    items = [e.content for e in _learned(repo, since)]
    assert any("unreachable" in c for c in items), items
    assert not any("eval(repr" in c for c in items), items


def test_a_method_a_later_commit_renames_by_its_stem_supersedes_its_item(repo: Path) -> None:
    """rayon d440fa8 and 9d32efe: "Added group_by_mut for slices" was kept as a fact,
    though a later commit of the same pull request renamed ``par_group_by_mut`` to
    ``par_chunk_by_mut`` (judge18, wrong): the item names the method by its stem."""
    since = _start(repo)
    code = ("class Slice:\n    def par_group_by_mut(self, pred):\n"
            "        return GroupByMut(self, pred)\n")
    commit_file(repo, "src/slice.py", code, "Added group_by_mut for slices")
    commit_file(repo, "src/slice.py", code.replace("group_by", "chunk_by").replace(
        "GroupBy", "ChunkBy"), "Rename group_by to chunk_by, matching Rust 1.77")
    assert not [e.content for e in _learned(repo, since)
                if "group_by_mut" in e.content and e.section == "facts"]


def test_what_a_commit_first_defined_all_taken_away_supersedes_its_fact(repo: Path) -> None:
    """fastify 0e9a3b3 and bd3e246: "Fixed: add http method override warning" was kept as a
    fact, though a later commit of the window removed the warning it defined
    (``FSTDEP025``) and made the override throw (judge18, wrong); the item names no
    symbol, and the commit's other lines stay."""
    since = _start(repo)
    commit_file(repo, "lib/warnings.js", "const FSTDEP024 = createWarning('old')\n",
                "Add the warnings")
    commit_file(repo, "fastify.js", "function addHttpMethod (method) {\n"
                "  supported.add(method)\n}\n", "Add addHttpMethod")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    (repo / "lib/warnings.js").write_text(
        "const FSTDEP024 = createWarning('old')\n"
        "const FSTDEP025 = createWarning('addHttpMethod overrides %s')\n")
    (repo / "fastify.js").write_text(
        "function addHttpMethod (method, { overrideExisting = false } = {}) {\n"
        "  const alreadyExists = supported.has(method)\n"
        "  if (alreadyExists && !overrideExisting) {\n    FSTDEP025(method)\n  }\n"
        "  supported.add(method)\n}\n")
    git(repo, "commit", "-qam", "fix: add http method override warning (#6879)")
    (repo / "lib/warnings.js").write_text("const FSTDEP024 = createWarning('old')\n")
    (repo / "fastify.js").write_text(
        "function addHttpMethod (method, { overrideExisting = false } = {}) {\n"
        "  const alreadyExists = supported.has(method)\n"
        "  if (alreadyExists && !overrideExisting) {\n"
        "    throw new FST_ERR_ROUTE_METHOD_ALREADY_SUPPORTED(method)\n  }\n"
        "  supported.add(method)\n}\n")
    git(repo, "commit", "-qam", "refactor!: drop the deprecation (#6909)")
    assert not [e.content for e in _learned(repo, since)
                if "override warning" in e.content and e.section == "facts"]


def test_lines_moved_within_their_file_then_taken_away_undo_the_item(repo: Path) -> None:
    """rayon 01354af, bb553fe and 14282d8: "Allowed `unreachable_patterns` for
    `Infallible`" was kept, though its allow lines, moved out of a private module by one
    later commit, were removed by another (judge18, wrong)."""
    since = _start(repo)
    arm = "            Ok(_) => unreachable!(),\n"
    head = "mod private {\n    fn from_residual(r) {\n        match r {\n"
    commit_file(repo, "src/iter.rs", f"{head}{arm}        }}\n    }}\n}}\n", "Add Try")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    allow = "            #[allow(unreachable_patterns)]\n"
    commit_file(repo, "src/iter.rs", f"{head}{allow}{arm}        }}\n    }}\n}}\n",
                "Allow `unreachable_patterns` for `Infallible`")
    moved = "fn from_residual(r) {\n    match r {\n        Err(e) => Err(e),\n"
    commit_file(repo, "src/iter.rs", f"{moved}{allow[4:]}{arm[4:]}    }}\n}}\n",
                "Make use of RFC2145 type privacy for sealed traits")
    commit_file(repo, "src/iter.rs", f"{moved}    }}\n}}\n", "Use `min_exhaustive_patterns`")
    assert not [e.content for e in _learned(repo, since) if "unreachable_patterns" in e.content]


def test_a_deprecation_the_window_later_removes_is_not_kept(repo: Path) -> None:
    """gleam-lang/stdlib (a new user's try): "The `digits` and `undigits` functions of the
    `int` module have been deprecated" stayed beside the later "The deprecated ...
    `int.digits`, and `int.undigits` functions have been removed": an agent read that they
    still exist.  A deprecation is kept only while the window does not remove what it
    names; one the removal does not cover all of stays (`to_string` still exists)."""
    since = _start(repo, "# Changelog\n\n")
    commit_file(repo, "CHANGELOG.md", "# Changelog\n\n## v0.40\n\n- The `digits` and "
                "`undigits` functions of the `int` module have been deprecated.\n- The "
                "`compare` and `to_string` functions from the `gleam/bool` module have been "
                "deprecated.\n", "Deprecate int.digits, bool.compare and bool.to_string")
    commit_file(repo, "CHANGELOG.md", "# Changelog\n\n## v0.50\n\n- The deprecated "
                "`result.then`, `int.digits`, `int.undigits` and `bool.compare` functions "
                "have been removed.\n\n## v0.40\n\n- The `digits` and `undigits` functions of "
                "the `int` module have been deprecated.\n- The `compare` and `to_string` "
                "functions from the `gleam/bool` module have been deprecated.\n",
                "Remove deprecated functions")
    items = [e.content for e in _learned(repo, since)]
    assert any("have been removed" in c and "int.undigits" in c for c in items), items
    assert not any("`undigits`" in c and "deprecated" in c and "removed" not in c
                   for c in items), items
    assert any("`to_string`" in c for c in items), items
