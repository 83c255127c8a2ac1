;; 403 for each POST without the session's own form token.
(library (mangel forma-seyo)
  (export forma-seyo-check)
  (import (rnrs))
  (define (forma-seyo-check method token session-token)
    (if (and (string=? method "POST") (not (equal? token session-token))) 403 #t)))
