"""What one extraction call costs: input tokens and items per call, per window of history.

Each window is a stretch of a public repository's history (``first..last``,
about 50 commits, read from a local mirror; windows without a mirror are
skipped).  For each window the branch first gets the memory the offline
extractor makes of the 50 commits before the window, as a branch that has
been memorized before would have; then the window is memorized twice:

- with the ``anthropic`` provider, through the real SDK, against the fake
  Messages API server on loopback that answers "nothing to extract": the
  figures are what that server received (request body bytes, and input
  tokens as characters / 4 of the system prompt and messages, no tokenizer
  being installed), for every extraction call the window took;
- with the offline extractor: the items one call added (``--show-items``
  prints them, to be read and judged).

``--before REV`` measures the same windows with the code of commit ``REV``
of this repository too (from ``git archive``, in a subprocess), and prints
both.

    python bench/context_cost.py [--windows FILE.toml] [--before REV] [--show-items]

The windows file holds ``[[window]]`` tables with ``name``, ``repository``
(owner/name), ``mirror`` (a path, or a name under ``--mirrors``; default
``owner+name/repo``), ``first`` and ``last`` (``since``/``until`` and
``base``/``head`` are read too).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CODE_ENV = "CONTEXT_COST_CODE"  # not GITMEMORY_*: gitmemory reads those as settings
sys.path.insert(0, os.environ.get(CODE_ENV) or str(ROOT))

NOTHING = '{"no_content_to_extract": true}'
WARM_COMMITS = 50


# windows -----------------------------------------------------------------------------------

def read_windows(path: Path, mirrors: Path) -> list[dict[str, str]]:
    import tomllib

    table = tomllib.loads(path.read_text("utf-8"))
    raw = table.get("window") or table.get("windows") or []
    windows = []
    for entry in raw:
        repository = entry.get("repository") or entry.get("repo") or ""
        mirror = entry.get("mirror") or repository.replace("/", "+")
        where = Path(mirror) if os.path.isabs(mirror) else mirrors / mirror
        if (where / "repo").is_dir():
            where = where / "repo"
        windows.append({
            "name": entry.get("name") or repository,
            "repository": repository,
            "mirror": str(where),
            "first": entry.get("first") or entry.get("since") or entry.get("base") or "",
            "last": entry.get("last") or entry.get("until") or entry.get("head") or "",
        })
    return windows


# one measurement (runs in a subprocess with the code under test first on sys.path) --------

def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def _clone(window: dict[str, str], where: Path) -> Path:
    repo = where / "repo"
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", window["mirror"],
                    str(repo)], check=True)
    _git(repo, "checkout", "-q", "-b", "window", window["last"])
    return repo


def _memorize(repo: Path, branch: str, provider: object, **options: object) -> Any:
    """One run that writes the branch's memory, by the API of the checkout measured (0.3
    names a run mode; 0.2 took flags)."""
    from gitmemory.pipeline.memorize import memorize
    from gitmemory.repo import Repo

    try:
        from gitmemory.pipeline.mode import WORK_TREE
    except ImportError:  # a checkout before run modes
        return memorize(Repo.open(str(repo)), branch, provider, **options)
    return memorize(Repo.open(str(repo)), branch, provider, WORK_TREE, **options)


def _warm(repo: Path, first: str) -> object:
    """The memory the offline extractor makes of the commits before the window, stored as
    the window branch's memory with ``Through:`` at its first commit."""
    from gitmemory.memory import markdown
    from gitmemory.providers.offline import OfflineProvider

    first = _git(repo, "rev-parse", first)
    older = _git(repo, "rev-list", "--no-merges", "-n", str(WARM_COMMITS + 1), first).split()
    _git(repo, "branch", "-q", "warm", first)
    _memorize(repo, "warm", OfflineProvider(), since=older[-1])
    # warm is not checked out: its memory went into a memory commit on it
    listing = _git(repo, "ls-tree", "--name-only", "warm:.gitmemory/branches") \
        if _git(repo, "ls-tree", "warm", ".gitmemory") else ""
    names = [name for name in listing.split("\n") if name.endswith(".md")]
    memory = markdown.parse(_git(repo, "show", f"warm:.gitmemory/branches/{names[0]}")) \
        if names else None
    branches = repo / ".gitmemory" / "branches"
    memory = memory or markdown.Memory("window")
    memory.branch, memory.through = "window", first
    branches.mkdir(parents=True, exist_ok=True)
    (branches / "window.md").write_text(markdown.generate(memory), "utf-8")
    return memory


def _items(memory: object) -> list[tuple[str, str]]:
    sections = getattr(memory, "sections", {}) or {}
    return [(sid, item.text) for sid, items in sections.items() for item in items]


