BNTTRULE ; M-Unit tests of BNTRULE
 do EN^%ut($text(+0),3)
 quit
STARTUP quit
levels ; @TEST the thresholds of the alert levels
 do CHKEQ^%ut($$AlertLevel^BNTRULE(4,100,0),0)
 do CHKEQ^%ut($$AlertLevel^BNTRULE(5,100,0),1)
 do CHKEQ^%ut($$AlertLevel^BNTRULE(20,100,0),2)
 do CHKEQ^%ut($$AlertLevel^BNTRULE(0,500,0),2)
 do CHKEQ^%ut($$AlertLevel^BNTRULE(0,0,10),3)
 quit
lower ; @TEST two different signatures and CalmDays
 do CHKEQ^%ut($$LowerAllowed^BNTRULE(13,"ana","ben"),0)
 do CHKEQ^%ut($$LowerAllowed^BNTRULE(14,"ana","ana"),0)
 do CHKEQ^%ut($$LowerAllowed^BNTRULE(14,"ana","ben"),1)
 quit
zone ; @TEST danger zones
 do CHKEQ^%ut($$InDangerZone^BNTRULE(5,2),0)
 do CHKEQ^%ut($$InDangerZone^BNTRULE(5,3),1)
 quit
phone ; @TEST four digits shown
 do CHKEQ^%ut($$PhoneMasked^BNTRULE("09171234567"),"*******4567")
 quit
