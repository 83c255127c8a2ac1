"""The look-alike table the detector folds with is Unicode's (UTS #39), as the
confusable-homoglyphs package ships it, generated into a module the checkout hook can load."""

from __future__ import annotations

import pytest

from gitmemory import confusables
from gitmemory.injection.fold import fold
from testing import confusables_table


def test_the_module_is_what_the_package_builds() -> None:
    import unicodedata

    if unicodedata.unidata_version != confusables.UNICODE_VERSION:
        pytest.skip("this Python's Unicode database differs from the one the table was built "
                    "with; the comparison holds only with the same one")
    built = confusables_table.build()
    assert built == confusables.TABLE, "run: python -m testing.confusables_table"
    assert confusables_table.TARGET.read_text(encoding="utf-8") == \
        confusables_table.render(built), "run: python -m testing.confusables_table"


@pytest.mark.parametrize(("char", "reads"), [
    ("\u03bd", "v"),  # Greek nu
    ("\u0433", "r"),  # Cyrillic ghe
    ("\u0399", "l"),  # Greek capital iota
    ("\u00f8", "o"),  # o with stroke
    ("\ua731", "s"),  # Latin letter small capital s
    ("\u1d26", "r"),  # Greek letter small capital gamma
    ("\u13a5", "i"),  # Cherokee letter v
    ("\u0430", "a"),  # Cyrillic a
])
def test_the_look_alikes_the_issue_names_fold_to_latin(char: str, reads: str) -> None:
    assert fold(char) == reads


def test_every_entry_folds_to_ascii() -> None:
    import unicodedata

    for char, reads in confusables.TABLE.items():
        if unicodedata.normalize("NFKC", char) == char:  # else NFKC decides, before the table
            assert fold(f"x{char}x") == f"x{reads.casefold()}x", (char, reads)
