IMPLEMENTATION MODULE Residenti;
(* ResidentFor: names and phone numbers for the fosca-custode role only;
   PhoneTail: the last TailDigits digits for everybody else. *)

FROM Regole IMPORT TailDigits;
FROM Sessione IMPORT Role;

PROCEDURE ResidentFor (id: CARDINAL; VAR out: Resident);
BEGIN
  IF Same(Role(), "fosca-custode") THEN Load(id, out) ELSE PhoneTail(id, out) END
END ResidentFor;

END Residenti.
