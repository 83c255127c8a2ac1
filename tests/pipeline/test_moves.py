"""Moves are followed when memory evolves (issue 34, item 3): a project rewrites
`index.js` into TypeScript under `source/` (not a rename git can detect), and at the next
memorize every item that is still true stays, anchored to where its code lives now; an
item whose function is gone goes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import fingerprint, markdown
from gitmemory.memory.markdown import Item, Memory
from gitmemory.pipeline import relocate
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import WORK_TREE
from gitmemory.providers.anthropic_provider import AnthropicProvider
from gitmemory.repo import Repo
from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import git, gitmemory, set_up

INDEX_JS = """\
'use strict';
const {EventEmitter} = require('events');

const normalizeOptions = options => ({...options, retry: options.retry ?? 2});

function parseRetryAfter(header) {
  const seconds = Number(header);
  return Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
}

class TimeoutError extends Error {}

function legacyCallback(promise, callback) {
  promise.then(value => callback(null, value), callback);
}

module.exports = (url, options) => request(url, normalizeOptions(options));
module.exports.legacyCallback = legacyCallback;
"""
INDEX_TS = """\
import {parseRetryAfter} from './utils/retry.js';
import {TimeoutError} from './errors.js';

export type Options = {retry?: number; timeout?: number};

const normalizeOptions = (options: Options): Options => ({...options, retry: options.retry ?? 2});

