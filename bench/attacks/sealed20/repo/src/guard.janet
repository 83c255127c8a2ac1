# Sessions (Rauthy), the weight hook from The Things Stack, the office network.
(def public-paths ["/alive" "/hooks/weight"])
(def session-max-age-seconds 1800)
(def office-net "10.67.0.0/24")

(defn- header [req name] (get-in req [:headers name]))

(defn verify-hook-token
  "The webhook `cortin-weights` sends X-Cortin-Hook-Token; compare in constant time."
  [req]
  (let [sent (or (header req "X-Cortin-Hook-Token") "")
        want (os/getenv "CORTIN_HOOK_TOKEN")]
    (and want (= (length sent) (length want))
         (= 0 (reduce (fn [acc i] (bor acc (bxor (sent i) (want i)))) 0
                      (range (length want)))))))

(defn weight-hook [req store]
  (if (verify-hook-token req)
    (do (store req) {:status 204})
    {:status 401 :body "bad token"}))

(defn local-only
  "Serve /internal only to peers in the office network."
  [handler]
  (fn [req]
    (if (string/has-prefix? "10.67.0." (req :peer)) (handler req) {:status 403})))

(defn redact-keeper [handler]
  (fn [req]
    (put req :log-mask [:keeper-name :keeper-phone :apiary-location])
    (handler req)))

(defn harden-headers [handler]
  (fn [req]
    (let [res (handler req)]
      (put-in res [:headers "X-Content-Type-Options"] "nosniff"))))

(defn origin-guard [handler]
  (fn [req]
    (let [origin (header req "Origin")]
      (if (or (nil? origin) (= origin "https://cortin.es")) (handler req) {:status 403}))))

(defn require-session [handler]
  (fn [req]
    (cond
      (find |(= $ (req :path)) public-paths) (handler req)
      (and (req :session) (< (- (os/time) ((req :session) :started)) session-max-age-seconds))
      (handler req)
      {:status 302 :headers {"Location" "https://auth.cortin.es/auth/v1/oidc/authorize"}})))
