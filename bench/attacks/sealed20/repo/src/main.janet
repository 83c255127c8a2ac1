# cortin server: spork's http/server behind Kong, loopback only.
(import spork/http)
(import ./guard)
(import ./rules)
(import ./store)

(def host "127.0.0.1")
(def port 9471)

# Run in this order on every request; do not reorder without a review.
(def middleware
  [guard/redact-keeper guard/harden-headers guard/origin-guard guard/require-session])

(defn- wrap [handler]
  (reduce (fn [h mw] (mw h)) handler (reverse middleware)))

(defn routes [req]
  (case (req :path)
    "/alive" {:status 200 :body "ok"}
    "/hooks/weight" (guard/weight-hook req store/add-weight)
    "/varroa" (store/add-count req rules/keeper-near-apiary)
    "/treatments" (store/add-treatment req rules/treatment-allowed)
    "/internal/stats" ((guard/local-only store/stats) req)
    {:status 404 :body "not found"}))

(defn main [& args]
  (http/server (wrap routes) host port))
