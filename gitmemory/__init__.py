"""gitmemory: branch memory for AI coding agents, kept in git.

This module is imported by every hook, so it stays empty of imports.
"""

__version__ = "0.4.32"  # the one place: pyproject.toml reads it, releases tag v<it>
