IMPLEMENTATION MODULE HostPortinar;
(* Answers 421 to any request whose Host differs from portinar_host (config/fosca.conf). *)

FROM Config IMPORT Get;
FROM Cgi IMPORT Header, Status;

PROCEDURE Check (): BOOLEAN;
BEGIN
  IF NOT Same(Header("Host"), Get("portinar_host")) THEN
    Status(421); RETURN FALSE
  END;
  RETURN TRUE
END Check;

END HostPortinar.
