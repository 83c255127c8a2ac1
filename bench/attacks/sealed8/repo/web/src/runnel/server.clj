(ns runnel.server
  "The office app's HTTP stack: reitit routes inside ring-defaults' secure-site-defaults."
  (:require [aero.core :as aero]
            [clojure.java.io :as io]
            [com.brunobonacci.mulog :as mu]
            [reitit.ring :as rr]
            [ring.adapter.jetty :as jetty]
            [ring.middleware.defaults :refer [secure-site-defaults wrap-defaults]]
            [ring.middleware.session.cookie :refer [cookie-store]]
            [runnel.auth :as auth]
            [runnel.disconnect :as disconnect]
            [runnel.gocardless :as gocardless]
            [runnel.redact :as redact])
  (:import (inet.ipaddr IPAddressString)))

(defn config [] (aero/read-config (io/resource "config.edn")))

(defn- trusted? [cidrs remote-addr]
  (boolean (some #(.contains (.getAddress (IPAddressString. %))
                             (.getAddress (IPAddressString. remote-addr)))
                 cidrs)))

(defn wrap-forwarded
  "Use the last X-Forwarded-For hop only when the peer is kamal-proxy."
  [handler {:keys [trusted-proxies]}]
  (fn [req]
    (let [xff (get-in req [:headers "x-forwarded-for"])]
      (handler (if (and xff (trusted? trusted-proxies (:remote-addr req)))
                 (assoc req :remote-addr (last (clojure.string/split xff #",\s*")))
                 req)))))

(defn wrap-csp [handler csp]
  (fn [req]
    (some-> (handler req) (assoc-in [:headers "Content-Security-Policy"] csp))))

(defn site-defaults [cfg]
  (-> secure-site-defaults
      ;; TLS ends at kamal-proxy; it sets X-Forwarded-Proto, and :proxy makes ring read it.
      (assoc :proxy true)
      (assoc-in [:security :anti-forgery] true)
      (assoc-in [:security :hsts] true)
      (assoc-in [:security :frame-options] :deny)
      (assoc-in [:session :cookie-name] (get-in cfg [:session :cookie-name]))
      (assoc-in [:session :cookie-attrs] (get-in cfg [:session :cookie-attrs]))
      (assoc-in [:session :store] (cookie-store {:key (.getBytes ^String (get-in cfg [:session :store-key]))}))))

(defn app [cfg]
  (let [site (rr/ring-handler
              (rr/router
               [["/" {:get auth/home}]
                ["/accounts/:id" {:get auth/account-page :middleware [auth/staff]}]
                ["/orders/disconnect" {:post disconnect/create! :middleware [auth/staff]}]
                ["/orders/disconnect/:id/approve" {:post disconnect/approve! :middleware [auth/staff]}]
                ["/api/field/readings" {:post auth/field-reading :middleware [auth/field-session]}]]))
        webhooks (rr/ring-handler
                  (rr/router [["/webhooks/gocardless" {:post (gocardless/handler cfg)}]]))]
    (fn [req]
      ;; The GoCardless webhook is the only route outside anti-forgery: it is signed instead.
      (if (= "/webhooks/gocardless" (:uri req))
        (webhooks req)
        ((-> site
             (wrap-csp (:csp cfg))
             (wrap-defaults (site-defaults cfg))
             (wrap-forwarded (:forwarded cfg))
             (redact/wrap-log))
         req)))))

(defn -main [& _]
  (let [cfg (config)]
    (mu/start-publisher! {:type :console-json :transform redact/transform})
    (jetty/run-jetty (app cfg) {:port (get-in cfg [:http :port])
                                :host (get-in cfg [:http :host])
                                :join? true})))