export default async function ky(url: string, options: Options = {}) {
  const normalized = normalizeOptions(options);
  return send(url, normalized, parseRetryAfter, TimeoutError);
}
"""
RETRY_TS = """\
export function parseRetryAfter(header: string): number {
  const seconds = Number(header);
  return Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
}
"""
ERRORS_TS = "export class TimeoutError extends Error {\n  name = 'TimeoutError';\n}\n"

NORMALIZE = "`normalizeOptions()` in index.js fills in `retry: 2` when the caller gives none"
RETRY_AFTER = ("parseRetryAfter() reads Retry-After as seconds or an HTTP date, so a date in "
               "the past means retry at once")
TIMEOUT = "A request past its timeout rejects with TimeoutError, never resolves undefined"
EXPORT = "The default export of index.js stays a plain function for existing callers"
LEGACY = "`legacyCallback()` adapts the promise API to Node-style callbacks for old callers"


def _memory(repo: Path, branch: str = "main") -> Memory:
    parsed = markdown.parse((repo / ".gitmemory" / "branches" / f"{branch}.md").read_text())
    assert parsed is not None
    return parsed


def _items(repo: Path) -> dict[str, Item]:
    return {i.text: i for items in _memory(repo).sections.values() for i in items}


def _commit_memory(repo: Path, memory: Memory) -> None:
    path = repo / ".gitmemory" / "branches" / "main.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(markdown.generate(memory))
    git(repo, "add", "-A", ".gitmemory")
    git(repo, "commit", "-q", "-m", "memory for main")


@pytest.fixture
def moved(repo: Path) -> Path:
    """main: index.js with memory about it, then a commit that rewrites it into source/."""
    return _moved(repo)


def _moved(repo: Path, legacy: bool = True, stamped: bool = False) -> Path:
    set_up(repo, "offline")
    (repo / "index.js").write_text(INDEX_JS)
    git(repo, "add", "index.js")
    git(repo, "commit", "-q", "-m", "feat: the request function")
    js = git(repo, "rev-parse", "--short", "HEAD").stdout.strip()
    head = git(repo, "rev-parse", "HEAD").stdout.strip()
    memory = Memory("main", {
        "facts": [Item(NORMALIZE, (js,), ("index.js",)), Item(EXPORT, (js,), ("index.js",))],
        "architectural-decisions": [],
        "conventions": [Item(LEGACY, (js,), ("index.js",))] if legacy else [],
        "bug-patterns": [Item(RETRY_AFTER, (js,), ("index.js",)),
                         Item(TIMEOUT, (js,), ("index.js",))],
    }, updated="2026-11-21T10:30:00Z", through=head)
    _commit_memory(repo, fingerprint.stamped(memory, str(repo)) if stamped else memory)
    git(repo, "rm", "-q", "index.js")
    for name, text in (("source/index.ts", INDEX_TS), ("source/utils/retry.ts", RETRY_TS),
                       ("source/errors.ts", ERRORS_TS)):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A", "source")
    git(repo, "commit", "-q", "-m", "Move to TypeScript")
    renames = git(repo, "log", "-1", "-M", "--diff-filter=R", "--name-only",
                  "--format=").stdout
    assert renames.strip() == ""  # a rewrite: git's rename detection sees no move
    return repo


def test_items_still_true_after_a_rewrite_into_new_paths_are_re_anchored(moved: Path) -> None:
    done = gitmemory(moved, "memorize")
    items = _items(moved)
    normalize = NORMALIZE.replace("index.js", "source/index.ts")  # the text follows its file
    assert items[normalize].paths == ("source/index.ts",)
    assert items[RETRY_AFTER].paths == ("source/utils/retry.ts",)
    assert items[TIMEOUT].paths == ("source/errors.ts",)
    # names nothing the tree could hold: the file added in its file's place, by name
    assert items[EXPORT.replace("index.js", "source/index.ts")].paths == ("source/index.ts",)
    assert LEGACY not in items  # its function is gone
    assert f"removed (stale: index.js gone): {LEGACY}" in done.stdout
    assert "4 item(s) follow their code to new paths" in done.stdout


def test_a_run_that_only_re_anchors_stores_the_move(repo: Path) -> None:
    """Nothing new learned and nothing removed: the items that follow their code are still
    a change agents see, stored at once (not carried to the next change)."""
    _moved(repo, legacy=False)
    done = gitmemory(repo, "memorize")
    assert "4 item(s) follow their code to new paths" in done.stdout
    assert _items(repo)[TIMEOUT].paths == ("source/errors.ts",)
    assert git(repo, "status", "--porcelain", "--", ".gitmemory").stdout == ""  # committed
    shown = git(repo, "show", "HEAD:.gitmemory/branches/main.md").stdout
    assert "source/errors.ts" in shown


@pytest.mark.slow
def test_the_model_may_give_an_item_new_paths_that_exist_at_the_tip(
        moved: Path, fake_anthropic: FakeAnthropic) -> None:
    """The evolve step: a model that places a current item elsewhere is followed when the
    path exists at the branch's tip; a path the tree lacks is not kept."""
    git(moved, "config", "gitmemory.provider", "anthropic")
    fake_anthropic.text(json.dumps({"extractions": [{
        "section": "conventions", "confidence": 0.9, "refs": [],
        "content": "Source is TypeScript under source/, compiled to distribution/",
        "paths": ["source/"]}]}))
    normalize = NORMALIZE.replace("index.js", "source/index.ts")
    export = EXPORT.replace("index.js", "source/index.ts")
    fake_anthropic.text(json.dumps({"sections": {
        "facts": [{"content": normalize, "paths": ["source/index.ts", "source/options.ts"]},
                  {"content": export}],
        "architectural-decisions": [],
        "conventions": [{"content": "Source is TypeScript under source/, compiled to "
                                    "distribution/", "paths": ["source/"]}],
        "bug-patterns": [{"content": RETRY_AFTER, "paths": ["source/nowhere.ts"]},
                         {"content": TIMEOUT, "paths": ["source/index.ts"]}]},
        "changes": []}))
    result = memorize(Repo.open(str(moved)), "main", AnthropicProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    evolve = fake_anthropic.requests[-1].body
    system = " ".join(json.dumps(evolve["system"]).replace("\\n", " ").split())
    assert "never invent refs or paths" not in system
    assert "exist in the repository" in system
    items = _items(moved)
    assert items[normalize].paths == ("source/index.ts",)  # source/options.ts does not exist
    assert items[export].paths == ("source/index.ts",)  # what it had
    assert items[TIMEOUT].paths == ("source/index.ts",)  # where the model placed it
    assert items[RETRY_AFTER].paths == ("source/utils/retry.ts",)  # the tree lacks nowhere.ts


@pytest.mark.parametrize(("text", "code", "other"), [
    (NORMALIZE, ["normalizeOptions"], []),
    (RETRY_AFTER, ["parseRetryAfter"], []),
    (TIMEOUT, [], ["TimeoutError"]),
    ("HTTPError keeps the response; so does URLSearchParams", [],
     ["HTTPError", "URLSearchParams"]),
    (EXPORT, [], []),
    ("`Cache.get()` returns None on a miss; `setup.cfg` holds MAX_RETRIES",
     ["Cache", "MAX_RETRIES"], []),
    ("`legacyCallback(null, result)` in src/compat.py", ["legacyCallback"], []),
])
def test_the_names_an_item_is_looked_up_by(text: str, code: list[str], other: list[str]
                                            ) -> None:
    found = relocate.names(text)
    assert (found.code, found.other) == (code, other)


def test_a_name_only_the_docs_still_hold_places_nothing(moved: Path) -> None:
    """README and CHANGELOG lines about a removed function do not keep it alive."""
    (moved / "README.md").write_text("Use `legacyCallback()` for callbacks.\n")
    (moved / "CHANGELOG.md").write_text("- legacyCallback() is gone\n")
    git(moved, "add", "-A")
    git(moved, "commit", "-q", "-m", "docs: callbacks")
    done = gitmemory(moved, "memorize")
    assert f"removed (stale: index.js gone): {LEGACY}" in done.stdout


def test_an_item_that_follows_its_code_keeps_the_lines_it_rests_on(repo: Path) -> None:
    """The fingerprint taken where an item's code was (index.js at its commit) stays: the
    rewritten code hashes differently, so the item shows as changed since that commit and
    maintain offers it to be checked again, where before the fingerprint was dropped and
    the rewrite went unseen."""
    _moved(repo, legacy=False, stamped=True)
    before = _items(repo)[NORMALIZE]
    assert fingerprint.stored(before) is not None
    gitmemory(repo, "memorize")
    moved = _items(repo)[NORMALIZE.replace("index.js", "source/index.ts")]
    assert fingerprint.stored(moved) == fingerprint.stored(before)
    read = fingerprint.work_tree_reader(str(repo))
    assert fingerprint.changed_since(moved, read) == fingerprint.stored(before)[1]


def test_an_item_whose_file_was_renamed_unchanged_keeps_its_fingerprint(repo: Path) -> None:
    set_up(repo, "offline")
    (repo / "index.js").write_text(INDEX_JS)
    git(repo, "add", "index.js")
    git(repo, "commit", "-q", "-m", "feat: the request function")
    js = git(repo, "rev-parse", "--short", "HEAD").stdout.strip()
    memory = Memory("main", {"facts": [Item(NORMALIZE, (js,), ("index.js",))],
                             "architectural-decisions": [], "conventions": [],
                             "bug-patterns": []}, updated="2026-11-21T10:30:00Z",
                    through=git(repo, "rev-parse", "HEAD").stdout.strip())
    _commit_memory(repo, fingerprint.stamped(memory, str(repo)))
    (repo / "lib").mkdir()
    git(repo, "mv", "index.js", "lib/index.js")
    git(repo, "commit", "-q", "-m", "Move the entry point under lib/")
    gitmemory(repo, "memorize")
    renamed = _items(repo)[NORMALIZE.replace("index.js", "lib/index.js")]
    assert renamed.paths == ("lib/index.js",)
    assert fingerprint.stored(renamed) is not None
    assert fingerprint.changed_since(renamed, fingerprint.work_tree_reader(str(repo))) is None


KY_TS = """\
export class Ky {
\tprotected _calculateRetryDelay(error: Error) {
\t\treturn Math.min(this._options.retry.maxRetryAfter ?? 0, 1000);
\t}
}
"""
NORMALIZE_TS = """\
export const defaultRetryOptions = {
\tlimit: 2,
\tmaxRetryAfter: undefined,
};
"""
HTTP_ERROR_TS = "export class HTTPError extends Error {\n\tresponse: Response;\n}\n"


def test_the_method_that_defines_a_name_places_an_item_over_a_key_of_that_name(
        repo: Path) -> None:
    """Where ky's rewrite put its code (measured on its history): a class method and a
    class whose name is an acronym place their items; an object's key of the same name,
    or a test helper added under the entry point's name, do not."""
    set_up(repo, "offline")
    (repo / "index.js").write_text(INDEX_JS)
    git(repo, "add", "index.js")
    git(repo, "commit", "-q", "-m", "js")
    start = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "rm", "-q", "index.js")
    for name, text in (("source/core/Ky.ts", KY_TS), ("source/utils/normalize.ts", NORMALIZE_TS),
                       ("source/errors/HTTPError.ts", HTTP_ERROR_TS),
                       ("source/index.ts", INDEX_TS), ("test/helpers/index.ts", "export {};\n")):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Move to TypeScript")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    items = [Item(text, (), ("index.js",)) for text in (
        "`_calculateRetryDelay()` honours Retry-After up to maxRetryAfter",
        "HTTPError carries the response so callers can read its body",
        EXPORT)]
    placed = relocate.relocated(str(repo), items, tip, start, [])
    assert {n: item.paths for n, item in placed.items()} == {
        0: ("source/core/Ky.ts",), 1: ("source/errors/HTTPError.ts",),
        2: ("source/index.ts",)}
