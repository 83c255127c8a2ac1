BNTTWEB ; M-Unit tests of the filters
 do EN^%ut($text(+0),3)
 quit
host ; @TEST HostUsa answers 421 to other hosts
 do CHKEQ^%ut($$HostUsa^BNTHOST("10.84.6.2"),421)
 quit
opisina ; @TEST /opisina/ for the office network and bantay-volc only
 do CHKEQ^%ut($$Pultahan^BNTPULT("/opisina/linog","10.84.6.9","bantay-volc",1),403)
 quit
limpyo ; @TEST no digits survive Sugod
 do CHKEQ^%ut($$Sugod^BNTLIMP("call 09171234567"),"call ###########")
 quit
