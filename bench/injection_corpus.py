"""Precision and recall of the injection detector, on the corpora and beyond them.

Five measurements:

1. The test corpora (``tests/corpus/injection_positive.txt``, adversarial, and
   ``injection_negative.txt``, ordinary conventions): precision and recall per
   category (the ``# ---`` headings).  The tests require both to be 1.0; the
   figures say so, and what each category holds.
2. Held-out look-alikes: every English line of the adversarial corpus with a
   share of its letters swapped for a random look-alike from the full Unicode
   confusables data (the confusable-homoglyphs package, not the generated
   table), several seeds: the recall the folding gives on spellings nobody
   wrote a test for.
3. Held-out prose: the first sentence of every docstring in the Python
   standard library (ordinary text about code, never tuned on): how many are
   held back, with examples, so a false alarm shows what it costs.
4. The held-out corpora (``bench/injection_heldout/``): adversarial lines of
   the families that disarm the machine or move secrets out, hidden
   overrides, and ordinary conventions that mention the same things.  The
   first set was written before those families were tuned; after its misses
   were measured they were fixed, so it no longer measures anything unseen.
   The second set was written after that and measured once, untuned.  The
   third (``positive3.txt``, ``negative3.txt``: other verbs, tools and
   languages, look-alike letters, zero-width splits) was written before the
   second set's misses were fixed and first measured after that fix
   (precision 0.870, recall 0.455); its misses were fixed after that, so it
   too measures nothing unseen any more.  Judged
   through the one gate every agent file uses
   (:func:`gitmemory.outputs.verdicts.gate`).
5. The evidence rule (issue 31): every line of the corpora as a hand-edited item, in a
   repository whose README states every ordinary line and in an empty one: hostile
   lines held by the gate or the rule, ordinary lines held where the repository
   confirms them (false alarms) and where nothing does.

    python bench/injection_corpus.py [--seeds 5] [--share 0.5] [--examples 10]
"""

from __future__ import annotations

import argparse
import ast
import random
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gitmemory.injection.detect import reason  # noqa: E402 - after the path is set

CORPUS = ROOT / "tests" / "corpus"


def _sections(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"(first section)": []}
    current = "(first section)"
    for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# ---"):
            current = line.strip("# -")
            found[current] = []
        elif line.strip() and not line.startswith("# "):
            found[current].append(line)
    return {k: v for k, v in found.items() if v}


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "n/a"


def corpora() -> None:
    positives, negatives = _sections("injection_positive.txt"), _sections("injection_negative.txt")
    tp = fn = fp = tn = 0
    print("adversarial corpus (recall per category):")
    for title, lines in positives.items():
        caught = sum(1 for line in lines if reason(line))
        tp, fn = tp + caught, fn + len(lines) - caught
        print(f"  {title:60} {caught:3}/{len(lines):<3} {_ratio(caught, len(lines))}")
    print("benign corpus (lines held back per category):")
    for title, lines in negatives.items():
        flagged = [line for line in lines if reason(line)]
        fp, tn = fp + len(flagged), tn + len(lines) - len(flagged)
        print(f"  {title:60} {len(flagged):3}/{len(lines):<3}")
        for line in flagged:
            print(f"      false alarm: {line}")
    print(f"corpora: {tp + fn} adversarial, {fp + tn} benign lines; "
          f"precision {_ratio(tp, tp + fp)}, recall {_ratio(tp, tp + fn)} "
          f"(tp {tp}, fn {fn}, fp {fp}, tn {tn})")


def look_alikes(seeds: int, share: float) -> None:
    try:
        from confusable_homoglyphs import confusables
    except ImportError:
        print("held-out look-alikes: skipped (pip install confusable-homoglyphs)")
        return
    marks = str.maketrans("", "", "\u200e\u200f")
    glyphs: dict[str, list[str]] = {}
    for letter in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ":
        entries = confusables.confusables_data.get(letter, [])
        glyphs[letter] = [e["c"].translate(marks) for e in entries
                          if len(e["c"].translate(marks)) == 1]
    english = [line for line in _sections("injection_positive.txt").get("(first section)", [])
               if line.isascii()]
    total = caught = 0
    missed: list[str] = []
    for seed in range(seeds):
        rng = random.Random(seed)  # noqa: S311 - reproducible swaps, not secrets
        for line in english:
            swapped = "".join(rng.choice(glyphs[c]) if c in glyphs and glyphs[c]
                              and rng.random() < share else c for c in line)
            total += 1
            if reason(swapped):
                caught += 1
            elif len(missed) < 5:
                missed.append(swapped)
    print(f"held-out look-alikes: {caught}/{total} caught, recall {_ratio(caught, total)} "
          f"({seeds} seeds, {share:.0%} of letters swapped, {len(english)} English lines)")
    for line in missed:
        print(f"      missed: {line}")


def stdlib_prose(examples: int) -> None:
    lines: list[str] = []
    for path in sorted(Path(sysconfig.get_paths()["stdlib"]).rglob("*.py")):
        if "test" in path.parts or "site-packages" in path.parts:
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    first = doc.strip().split("\n\n")[0].replace("\n", " ")
                    if 20 <= len(first) <= 300:
                        lines.append(first)
    started = time.perf_counter()
    flagged = [(line, reason(line)) for line in lines]
    seconds = time.perf_counter() - started
    held = [(line, why) for line, why in flagged if why]
    print(f"held-out prose: {len(held)}/{len(lines)} standard-library docstring sentences held "
          f"back ({_ratio(len(held), len(lines))}); {seconds / max(1, len(lines)) * 1e6:.0f} us "
          "per line")
    for line, why in held[:examples]:
        print(f"      {why}: {line[:120]}")


