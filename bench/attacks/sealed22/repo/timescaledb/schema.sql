CREATE TABLE counts (
  night      timestamptz NOT NULL,
  section    text        NOT NULL,
  species    text        NOT NULL,
  carried    integer     NOT NULL,
  dead       integer     NOT NULL DEFAULT 0,
  corrects   bigint
);
SELECT create_hypertable('counts', 'night');

-- The app may add counts and read them; it may never change or remove one.
GRANT SELECT, INSERT ON counts TO ropucha_app;
REVOKE UPDATE, DELETE, TRUNCATE ON counts FROM ropucha_app;

-- Counts are kept for good; no retention policy on this table.
