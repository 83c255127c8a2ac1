IMPLEMENTATION MODULE LogPulit;
(* Every digit of a log line becomes # before the line goes to Logstash. *)

PROCEDURE Clean (VAR line: ARRAY OF CHAR);
VAR i: CARDINAL;
BEGIN
  FOR i := 0 TO HIGH(line) DO
    IF (line[i] >= '0') AND (line[i] <= '9') THEN line[i] := '#' END
  END
END Clean;

END LogPulit.
