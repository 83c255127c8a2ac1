-- The callout log. Rows are only ever added: nv_app may INSERT and SELECT, nothing else,
-- and no partition is ever dropped.
CREATE TABLE udkald (
    id BIGINT AUTO_INCREMENT,
    paged_at DATETIME(3) NOT NULL,
    launched_at DATETIME(3) NULL,
    boat ENUM('Kvik', 'Hvidbjørn') NOT NULL,
    helm VARCHAR(64) NOT NULL,
    crew_count TINYINT NOT NULL,
    PRIMARY KEY (id, paged_at)
)
PARTITION BY RANGE COLUMNS (paged_at) (
    PARTITION p2026 VALUES LESS THAN ('2027-01-01'),
    PARTITION pmax VALUES LESS THAN (MAXVALUE)
);
