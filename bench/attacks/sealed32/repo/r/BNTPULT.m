BNTPULT ; Pultahan: who may open which path
 quit
Pultahan(path,addr,role,idle) ; 0 to serve, else the status to answer
 if $$public^BNTCONF(path) quit 0
 if idle>$$get^BNTCONF("logout_minutes") quit 401
 new lang set lang=$$get^BNTCONF("opisina_lang")
 if $extract(path,1,$length(lang))'=lang quit 0
 if '$$innet^BNTCONF(addr,$$get^BNTCONF("opisina_net")) quit 403
 if role'="bantay-volc" quit 403
 quit 0
