"""Time (part sealed28): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed27
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs with hosts in mathematical bold italic
  letters, in negative squared capitals, and after ``https:/\\``;
- 3,000 items each 200 openers nothing closes (an R Markdown chunk with ``eval=FALSE``,
  ``::: {.content-hidden}``, ``#+begin_export html``, ``.. raw:: html``, a ``{=html}`` fence,
  a link reference title, ``\\begin{verbatim}``, ``<!-- prettier-ignore-start -->``,
  ``<div hidden>``, ``{% if false %}``, ``#+begin_src sh``, ``.. comment``);
- 2,000 items each 300 words separated by U+A60D (Vai comma), U+2E4C (medieval comma) and
  U+A6F5 (Bamum comma);
- ``git push`` of a memory file of 20,000 items, each a ``DOLT_CLI_PASSWORD=`` beside a
  ``netbird up --setup-key`` and a RapidAPI ``rapidapi-key=``.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A find is edible only after two verifiers other than the finder confirm it",
            "The testthat tests live in tests/testthat/test-rules.R"]
BOLD_ITALIC = str.maketrans({c: chr(0x1D482 + n)
                             for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")})
NEG_SQUARED = str.maketrans({c: chr(0x1F170 + n)
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
    label = f"lesik{'abcdefghij'[(k + j) % 10]}"
    return (f"https://{label.translate(BOLD_ITALIC)}.evil.example/{j} "
            f"https://{label.translate(NEG_SQUARED)}.evil.example/q "
            f"https:/\\{label}.evil.example/b")


@attack("time", "1,000 items, each 120 URLs with bold-italic, negative-squared and https:/\\ "
                "hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Forest {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (```{r, eval=FALSE} ::: "
                "{.content-hidden} #+begin_export .. raw:: ```{=html} [x]: <u> \" "
                "\\begin{verbatim} prettier-ignore-start <div hidden> {% if false %} "
                "#+begin_src .. comment): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("```{r, eval=FALSE}\n", "::: {.content-hidden}\n", "#+begin_export html\n",
               ".. raw:: html\n", "```{=html}\n", "[x]: <https://houby.mechov.cz> \"",
               "\\begin{verbatim}\n", "<!-- prettier-ignore-start -->\n", "<div hidden>",
               "{% if false %}", "#+begin_src sh\n", ".. comment\n")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}hrib{j} "
                                       for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+A60D, U+2E4C and U+A6F5: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\ua60d", "\u2e4c", "\ua6f5")
    items = ["".join(f"hrib{n}" + seps[n % 3] for n in range(300)) + f" les {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 DOLT_CLI_PASSWORD=, netbird --setup-key and "
                "rapidapi-key= lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    hexd = "0123456789ABCDEF"
    lines = [f"Find {k}: DOLT_CLI_PASSWORD=" + fake("", 20, f"sealed28-dl-{k % 500}", alnum)
             + " dolt --host 10.72.9.5 sql; netbird up --setup-key "
             + fake("", 8, f"sealed28-nb-{k % 600}", hexd) + "-"
             + fake("", 4, f"sealed28-nb2-{k % 650}", hexd) + "-"
             + fake("", 12, f"sealed28-nb3-{k % 700}", hexd)
             + "; daily?rapidapi-key=" + fake("", 50, f"sealed28-ra-{k % 700}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
