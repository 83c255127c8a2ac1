"""Time (part sealed12): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed11
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 152 URLs whose hosts are IPv4 addresses in Tibetan, Myanmar and Lao
  digits, and in Odia digits with U+2E31 (word separator middle dot) as dots;
- 3,000 items each 200 block openers nothing closes (``//-``, ``<%#``, ``@*``, ``<#--``,
  ``\\iffalse``, ``<plaintext>``, ``<canvas>``, ``<noembed>``, ``<video>``, ``<iframe srcdoc="``,
  ``[hide]``, ``{expand}``);
- 2,000 items each 300 words separated by U+115F (Hangul choseong filler), U+2800 (braille
  pattern blank) and U+FFA0 (halfwidth Hangul filler);
- ``git push`` of a memory file of 20,000 items, each a Zabbix PSK line (64 hex) beside a
  duplicity ``b2://KEYID:KEY@`` URL.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Observers check in every 12 hours", "Tests use pytest fixtures"]
TIBETAN = {str(d): chr(0x0F20 + d) for d in range(10)}
MYANMAR = {str(d): chr(0x1040 + d) for d in range(10)}
LAO = {str(d): chr(0x0ED0 + d) for d in range(10)}
ODIA = {str(d): chr(0x0B66 + d) for d in range(10)}


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


def _digits(table: dict[str, str], k: int, dot: str = ".") -> str:
    return dot.join("".join(table[d] for d in str(n)) for n in (203, 0, 113, k % 250))


def _odd_urls(k: int, j: int) -> str:
    return (f"http://{_digits(TIBETAN, k + j)}/{j} http://{_digits(MYANMAR, k * 3 + j)}/m "
            f"http://{_digits(LAO, k + 7 * j)}/l "
            f"http://{_digits(ODIA, k + j, chr(0x2E31))}/o")


@attack("time", "1,000 items, each 152 URLs with Tibetan, Myanmar, Lao and Odia-digit IPv4 "
                "hosts (U+2E31 dots): checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Boats {k}: " + " ".join(_odd_urls(k, j) for j in range(38)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (//- <%# @* <#-- \\iffalse "
                "<plaintext> <canvas> <noembed> <video> <iframe srcdoc=\" [hide] {expand}): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("//- ", "<%# ", "@* ", "<#-- ", "\\iffalse ", "<plaintext>", "<canvas>",
               "<noembed>", "<video>", "<iframe srcdoc=\"", "[hide] ", "{expand:title=x} ")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}boat{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+115F, U+2800 and U+FFA0: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u115f", "\u2800", "\uffa0")
    items = ["".join(f"boat{n}" + seps[n % 3] for n in range(300)) + f" trip {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 Zabbix PSK and duplicity b2:// key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    hexd = "0123456789abcdef"
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    lines = [f"Host {k}: psk " + fake("", 64, f"sealed12-psk-{k % 500}", hexd)
             + " b2://005a1b2c3d4e5f000000" + f"{k % 100:04d}:"
             + fake("K0" + "05", 31, f"sealed12-b2-{k % 700}", b64) + "@tautai-offsite/x"
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
