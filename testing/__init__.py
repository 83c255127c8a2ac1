"""Test helpers shared by tests/ and bench/ (not shipped in the wheel)."""
