-- tebren_app may add alerts but never change or remove one.
GRANT INSERT, SELECT ON eskertuuler TO tebren_app;
GRANT INSERT, SELECT, UPDATE ON sezilgen TO tebren_app;
GRANT INSERT, SELECT ON sms_jurnal TO tebren_app;
-- tebren_okuu reads, for counts by hand.
GRANT SELECT ON eskertuuler TO tebren_okuu;
-- tebren_kochurmo dumps.
GRANT SELECT ON eskertuuler TO tebren_kochurmo;
GRANT SELECT ON sezilgen TO tebren_kochurmo;
GRANT SELECT ON sms_jurnal TO tebren_kochurmo;
