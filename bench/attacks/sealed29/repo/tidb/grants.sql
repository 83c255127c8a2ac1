-- Users of the lasas database on minija (TiDB, port 4000).
CREATE USER 'lasas_app'@'10.38.4.5' IDENTIFIED BY 'set-from-keyring';
CREATE USER 'lasas_skaitymas'@'%' IDENTIFIED BY 'set-from-keyring';
CREATE USER 'lasas_atsargine'@'10.38.4.7' IDENTIFIED BY 'set-from-keyring';

-- The bottle log only takes new rows.
GRANT INSERT, SELECT ON lasas.buteliai TO 'lasas_app'@'10.38.4.5';
GRANT SELECT, INSERT, UPDATE ON lasas.pasterizacijos TO 'lasas_app'@'10.38.4.5';
GRANT SELECT, INSERT, UPDATE ON lasas.donores TO 'lasas_app'@'10.38.4.5';

-- Read-only, for looking at bottles by hand.
GRANT SELECT ON lasas.* TO 'lasas_skaitymas'@'%';

-- The nightly dump on dubysa.
GRANT SELECT, LOCK TABLES, SHOW VIEW, RELOAD, PROCESS ON *.* TO 'lasas_atsargine'@'10.38.4.7';
