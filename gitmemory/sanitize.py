"""Neutralising memory text (SPEC §8, "Instruction injection").

``CLAUDE.md`` is an instruction file for an agent, and memory items come from
any contributor's commits, through an LLM or a hand edit.  :func:`neutralize`
is the single place where such text becomes one safe line: it runs when a
memory file is written and again when ``CLAUDE.md`` is rendered, and running
it twice changes nothing.  :func:`instruction_reason` spots items that read as
orders to the agent; those are held back from ``CLAUDE.md`` for review.
"""

from __future__ import annotations

import unicodedata

MAX_ITEM_CHARS = 300
_ELLIPSIS = "..."
_IMPORT_AT = "\uff20"  # FULLWIDTH COMMERCIAL AT: reads as @, never a Claude Code import
_PATH_START = "~/\\."
_LEAD = "#>-*+=|` "


def neutralize(text: str, limit: int = MAX_ITEM_CHARS) -> str:
    """One printable line with no markup that could act on the agent.

    Each step can expose work for an earlier one (removing a format character
    lets a combining mark compose), so the steps repeat until nothing changes:
    that is what makes a second call a no-op.
    """
    for _ in range(8):
        done = _neutralize_once(text, limit)
        if done == text:
            break
        text = done
    return text


def _neutralize_once(text: str, limit: int) -> str:
    text = unicodedata.normalize("NFKC", text)
    kept = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch)[0] != "C":  # Cc Cf Cs Co Cn: control, format ...
            kept.append(ch)
    line = " ".join("".join(kept).split())
    line = line.replace("<", "&lt;").replace(">", "&gt;")
    while "``" in line:
        line = line.replace("``", "`")
    while "~~~" in line or "![" in line:
        line = line.replace("~~~", "~").replace("![", "[")
    line = line.lstrip(_LEAD)
    if len(line) > limit:
        cut = line.rfind(" ", 0, limit - len(_ELLIPSIS))
        line = line[: cut if cut > limit // 2 else limit - len(_ELLIPSIS)].rstrip() + _ELLIPSIS
    return _break_imports(line)


def _break_imports(line: str) -> str:
    """Claude Code reads ``@path`` as "import this file": break that token."""
    if "@" not in line:
        return line
    out = list(line)
    for i, ch in enumerate(out):
        if ch != "@":
            continue
        before = out[i - 1] if i else " "
        after = out[i + 1] if i + 1 < len(out) else " "
        if not before.isalnum() or after in _PATH_START:
            out[i] = _IMPORT_AT
    return "".join(out)


# Phrases that address the agent instead of describing the code (checked on
# the neutralised, case-folded text, so full-width and invisible tricks fold).
_OVERRIDE = ("ignore previous", "ignore all previous", "ignore the previous", "ignore prior",
             "ignore all prior", "ignore above", "ignore the above", "disregard previous",
             "disregard all", "disregard the above", "disregard prior", "forget previous",
             "forget all previous", "forget your instructions", "override your instructions",
             "new instructions:", "system prompt", "you are now", "act as ", "do not tell the user",
             "don't tell the user", "without telling the user", "ignore your instructions",
             "ignore all instructions", "ignore any instructions", "ignore the instructions",
             "ignore these instructions", "bypass", "jailbreak", "developer mode")
_SECRETS_READ = ("~/.ssh", ".ssh/id_", "id_rsa", "~/.aws", ".aws/credentials", "/etc/passwd",
                 "/etc/shadow", ".netrc", ".git-credentials", "~/.config/gh", "keychain")
_SHELLS = ("| sh", "|sh", "| bash", "|bash", "| zsh", "|zsh", "| python", "|python",
           "| sudo", "|sudo", "| iex", "|iex")
_FETCHERS = ("curl ", "wget ", "invoke-webrequest", "iwr ", "fetch(")


def instruction_reason(text: str) -> str | None:
    """Why ``text`` reads as an instruction to the agent, or None if it reads as knowledge."""
    folded = neutralize(text, limit=10_000).replace(_IMPORT_AT, "@").casefold()
    flat = " ".join(folded.replace("&gt;", ">").replace("&lt;", "<").split())
    for phrase in _OVERRIDE:
        if phrase in flat:
            return f"addresses the agent ({phrase.strip()!r})"
    if any(f in flat for f in _FETCHERS) and any(s in flat for s in _SHELLS):
        return "pipes a download into a shell"
    for path in _SECRETS_READ:
        if path in flat:
            return f"points at credentials ({path})"
    if _mentions_env_file(flat):
        return "points at credentials (.env)"
    return None


def _mentions_env_file(flat: str) -> bool:
    start = flat.find(".env")
    while start != -1:
        end = start + 4
        before = flat[start - 1] if start else " "
        after = flat[end] if end < len(flat) else " "
        if not before.isalnum() and not (after.isalnum() or after == "_"):
            verbs = ("read", "cat ", "open", "send", "upload", "print", "show", "post", "copy")
            if any(verb in flat for verb in verbs):
                return True
        start = flat.find(".env", end)
    return False
