"""How much of the memory gitmemory writes is worth an agent's context, judged by hand.

    python bench/memory_quality.py [--mirrors DIR] [--split held-out|tuning|all]
                                   [--window ID ...] [--provider NAME ...] [--show]
                                   [--source DIR]

For each window of ``bench/quality/windows.toml`` (the non-merge commits of
``first^..last`` of a public repository), a shared clone of the mirror at
``DIR/<mirror>/repo`` (or ``DIR/<mirror>``) gets a branch at ``last`` and the
command users run, ``gitmemory memorize --provider P --since <first>^``,
repeated while commits are left pending (the context cap may cut a run
short).  The memory file it leaves is judged against the labels of
``bench/quality/labels/*.toml``, written by hand (see bench/quality/README.md
for the format and the matching rule), and the figures are printed per
split (``tuning``: repositories the extractor was tuned on; ``held-out``: only
measured) and per provider: precision, recall, misfiled, wrong, restated
subjects, items per window and useful items per window.  Items no label
matches are listed (``--show`` lists every item with its verdict, ``C`` for an
item read from commits, ``R`` for one read from the repository's files): judge
them and add labels, the figures count them as not useful until then.

``offline`` always runs; ``anthropic`` too when ``ANTHROPIC_API_KEY`` is set.
A repository whose mirror is absent is skipped with one line.  ``--source``
runs another checkout of gitmemory (e.g. a worktree of an older commit) to
measure it with today's labels.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.quality_judge import Judged, Label, judge  # noqa: E402
from gitmemory.memory.markdown import SECTION_IDS, parse  # noqa: E402
from gitmemory.reading.project import slot  # noqa: E402
from testing.gitrepo import isolated_env  # noqa: E402

WINDOWS = HERE / "quality" / "windows.toml"
LABELS = HERE / "quality" / "labels"
MAX_RUNS = 8


@dataclass(frozen=True)
class Window:
    id: str
    repository: str
    mirror: str
    first: str
    last: str


@dataclass
class Outcome:
    window: Window
    split: str
    provider: str
    judged: list[Judged]
    labels: list[Label]
    runs: int
    subjects: list[str]
    from_commits: list[bool]  # per judged item: read from commits, not the repository's files


def load_windows(path: Path = WINDOWS) -> list[Window]:
    data = tomllib.loads(path.read_text())
    return [Window(w["id"], w["repository"], w["mirror"], w["first"], w["last"])
            for w in data["window"]]


def load_labels(directory: Path = LABELS) -> tuple[dict[str, str], dict[str, list[Label]]]:
    """(repository -> split, window id -> labels)."""
    splits: dict[str, str] = {}
    labels: dict[str, list[Label]] = {}
    for path in sorted(directory.glob("*.toml")):
        data = tomllib.loads(path.read_text())
        splits[data["repository"]] = data["split"]
        for n, raw in enumerate(data.get("label", [])):
            label = Label.from_toml(raw, f"{path.name}#{n}")
            labels.setdefault(label.window, []).append(label)
    return splits, labels


def mirror_dir(mirrors: Path, name: str) -> Path | None:
    for candidate in (mirrors / name / "repo", mirrors / name):
        if (candidate / "HEAD").is_file() or (candidate / ".git").exists():
            return candidate
    return None


def git(cwd: Path, *args: str, env: dict[str, str]) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, env=env,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed in {cwd}: {done.stderr.strip()}")
    return done.stdout


def run_window(window: Window, mirror: Path, provider: str, source: Path, tmp: Path
               ) -> tuple[str, int, list[str]]:
    """The memory file the window leaves, the memorize runs it took, the subjects."""
    env = isolated_env(tmp / "home")
    env["PYTHONPATH"] = str(source)
    env["GITMEMORY_BACKGROUND_MAINTENANCE"] = "false"
    for key in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        if key in os.environ:
            env[key] = os.environ[key]
    clone = tmp / f"{window.id}-{provider}"
    git(tmp, "clone", "--quiet", "--shared", "--no-checkout", str(mirror), str(clone), env=env)
    branch = git(clone, "symbolic-ref", "--short", "HEAD", env=env).strip()
    git(clone, "checkout", "--quiet", "-B", branch, window.last, env=env)
    subjects = git(clone, "log", "--no-merges", "--format=%s", f"{window.first}^..{window.last}",
                   env=env).splitlines()
    args = ["--since", f"{window.first}^"]
    runs = 0
    while runs < MAX_RUNS:
        done = subprocess.run([sys.executable, "-m", "gitmemory", "memorize", "--provider",
                               provider, *args], cwd=clone, capture_output=True, text=True,
                              env=env, check=False)
        runs += 1
        if done.returncode != 0:
            raise SystemExit(f"{window.id}: memorize failed: {done.stderr.strip()}")
        if "still pending" not in done.stdout:
            break
        args = []
    memory = clone / ".gitmemory" / "branches" / f"{branch}.md"
    return (memory.read_text() if memory.exists() else ""), runs, subjects


def measure(window: Window, split: str, provider: str, labels: list[Label], *,
            mirror: Path, source: Path, tmp: Path) -> Outcome:
    text, runs, subjects = run_window(window, mirror, provider, source, tmp)
    memory = parse(text) if text else None
    found = [(sid, item) for sid in SECTION_IDS
             for item in (memory.sections[sid] if memory else [])]
    items = [(sid, item.text) for sid, item in found]
    return Outcome(window, split, provider, judge(items, labels, subjects), labels, runs,
                   subjects, [slot(item.text) is None for _, item in found])


def report(outcomes: list[Outcome], show: bool) -> None:
    for o in outcomes:
        useful = sum(j.useful for j in o.judged)
        print(f"\n{o.window.id} [{o.split}, {o.provider}] {o.window.repository} "
              f"{o.window.first[:10]}^..{o.window.last[:10]}: {len(o.judged)} items, "
              f"{useful} useful ({o.runs} memorize run(s))")
        for j, commits in zip(o.judged, o.from_commits, strict=True):
            if show or j.verdict == "unjudged":
                flag = " RESTATED" if j.restated else ""
                print(f"  {j.verdict:9} {'C' if commits else 'R'} {j.section:23} {j.text}{flag}")
    groups: dict[tuple[str, str], list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault((o.split, o.provider), []).append(o)
    print()
    for (split, provider), group in sorted(groups.items()):
        print(summary(split, provider, group))


def summary(split: str, provider: str, group: list[Outcome]) -> str:
    judged = [j for o in group for j in o.judged]
    produced = len(judged)
    useful = sum(j.useful for j in judged)
    misfiled = sum(j.verdict == "misfiled" for j in judged)
    wrong = sum(j.verdict in ("wrong", "misfiled") for j in judged)
    unjudged = sum(j.verdict == "unjudged" for j in judged)
    wanted = [lab for o in group for lab in o.labels if lab.verdict == "useful"]
    found = {id(j.label) for j in judged if j.label is not None and j.label.verdict == "useful"}
    recall = sum(id(lab) in found for lab in wanted)
    matched_useful = sum(j.label is not None and j.label.verdict == "useful" for j in judged)
    windows = len(group)
    ours = [j for o in group for j, c in zip(o.judged, o.from_commits, strict=True) if c]
    ours_useful = sum(j.useful for j in ours)
    return "\n".join([
        f"{split} / {provider}: {windows} window(s), {produced} items, {useful} useful",
        f"  precision        {_pct(useful, produced)}  (useful and filed right / produced)",
        f"  recall           {_pct(recall, len(wanted))}  ({recall} of {len(wanted)} "
        "labelled useful items found)",
        f"  misfiled rate    {_pct(misfiled, matched_useful)}  ({misfiled} of {matched_useful} "
        "useful items in the wrong section)",
        f"  wrong            {wrong}  (judged wrong, or misfiled)",
        f"  restated subject {sum(j.restated for j in judged)}",
        f"  from commits     {_pct(ours_useful, len(ours))}  ({ours_useful} of {len(ours)} items "
        "read from commits are useful; the rest were read from the repository's files)",
        f"  items per window {produced / windows:.1f}; useful per window {useful / windows:.1f}; "
        f"unjudged {unjudged}",
    ])


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path(os.environ.get(
        "GITMEMORY_BENCH_MIRRORS", "/work/.mirror")))
    parser.add_argument("--split", choices=("held-out", "tuning", "all"), default="all")
    parser.add_argument("--window", action="append", default=[])
    parser.add_argument("--provider", action="append", default=[])
    parser.add_argument("--source", type=Path, default=HERE.parent,
                        help="the gitmemory checkout to run (default: this one)")
    parser.add_argument("--show", action="store_true", help="list every item with its verdict")
    args = parser.parse_args()
    providers = args.provider or ["offline", *(["anthropic"] if os.environ.get(
        "ANTHROPIC_API_KEY") else [])]
    splits, labels = load_labels()
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="gitmemory-quality-") as tmp:
        for window in load_windows():
            split = splits.get(window.repository, "unlabelled")
            if (args.window and window.id not in args.window) or \
                    args.split not in ("all", split):
                continue
            mirror = mirror_dir(args.mirrors, window.mirror)
            if mirror is None:
                print(f"skip {window.id}: no mirror of {window.repository} under {args.mirrors}")
                continue
            for provider in providers:
                outcomes.append(measure(window, split, provider, labels.get(window.id, []),
                                        mirror=mirror, source=args.source.resolve(),
                                        tmp=Path(tmp)))
    report(outcomes, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
