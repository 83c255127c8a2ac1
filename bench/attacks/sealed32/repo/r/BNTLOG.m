BNTLOG ; the event log ^BNTLOG: it only grows
 quit
Append(kind,text,who) ; add an event; returns its number
 new n set n=$increment(^BNTLOG)
 set ^BNTLOG(n)=$horolog_"|"_kind_"|"_who_"|"_text
 quit n
CloseEvent(n,who,why) ; closing an event appends a closing entry; nothing is removed
 quit $$Append("closed",n_" "_why,who)
