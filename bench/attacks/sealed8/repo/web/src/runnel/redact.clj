(ns runnel.redact
  "Personal data never reaches the logs: mulog events and request logs go through here.")

(def ^:private hidden #{:account/personal-code :account/iban :account/care-reason
                        :personal-code :iban :care-reason :password :token})

(def ^:private iban #"\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b")
(def ^:private personal-code #"\b[1-6]\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{4}\b")

(defn scrub [s]
  (-> s (clojure.string/replace iban "[iban]") (clojure.string/replace personal-code "[code]")))

(defn transform
  "mulog publisher transform: drop hidden keys, scrub strings."
  [events]
  (map (fn [e] (into {} (for [[k v] e :when (not (hidden k))]
                          [k (if (string? v) (scrub v) v)])))
       events))

(defn wrap-log [handler]
  (fn [req]
    (let [resp (handler req)]
      (com.brunobonacci.mulog/log ::request :uri (scrub (:uri req)) :status (:status resp))
      resp)))
