"""The documents a project names for building, testing or developing, where it keeps its
docs (issue 29, "commands" on repositories never seen).  koreader's commands are in
doc/Building.md (`./kodev test front`, `./kodev build`); CI runs its tests through a script
of a submodule (`./base/utils/fake_tty.py make testfront`, a target the submodule's
Makefile defines) a fresh clone lacks, and no guide the reading knew by name said them, so
the memory had no Tests item (fresh29).  The fixture is written for this test in the shape
of that repository."""

from __future__ import annotations

from gitmemory.reading.project.files_read import wanted
from gitmemory.reading.project.guides import how_to
from tests.reading.test_project_principles import lines, slot

BUILDING = ("# Building\n\n## Getting the source\n\n```\n./kodev fetch-thirdparty\n```\n\n"
            "## Running unit tests\n\n```\n./kodev test front\n```\n")
WORKFLOW = ("jobs:\n  build:\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - name: Test\n        run: ./base/utils/fake_tty.py make testfront\n")
FILES = {"doc/Building.md": BUILDING, ".github/workflows/build.yml": WORKFLOW,
         "Makefile": "KOR_BASE ?= base\nall:\n\t$(MAKE) -C base\n\ninclude $(KOR_BASE)/Makefile\n",
         "kodev": "#!/usr/bin/env bash\ncase $1 in test) make test$2 ;; esac\n"}


def test_a_doc_named_for_building_is_a_guide() -> None:
    item = slot(lines(FILES, ("reader.lua", "spec/front/unit/a_spec.lua")), "Tests")
    assert "`./kodev test front`" in item, item


def test_only_docs_named_for_the_work_are_read() -> None:
    paths = ["doc/Building.md", "book/src/building-from-source.md", "docs/contribute.rst",
             "doc/Events.md", "docs/testing/plan.md", "vendor/lib/doc/Building.md",
             "tests/fixtures/docs/building.md", "docs/development-guide.md"]
    assert how_to(paths) == ["doc/Building.md", "docs/contribute.rst",
                             "docs/development-guide.md"]
    assert "doc/Events.md" not in wanted(paths)
    assert "doc/Building.md" in wanted(paths)
