"""Time (part sealed27): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed26
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs whose hosts are written in mathematical monospace letters,
  in parenthesized letters, and behind a user part (``https://vagt.norrevig.dk@...``);
- 3,000 items each 200 openers nothing closes (``<!ENTITY x "``, ``ifdef::``, ``.. only::``,
  ``{{#if``, ``{% raw %}``, a mermaid fence, a diff fence, ``<msqrt>``, a dot fence,
  ``<mover>``, ``<mtable>``, ``<animate values="``);
- 2,000 items each 300 words separated by U+A4FE (Lisu punctuation comma), U+205A (two dot
  punctuation) and U+10FB (Georgian paragraph separator);
- ``git push`` of a memory file of 20,000 items, each a ``MYSQL_PWD=`` beside a ``nats
  --password`` and a WorldTides ``key=``.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["No launch without a crew of three",
            "The Catch2 tests live in tests/launch_test.cpp and run with ctest --preset release"]
MONO = str.maketrans({c: chr(0x1D68A + n) for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")})
PAREN = str.maketrans({c: chr(0x249C + n) for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")})


def _paired(lab: Lab, base: Callable[[], Run], hostile: Callable[[], Run]) -> list[str]:
    before, after = base(), hostile()
    lab.note(f"{after.seconds:.2f} s against {before.seconds:.2f} s")
    if after.timed_out:
        return [f"killed after {after.seconds:.0f} s"]
    if after.seconds - before.seconds > EXTRA:
        return [f"{after.seconds - before.seconds:.1f} s more than without the attack "
                f"(bound {EXTRA:.0f} s)"]
    return []


def _branches(repo: Repo, flood: str) -> Repo:
    for branch, text in (("small", memory_text("small", {"conventions": ORDINARY})),
                         ("flood", flood)):
        repo.git("checkout", "-q", "-b", branch, "main", env={"GITMEMORY_DISABLE": "1"})
        repo.memory(branch, text)
        repo.commit_all(f"Notes for {branch}", hooks=False)
    repo.git("checkout", "-q", "main", env={"GITMEMORY_DISABLE": "1"})
    return repo


def _checkouts(lab: Lab, repo: Repo) -> list[str]:
    return _paired(lab, lambda: repo.git("checkout", "-q", "small"),
                   lambda: repo.git("checkout", "-q", "flood"))


def _odd_urls(k: int, j: int) -> str:
    label = f"baad{'abcdefghij'[(k + j) % 10]}"
    return (f"https://{label.translate(MONO)}.evil.example/{j} "
            f"https://{label.translate(PAREN)}.evil.example/p "
            f"https://vagt.norrevig.dk@{label}.evil.example/u")


@attack("time", "1,000 items, each 120 URLs with monospace-letter, parenthesized-letter and "
                "user-part hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Moorings {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<!ENTITY x \" ifdef:: .. only:: "
                "{{#if {% raw %} ```mermaid ```diff <msqrt> ```dot <mover> <mtable> "
                "<animate values=\"): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<!ENTITY x \"", "ifdef::", ".. only:: ", "{{#if ", "{% raw %}", "```mermaid\n",
               "```diff\n", "<msqrt>", "```dot\n", "<mover>", "<mtable>",
               "<animate values=\"")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}slip{j} "
                                       for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+A4FE, U+205A and U+10FB: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\ua4fe", "\u205a", "\u10fb")
    items = ["".join(f"slip{n}" + seps[n % 3] for n in range(300)) + f" hav {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 MYSQL_PWD=, nats --password and key= lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    hexd = "0123456789abcdef"
    lines = [f"Callout {k}: MYSQL_PWD=" + fake("", 20, f"sealed27-my-{k % 500}", alnum)
             + " mysql -h 10.57.12.7 -u nv_admin; nats pub udkald.page x --password "
             + fake("", 24, f"sealed27-nt-{k % 600}", alnum)
             + "; tides?key=" + fake("", 8, f"sealed27-wt-{k % 650}", hexd) + "-"
             + fake("", 4, f"sealed27-wt2-{k % 700}", hexd) + "-"
             + fake("", 12, f"sealed27-wt3-{k % 700}", hexd)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
