"""Test helpers shared by the test suite (fakes of the LLM providers, ...)."""
