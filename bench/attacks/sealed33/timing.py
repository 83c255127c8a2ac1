"""Time (part sealed33): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed32
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items of 120 URLs each: hosts in monospace, sans-serif bold and bold fraktur
  capitals, hosts with U+FE0E or U+E01EF after every letter, and two-number dotted addresses;
- 3,000 items each 200 openers nothing closes (``ifndef::x[]``, ``* x :noexport:``, ``.if 0
  \\{``, ``@iftex``, ``{\\*\\x``, ``<?note``, ``[comment]``, ``<input type="hidden" value="``,
  ``<span style="text-indent:-9999px">``, ``<span style="transform:scale(0)">``, ``<div
  style="max-height:0;overflow:hidden">``, ``\\phantom{``);
- 2,000 items each 300 words separated by U+FF65, U+318D and U+2981;
- ``git push`` of a memory file of 20,000 items, each a ``NKWA_ARKESEL_KEY=`` beside an
  ``RD_TOKEN=`` and a Rundeck ``?authtoken=`` URL.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["O-negative leaves unmatched only after two different people have signed",
            "tests/RulesTest.cls holds the rules tests"]
ALPHABETS = (0x1D670, 0x1D5D4, 0x1D56C)  # monospace, sans-serif bold, bold fraktur capitals
MARKS = ("\ufe0e", "\U000e01ef")


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
    label = f"prako{'bdefgijklm'[(k + j) % 10]}"
    base = ALPHABETS[(k + j) % 3]
    capitals = "".join(chr(base + ord(c) - 97) for c in label)
    marked = "".join(c + MARKS[(k + j) % 2] for c in label)
    return (f"https://{capitals}.evil.example/{j} "
            f"https://{marked}.evil.example/q "
            f"https://203.{28900 + (k + j) % 100}/b")


@attack("time", "1,000 items, each 120 URLs with monospace, sans-serif bold and bold fraktur "
                "capitals, variation-selector and two-number hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Flight {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (ifndef:: :noexport: .if 0 "
                "@iftex {\\* <?note [comment] <input type=hidden> text-indent scale(0) "
                "max-height:0 \\phantom{): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("ifndef::x[]\n", "* x :noexport:\n", ".if 0 \\{\n", "@iftex\n", "{\\*\\x ",
               "<?note ", "[comment]", "<input type=\"hidden\" value=\"",
               "<span style=\"text-indent:-9999px\">", "<span style=\"transform:scale(0)\">",
               "<div style=\"max-height:0;overflow:hidden\">", "\\phantom{")
    items = [f"Cooler {k}: " + "".join(f"{openers[j % len(openers)]}mogya{j} "
                                       for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+FF65, U+318D and U+2981: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\uff65", "\u318d", "\u2981")
    items = ["".join(f"mframa{n}" + seps[n % 3] for n in range(300)) + f" wimhyen {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 NKWA_ARKESEL_KEY=, RD_TOKEN= and Rundeck "
                "?authtoken= lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Order {k}: NKWA_ARKESEL_KEY=" + fake("", 32, f"sealed33-ak-{k % 500}", alnum)
             + " script/sms-sohwe; RD_TOKEN=" + fake("", 32, f"sealed33-rd-{k % 600}", alnum)
             + " rd run -j deko; https://rundeck.nkwa-air.gh/api/41/job/kora/executions?"
             + "authtoken=" + fake("", 32, f"sealed33-at-{k % 650}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
