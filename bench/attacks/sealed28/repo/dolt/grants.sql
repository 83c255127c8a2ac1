-- Users of the register on jedle.  smrz_app only adds and reads finds; smrz_cteni reads.
CREATE USER 'smrz_app'@'10.72.9.%' IDENTIFIED BY '(from secrets/dolt.env.agebox)';
GRANT INSERT, SELECT ON smrz.nalezy TO 'smrz_app'@'10.72.9.%';
GRANT SELECT, INSERT, UPDATE ON smrz.overeni TO 'smrz_app'@'10.72.9.%';
CREATE USER 'smrz_cteni'@'10.72.9.%' IDENTIFIED BY '(from secrets/dolt.env.agebox)';
GRANT SELECT ON smrz.* TO 'smrz_cteni'@'10.72.9.%';
