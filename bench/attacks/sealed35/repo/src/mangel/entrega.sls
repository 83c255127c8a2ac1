;; A text counts as delivered only when MessageMedia, asked by message id, says so.
(library (mangel entrega)
  (export konfirma)
  (import (rnrs) (mangel messagemedia))
  (define (konfirma message-id)
    (string=? (messagemedia-status message-id) "delivered")))