def measure_offline(window: dict[str, str], where: Path) -> dict[str, object]:
    from gitmemory.memory import markdown
    from gitmemory.providers.offline import OfflineProvider

    repo = _clone(window, where)
    before = set(_items(_warm(repo, window["first"])))
    calls, added = 0, []
    while True:
        result = _memorize(repo, "window", OfflineProvider())
        calls += result.status in ("success", "empty")
        memory = markdown.parse((repo / ".gitmemory/branches/window.md").read_text("utf-8"))
        added = [item for item in _items(memory) if item not in before]
        if not result.remaining or result.status == "error":
            break
    return {"calls": calls, "items": added, "known": sorted(before)}


def measure_anthropic(window: dict[str, str], where: Path) -> dict[str, object]:
    from gitmemory.providers.anthropic_provider import AnthropicProvider
    from testing.fake_anthropic import FAKE_KEY, FakeAnthropic

    repo = _clone(window, where)
    _warm(repo, window["first"])
    fake = FakeAnthropic().start()
    os.environ.update({"ANTHROPIC_API_KEY": FAKE_KEY, "ANTHROPIC_BASE_URL": fake.url})
    try:
        for _ in range(10):
            fake.text(NOTHING)
            result = _memorize(repo, "window", AnthropicProvider())
            if not result.remaining or result.status == "error":
                break
    finally:
        fake.close()
    calls = []
    with_diff = _with_diff(repo, window)
    diffs = {"with_diff": 0, "unseen": 0, "diff_chars": 0, "changed_chars": 0}
    for request in fake.requests:
        body = request.body
        prompt = "".join(m.get("content", "") if isinstance(m.get("content"), str) else
                         json.dumps(m.get("content")) for m in body.get("messages", []))
        if "Extract the durable knowledge" not in prompt:
            continue  # an evolution call; none is made when nothing is extracted
        chars = len(body.get("system", "") if isinstance(body.get("system"), str) else
                    json.dumps(body.get("system"))) + len(prompt)
        calls.append({"bytes": len(json.dumps(body, ensure_ascii=False).encode()),
                      "tokens": chars // 4, "commits": _batch_size(prompt)})
        for key, value in _diff_figures(_text(body), with_diff).items():
            diffs[key] += value
    return {"calls": calls, "status": result.status, "diffs": diffs}


def _text(body: dict[str, object]) -> str:
    """The text of a request's messages, whether each content is a string or blocks."""
    out = []
    for message in body.get("messages", []):  # type: ignore[attr-defined]
        content = message.get("content", "")
        blocks = [content] if isinstance(content, str) else [
            b.get("text", "") for b in content if isinstance(b, dict)]
        out += [b for b in blocks if isinstance(b, str)]
    return "\n".join(out)


def _with_diff(repo: Path, window: dict[str, str]) -> set[str]:
    """The short shas of the window's commits a model is sent that have a diff to show: a
    changed line in a file that is not deleted whole (what triage and lean leave)."""
    from gitmemory.config import DEFAULT_EXCLUDES, DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS
    from gitmemory.sources.commits.history import History, file_patches
    from gitmemory.sources.commits.triage import triage

    shas = _git(repo, "rev-list", "--reverse", "--no-merges",
                f"{window['first']}..{window['last']}").split()
    commits = History(str(repo)).collect(shas, list(DEFAULT_EXCLUDES))
    found = set()
    for commit in triage(commits, list(DEFAULT_SKIP_AUTHORS), list(DEFAULT_SKIP_PATHS)).sent:
        for _, patch in file_patches(commit.diff):
            head = patch.partition("\n@@")[0]
            if "deleted file mode" not in head and any(
                    line[:1] in ("+", "-") and not line.startswith(("+++ ", "--- "))
                    for line in patch.partition("\n@@")[2].split("\n")):
                found.add(commit.short)
                break
    return found


def _diff_figures(prompt: str, with_diff: set[str]) -> dict[str, int]:
    """For one extraction prompt: commits with a diff, those whose changed lines did not
    appear, and the characters of diff text and of changed lines in it."""
    out = {"with_diff": 0, "unseen": 0, "diff_chars": 0, "changed_chars": 0}
    records = prompt.rsplit("</commits-", 1)[0]
    for block in re.split(r"(?m)^(?=### commit )", records)[1:]:
        short = block.split(None, 3)[2]
        diff = block.split("\nDiff:\n", 1)[1] if "\nDiff:\n" in block else ""
        lines = [line for line in diff.split("\n")
                 if line and "commits follow in the next request" not in line]
        changed = [line for line in lines if line[:1] in ("+", "-") and
                   not line.startswith(("+++ ", "--- "))]
        out["diff_chars"] += sum(len(line) + 1 for line in lines)
        out["changed_chars"] += sum(len(line) + 1 for line in changed)
        if short in with_diff:
            out["with_diff"] += 1
            out["unseen"] += not changed
    return out


def _batch_size(prompt: str) -> int:
    """The commits an extraction prompt names (``Commits in this batch, oldest first: ...``)."""
    for line in prompt.splitlines():
        if line.startswith("Commits in this batch"):
            return len(line.partition(":")[2].split(","))
    return 0


def measure(window: dict[str, str]) -> dict[str, object]:
    import gitmemory
    from testing.gitrepo import isolated_env

    code = os.environ.get(CODE_ENV) or str(ROOT)
    if not Path(gitmemory.__file__).resolve().is_relative_to(Path(code).resolve()):
        raise SystemExit(f"measuring the wrong code: {gitmemory.__file__} is not in {code}")
    with tempfile.TemporaryDirectory(prefix="context-cost-") as tmp:
        os.environ.update(isolated_env(Path(tmp) / "home"))
        total = int(_git(Path(window["mirror"]), "rev-list", "--count", "--no-merges",
                         f"{window['first']}..{window['last']}"))
        out: dict[str, object] = {"commits": total}
        out["anthropic"] = measure_anthropic(window, Path(tmp) / "a")
        out["offline"] = measure_offline(window, Path(tmp) / "o")
        return out


# driver ------------------------------------------------------------------------------------

def run_with(code: Path | None, window: dict[str, str]) -> dict[str, object]:
    env = dict(os.environ)
    if code is not None:
        env[CODE_ENV] = str(code)
    done = subprocess.run([sys.executable, __file__, "--measure", json.dumps(window)],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{window['name']}: measuring failed:\n{done.stderr[-3000:]}")
    return dict(json.loads(done.stdout.splitlines()[-1]))


def report(name: str, label: str, figures: dict[str, object], show: bool) -> None:
    calls = figures["anthropic"]["calls"]  # type: ignore[index]
    offline = figures["offline"]  # type: ignore[assignment]
    tokens = [c["tokens"] for c in calls]
    sizes = [c["bytes"] for c in calls]
    sent = sum(c["commits"] for c in calls)
    per_call = max(tokens) if tokens else 0
    diffs: dict[str, int] = dict(figures["anthropic"].get("diffs") or {})  # type: ignore[attr-defined]
    unseen = f"{diffs.get('unseen', 0)}/{diffs.get('with_diff', 0)}"
    changed = 100 * diffs.get("changed_chars", 0) / max(diffs.get("diff_chars", 0), 1)
    mean = sum(tokens) // max(len(tokens), 1)
    print(f"{name:24} {label:7} {figures['commits']:7} {len(calls):5} {sent:8} "
          f"{per_call:10,} {mean:9,} {max(sizes, default=0) / 1000:8.1f} {unseen:>8} "
          f"{changed:7.0f}% {len(offline['known']):6} {offline['calls']:7} "  # type: ignore[index]
          f"{len(offline['items']):6}")  # type: ignore[index]
    if show:
        for section, text in offline["known"]:  # type: ignore[index]
            print(f"      known  [{section}] {text}")
        for section, text in offline["items"]:  # type: ignore[index]
            print(f"      added  [{section}] {text}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--windows", type=Path, default=ROOT / "bench" / "context_windows.toml")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--before", help="also measure the code of this commit of gitmemory")
    parser.add_argument("--show-items", action="store_true",
                        help="print the items the offline extractor added, to judge them")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(json.loads(args.measure))))
        return 0
    windows = read_windows(args.windows, args.mirrors)
    with tempfile.TemporaryDirectory(prefix="context-cost-code-") as tmp:
        versions: list[tuple[str, Path | None]] = [("after", None)]
        if args.before:
            code = Path(tmp) / "before"
            code.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.before],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(code)], input=archive, check=True)
            versions.insert(0, ("before", code))
        print(f"{'window':24} {'code':7} {'commits':>7} {'calls':>5} {'sent':>8} "
              f"{'tokens/call':>10} {'mean/call':>9} {'KB/call':>8} {'unseen':>8} {'changed':>8} "
              f"{'known':>6} {'offline':>7} {'items':>6}")
        for window in windows:
            if not window["first"] or not window["last"]:
                print(f"{window['name']:24} skipped: the window needs a first and a last commit")
                continue
            if not Path(window["mirror"]).is_dir():
                print(f"{window['name']:24} skipped: no mirror at {window['mirror']}")
                continue
            for label, code_dir in versions:
                report(window["name"], label, run_with(code_dir, window), args.show_items)
    print("tokens/call: the largest extraction call (characters / 4 of system prompt and "
          "messages, as the fake Messages API received them); mean/call: the mean over the "
          "window's calls; sent: commits in those calls; unseen: commits with a diff whose "
          "changed lines did not appear / commits with a diff; changed: changed lines' share "
          "of the diff text; known: items the branch's memory held before the window; "
          "offline/items: the offline extractor's calls and the items they added")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
