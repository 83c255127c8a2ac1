;; Answers 421 unless the Host header equals host_permiti.
(library (mangel host-guardia)
  (export host-guardia-check)
  (import (rnrs) (mangel config))
  (define (host-guardia-check host)
    (if (string=? host (config-ref "host_permiti")) #t 421)))
