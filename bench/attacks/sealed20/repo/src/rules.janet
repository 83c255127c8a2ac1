# The associations' rules, as agreed by the three boards.
(def min-fence-volts 4000)
(def withdrawal-days 14)
(def max-distance-m 100)

(defn fence-alert [volts] (< volts min-fence-volts))

(defn treatment-allowed
  "Oxalic or formic acid only with the honey boxes off."
  [hive]
  (truthy? (hive :honey-boxes-off)))

(defn pull-allowed
  "Honey is pulled only withdrawal-days after the last treatment."
  [hive today]
  (>= (- today (hive :last-treatment-day)) withdrawal-days))

(defn move-allowed
  "A hive moves between valleys only with the regional vet's movement certificate."
  [certificate]
  (and certificate (= (certificate :signed-by) "vet") (certificate :valid)))

(defn keeper-near-apiary [distance-m] (<= distance-m max-distance-m))

(defn location-view
  "An apiary's location: its owner and the association's vet only."
  [user apiary]
  (or (= (user :id) (apiary :owner)) (= (user :role) "vet")))
