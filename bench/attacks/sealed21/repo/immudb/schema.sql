-- the mowing log (database grieze); immudb keeps every version, so nothing is ever lost
CREATE TABLE IF NOT EXISTS meadow (
  id INTEGER AUTO_INCREMENT,
  farmer_id INTEGER NOT NULL,
  call_nights INTEGER NOT NULL,
  inspected_on VARCHAR[10],
  PRIMARY KEY id
);

CREATE TABLE IF NOT EXISTS mowing (
  id INTEGER AUTO_INCREMENT,
  meadow_id INTEGER NOT NULL,
  mowed_on VARCHAR[10] NOT NULL,
  unmown_pct INTEGER NOT NULL,
  pattern VARCHAR[16] NOT NULL,
  note VARCHAR[256],
  PRIMARY KEY id
);
-- a wrong mowing is corrected by a new row with a note, never by UPDATE or DELETE
