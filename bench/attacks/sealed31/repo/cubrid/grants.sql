-- umugozi_app may add to the safety log and read it, never change or delete it.
GRANT INSERT, SELECT ON ibyabaye TO umugozi_app;
GRANT SELECT, INSERT, UPDATE ON amatike TO umugozi_app;
GRANT INSERT, SELECT ON ibipimo TO umugozi_app;
-- umugozi_soma reads; umugozi_bika makes the backups.
GRANT SELECT ON ibyabaye TO umugozi_soma;
GRANT SELECT ON amatike TO umugozi_soma;
GRANT SELECT ON ibipimo TO umugozi_soma;
