"""LLM providers behind one small protocol (SPEC §6)."""
