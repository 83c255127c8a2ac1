"""The package tools of interpreted languages: R packages (``DESCRIPTION``; testthat
through devtools, lintr), Perl distributions (``Makefile.PL``, ``cpanfile``, Dist::Zilla;
``prove``), Lua rocks (busted, luacheck, StyLua).  Each names the commands certain for
it, the linter or formatter only where the tree configures it.
"""

from __future__ import annotations

import re

from gitmemory.reading.project.buildtools import Found, task, version
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import Task

FILES = ("DESCRIPTION", "Makefile.PL", "Build.PL", "dist.ini", "cpanfile")


class RPackage:
    name = "r"

    def present(self, snapshot: Snapshot) -> bool:
        return bool(re.search(r"^Package:", snapshot.text("DESCRIPTION") or "", re.M))

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [task("build", "R CMD build .", "DESCRIPTION")]
        # the package's tests through the package DESCRIPTION names, so that the file the
        # item cites confirms it (docs/design.md, "Where two rules meet")
        named = set(re.findall(r"\b(devtools|testthat)\b", snapshot.text("DESCRIPTION") or ""))
        if snapshot.has_dir("tests/testthat") and named:
            found.append(task("test", "Rscript -e 'devtools::test()'" if "devtools" in named
                              else "Rscript -e 'testthat::test_local()'", "DESCRIPTION"))
        if snapshot.has(".lintr"):
            found.append(task("lint", "Rscript -e 'lintr::lint_package()'", ".lintr"))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return version(snapshot, "DESCRIPTION", r"^Depends:.*?\bR\s*\(\s*>=\s*([\d.]+)",
                        "R: {} or later (DESCRIPTION `Depends`)")


class Perl:
    name = "perl"

    def present(self, snapshot: Snapshot) -> bool:
        return any(snapshot.has(f) for f in ("Makefile.PL", "Build.PL", "dist.ini", "cpanfile"))

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = []
        if snapshot.has("dist.ini"):
            found.append(task("test", "dzil test", "dist.ini"))
        elif snapshot.has_dir("t"):
            found.append(task("test", "prove -lr t", "Makefile.PL" if snapshot.has(
                "Makefile.PL") else "cpanfile"))
        if snapshot.has("cpanfile"):
            found.append(task("setup", "cpanm --installdeps .", "cpanfile"))
        # perltidy formats the files it is given, and no convention knows them: a task or
        # CI step that runs it is read (`perltidy -b` alone reads its standard input)
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return []


class Lua:
    name = "lua"

    def present(self, snapshot: Snapshot) -> bool:
        return any(p.endswith(".rockspec") and p.count("/") <= 1 for p in snapshot.paths) or \
            snapshot.has(".busted")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = []
        if snapshot.has(".busted") or snapshot.has_dir("spec"):
            found.append(task("test", "busted", ".busted" if snapshot.has(".busted") else
                               "spec/"))
        if snapshot.has(".luacheckrc"):
            found.append(task("lint", "luacheck .", ".luacheckrc"))
        formatter = next((f for f in ("stylua.toml", ".stylua.toml") if snapshot.has(f)), "")
        if formatter:
            found.append(task("format", "stylua .", formatter))
        return found

    def facts(self, snapshot: Snapshot) -> list[Found]:
        return []
