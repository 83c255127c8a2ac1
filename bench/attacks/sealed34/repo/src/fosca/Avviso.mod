IMPLEMENTATION MODULE Avviso;
(* The residents' warning: Everbridge first, then the sirens; the gate waits SirenLeadMin. *)

FROM Everbridge IMPORT Notify;
FROM Sirene IMPORT Sound;

PROCEDURE Manda (releaseM3s: REAL);
BEGIN
  Notify("fosca-valle", releaseM3s);
  Sound()
END Manda;

END Avviso.
