"""Finding and hiding secrets, and the paths whose changes never leave the machine."""
