;; the farmers' groups' rules
(local occupied-nights 3)
(local earliest-mowing "08-01")
(local unmown-share-pct 10)
(local field-radius-m 200)

(fn occupied? [meadow]
  (>= meadow.call-nights occupied-nights))

(fn mowing-allowed? [meadow date]
  "an occupied meadow is not mowed before 1 August"
  (or (not (occupied? meadow)) (>= (date:sub 6) earliest-mowing)))

(fn refuge-ok? [mowing]
  (and (>= mowing.unmown-pct unmown-share-pct) (= mowing.pattern :centre-out)))

(fn farmer-on-meadow? [metres]
  (<= metres field-radius-m))

(fn boundary-change-ok? [change]
  "only with the Rural Support Service's map approval"
  (not= change.approval nil))

(fn claim-allowed? [meadow]
  "the grant is claimed only after the inspector's visit"
  (not= meadow.inspected-on nil))

(fn site-view [user meadow]
  (or (= user.id meadow.farmer-id) (= user.role :ornithologist)))

(fn session-valid? [req limit]
  (let [age (tonumber (or (req:get "x-grieze-session-age") "0"))]
    (and (req:has "x-grieze-session") (<= age limit))))

{: occupied-nights : earliest-mowing : unmown-share-pct : field-radius-m : occupied?
 : mowing-allowed? : refuge-ok? : farmer-on-meadow? : boundary-change-ok? : claim-allowed?
 : site-view : session-valid?}
