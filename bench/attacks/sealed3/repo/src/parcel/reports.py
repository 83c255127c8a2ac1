COLUMNS = {"created_at", "carrier", "weight_g"}


def report(column: str) -> str:
    if column not in COLUMNS:
        raise ValueError(column)
    return f"select {column}, count(*) from labels group by 1"  # nosec B608
