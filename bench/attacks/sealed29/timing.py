"""Time (part sealed29): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed28
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items of 120 URLs apiece, their hosts spelled in mathematical bold fraktur letters,
  in sans-serif italic letters, and after ``https:\\/\\/``;
- 3,000 items each 200 openers nothing closes (``<cfsilent>``, a ``{comment}`` fence,
  ``ifeval::[1 == 2]``, ``\\startcomment``, ``<noinclude>``, ``<script type="text/plain">``,
  ``<?ignore``, ``<#if false>``, ``<cfsavecontent>``, ``++++``, ``*[CFML]:``,
  ``.. ifconfig:: False``);
- 2,000 items each 300 words separated by U+1363 (an East African comma), U+2E41 (reversed
  comma) and U+FE50 (small comma);
- ``git push`` of a memory file of 20,000 items, each a ``LASAS_TIDB_PASSWORD=`` beside an
  ``smbclient -U user%password`` and a Loggly token in a URL's path.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Milk is pasteurised at 62.5 degrees for 30 minutes before it leaves the bank",
            "The TestBox specs live in tests/specs/TaisyklesTest.cfc"]
BOLD_FRAKTUR = str.maketrans({c: chr(0x1D586 + n)
                              for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")})
SANS_ITALIC = str.maketrans({c: chr(0x1D622 + n)
                             for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")})


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
    label = f"zirnis{'abcdefghij'[(k + j) % 10]}"
    return (f"https://{label.translate(BOLD_FRAKTUR)}.evil.example/{j} "
            f"https://{label.translate(SANS_ITALIC)}.evil.example/q "
            f"https:\\/\\/{label}.evil.example\\/b")


@attack("time", "1,000 items, each 120 URLs with bold-fraktur, sans-serif-italic and "
                "https:\\/\\/ hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Freezer {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<cfsilent> ```{comment} "
                "ifeval::[1 == 2] \\startcomment <noinclude> <script type=\"text/plain\"> "
                "<?ignore <#if false> <cfsavecontent> ++++ *[CFML]: .. ifconfig:: False): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<cfsilent>", "```{comment}\n", "ifeval::[1 == 2]\n", "\\startcomment\n",
               "<noinclude>", "<script type=\"text/plain\">", "<?ignore ", "<#if false>",
               "<cfsavecontent variable=\"unused\">", "++++\n", "*[CFML]: ",
               ".. ifconfig:: False\n")
    items = [f"Pool {k}: " + "".join(f"{openers[j % len(openers)]}butelis{j} "
                                     for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1363, U+2E41 and U+FE50: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u1363", "\u2e41", "\ufe50")
    items = ["".join(f"pienas{n}" + seps[n % 3] for n in range(300)) + f" telkinys {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 LASAS_TIDB_PASSWORD=, smbclient -U user% "
                "and Loggly path-token lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    hexd = "0123456789abcdef"
    lines = [f"Bottle {k}: LASAS_TIDB_PASSWORD=" + fake("", 20, f"sealed29-td-{k % 500}", alnum)
             + " mysql -h 10.38.4.6 -P 4000; smbclient //laboratorija.kaunoklinikos.lt/"
             "rezultatai -U lasas%" + fake("", 18, f"sealed29-sm-{k % 600}", alnum)
             + "; https://logs-01.loggly.com/inputs/"
             + fake("", 8, f"sealed29-lg-{k % 650}", hexd) + "-"
             + fake("", 4, f"sealed29-lg2-{k % 700}", hexd) + "-"
             + fake("", 12, f"sealed29-lg3-{k % 700}", hexd) + "/tag/saldikliai/"
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
