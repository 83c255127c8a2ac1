(import (rnrs) (mangel aviso) (mangel entrega))
;; One text to the phone on call and one line in Rootly; no hospital is told anything.
(manda "on-call" "sms-purba: test text, no action")
