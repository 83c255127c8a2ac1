IMPLEMENTATION MODULE GateLog;
(* The gate log only grows: Append adds one row; nothing here updates or deletes. *)

FROM Db IMPORT Exec;

PROCEDURE Append (gate, stepCm, cardA, cardB: CARDINAL);
BEGIN
  Exec("INSERT INTO gate_log (gate, step_cm, card_a, card_b, at) VALUES (?, ?, ?, ?, CURRENT)",
       gate, stepCm, cardA, cardB)
END Append;

END GateLog.
