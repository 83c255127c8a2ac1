"""A key kept as a file's or a directory's name (gitmemory/secrets/pathnames.py): sealed32
and sealed34 committed ``ops/panel/tokens/<key>.txt``, and the name went to the model in
the commit's file list and its diff's header."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.secrets.pathnames import masked, masked_lines
from testing.gitrepo import commit_file, git, gitmemory

KEY = "0ib0ranx712l5kncoz1y2jiw88fesrsf"


@pytest.mark.parametrize("path", [
    f"ops/panel/tokens/{KEY}.txt", f"ops/{KEY}/panel.txt", f"{KEY}", f"keys/{KEY}.tar.gz"])
def test_a_name_that_is_a_random_token_is_masked(path: str) -> None:
    assert KEY not in masked(path)
    assert masked(path).count("/") == path.count("/")


@pytest.mark.parametrize("path", [
    "db/migrate/20231104120000_create_users.rb",
    "static/5d41402abc4b2a76b9719d911017c592.json",  # a content hash
    "src/test/java/org/example/AbstractSingletonProxyFactoryBeanTests.java",
    "__snapshots__/ComponentSpecificationTests.snap", "src/app/main.py",
    "fixtures/550e8400-e29b-41d4-a716-446655440000.json",
])
def test_names_of_words_dates_and_hashes_stay(path: str) -> None:
    assert masked(path) == path


def test_a_diffs_headers_are_masked_and_its_lines_kept() -> None:
    diff = (f"diff --git a/t/{KEY}.txt b/t/{KEY}.txt\nnew file mode 100644\n--- /dev/null\n"
            f"+++ b/t/{KEY}.txt\n@@ -0,0 +1 @@\n+panel 2\n")
    out = masked_lines(diff)
    assert KEY not in out and "+panel 2" in out and out.count("[REDACTED:path]") == 3


def test_the_model_is_never_sent_a_key_named_as_a_file(repo: Path) -> None:
    commit_file(repo, f"ops/panel/tokens/{KEY}.txt", "panel 2\n",
                "Register the gate room's second panel\n\nThe second panel reads the gate "
                "positions because the first one is slow, so the operators see them sooner.")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic",
                     "--since", git(repo, "rev-list", "--max-parents=0", "HEAD").stdout.strip())
    assert "second panel" in done.stdout + done.stderr
    assert KEY not in done.stdout + done.stderr
    assert "ops/panel/tokens/[REDACTED:path].txt" in done.stdout + done.stderr


def test_a_symbolic_links_target_is_masked_as_a_path() -> None:
    """sealed35 (read after its blind run): a committed link to
    `/secrets/mangel/<key>` showed the key in the diff sent to the model, as the link's
    content.  A link's lines are a path, masked as one; a file's lines are not."""
    from gitmemory.secrets.pathnames import masked_lines

    key = "25Y6qLk9Pz3Rt7Vw2Xc8Bn4Mj6Hd1Fs5Ga0"
    diff = ("diff --git a/ops/token b/ops/token\nnew file mode 120000\nindex 0000000..1a2b3c4\n"
            "--- /dev/null\n+++ b/ops/token\n@@ -0,0 +1 @@\n+/secrets/mangel/" + key + "\n"
            "\\ No newline at end of file\n"
            "diff --git a/docs/qc.md b/docs/qc.md\nnew file mode 100644\n--- /dev/null\n"
            "+++ b/docs/qc.md\n@@ -0,0 +1 @@\n+see /secrets/mangel/" + key + "\n")
    out = masked_lines(diff)
    assert "+/secrets/mangel/[REDACTED:path]\n" in out
    assert "+see /secrets/mangel/" + key in out  # a file's text is the other scans' to judge
