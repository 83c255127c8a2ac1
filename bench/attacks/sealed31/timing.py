"""Time (part sealed31): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed30
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items of 120 URLs each: hosts in double-struck letters, hosts with a variation
  selector after every letter, and dotted addresses of two numbers;
- 3,000 items each 200 openers nothing closes (``<!--/*``, ``@comment{``, ``<span
  style="display:none">``, ``Local Variables:``, ``@startuml``, ``%%{init:``, ``###.``,
  ``<hidden>``, ``<span style="font-size:0">``, ``{hidden}``, ``\\ifdefined\\never``, ``#hide[``);
- 2,000 items each 300 words separated by U+2056, U+2E3C and U+2058;
- ``git push`` of a memory file of 20,000 items, each a ``UMUGOZI_CUBRID_PASSWORD=`` beside a
  ``csql -p`` and a DingTalk ``access_token=`` URL.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["The line stops at gusts of 65 km/h and restarts only after the daily check is signed",
            "The rules tests live in tests/src/amategeko_tests.adb"]
DOUBLE_STRUCK = str.maketrans({chr(97 + n): chr(0x1D552 + n) for n in range(26)})


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
    label = f"ingoma{'abcdefghij'[(k + j) % 10]}"
    selected = "".join(c + "\ufe0f" for c in label)
    return (f"https://{label.translate(DOUBLE_STRUCK)}.evil.example/{j} "
            f"https://{selected}.evil.example/q "
            f"https://203.{28928 + (k + j) % 250}/b")


@attack("time", "1,000 items, each 120 URLs with double-struck, variation-selector and "
                "two-number dotted hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Tower {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<!--/* @comment{ display:none "
                "Local Variables: @startuml %%{init: ###. <hidden> font-size:0 {hidden} "
                "\\ifdefined #hide[): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<!--/* ", "@comment{", "<span style=\"display:none\">", "Local Variables:\n",
               "@startuml\n' ", "%%{init: {\"note\": \"", "###. ", "<hidden>",
               "<span style=\"font-size:0\">", "{hidden}", "\\ifdefined\\never ", "#hide[")
    items = [f"Cabin {k}: " + "".join(f"{openers[j % len(openers)]}kabine{j} "
                                      for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+2056, U+2E3C and U+2058: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u2056", "\u2e3c", "\u2058")
    items = ["".join(f"umuyaga{n}" + seps[n % 3] for n in range(300)) + f" umunara {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 UMUGOZI_CUBRID_PASSWORD=, csql -p and "
                "DingTalk access_token= lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    hexd = "0123456789abcdef"
    lines = [f"Stop {k}: UMUGOZI_CUBRID_PASSWORD=" + fake("", 20, f"sealed31-cp-{k % 500}", alnum)
             + " script/bika-gerageza; csql -u umugozi_app -p "
             + fake("", 22, f"sealed31-cs-{k % 600}", alnum)
             + " umugozi@10.47.3.6:33000; https://oapi.dingtalk.com/robot/send?access_token="
             + fake("", 64, f"sealed31-dt-{k % 650}", hexd)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
