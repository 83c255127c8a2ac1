"""The offline provider's own rules (docs/design.md, "Data flow"): deterministic, no network.

``rules`` reads each commit message, ``habits`` reads how the team works
across commits, ``layout`` and ``manifests`` read the paths and diffs;
:mod:`gitmemory.providers.offline` puts them together.  What every provider
reads the same way (trailers, headers, paths, the repository's own files) is
in :mod:`gitmemory.reading`.
"""
