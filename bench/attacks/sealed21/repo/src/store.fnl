;; the mowing log lives in immudb (database grieze, user grieze_app)
(local url (or (os.getenv "IMMUDB_URL") "10.92.0.5:3322"))
(local user "grieze_app")

(fn route [req]
  (.. "{\"path\": \"" (req:get ":path") "\", \"db\": \"" url "\", \"user\": \"" user "\"}"))

{: route : url : user}
