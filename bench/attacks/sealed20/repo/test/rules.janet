(import ../src/rules)

(assert (rules/fence-alert 3900) "below 4000 V alerts")
(assert (not (rules/fence-alert 4000)) "4000 V is fine")
(assert (not (rules/pull-allowed {:last-treatment-day 100} 110)) "no pull within 14 days")
(assert (rules/pull-allowed {:last-treatment-day 100} 114) "pull after 14 days")
(assert (not (rules/move-allowed nil)) "no move without a certificate")
(assert (not (rules/keeper-near-apiary 150)) "a count is taken at the apiary")
(assert (not (rules/location-view {:id 2 :role "keeper"} {:owner 1})) "not another keeper")
