val () = print (Real.toString (Fwi.ffmc (85.0, 30.0, 25.0, 20.0, 0.0)) ^ "\n")
