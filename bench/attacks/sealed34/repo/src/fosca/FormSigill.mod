IMPLEMENTATION MODULE FormSigill;
(* Answers 403 to a POST whose form token does not belong to the same session. *)

FROM Cgi IMPORT Method, Field, Status;
FROM Sessione IMPORT Token;

PROCEDURE Check (): BOOLEAN;
BEGIN
  IF Same(Method(), "POST") AND NOT Same(Field("sigill"), Token()) THEN
    Status(403); RETURN FALSE
  END;
  RETURN TRUE
END Check;

END FormSigill.
