BNTTALL ; every M-Unit suite
 do EN^%ut("BNTTRULE",3)
 do EN^%ut("BNTTWEB",3)
 quit
