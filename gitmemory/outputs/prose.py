"""The rules for an item's words, remembered between checkouts (docs/design.md, "Where two
rules meet"): the vocabulary rule (:mod:`gitmemory.injection.wording`), security
controls weakened (:mod:`gitmemory.injection.controls`), a rule the docs state relaxed
(:mod:`gitmemory.outputs.stated`), an order to change what the tree holds
(:mod:`gitmemory.outputs.changed`) and a condition on what a function of the tree does
(:mod:`gitmemory.outputs.behaviour`), for the items the evidence rule
(:mod:`gitmemory.outputs.grounds`) keeps.

What an item may be held for is kept by its text alone: an item in English that names
no agent and no weakened control, with no run in a code of symbols, no loosening word and
no order to change a named thing, is kept whatever the tree says, so a checkout that
shows only such items reads nothing of the tree.  For the
others, a commit rarely changes the words of a tree, so the vocabulary's verdicts are not
kept by tip: a tip names its tree's text (:class:`~gitmemory.injection.wording.Text`, its
file names and the blobs the vocabulary is read from, one ``git ls-tree``) and the
verdicts are kept by that identity; a checkout after a commit that touched none of those
files judges nothing again.  A claim that a control is weakened is judged against the tip
(one ``git grep``).  Stdlib only: the checkout hook renders through this module.
"""

from __future__ import annotations

from gitmemory.outputs import verdicts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from gitmemory.injection.wording import Text
    from gitmemory.memory.markdown import Item

    # a rule judged against the tip: the items, the repository, the tip, the paths read
    _Judge = Callable[[list[Item], str, str, list[str]], list[str | None]]


def held(repo_dir: str, commit: Callable[[], str | None], asked: dict[str, Item],
         state_dir: str | None, *,
         skip: Callable[[str], bool], paths: list[str], exempt: Callable[[Item], bool]
         ) -> dict[str, str | None]:
    """Why each item asked (by its line) is held back for its words, or None, against the
    tip ``commit`` gives (asked only when an item may be held: it may start git); an item
    for which ``exempt`` is true (the repository reading's) never is, nor any when there
    is no commit to read."""
    lines = list(asked)
    kinds = dict(zip(lines, verdicts.remembered(
        [(verdicts.PROSE, line) for line in lines],
        lambda missing: _kinds([asked[line].text for _, line in missing]), state_dir),
        strict=True))
    lines = [line for line in lines if kinds[line] and not exempt(asked[line])]
    found = commit() if lines else None
    if not found:
        return {}
    tip: str = found
    text: list[Text] = []  # the tree's text, read at most once

    def tree_text() -> Text:
        from gitmemory.injection.wording import Text

        if not text:
            text.append(Text(repo_dir, tip, skip))
        return text[0]

    foreign = [line for line in lines if WORDS in (kinds[line] or "")]
    said: dict[str, str | None] = {}  # why each line is held, rule by rule
    if foreign:
        identity = verdicts.remembered([(verdicts.VOCABULARY, tip)],
                                       lambda _: [tree_text().identity], state_dir)[0] or ""
        said.update(zip(foreign, verdicts.remembered(
            [(verdicts.WORDS, f"{identity}\n{line}") for line in foreign],
            lambda missing: _worded([asked[key.partition("\n")[2]].text for _, key in missing],
                                    tree_text()), state_dir), strict=True))
    # then each rule against the tip in turn, for the items no rule before it held
    for kind, verdict, judge in _BY_TIP:
        judged = [line for line in lines if kind in (kinds[line] or "") and not said.get(line)]

        def answer(missing: list[tuple[str, str]], judge: _Judge = judge) -> list[str | None]:
            return judge([asked[key.partition("\n")[2]] for _, key in missing], repo_dir,
                         tip, paths)

        said.update(zip(judged, verdicts.remembered(
            [(verdict, f"{tip}\n{line}") for line in judged], answer, state_dir), strict=True))
    return {line: said.get(line) for line in lines}


# What a text may be held for: its words, a control it weakens, a stated rule it relaxes,
# an order to change what the tree holds, a condition on what a function of the tree does.
WORDS, CLAIMS, RELAXES, ORDERS, BEHAVES = "w", "c", "r", "o", "b"


def _kinds(texts: list[str]) -> list[str | None]:
    """For each text, what it may be held for (None: nothing, whatever the tree)."""
    from gitmemory.injection import behaviour, changes, controls, relaxes, wording

    found = []
    for text in map(verdicts.capped, texts):
        kinds = (WORDS if wording.suspect(text) else "") + (
            CLAIMS if controls.claims(text) else "") + (
            RELAXES if relaxes.claims(text) else "") + (
            ORDERS if changes.claims(text) else "") + (
            BEHAVES if behaviour.claim(text) else "")
        found.append(kinds or None)
    return found


def _worded(texts: list[str], tree: Text) -> list[str | None]:
    from gitmemory.injection import wording

    vocabulary = tree.vocabulary()
    return [wording.reason(verdicts.capped(text), vocabulary) for text in texts]


def _weakened(items: list[Item], repo_dir: str, tip: str, paths: list[str]
              ) -> list[str | None]:
    from gitmemory.injection import controls

    def judge(texts: list[str]) -> list[str | None]:
        return [controls.reason(verdicts.capped(text), repo_dir, tip, paths)
                for text in texts]

    return _recorded(items, judge, repo_dir, tip)


def _relaxed(items: list[Item], repo_dir: str, tip: str, paths: list[str]
             ) -> list[str | None]:
    from gitmemory.outputs import stated

    return _recorded(items, lambda texts: stated.reasons(
        [verdicts.capped(text) for text in texts], repo_dir, tip, paths), repo_dir, tip)


def _recorded(items: list[Item], judge: Callable[[list[str]], list[str | None]],
              repo_dir: str, tip: str) -> list[str | None]:
    """``judge``'s answers for the items' texts; an item held that opens with the subject
    of a reviewed commit it cites is judged again on what follows the subject: the
    subject records a change the team made, not an order (docs/design.md, "Where two
    rules meet", *A record of a reviewed commit*)."""
    from gitmemory.outputs.cited import Cited

    texts = [item.text for item in items]
    found = judge(texts)
    after = Cited(repo_dir, tip).following(texts, [item.refs for item in items], found)
    again = dict(zip(after, judge(list(after.values())), strict=True)) if after else {}
    return [again.get(n, why) for n, why in enumerate(found)]


def _changed(items: list[Item], repo_dir: str, tip: str, paths: list[str]
             ) -> list[str | None]:
    from gitmemory.outputs import changed

    return changed.reasons([verdicts.capped(item.text) for item in items], repo_dir, tip,
                           paths, [item.refs for item in items])


def _behaved(items: list[Item], repo_dir: str, tip: str, paths: list[str]
             ) -> list[str | None]:
    from gitmemory.outputs import behaviour

    return _recorded(items, lambda texts: behaviour.reasons(
        [verdicts.capped(text) for text in texts], repo_dir, tip, paths), repo_dir, tip)


# The rules judged against the tip, in order: the kind of text each reads, where its
# verdicts are kept, and its judge.
_BY_TIP = ((CLAIMS, verdicts.CONTROLS, _weakened), (RELAXES, verdicts.RULES, _relaxed),
           (ORDERS, verdicts.CHANGES, _changed), (BEHAVES, verdicts.BEHAVIOUR, _behaved))
