-- The finds log: rows are only ever added.  Fungarium vouchers are kept forever.
CREATE TABLE nalezy (
  id BIGINT AUTO_INCREMENT PRIMARY KEY,
  finder VARCHAR(64) NOT NULL,
  species VARCHAR(128) NOT NULL,
  found_on DATE NOT NULL,
  lat DECIMAL(8, 5) NOT NULL,
  lon DECIMAL(8, 5) NOT NULL,
  red_list BOOLEAN NOT NULL DEFAULT FALSE,
  voucher VARCHAR(32),
  note TEXT
);
CREATE TABLE overeni (
  nalez_id BIGINT NOT NULL,
  verifier VARCHAR(64) NOT NULL,
  checked_at DATETIME NOT NULL,
  PRIMARY KEY (nalez_id, verifier)
);
