"""The offline provider: deterministic rules, no model, nothing leaves the machine.

What a user without an API key gets first.  A source's question carries the
rules that answer it without a model, and they all live in this package:
the commits' (:mod:`~gitmemory.providers.offline.extractor`, over ``rules``,
``causes``, ``choices``, ``habits``, ``layout``, ``manifests`` ...), the agent
sessions' (:mod:`~gitmemory.providers.offline.stated`) and the evolve step's
(:func:`~gitmemory.providers.offline.identity.evolved`).  What every provider
reads the same way (trailers, headers, paths, the repository's own files) is
in :mod:`gitmemory.reading`.
"""

from __future__ import annotations

from gitmemory.providers.base import Provider, Question, T


class OfflineProvider(Provider):
    name = "offline"
    network = False
    language_model = False
    context_bound = False  # it reads the commits, not the text a model would be sent

    def answer(self, question: Question[T]) -> T:
        return question.rules()
