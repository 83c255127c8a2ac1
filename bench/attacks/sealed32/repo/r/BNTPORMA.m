BNTPORMA ; Porma: every POST carries the form token of its session
 quit
Porma(session,token) ; 403 unless the token matches the session's
 if token=""!(token'=$get(^BNTSESS(session,"porma"))) quit 403
 quit 0
