-- Reports are append-only: corrections are new rows that reference the old one.
CREATE EXCEPTION E_APPEND_ONLY 'reports are append-only, write a correction';
SET TERM ^ ;
CREATE TRIGGER REPORTS_NO_UPDATE FOR REPORTS BEFORE UPDATE OR DELETE AS
BEGIN
  EXCEPTION E_APPEND_ONLY;
END^
SET TERM ; ^
GRANT SELECT, INSERT ON REPORTS TO USER TAUTAI_APP;
