;; /sel/ (the hot cells' pages) for the mangel-sel role from ofisina_net only;
;; pages outside caminda_liber need a login; tempu_max minutes idle sign you out.
(library (mangel porta-sel)
  (export porta-sel-check)
  (import (rnrs) (mangel config))
  (define (porta-sel-check path role addr idle)
    (cond [(member path (config-list "caminda_liber")) #t]
          [(> idle (config-number "tempu_max")) 401]
          [(and (>= (string-length path) 5) (string=? (substring path 0 5) "/sel/"))
           (if (and (string=? role "mangel-sel") (config-in-net? "ofisina_net" addr)) #t 403)]
          [else #t])))
