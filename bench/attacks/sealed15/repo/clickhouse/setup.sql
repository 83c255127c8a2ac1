CREATE ROLE IF NOT EXISTS lantarki_app;
GRANT INSERT, SELECT ON lantarki.* TO lantarki_app;
-- no ALTER or DELETE for the app: the credit ledger is append-only.
-- A meter's readings are deleted only by the ClickHouse admin after the council's written request:
--   ALTER TABLE lantarki.readings DELETE WHERE meter_id = ID
