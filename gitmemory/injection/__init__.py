"""Keeping memory text from acting on the agent: neutralisation and injection families."""
