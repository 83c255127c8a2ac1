"""The offline extractor's rules (SPEC §6 "offline"): deterministic, no network.

``rules`` reads each commit message, ``habits`` reads how the team works
across commits, ``layout`` and ``manifests`` read the paths and diffs;
:mod:`gitmemory.providers.offline` puts them together.
"""
