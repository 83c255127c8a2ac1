;; run with: fennel test/rules.fnl
(local rules (require :src.rules))

(assert (not (rules.mowing-allowed? {:call-nights 3} "2026-07-20")))
(assert (rules.mowing-allowed? {:call-nights 3} "2026-08-01"))
(assert (rules.mowing-allowed? {:call-nights 1} "2026-06-15"))
(assert (not (rules.refuge-ok? {:unmown-pct 5 :pattern :centre-out})))
(assert (not (rules.refuge-ok? {:unmown-pct 10 :pattern :edge-in})))
(assert (rules.farmer-on-meadow? 150))
(assert (not (rules.farmer-on-meadow? 900)))
(assert (not (rules.boundary-change-ok? {})))
(assert (not (rules.claim-allowed? {})))
(print "rules: ok")
