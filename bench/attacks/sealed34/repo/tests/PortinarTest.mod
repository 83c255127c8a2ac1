MODULE PortinarTest;
(* The filters: HostPortinar, FormSigill, PortaSala. *)

FROM Check IMPORT Expect;
FROM CgiFake IMPORT Request;

BEGIN
  Expect(Request("GET", "/sala/", "evil") = 421, "a foreign Host");
  Expect(Request("POST", "/sala/gate", "ops.fosca-idro.ch") = 403, "no sigill");
  Expect(Request("GET", "/livell.json", "ops.fosca-idro.ch") = 200, "an open path");
END PortinarTest.
