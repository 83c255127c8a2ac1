(ns runnel.gocardless
  "GoCardless webhooks (direct debit payments and failures)."
  (:require [cheshire.core :as json]
            [runnel.db :as db])
  (:import (java.security MessageDigest)
           (javax.crypto Mac)
           (javax.crypto.spec SecretKeySpec)
           (java.util HexFormat)))

(defn- signature [^String secret ^bytes body]
  (let [mac (Mac/getInstance "HmacSHA256")]
    (.init mac (SecretKeySpec. (.getBytes secret "UTF-8") "HmacSHA256"))
    (.formatHex (HexFormat/of) (.doFinal mac body))))

(defn valid? [secret body header]
  (and header
       (MessageDigest/isEqual (.getBytes ^String (signature secret body) "UTF-8")
                              (.getBytes ^String header "UTF-8"))))

(defn handler [cfg]
  (fn [req]
    (let [body (.readAllBytes ^java.io.InputStream (:body req))]
      (if-not (valid? (get-in cfg [:gocardless :webhook-secret]) body
                      (get-in req [:headers "webhook-signature"]))
        {:status 498 :body "Invalid signature"}
        (do (doseq [event (:events (json/parse-string (String. body "UTF-8") true))]
              (db/record-payment-event! event))
            {:status 204})))))
