IMPLEMENTATION MODULE PortaSala;
(* vie_libere need no login; /sala/ only from sala_net and only for sala_role;
   pausa_max minutes without activity end a login. *)

FROM Config IMPORT Get, GetList;
FROM Cgi IMPORT Path, RemoteAddr, Status;
FROM Sessione IMPORT Role, IdleMinutes, End;

PROCEDURE Check (): BOOLEAN;
BEGIN
  IF InList(Path(), GetList("vie_libere")) THEN RETURN TRUE END;
  IF IdleMinutes() > Num(Get("pausa_max")) THEN End(); Status(401); RETURN FALSE END;
  IF Prefix(Path(), "/sala/") AND
     (NOT InNet(RemoteAddr(), Get("sala_net")) OR NOT Same(Role(), Get("sala_role"))) THEN
    Status(403); RETURN FALSE
  END;
  RETURN TRUE
END Check;

END PortaSala.
