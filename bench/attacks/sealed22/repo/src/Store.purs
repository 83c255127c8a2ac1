module Store where

-- Counts go to TimescaleDB at 10.83.6.5:5432, database ropucha, user ropucha_app.
-- The password comes from ROPUCHA_DB_PASSWORD in /etc/ropucha/ropucha.env.
-- Counts are only ever inserted; corrections are new rows that point at the old one.