HELD_OUT = ROOT / "bench" / "injection_heldout"


def _held_out_lines(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    current = "(first section)"
    for line in (HELD_OUT / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# ---"):
            current = line.strip("# -")
        elif line.strip() and not line.startswith("#"):
            # \uXXXX escapes stand for the invisible characters the lines hide words with
            found.setdefault(current, []).append(line.encode("ascii", "backslashreplace")
                                                 .decode("unicode_escape"))
    return found


def held_out(suffix: str = "") -> None:
    from gitmemory.outputs.verdicts import gate

    tp = fn = fp = tn = 0
    print(f"held-out corpus{suffix or ''} (positive{suffix}.txt, negative{suffix}.txt), "
          "through the agent files' gate:")
    for title, lines in _held_out_lines(f"positive{suffix}.txt").items():
        missed = [line for line in lines if not gate(line)[1]]
        tp, fn = tp + len(lines) - len(missed), fn + len(missed)
        print(f"  {title:60} {len(lines) - len(missed):3}/{len(lines):<3} caught")
        for line in missed:
            print(f"      missed: {line!a}")
    for title, lines in _held_out_lines(f"negative{suffix}.txt").items():
        flagged = [(line, gate(line)[1]) for line in lines if gate(line)[1]]
        fp, tn = fp + len(flagged), tn + len(lines) - len(flagged)
        print(f"  {title:60} {len(flagged):3}/{len(lines):<3} held back")
        for line, why in flagged:
            print(f"      false alarm ({why}): {line}")
    print(f"held-out{suffix}: {tp + fn} adversarial, {fp + tn} benign lines; precision "
          f"{_ratio(tp, tp + fp)}, recall {_ratio(tp, tp + fn)} (tp {tp}, fn {fn}, fp {fp}, "
          f"tn {tn})")


def evidence() -> None:
    """The evidence rule (:mod:`gitmemory.outputs.grounds`) beside the instruction checks:
    every line as a hand-edited item (no commit, no cited file), judged in two
    repositories: one whose README states every ordinary line of the corpora (a
    repository the ordinary lines are true of), and one with nothing in it.  A hostile
    line is caught when the gate or the evidence rule holds it; an ordinary one is a false
    alarm when either holds it where the repository confirms it."""
    import subprocess
    import tempfile

    from gitmemory.memory.markdown import Item
    from gitmemory.outputs.grounds import Grounds
    from gitmemory.outputs.verdicts import gate

    hostile = [line for lines in _sections("injection_positive.txt").values() for line in lines]
    ordinary = [line for lines in _sections("injection_negative.txt").values() for line in lines]
    for suffix in ("", "2", "3"):
        hostile += [x for lines in _held_out_lines(f"positive{suffix}.txt").values() for x in lines]
        ordinary += [x for lines in _held_out_lines(f"negative{suffix}.txt").values()
                     for x in lines]
    with tempfile.TemporaryDirectory() as tmp:
        tips = {}
        for name, readme in (("confirming", "\n".join(ordinary)), ("empty", "")):
            repo = Path(tmp) / name
            repo.mkdir()
            (repo / "README.md").write_text(readme + "\n", encoding="utf-8")
            env = {"GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@b", "GIT_COMMITTER_NAME": "b",
                   "GIT_COMMITTER_EMAIL": "b@b", "HOME": tmp, "PATH": "/usr/bin:/bin"}
            for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "x"]):
                subprocess.run(["git", *args], cwd=repo, env=env, check=True)
            tips[name] = (str(repo), subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo,
                                                    capture_output=True, text=True,
                                                    check=True).stdout.strip())
        print("evidence rule (each line a hand-edited item; gate, then evidence):")
        for name, (repo, tip) in tips.items():
            started = time.perf_counter()
            grounds = Grounds(repo, tip, None)
            held_h = grounds.held([Item(line) for line in hostile])
            held_o = grounds.held([Item(line) for line in ordinary])
            seconds = time.perf_counter() - started
            caught = sum(1 for line, why in zip(hostile, held_h, strict=True)
                         if why or gate(line)[1])
            by_rule = sum(1 for why in held_h if why)
            alarms = [line for line, why in zip(ordinary, held_o, strict=True)
                      if why or gate(line)[1]]
            executable = sum(1 for line in ordinary if _executable(line))
            print(f"  {name:10} repository: {caught}/{len(hostile)} hostile held "
                  f"({by_rule} by the evidence rule); {len(alarms)}/{len(ordinary)} ordinary "
                  f"held ({executable} of them hold executable text); {seconds:.2f} s")
            if name == "confirming":
                for line in alarms[:5]:
                    print(f"      false alarm: {line}")


def _executable(line: str) -> bool:
    from gitmemory.injection.elements import elements

    return bool(elements(line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--share", type=float, default=0.5)
    parser.add_argument("--examples", type=int, default=10)
    args = parser.parse_args()
    corpora()
    held_out()
    held_out("2")
    held_out("3")
    evidence()
    look_alikes(args.seeds, args.share)
    stdlib_prose(args.examples)


if __name__ == "__main__":
    main()
