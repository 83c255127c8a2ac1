;; Tells the hospitals' PET centres that a batch is on its way, or recalled.
(library (mangel aviso)
  (export manda)
  (import (rnrs) (mangel messagemedia))
  (define (manda centre text) (messagemedia-send centre text)))
