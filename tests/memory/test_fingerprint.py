"""Fresh by the lines it cites (memory/fingerprint.py): an item that names a function of a
file it cites keeps a fingerprint of that function's lines; when they change the item is
shown as changed since its commit, everywhere it is read, and ranks after the others."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import fingerprint, markdown
from gitmemory.memory.markdown import Item, Memory
from gitmemory.repo import Repo
from testing.agents import claude_reads
from testing.gitrepo import commit_file, gitmemory, set_up
from testing.gitrepo import git as run_git
from testing.memory import update

APP = '''import tomllib


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def render_page(fields):
    return "".join(escape(f) for f in fields)
'''
LOADS = "`load_config` reads the TOML file once, at start-up"
RENDERS = "`render_page` escapes every field it is given"


@pytest.fixture
def cited(repo: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """Two items citing two functions of src/app.py, written by gitmemory's writer."""
    set_up(repo, "offline")
    sha = commit_file(repo, "src/app.py", APP, "Add the app")
    monkeypatch.chdir(repo)

    def add_items(memory: Memory) -> Memory:
        memory.sections["conventions"] += [Item(LOADS, (sha[:7],), ("src/app.py",)),
                                           Item(RENDERS, (sha[:7],), ("src/app.py",))]
        return memory

    update(Repo.open(), "main", add_items)
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "memory")
    return repo, sha[:7]


def _items(repo: Path) -> dict[str, Item]:
    memory = markdown.parse((repo / ".gitmemory/branches/main.md").read_text())
    assert memory is not None
    return {item.text: item for item in memory.sections["conventions"]}


def test_the_writer_keeps_a_fingerprint_of_the_cited_function_at_its_commit(
        cited: tuple[Path, str]) -> None:
    repo, sha = cited
    items = _items(repo)
    found = fingerprint.stored(items[LOADS])
    assert found is not None and found[1] == sha
    assert fingerprint.stored(items[RENDERS]) not in (None, found)  # another function
    text = (repo / ".gitmemory/branches/main.md").read_text()
    assert f"(refs: {sha}; paths: src/app.py; lines: {found[0]} at {sha})" in text
    # a format-2 reader keeps the key: an unknown key beside paths
    assert markdown.parse(text) == markdown.parse(markdown.generate(markdown.parse(text)))


def test_an_item_whose_function_changed_is_marked_everywhere_and_ranks_last(
        cited: tuple[Path, str]) -> None:
    repo, sha = cited
    commit_file(repo, "src/app.py", APP.replace('"rb"', '"rb", buffering=0'), "Unbuffered")
    gitmemory(repo, "generate")
    claude = claude_reads(repo)  # items about src/ are in Claude Code's rule file for it
    loads = next(line for line in claude.splitlines() if "load_config" in line)
    renders = next(line for line in claude.splitlines() if "render_page" in line)
    assert loads.endswith(f"[changed since {sha}]")
    assert "changed since" not in renders
    assert claude.index(renders) < claude.index(loads)  # ranked after the others
    assert "lines:" not in claude  # the hash is the writer's, not the agent's
    shown = gitmemory(repo, "show").stdout
    assert "load_config` reads the TOML file once" in shown
    assert f"[changed since {sha}: the code it cites]" in shown
    assert shown.count("changed since") == 1
    found = json.loads(gitmemory(repo, "search", "--json", "TOML").stdout)
    (hit,) = [r for r in found["hits"] if "load_config" in r["text"]]
    assert hit["changed_since"] == sha
    from gitmemory.recall.server import Library  # the MCP server's answers

    answers = Library(str(repo), str(repo / ".git" / "gitmemory"))
    items = answers.branch_memory("main")["sections"]["conventions"]
    assert {i["text"].split("`")[1]: i["changed_since"] for i in items} == \
        {"load_config": sha, "render_page": None}
    (mcp_hit,) = answers.search_memory("TOML file", None, None, 5)["hits"]
    assert mcp_hit["changed_since"] == sha


def test_untouched_lines_leave_the_item_as_it_was(cited: tuple[Path, str]) -> None:
    repo, _ = cited
    commit_file(repo, "src/app.py", APP + "\n\ndef unrelated():\n    return 1\n", "More")
    gitmemory(repo, "generate")
    assert "load_config" in claude_reads(repo)
    assert "changed since" not in claude_reads(repo)
    assert "changed since" not in gitmemory(repo, "show").stdout


def test_maintain_offline_lists_the_items_to_check_again(cited: tuple[Path, str]) -> None:
    repo, sha = cited
    commit_file(repo, "src/app.py", APP.replace("escape(f)", "html(f)"), "Escape as html")
    done = gitmemory(repo, "maintain")
    assert f"changed since {sha}" in done.stdout and "render_page" in done.stdout
    assert "load_config" not in done.stdout


