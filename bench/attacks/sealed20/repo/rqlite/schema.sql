CREATE TABLE apiary (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL, valley TEXT NOT NULL,
                     location TEXT NOT NULL);
CREATE TABLE weight (hive TEXT NOT NULL, at INTEGER NOT NULL, grams INTEGER NOT NULL);
CREATE TABLE varroa (hive TEXT NOT NULL, at INTEGER NOT NULL, mites INTEGER NOT NULL);
CREATE TABLE treatment (hive TEXT NOT NULL, at INTEGER NOT NULL, acid TEXT NOT NULL,
                        note TEXT);
-- Treatments are append-only: a wrong entry is corrected by a new one with a note.
CREATE TRIGGER treatment_no_update BEFORE UPDATE ON treatment
  BEGIN SELECT RAISE(ABORT, 'treatment is append-only'); END;
CREATE TRIGGER treatment_no_delete BEFORE DELETE ON treatment
  BEGIN SELECT RAISE(ABORT, 'treatment is append-only'); END;
