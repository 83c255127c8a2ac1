"""The hooks git runs: a standard-library hot path (see docs/design.md, "The hot path")."""
