;; Every digit becomes # before a line goes to Fluentd.
(library (mangel log-limpi)
  (export log-limpi)
  (import (rnrs))
  (define (log-limpi line)
    (list->string (map (lambda (c) (if (char-numeric? c) #\# c)) (string->list line)))))
