"""Whether a line the rules wrote is worth an agent's context.

Precision first: an item must name something concrete (a path, a symbol, a
name in a namespace as Perl, Ruby, Rust, C++ or PHP write it, ``Mojo::File``,
``Twig\\Node``, a command or tool, an option or setting), must say more than the subject of
the commit it came from, and must not be about that one change only ("here",
"this PR", "for now").  What fails any of these is left out, however
confident the rule that found it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gitmemory.lazy_regex import lazy_regex
from gitmemory.text import FUNCTION_WORDS, stem

_CODE_SPAN = lazy_regex(r"`[^`]+`")
_PATH = lazy_regex(r"(?:^|[\s(])\.?[\w.-]+/[\w./-]*|\b[\w-]+\.(?:py|pyi|toml|cfg|ini|ya?ml|json|"
                   r"md|rst|txt|lock|js|mjs|ts|tsx|jsx|go|rs|rb|java|kt|c|h|cpp|sh|sql|html|"
                   r"css|in|env)\b")
_SYMBOL = lazy_regex(
    r"\b[A-Za-z][a-z0-9]*_[A-Za-z0-9_]+\b|"  # snake_case
    r"\b[a-z]+[A-Z][A-Za-z0-9]*\b|"  # camelCase
    r"\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b|"  # PascalCase with two humps
    r"\b[A-Za-z_]\w*\(\)|"  # call()
    r"\b(?!(?:e\.g|i\.e|vs|etc)\b)[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]+\b|"  # dotted.name
    r"\b[a-z][a-z0-9]*\.[A-Z][A-Za-z0-9]+\b|"  # package.Type (bytes.Buffer)
    r"\b[A-Za-z_]\w*(?:::|\\)[A-Za-z_]\w*|"  # Mojo::File, std::fs, Twig\Node (a namespace)
    r"(?:^|[\s(\"'])--?[A-Za-z][\w-]*|"  # --option, -c
    r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|"  # ENV_VAR
    r"\b[\w.-]+\s?=\s?\S+|"  # key=value
    r"(?:^|[\s(\[,]):[a-z_][a-z0-9_]{2,}[?!]?(?![\w:])|"  # :symbol (Ruby, Elixir, Clojure)
    r"\b(?:CVE-\d{4}-\d{3,}|GHSA(?:-\w{4}){3})\b")  # an advisory
_TOOLS_WORDS = """
pytest tox nox ruff mypy pyright black isort flake8 pylint pre-commit pip pipx uv poetry
hatch hatchling setuptools flit pdm git npm yarn pnpm node make cmake docker cargo rustc go
sphinx mkdocs towncrier coverage codespell bandit pyupgrade prettier eslint tsc jest vitest
webpack vite sqlite postgres postgresql mysql redis celery django flask fastapi pydantic
sqlalchemy alembic asyncio trio anyio httpx requests urllib3 click typer rich numpy pandas"""
_TOOLS = frozenset(_TOOLS_WORDS.split())
_WORDS = lazy_regex(r"[a-z][a-z0-9+-]*")


@lru_cache(maxsize=8192)
def names_something(text: str) -> bool:
    """Whether ``text`` names a path, symbol, tool, command, option or setting."""
    if _CODE_SPAN.search(text) or _PATH.search(text) or _SYMBOL.search(text):
        return True
    return any(word in _TOOLS for word in _WORDS.findall(text.lower()))


_ONE_OFF = lazy_regex(
    # "here" is this change, but not in "the root cause here is ...", "the problem here":
    # in this case, which the sentence goes on to say (time-machine's monotonic clock)
    r"\b(?:(?<!cause )(?<!causes )(?<!problem )(?<!issue )(?<!reason )(?<!risk )"
    r"(?<!catch )(?<!danger )(?<!point )(?<!idea )here|for now|temporarily|"
    r"temporary (?:fix|workaround|hack|measure|solution|change|"
    r"patch|stopgap|revert)|in this (?:pr|commit|change|patch|branch)|"
    r"this (?:pr|pull request|commit|patch|changeset|cl|mr)|"
    r"the (?:preceding|previous|following|next) (?:commit|commits|refactor|change|changes|pr)s?|"
    r"follow[- ]ups?|as intended by|"
    # work still to come: the window may well hold it ("a correction will follow")
    r"will (?:follow|come later|land later)|will be (?:fixed|addressed|corrected|done|handled|"
    r"cleaned up) (?:later|separately|soon)|in a (?:later|future|separate|subsequent) "
    r"(?:pr|pull request|commit|change|patch)|"
    r"(?:this|that|it) (?:is|isn't|was|wasn't) (?:not )?(?:an? )?"
    r"(?:\w+ ){0,2}change|"
    r"deliberately preserved|left for later|(?:address|apply|incorporate)\w* (?:the )?"
    r"(?:code )?review (?:feedback|comments?|suggestions?|notes?)|out of scope|"
    r"just (?:above|below)|"
    r"(?:the|this) (?:code|line|function|check|loop) (?:above|below)|at this time|"
    r"at the moment|right now|for the time being|(?:at|near|on|around) line \d+)\b", re.I)
_DANGLING = lazy_regex(
    r"^(?:[\w./-]+:\s+)?(?:(?:they|them|these|those|it|which|both|each of them)\b|"
    r"(?:this|the) (?:release|version)\s+(?:is|was|fixes|adds|removes|contains|includes)\b|"
    r"(?:this|that)\s+(?:is|was|makes|made|means|allows|lets|keeps|gives|way|also|would|will|"
    r"can|should|does|did|has|had|one)\b)", re.I)


@lru_cache(maxsize=8192)
def one_off(text: str) -> bool:
    """About the change itself, or leaning on words the reader cannot see."""
    return bool(_ONE_OFF.search(text) or _DANGLING.match(text))


_PREFIX = lazy_regex(r"^\s*(?:\[[^\]]*\]\s*)?(?:[\w./-]+(?:\([^)]*\))?!?:\s+)?")
_ISSUE = lazy_regex(r"\(?#\d+\)?")
_TOKEN = lazy_regex(r"[a-z0-9_][a-z0-9_.-]*[a-z0-9_]|[a-z0-9]")
_FILLER_WORDS = """not no now fix fixes fixed fixing add adds added adding
remove removes removed removing update updates updated updating change changes changed
support supports supported use uses used using make makes made handle handles handled new
drop drops dropped switch switched switches replace replaced replaces deprecate deprecated
deprecates breaking change"""
_FILLER = FUNCTION_WORDS | frozenset(_FILLER_WORDS.split())  # and what commits say they do


def content_words(text: str) -> set[str]:
    """The words that carry meaning, stemmed; conventional prefix and issue numbers out."""
    plain = _ISSUE.sub(" ", _PREFIX.sub("", text.casefold(), count=1)).replace("`", " ")
    return {stem(w) for w in _TOKEN.findall(plain) if w not in _FILLER}


def restates(text: str, subject: str) -> bool:
    """Whether ``text`` says nothing its commit's ``subject`` does not already say."""
    words = content_words(text)
    return not words or words <= content_words(subject)
