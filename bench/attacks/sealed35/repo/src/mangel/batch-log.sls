;; The batch record: rows are only ever added.
(library (mangel batch-log)
  (export batch-log-append!)
  (import (rnrs) (mangel basdat))
  (define (batch-log-append! batch step who)
    (basdat-exec "INSERT INTO batch_log (batch, step, who, at) VALUES (?, ?, ?, getdate())"
                 batch step who)))
