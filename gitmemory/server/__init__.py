"""The server-side half of team memory: the CI jobs (docs/design.md, "Team memory in CI")."""
