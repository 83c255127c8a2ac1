-- The database file is encrypted with SQLCipher (key from RUNNEL_DB_KEY, never committed).
CREATE TABLE account (
  id              INTEGER PRIMARY KEY,
  cooperative     TEXT NOT NULL CHECK (cooperative IN ('tartu', 'gozo', 'korce')),
  holder_name     TEXT NOT NULL,
  personal_code   TEXT,            -- isikukood / ID card number; shown to clerks only masked
  iban            TEXT,            -- direct debit mandate; masked everywhere but the mandate page
  priority_care   INTEGER NOT NULL DEFAULT 0,
  care_reason     TEXT,            -- care officers and supervisors only
  address         TEXT NOT NULL,
  lat             REAL,
  lon             REAL,
  closed_at       TEXT
);
--;;
CREATE TABLE disconnect_order (
  id              INTEGER PRIMARY KEY,
  account_id      INTEGER NOT NULL REFERENCES account(id),
  created_by      TEXT NOT NULL,
  notice_sent_at  TEXT,
  state           TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'approved', 'done', 'cancelled'))
);
--;;
CREATE TABLE approval (
  order_id        INTEGER NOT NULL REFERENCES disconnect_order(id),
  approved_by     TEXT NOT NULL,
  role            TEXT NOT NULL,
  approved_at     TEXT NOT NULL,
  UNIQUE (order_id, approved_by)
);
