"""Agent files rendered from branch memory (CLAUDE.md first)."""
