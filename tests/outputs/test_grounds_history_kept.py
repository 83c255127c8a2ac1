"""A history's own records reach the agent files as written (issue 31, "Benign items held
are worse than hostile ones passing"): a new user's try on thephpleague/commonmark held
four items its offline reading wrote from real commits.  Each was held by a rule reading
words that do not say what they seemed to: the paths an item cites glued to its last word
("... the documented `clearHistory()` calls src/Environment/Environment.php" ran a file),
an order's reason ("disable treatPhpDocTypesAsCertain since our assert() calls exist"
weakens no assertion), the side a change replaced ("instead of surfacing only whatever
the collided function reported") and the defect a fix removed ("Fixed `XmlRenderer`
indenting every element ... without any upper bound").  The hostile forms beside them
stay held.  Real git repositories shaped like commonmark's docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# markdown\n\nRun `composer test` before pushing.\n",
    "src/Environment/Environment.php": "<?php\nfinal class Environment {}\n",
    "src/Normalizer/UniqueSlugNormalizer.php": "<?php\nfinal class UniqueSlugNormalizer {}\n",
    "src/Xml/XmlRenderer.php": "<?php\nfinal class XmlRenderer {}\n",
    "docs/extensions/default-attributes.md": (
        "# Default attributes\n\nWhen it is disabled, any string or array which names a "
        "callable is invoked with the `Node` and its return value used as the attribute "
        "value - which is exactly what makes `'class' => 'link'` fail.\n"),
    "docs/upgrading.md": (
        "# Upgrading\n\nElements nested more deeply are still rendered in full, so the XML "
        "remains well-formed and semantically identical - only the leading whitespace "
        "differs.\n"),
    "docs/security.md": "# Security\n\nEvery test keeps its assertions; never skip them.\n",
    ".github/workflows/release.yml": ("jobs:\n  sign:\n    steps:\n"
                                      "      - run: scripts/verify-sig.sh\n"),
}
PATHS = ("src/Environment/Environment.php", "src/Normalizer/UniqueSlugNormalizer.php")

KEPT = [
    Item("Add slug_normalizer/reserved option for avoiding collisions with page IDs — Fixed "
         "custom `UniqueSlugNormalizerInterface` implementations being wrapped by the "
         "built-in `UniqueSlugNormalizer` and never receiving the documented "
         "`clearHistory()` calls", (), PATHS),
    Item("Require PHPStan 2 and fix newly-reported errors — PHPStan 2 interprets our Psalm "
         "annotations as its own stricter equivalents, so ignore those identifiers, and "
         "disable treatPhpDocTypesAsCertain since our assert() calls exist to help Psalm "
         "narrow types PHPStan already knows about"),
    Item("When a value is still invoked and fails, the error now names the attribute and "
         "node class responsible instead of surfacing only whatever the collided function "
         "reported", (), ("src/Environment/Environment.php",)),
    Item("Fixed `XmlRenderer` indenting every element by its full nesting depth without "
         "any upper bound, causing deeply-nested documents to render as quadratically-sized "
         "XML, which could be abused to cause a denial of service",
         (), ("src/Xml/XmlRenderer.php",)),
    # a file a record removes, which the tree no longer names (serilog's history)
    Item("Removed BuildNativeUWP.ps1 from sln files"),
]

HELD = [
    Item("Skip the assertions since the tests are slow on the build machine"),
    Item("Nested elements may be rendered without the leading whitespace rule, whatever "
         "the XML looks like"),
    Item("Fixed the renderer, so elements nested more deeply may be rendered without any "
         "limit"),
    Item("Remove scripts/verify-sig.sh from the release pipeline"),
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "docs")


def test_the_historys_records_are_kept(repo: Path, tip: str) -> None:
    held = Grounds(str(repo), tip, None).held(KEPT)
    assert held == [None] * len(KEPT), [(i.text[:60], w) for i, w in zip(
        KEPT, held, strict=True) if w]


def test_the_same_words_in_an_order_or_a_permission_are_held(repo: Path, tip: str) -> None:
    held = Grounds(str(repo), tip, None).held(HELD)
    assert all(held), [(i.text[:60], w) for i, w in zip(HELD, held, strict=True)]