@pytest.mark.parametrize(("text", "names"), [
    ("`load_config` reads it", ["load_config"]),
    ("Config.load() caches the file; see `parse()`", ["load", "parse"]),
    ("Use `x` and `a b` and `9lives`", []),
    ("Retries run_all() three times", ["run_all"]),
])
def test_the_symbols_an_item_names(text: str, names: list[str]) -> None:
    assert fingerprint.symbols(text) == names


def test_definitions_in_several_languages() -> None:
    go = "package x\n\nfunc Parse(s string) int {\n\treturn 1\n}\n\nfunc Other() {}\n"
    assert fingerprint.block(go, "Parse") == ["func Parse(s string) int {", "\treturn 1"]
    ts = "export const LIMIT = 3;\nexport function load(p: string) {\n  return p;\n}\n"
    assert fingerprint.block(ts, "LIMIT") == ["export const LIMIT = 3;"]
    assert fingerprint.block(ts, "load") == ["export function load(p: string) {",
                                             "  return p;"]
    java = "class A {\n    public int size(List x) {\n        return 0;\n    }\n}\n"
    assert fingerprint.block(java, "size") == ["    public int size(List x) {",
                                               "        return 0;"]
    assert fingerprint.block("x = size(a) + 1\n", "size") is None  # a call, not a definition


def test_no_fingerprint_without_a_symbol_found_in_the_cited_files() -> None:
    item = Item("The api layer returns dicts", ("abc1234",), ("src/api.py",))
    assert fingerprint.cited(item) == (["src/api.py"], [])
    assert fingerprint.changed_since(item, lambda _: "def x(): pass\n") is None
    assert fingerprint.digest(["def other():\n    pass\n"], ["load_config"]) is None


def test_maintain_has_a_model_check_again_and_keeps_its_verdicts(repo: Path,
                                                                 monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    from gitmemory.maintenance import recheck
    from gitmemory.maintenance.chores import left_to_ci, writable
    from testing.fake_provider import FakeLLM

    set_up(repo, "offline")
    sha = commit_file(repo, "src/app.py", APP, "Add the app")[:7]
    run_git(repo, "checkout", "-q", "-b", "feature")
    monkeypatch.chdir(repo)

    def add_items(memory: Memory) -> Memory:
        memory.sections["conventions"] += [Item(LOADS, (sha,), ("src/app.py",)),
                                           Item(RENDERS, (sha,), ("src/app.py",))]
        return memory

    update(Repo.open(), "feature", add_items)
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "memory")
    commit_file(repo, "src/app.py", APP.replace("escape(f)", "html(f)"), "Escape as html")
    run_git(repo, "checkout", "-q", "main")  # maintain writes to branches not checked out
    model = FakeLLM().enqueue(json.dumps({"verdicts": [
        {"note": 1, "verdict": "update", "text": "`render_page` escapes every field as HTML"}]}))
    def may_write(branch: str, loc: object) -> bool:
        return writable(Repo.open(), branch, loc) and not left_to_ci(Repo.open(), branch)  # type: ignore[arg-type]

    lines = recheck.run(Repo.open(), model, may_write)
    assert lines == ["check again feature: 0 still hold, 1 rewritten, 0 removed "
                     "(their cited code changed)"]
    (asked,) = model.history
    assert "render_page" in asked.prompt and "html(f)" in asked.prompt  # the code now
    assert "load_config" not in asked.prompt  # unchanged: not asked about
    text = run_git(repo, "show", "feature:.gitmemory/branches/feature.md").stdout
    stored = {i.text: i for i in markdown.parse(text).sections["conventions"]}  # type: ignore[union-attr]
    rewritten = stored["`render_page` escapes every field as HTML"]
    tip = run_git(repo, "rev-parse", "--short=7", "feature~1").stdout.strip()
    assert fingerprint.stored(rewritten)[1] == tip  # type: ignore[index]
    assert recheck.run(Repo.open(), FakeLLM(), may_write) == []  # nothing changed: no call


def test_an_item_reworded_to_name_another_function_rests_on_that_one(
        cited: tuple[Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    repo, sha = cited
    monkeypatch.chdir(repo)

    def reword(memory: Memory) -> Memory:
        items = memory.sections["conventions"]
        items[0] = items[0].replace(text="`render_page` is called once a request")
        return memory

    update(Repo.open(), "main", reword)
    items = _items(repo)
    moved = fingerprint.stored(items["`render_page` is called once a request"])
    assert moved is not None and moved[1] == sha
    assert moved == fingerprint.stored(items[RENDERS])  # the same lines, at the same commit
    gitmemory(repo, "generate")
    assert "changed since" not in claude_reads(repo)
