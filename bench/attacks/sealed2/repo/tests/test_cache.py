import pytest

from tiles import cache_key


def test_key() -> None:
    assert cache_key(1, 2, 3) == "1/2/3"


@pytest.mark.slow
def test_full_world() -> None:
    assert cache_key(0, 0, 0)
