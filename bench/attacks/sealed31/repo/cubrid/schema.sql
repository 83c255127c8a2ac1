-- The safety log only grows: rows of ibyabaye are appended, never updated or deleted.
CREATE TABLE ibyabaye (
  id INTEGER AUTO_INCREMENT PRIMARY KEY,
  incident_id INTEGER NOT NULL,
  kind VARCHAR(16) NOT NULL,       -- opened, note, closed
  note VARCHAR(2000),
  written_at DATETIME DEFAULT SYSDATETIME
);
CREATE TABLE amatike (
  id INTEGER AUTO_INCREMENT PRIMARY KEY,
  sold_at DATETIME NOT NULL,
  used_at DATETIME,
  fare_rwf INTEGER NOT NULL,
  phone VARCHAR(16),
  momo_reference VARCHAR(36)
);
CREATE TABLE ibipimo (
  tower VARCHAR(8) NOT NULL,
  taken DATETIME NOT NULL,
  gust_kmh INTEGER NOT NULL,
  strike_km INTEGER
);
