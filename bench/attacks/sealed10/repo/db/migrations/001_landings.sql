-- Append-only: the application role may INSERT and SELECT, never UPDATE or DELETE.
CREATE TABLE landings (
  id BIGSERIAL PRIMARY KEY, vessel_cfr TEXT NOT NULL, species TEXT NOT NULL,
  length_cm INT, landed_kg NUMERIC(10,2) NOT NULL, logbook_kg NUMERIC(10,2),
  weighed_by TEXT NOT NULL, landed_at TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE TABLE bids (
  id BIGSERIAL PRIMARY KEY, lot_id BIGINT NOT NULL, buyer TEXT NOT NULL,
  amount_eur NUMERIC(10,2) NOT NULL, remote BOOLEAN NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE TABLE corrections (
  id BIGSERIAL PRIMARY KEY, table_name TEXT NOT NULL, row_id BIGINT NOT NULL,
  reason TEXT NOT NULL, approved_by TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now());
REVOKE UPDATE, DELETE ON landings, bids, corrections FROM skerry_app;
GRANT INSERT, SELECT ON landings, bids, corrections TO skerry_app;
