# rqlite over HTTP; treatments are append-only (see rqlite/schema.sql).
(def rqlite-url "https://10.67.0.5:4001")
(def rqlite-user "cortin_app")

(defn add-weight [req] (req :body))
(defn add-count [req near?] (if (near? (req :distance-m)) {:status 201} {:status 422}))
(defn add-treatment [req allowed?] (if (allowed? (req :hive)) {:status 201} {:status 422}))
(defn stats [req] {:status 200 :body "{}"})
