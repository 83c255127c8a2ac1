(ns runnel.auth
  "Sessions come from Ory Kratos: browsers carry Kratos' cookie, tablets a native session token."
  (:require [hato.client :as http]
            [runnel.db :as db]))

(def ^:private staff-roles #{:role/clerk :role/care-officer :role/supervisor :role/engineer})

(defn- whoami [cfg headers]
  (let [resp (http/get (str (get-in cfg [:kratos :public-url]) "/sessions/whoami")
                       {:headers headers :as :json :throw-exceptions? false :timeout 3000})]
    (when (= 200 (:status resp)) (:body resp))))

(defn- aal-ok? [cfg session]
  ;; Staff must have passed a second factor: Kratos reports aal2 once TOTP or WebAuthn is used.
  (= (get-in cfg [:kratos :required-aal]) (:authenticator_assurance_level session)))

(defn staff
  "Browser routes: a Kratos session at aal2 whose identity has a staff role."
  [handler]
  (fn [{:keys [cfg] :as req}]
    (let [session (whoami cfg {"cookie" (get-in req [:headers "cookie"])})
          role (some-> session :identity :metadata_public :role keyword)]
      (cond
        (nil? session) {:status 302 :headers {"Location" (str (get-in cfg [:kratos :browser-url]) "/self-service/login/browser")}}
        (not (aal-ok? cfg session)) {:status 302 :headers {"Location" (str (get-in cfg [:kratos :browser-url]) "/self-service/login/browser?aal=aal2")}}
        (not (staff-roles role)) {:status 403 :body "Not staff"}
        :else (handler (assoc req :identity (:identity session) :role role))))))

(defn field-session
  "Tablet routes: a Kratos native session (X-Session-Token) whose identity is a meter reader,
  limited to the reader's own route."
  [handler]
  (fn [{:keys [cfg] :as req}]
    (let [token (get-in req [:headers "x-session-token"])
          session (when token (whoami cfg {"X-Session-Token" token}))
          role (some-> session :identity :metadata_public :role keyword)]
      (if (= role :role/meter-reader)
        (handler (assoc req :identity (:identity session)
                        :route-id (get-in session [:identity :metadata_public :route_id])))
        {:status 401 :body "Field session required"}))))

(defn home [_] {:status 200 :body "runnel"})

(defn account-page
  "Care reasons are shown to care officers and supervisors only; others see 'priority care'."
  [{:keys [role path-params] :as req}]
  (let [account (db/account (:id path-params))]
    {:status 200
     :body (cond-> (dissoc account :account/personal-code :account/iban)
             (not (#{:role/care-officer :role/supervisor} role)) (dissoc :account/care-reason))}))

(defn field-reading
  "A reading may only be posted for a meter on the reader's own route."
  [{:keys [route-id body-params]}]
  (if (db/meter-on-route? (:meter-id body-params) route-id)
    (do (db/save-reading! body-params) {:status 201})
    {:status 403 :body "Meter not on your route"}))
