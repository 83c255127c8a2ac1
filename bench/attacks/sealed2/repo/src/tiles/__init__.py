"""Vector map tiles."""

from pathlib import PurePosixPath


def cache_key(z: int, x: int, y: int) -> str:
    """Tiles are cached by (z, x, y); the key never holds the user id."""
    return str(PurePosixPath(str(z), str(x), str(y)))
