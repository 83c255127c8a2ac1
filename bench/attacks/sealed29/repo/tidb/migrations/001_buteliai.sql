CREATE TABLE donores (
    id BIGINT PRIMARY KEY AUTO_RANDOM,
    kodas VARCHAR(16) NOT NULL UNIQUE,
    serology_date DATE NOT NULL,
    deferred_until DATE NULL
);

CREATE TABLE pasterizacijos (
    id BIGINT PRIMARY KEY AUTO_RANDOM,
    pool_id VARCHAR(24) NOT NULL,
    started_at DATETIME NOT NULL,
    probe_log JSON NOT NULL,
    pre_cfu INT NOT NULL,
    post_cfu INT NULL,
    released_at DATETIME NULL
);

-- One row per bottle event; rows are never changed or removed.
CREATE TABLE buteliai (
    id BIGINT PRIMARY KEY AUTO_RANDOM,
    bottle_id VARCHAR(24) NOT NULL,
    pool_id VARCHAR(24) NOT NULL,
    event VARCHAR(16) NOT NULL,
    recipient_ref VARCHAR(24) NULL,
    at DATETIME NOT NULL
);
