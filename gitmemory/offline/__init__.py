"""The offline extractor's rules (docs/design.md, "Data flow"): deterministic, no network.

``rules`` reads each commit message, ``habits`` reads how the team works
across commits, ``layout`` and ``manifests`` read the paths and diffs;
:mod:`gitmemory.providers.offline` puts them together.
"""
