"""Time (part sealed3): costs neither issue 31 nor parts build, heldout and sealed2 name.  Each run
is bounded; the figures are seconds against the same command without the attack, which may cost
at most EXTRA seconds more:

- 10,000 items of brackets and parentheses that nothing closes (link and span readers);
- 300 items each holding an HTML entity escaped 2,000 times over (``&amp;amp;amp;...``) and a
  percent-encoding nested as deep (decoders that run to a fixed point);
- 3,000 items whose letters each carry 30 combining marks (normalisation, skeletons);
- the pre-push scan of one 3 MB memory file of high-entropy words (every word a candidate);
- ``promote`` of a merged branch of 3,000 items into a default branch of 3,000, each pair a
  near-duplicate (the fold's comparisons).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from testing.attack_checks import memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Order lookups are cached for five minutes", "Tests use pytest fixtures"]


def _paired(lab: Lab, base: Callable[[], Run], hostile: Callable[[], Run]) -> list[str]:
    before, after = base(), hostile()
    lab.note(f"{after.seconds:.2f} s against {before.seconds:.2f} s")
    if after.timed_out:
        return [f"killed after {after.seconds:.0f} s"]
    if after.seconds - before.seconds > EXTRA:
        return [f"{after.seconds - before.seconds:.1f} s more than without the attack "
                f"(bound {EXTRA:.0f} s)"]
    return []


def _branches(repo: Repo, items: list[str]) -> Repo:
    for branch, listed in (("small", ORDINARY), ("flood", [*ORDINARY, *items])):
        repo.git("checkout", "-q", "-b", branch, "main", env={"GITMEMORY_DISABLE": "1"})
        repo.memory(branch, memory_text(branch, {"conventions": listed}))
        repo.commit_all(f"Notes for {branch}", hooks=False)
    repo.git("checkout", "-q", "main", env={"GITMEMORY_DISABLE": "1"})
    return repo


def _checkouts(lab: Lab, repo: Repo) -> list[str]:
    return _paired(lab, lambda: repo.git("checkout", "-q", "small"),
                   lambda: repo.git("checkout", "-q", "flood"))


@attack("time", "10,000 items of brackets and parentheses that nothing closes: checkout")
def brackets(lab: Lab) -> list[str]:
    items = [f"Item {k} " + "[(" * 70 + "![" * 20 + "<a " * 10 for k in range(10_000)]
    return _checkouts(lab, _branches(lab.repo(), items))


@attack("time", "300 items, each an entity escaped 2,000 times and a nested percent-encoding: "
                "checkout")
def nested_escapes(lab: Lab) -> list[str]:
    entity = "&" + "amp;" * 2000 + "#105;gnore"
    percent = "%" + "25" * 2000 + "69gnore"
    items = [f"Note {k}: {entity} and {percent}" for k in range(300)]
    return _checkouts(lab, _branches(lab.repo(), items))


@attack("time", "3,000 items whose letters carry 30 combining marks each: checkout")
def combining(lab: Lab) -> list[str]:
    rng = random.Random("sealed3-zalgo")  # noqa: S311 - not a secret
    marks = [chr(c) for c in range(0x0300, 0x036F)]

    def zalgo(text: str) -> str:
        return "".join(ch + "".join(rng.choice(marks) for _ in range(30)) for ch in text)
    items = [zalgo(f"Region {k} caches its labels") for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), items))


@attack("time", "the pre-push scan: a 3 MB memory file of high-entropy words")
def entropy(lab: Lab) -> list[str]:
    rng = random.Random("sealed3-entropy")  # noqa: S311 - not a secret
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    repo = lab.repo()
    lab.origin(repo)

    def push(name: str, count: int) -> Run:
        repo.git("checkout", "-q", "-b", name, "main", env={"GITMEMORY_DISABLE": "1"})
        items = [*ORDINARY, *(
            "Checksum list " + " ".join("".join(rng.choice(alphabet) for _ in range(24))
                                        for _ in range(40)) for _ in range(count))]
        repo.memory(name, memory_text(name, {"facts": items}))
        repo.commit_all(f"Notes for {name}", hooks=False)
        return repo.push("origin", name, policy="off")
    return _paired(lab, lambda: push("few", 0), lambda: push("many", 3000))


@attack("time", "promote: 3,000 near-duplicate items into a default branch of 3,000")
def promote_near(lab: Lab) -> list[str]:
    repo = lab.repo()
    main_items = [f"The worker for tenant {k} retries label jobs three times" for k in range(3000)]
    repo.memory("main", memory_text("main", {"conventions": main_items}))
    repo.commit_all("Main notes", hooks=False)

    def promote(name: str, items: list[str]) -> Run:
        repo.git("checkout", "-q", "-b", name, "main", env={"GITMEMORY_DISABLE": "1"})
        repo.work(hooks=False)
        repo.memory(name, memory_text(name, {"conventions": items}))
        repo.commit_all(f"Notes for {name}", hooks=False)
        repo.git("checkout", "-q", "main", env={"GITMEMORY_DISABLE": "1"})
        repo.git("merge", "-q", "--no-ff", name, "-m", f"Merge {name}",
                 env={"GITMEMORY_DISABLE": "1"})
        done = repo.gm("promote", name)
        repo.commit_all(f"Promote {name}", hooks=False)
        return done
    return _paired(lab, lambda: promote("small", ORDINARY), lambda: promote("flood", [
        f"The worker for tenant {k} retries label jobs four times" for k in range(3000)]))
