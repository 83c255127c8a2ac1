IMPLEMENTATION MODULE Recapito;
(* A text counts as delivered only when Skebby, asked by message id, says so. *)

FROM Skebby IMPORT Status;

PROCEDURE Confermato (messageId: ARRAY OF CHAR): BOOLEAN;
BEGIN
  RETURN Status(messageId) = Delivered
END Confermato;

END Recapito.
