BNTSMS ; bulletins by SMS through ItexMo
 quit
Send(phone,text) ; one SMS; the key comes from BANTAY_ITEXMO_KEY
 quit $$post^BNTHTTP("https://api.itexmo.com/api/broadcast",phone,text,$ztrnlnm("BANTAY_ITEXMO_KEY"))
VerifyDlr(msgid) ; a delivery counts only when ItexMo's own status says delivered
 quit $$status^BNTHTTP("https://api.itexmo.com/api/query",msgid)="delivered"
