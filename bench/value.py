"""What a new user's memory answers: blind questions on pinned public histories.

    python bench/value.py [--split held-out|tune|fresh|fresh2|all] [--repo NAME ...] [--mirrors DIR]
                          [--provider offline] [--single] [--show] [--keep DIR] [--json]
                          [--source DIR] [--answers FILE] [--dry-run]

The questions of ``bench/value/<split>.toml`` (see bench/value/README.md) were written
from each repository's files and its last 150 first-parent commits before gitmemory ran
on it.  For each repository a local clone of its mirror (``DIR/<mirror>/repo`` or
``DIR/<mirror>``; no network) is checked out at the pin, and gitmemory runs as a new
user would, in child processes with a temporary HOME: ``gitmemory init --hooks none``,
then ``gitmemory memorize --since <pin~150>``, then ``memorize`` again while commits are
pending (``--single``: one run only).  Three texts are judged: the memory files under
``.gitmemory/branches/``, ``CLAUDE.md``, and ``CLAUDE.md`` plus ``.claude/rules/*.md``.
A key is present when all its ``present`` regexes match within one line
(case-insensitive); a ``wrong`` regex matching a line is a wrong hit.  ``--answers``
scores a reader's answers (a TOML table of question id -> answer text) the same way,
without running anything.  ``--dry-run`` runs ``init``, then ``memorize --dry-run``
once, and prints what the provider would be sent for each repository (nothing is
sent, written or judged; with ``--keep`` it is also left in
``DIR/<mirror>/dry-run.txt``).  A repository whose mirror or pin is missing is skipped
with one line.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from testing.gitrepo import isolated_env  # noqa: E402

KINDS = ("commands", "conventions", "history")
TEXTS = ("memory", "CLAUDE.md", "+rules")
MAX_RUNS = 40  # a run that leaves as many commits pending as an earlier one stops sooner
PENDING = re.compile(r"(\d+) commit\(s\) still pending")
# text judged -> question id -> (the lines that hold the key, the lines judged wrong)
Verdict = dict[str, dict[str, tuple[list[str], list[str]]]]


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    present: tuple[str, ...]
    wrong: tuple[str, ...]

    def hits(self, lines: list[str]) -> list[str]:
        """The lines in which every ``present`` regex matches."""
        return [line for line in lines
                if all(re.search(p, line, re.IGNORECASE) for p in self.present)]

    def wrong_lines(self, lines: list[str]) -> list[str]:
        return [line for line in lines if any(re.search(w, line, re.IGNORECASE)
                                              for w in self.wrong)]

    def judge(self, text: str) -> tuple[list[str], list[str]]:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return self.hits(lines), self.wrong_lines(lines)


@dataclass(frozen=True)
class Repository:
    name: str
    mirror: str
    ecosystem: str
    pin: str
    base: str
    split: str
    questions: tuple[Question, ...]


@dataclass
class Outcome:
    repo: Repository
    texts: dict[str, str] = field(default_factory=dict)
    runs: int = 0
    pending: int = 0
    stalled: bool = False  # a run left as many commits pending as an earlier one
    seconds: float = 0.0
    error: str | None = None
    preview: str = ""  # --dry-run: what memorize would send
    held: int = 0  # items of the memory the gate holds out of every agent file


# Every split written so far, oldest first; a new blind split is one more file here.
SPLITS = tuple(sorted((p.stem for p in (HERE / "value").glob("*.toml")),
                      key=lambda n: ("tune", "held-out", "fresh").index(n)
                      if n in ("tune", "held-out", "fresh") else 3))


def load(split: str) -> list[Repository]:
    found = []
    for name in SPLITS if split == "all" else (split,):
        data = tomllib.loads((HERE / "value" / f"{name}.toml").read_text())
        for r in data["repo"]:
            questions = tuple(Question(q["id"], q["kind"], tuple(q["present"]),
                                       tuple(q.get("wrong", ()))) for q in r["question"])
            found.append(Repository(r["name"], r["mirror"], r["ecosystem"], r["pin"],
                                    r["base"], data["split"], questions))
    return found


def mirror_dir(mirrors: Path, name: str) -> Path | None:
    for candidate in (mirrors / name / "repo", mirrors / name):
        if (candidate / "HEAD").is_file() or (candidate / ".git").exists():
            return candidate
    return None


def _env(home: Path, source: Path, provider: str) -> dict[str, str]:
    env = isolated_env(home)  # no user config, empty hook template, no GITMEMORY_*
    env["PYTHONPATH"] = str(source)
    if provider == "offline":  # what a user without a key or the claude CLI gets
        env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                      if not (Path(p) / "claude").exists())
    else:
        env.update({k: v for k, v in os.environ.items() if k.startswith("ANTHROPIC_")})
    return env


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        said = " / ".join((done.stderr or done.stdout).strip().splitlines())
        raise RuntimeError(f"{' '.join(cmd[2:] if cmd[0] == sys.executable else cmd)} "
                           f"failed: {said[-300:]}")
    return done.stdout


def run_tool(repo: Repository, mirror: Path, work: Path, *, provider: str, source: Path,
             single: bool, dry_run: bool = False) -> Outcome:
    """Clone at the pin, run init and memorize as a user would, read the three texts
    (``dry_run``: what the first memorize would send, in ``preview``)."""
    out = Outcome(repo)
    env = _env(work / "home", source, provider)
    clone = work / "repo"
    start = time.perf_counter()
    try:
        _run(["git", "clone", "--quiet", "--shared", "--no-checkout", str(mirror), str(clone)],
             work, env)
        branch = _run(["git", "symbolic-ref", "--short", "HEAD"], clone, env).strip()
        _run(["git", "checkout", "--quiet", "-B", branch, repo.pin], clone, env)
        base = _run(["git", "rev-parse", "HEAD~150"], clone, env).strip()
        if base != repo.base:
            raise RuntimeError(f"pin~150 is {base[:10]}, the questions say {repo.base[:10]}")
        gm = [sys.executable, "-m", "gitmemory"]
        _run([*gm, "init", "--hooks", "none"], clone, env)
        args, seen = ["--since", repo.base], set()
        if dry_run:
            out.preview = _run([*gm, "memorize", "--provider", provider, *args, "--dry-run"],
                               clone, env)
            (work / "dry-run.txt").write_text(out.preview)
        while out.runs < MAX_RUNS and not dry_run:
            said = _run([*gm, "memorize", "--provider", provider, *args], clone, env)
            out.runs += 1
            pending = PENDING.search(said)
            out.pending = int(pending.group(1)) if pending else 0
            out.stalled = out.pending in seen
            if not out.pending or single or out.stalled:
                break
            seen.add(out.pending)
            args = []  # --since again would start over at the same commit
        if not dry_run:  # a real history's items are knowledge: each one held is a loss
            held = _run([*gm, "show", "--held"], clone, env)
            out.held = sum(1 for line in held.splitlines() if line.startswith("["))
    except RuntimeError as exc:
        out.error = str(exc)
    out.seconds = time.perf_counter() - start
    out.texts = read_texts(clone)
    return out


def read_texts(clone: Path) -> dict[str, str]:
    def joined(paths: list[Path]) -> str:
        return "\n".join(p.read_text(errors="replace") for p in sorted(paths) if p.is_file())

    claude = joined([clone / "CLAUDE.md"])
    return {"memory": joined(list((clone / ".gitmemory" / "branches").rglob("*.md"))),
            "CLAUDE.md": claude,
            "+rules": claude + "\n" + joined(list((clone / ".claude" / "rules").rglob("*.md")))}


def judge(repo: Repository, texts: dict[str, str]) -> Verdict:
    return {name: {q.id: q.judge(text) for q in repo.questions} for name, text in texts.items()}


def tally(repos: list[Repository], verdicts: list[Verdict], text: str
          ) -> dict[str, tuple[int, int, int]]:
    """kind -> (present, questions, wrong hits) over ``repos`` for one text."""
    counts = {kind: [0, 0, 0] for kind in KINDS}
    for repo, verdict in zip(repos, verdicts, strict=True):
        for q in repo.questions:
            hits, wrong = verdict[text][q.id]
            counts[q.kind][0] += bool(hits)
            counts[q.kind][1] += 1
            counts[q.kind][2] += len(wrong)
    return {kind: (c[0], c[1], c[2]) for kind, c in counts.items()}


def table(repos: list[Repository], verdicts: list[Verdict], texts: tuple[str, ...]) -> str:
    tallies = {t: tally(repos, verdicts, t) for t in texts}
    rows = [f"  {'kind':12s}" + "".join(f"{t:>12s}" for t in texts)]
    for kind in KINDS:
        rows.append(f"  {kind:12s}" + "".join(
            f"{tallies[t][kind][0]:>7d} / {tallies[t][kind][1]:<2d}" for t in texts))
    rows.append(f"  {'wrong hits':12s}" + "".join(
        f"{sum(c[2] for c in tallies[t].values()):>12d}" for t in texts))
    return "\n".join(rows)


def show(repo: Repository, verdict: Verdict) -> None:
    for q in repo.questions:
        marks = " ".join(f"{t}:{'Y' if verdict[t][q.id][0] else '-'}" for t in verdict)
        print(f"    {q.id:16s} {q.kind:11s} {marks}")
        for line in dict.fromkeys(hit for v in verdict.values() for hit in v[q.id][0]):
            print(f"    {'':16s} | {line[:160]}")
        for t in verdict:
            for bad in verdict[t][q.id][1]:
                print(f"    {'':16s} WRONG in {t}: {bad[:150]}")


def answers(repos: list[Repository], path: Path, args: argparse.Namespace) -> int:
    """Score a reader's answers (question id -> text) with the same regexes."""
    given: dict[str, object] = tomllib.loads(path.read_text())
    chosen = [r for r in repos if any(q.id in given for q in r.questions)]
    # each answer is judged against its own question only
    verdicts: list[Verdict] = [{"answers": {q.id: q.judge(str(given.get(q.id, "")))
                                            for q in r.questions}} for r in chosen]
    for repo, verdict in zip(chosen, verdicts, strict=True):
        print(f"\n{repo.name} ({repo.ecosystem}, {repo.split}): answers from {path.name}")
        print(table([repo], [verdict], ("answers",)))
        if args.show:
            show(repo, verdict)
    for split in sorted({r.split for r in chosen}):
        group = [(r, v) for r, v in zip(chosen, verdicts, strict=True) if r.split == split]
        print(f"\n{split}: {len(group)} repositories, answers from {path.name}")
        print(table([r for r, _ in group], [v for _, v in group], ("answers",)))
    return 0


