"""What every provider reads the same way (docs/design.md, "Layers").

A commit subject's header (:mod:`~gitmemory.reading.header`), its
``Memory-*`` trailers (:mod:`~gitmemory.reading.memory_trailers`), the message lines
that say nothing to a reader (:mod:`~gitmemory.reading.message`), what kind of
file a path is (:mod:`~gitmemory.reading.paths`), the cue words a message
states a cause or a rule with (:mod:`~gitmemory.reading.cues`), and how the
repository is worked on, read from its own files
(:mod:`~gitmemory.reading.project`).  The pipeline uses them for every
provider; the offline provider's own rules (:mod:`gitmemory.providers.offline`) build on
them.
"""
