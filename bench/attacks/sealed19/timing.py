"""Time (part sealed19): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed18
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Hanifi Rohingya,
  Khudawadi, Modi and Sharada digits;
- 3,000 items each 200 block openers nothing closes (``<slot>``, ``<time>``, ``<tt>``,
  ``<nobr>``, ``<applet>``, ``<footer>``, ``<style>``, ``<link title="``, ``<big>``,
  ``<blink>``, ``<article>``, ``<u>``);
- 2,000 items each 300 words separated by U+1DA87 (SignWriting comma), U+16E97 (Medefaidrin
  comma) and U+11A42 (Zanabazar Square mark shad);
- ``git push`` of a memory file of 20,000 items, each a ``surreal sql --pass`` password beside
  a SumUp ``sup_sk_`` key and an Uptime Kuma ``uk1_`` key.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A tour opens only when every measuring point shows at least 15 cm",
            "Unit tests live in modules/rules/tests/rules_test.bal and run with bal test"]
ROHINGYA = {str(d): chr(0x10D30 + d) for d in range(10)}
KHUDAWADI = {str(d): chr(0x112F0 + d) for d in range(10)}
MODI = {str(d): chr(0x11650 + d) for d in range(10)}
SHARADA = {str(d): chr(0x111D0 + d) for d in range(10)}


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


def _digits(table: dict[str, str], k: int) -> str:
    return ".".join("".join(table[d] for d in str(n)) for n in (203, 0, 113, k % 250))


def _odd_urls(k: int, j: int) -> str:
    return (f"http://{_digits(ROHINGYA, k + j)}/{j} http://{_digits(KHUDAWADI, k * 3 + j)}/k "
            f"http://{_digits(MODI, k + 7 * j)}/m http://{_digits(SHARADA, k + 5 * j)}/s")


@attack("time", "1,000 items, each 160 URLs with Hanifi Rohingya, Khudawadi, Modi and Sharada "
                "IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Points {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (<slot> <time> <tt> <nobr> "
                "<applet> <footer> <style> <link title=\" <big> <blink> <article> <u>): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<slot>", "<time>", "<tt>", "<nobr>", "<applet>", "<footer>", "<style>",
               "<link title=\"", "<big>", "<blink>", "<article>", "<u>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}tsjokte{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1DA87, U+16E97 and U+11A42: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U0001da87", "\U00016e97", "\U00011a42")
    items = ["".join(f"tsjokte{n}" + seps[n % 3] for n in range(300)) + f" wek {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 surreal --pass password, SumUp sup_sk_ key "
                "and Uptime Kuma uk1_ key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Point {k}: surreal sql --user ops --pass "
             + fake("", 20, f"sealed19-surreal-{k % 500}", alnum)
             + " sumup " + fake("sup" + "_sk_", 32, f"sealed19-su-{k % 600}", alnum)
             + " kuma " + fake("uk" + "1_", 32, f"sealed19-uk-{k % 700}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