def _items(outcome: Outcome) -> int:
    """The items of the memory written (its bullet lines)."""
    return sum(1 for line in outcome.texts.get("memory", "").splitlines()
               if line.startswith("- "))


def report(outcomes: list[Outcome], args: argparse.Namespace) -> None:
    verdicts = [judge(o.repo, o.texts) for o in outcomes]
    for o, verdict in zip(outcomes, verdicts, strict=True):
        print(f"\n{o.repo.name} ({o.repo.ecosystem}, {o.repo.split}) at {o.repo.pin[:10]}: "
              f"{o.runs} memorize run(s), {o.pending} commit(s) still pending"
              f"{' (runs went round in a circle)' if o.stalled else ''}, CLAUDE.md "
              f"{len(o.texts['CLAUDE.md']):,} chars, {_items(o)} items, {o.held} held by "
              f"the gate, {o.seconds:.0f}s")
        if o.error:
            print(f"  error: {o.error}")
        print(table([o.repo], [verdict], TEXTS))
        if args.show:
            show(o.repo, verdict)
    for split in sorted({o.repo.split for o in outcomes}):
        group = [(o, v) for o, v in zip(outcomes, verdicts, strict=True) if o.repo.split == split]
        sizes = [len(o.texts["CLAUDE.md"]) for o, _ in group]
        print(f"\n{split}: {len(group)} repositories, {len({o.repo.ecosystem for o, _ in group})} "
              f"ecosystems, provider {args.provider}, memorize runs "
              f"{sum(o.runs for o, _ in group)}, CLAUDE.md {min(sizes):,}-{max(sizes):,} chars "
              f"(mean {sum(sizes) // len(sizes):,}), items {sum(_items(o) for o, _ in group):,},"
              f" held by the gate {sum(o.held for o, _ in group)}")
        print(table([o.repo for o, _ in group], [v for _, v in group], TEXTS))
    if args.json:
        print(json.dumps([{
            "repository": o.repo.name, "split": o.repo.split, "ecosystem": o.repo.ecosystem,
            "pin": o.repo.pin, "provider": args.provider, "runs": o.runs, "pending": o.pending,
            "stalled": o.stalled, "claude_md_chars": len(o.texts["CLAUDE.md"]),
            "seconds": round(o.seconds, 1), "error": o.error, "items": _items(o),
            "held": o.held,
            "texts": {t: {k: dict(zip(("present", "questions", "wrong"), c, strict=True))
                          for k, c in tally([o.repo], [v], t).items()} for t in TEXTS},
            "questions": {q.id: {t: dict(zip(("hits", "wrong"), v[t][q.id], strict=True))
                                 for t in TEXTS} for q in o.repo.questions},
        } for o, v in zip(outcomes, verdicts, strict=True)], indent=1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="held-out")
    parser.add_argument("--repo", action="append", default=[], help="owner/name (repeatable)")
    parser.add_argument("--mirrors", type=Path, default=Path(os.environ.get(
        "GITMEMORY_BENCH_MIRRORS", "/work/.mirror")))
    parser.add_argument("--provider", default="offline")
    parser.add_argument("--single", action="store_true", help="one memorize run only")
    parser.add_argument("--show", action="store_true", help="print the lines that matched")
    parser.add_argument("--keep", type=Path, help="leave the clones in this directory")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--source", type=Path, default=HERE.parent,
                        help="the gitmemory checkout to run (default: this one)")
    parser.add_argument("--answers", type=Path, help="score a TOML of id -> answer instead")
    parser.add_argument("--dry-run", action="store_true",
                        help="print what the first memorize would send; judge nothing")
    args = parser.parse_args()
    repos = [r for r in load(args.split) if not args.repo or r.name in args.repo]
    if args.answers:
        return answers(repos, args.answers, args)
    root = Path(tempfile.mkdtemp(prefix="gitmemory-value-"))
    outcomes = []
    try:
        for repo in repos:
            mirror = mirror_dir(args.mirrors, repo.mirror)
            if mirror is None or subprocess.run(
                    ["git", "--git-dir", str(mirror / ".git") if (mirror / ".git").exists()
                     else str(mirror), "cat-file", "-e", f"{repo.pin}^{{commit}}"],
                    capture_output=True, check=False).returncode != 0:
                print(f"skip {repo.name}: no mirror holding {repo.pin[:10]} under {args.mirrors}")
                continue
            work = (args.keep or root) / repo.mirror
            if (work / "repo").exists():
                print(f"skip {repo.name}: {work / 'repo'} is already there")
                continue
            work.mkdir(parents=True, exist_ok=True)
            outcomes.append(run_tool(repo, mirror, work, provider=args.provider,
                                     source=args.source.resolve(), single=args.single,
                                     dry_run=args.dry_run))
            print(f"ran {repo.name}: {outcomes[-1].runs} memorize run(s), "
                  f"{outcomes[-1].seconds:.0f}s", file=sys.stderr)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if outcomes and args.dry_run:
        for o in outcomes:
            print(f"===== {o.repo.name} at {o.repo.pin[:10]}: memorize --provider "
                  f"{args.provider} --since {o.repo.base[:10]} --dry-run"
                  + (f" (error: {o.error})" if o.error else "") + " =====")
            print(o.preview)
    elif outcomes:
        report(outcomes, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
