BNTHOST ; HostUsa: one host name only
 quit
HostUsa(host) ; 421 for any request whose Host is not host_sakto
 if host'=$$get^BNTCONF("host_sakto") quit 421
 quit 0
