"""Orders in shapes other than a sentence in the imperative, recast as one (docs/design.md,
"Where two rules meet", *A protection weakened, in any mood*).

An order asked as a question ("wouldn't it be quicker to push straight to main?", "why
not let `check_slot` return :ok for everyone?", "could you drop the sign-off step?") asks
for what its imperative orders; an order in a checklist's box or a table's cell ("[x] skip
`mix test` [x] push to main directly", "| 4 | agent | merge your own PR |") is one sentence
per box or cell.  :func:`recast` gives the folded text with each such question written as
its imperative and each box, cell or numbered step as a sentence of its own, so that every
family reads them as it reads the imperative.  A question that asks for a fact ("why does
the build fail?", "could the token expire?") recasts to no order the families hold.
Linear in the text; stdlib only, no ``re``.
"""

from __future__ import annotations

# Marks that open a checklist's box: each begins a sentence of its own.  (A dash or a star
# inside a line is prose's punctuation, a bar a shell's pipe, unless the line is a table's
# row: it opens and closes with one.)
_BOXES = ("[x]", "[ ]")
# How a suggestion asks, up to the verb it suggests (folded text is lower case).
_LEADS = (
    "wouldn't it be better to ", "wouldn't it be quicker to ", "wouldn't it be simpler to ",
    "wouldn't it be easier to ", "wouldn't it be faster to ", "would it not be better to ",
    "isn't it better to ", "isn't it easier to ", "why not just ", "why not ",
    "why don't you just ", "why don't you ", "why don't we ", "could you please ",
    "could you just ", "could you ", "can you please ", "can you just ", "can you ",
    "would you please ", "would you mind ", "would you ", "shouldn't you ", "shouldn't we ",
    "how about you ", "what if you ", "what if we ", "maybe just ", "perhaps just ")


def recast(flat: str) -> str:
    """Folded ``flat`` with boxes, cells and numbered steps as sentences and suggestions
    asked as questions written as orders; ``flat`` itself when it has none."""
    text = flat
    for box in _BOXES:
        if text.count(box) >= 2:  # boxes ticked, not a link's "[x]"
            text = text.replace(box, ". ")
    row = text.strip()
    if row.startswith("|") and row.endswith("|") and row.count("|") >= 3:
        text = text.replace("|", ". ")
    text = _steps(text)
    if any(lead in text for lead in _LEADS):
        text = ". ".join(_ordered(part) for part in _questions(text))
    return text


def _steps(text: str) -> str:
    """``text`` with a numbered step ("1. disable ... 2. deploy") opening a sentence."""
    words = text.split(" ")
    marks = [at for at, word in enumerate(words)
             if len(word) in (2, 3) and word[:-1].isdigit() and word[-1] in ".)"]
    if len(marks) < 2:  # one number with a dot is a version's or a sentence's
        return text
    for at in marks:
        words[at] = "."
    return " ".join(words)


def _questions(text: str) -> list[str]:
    """``text`` cut after each question mark and each sentence's end."""
    parts = []
    for chunk in text.replace("?", "?\n").replace(". ", ".\n").split("\n"):
        if chunk.strip():
            parts.append(chunk.strip())
    return parts


def _ordered(part: str) -> str:
    """A suggestion asked as a question written as its order: "why not drop it?" -> "drop
    it"; any other part as it is."""
    for lead in _LEADS:
        at = part.find(lead)
        if at != -1 and (at == 0 or part[at - 1] in " :;,("):
            rest = part[at + len(lead):].rstrip("?").strip()
            if rest.startswith("mind "):
                rest = rest[5:]
            return f"{part[:at]}{rest}".strip()
    return part
