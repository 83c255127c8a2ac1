;; grieze: the meadow server (Fennel on lua-http)
(local server (require :http.server))
(local hdrs (require :http.headers))
(local guard (require :src.guard))
(local store (require :src.store))

(local host "127.0.0.1")
(local port (tonumber (or (os.getenv "GRIEZE_PORT") 8613)))

;; order matters: masking first, the session check last
(local middleware [guard.mask-farmer guard.strict-headers guard.own-origin guard.need-session])

(fn respond [stream status body]
  (let [h (hdrs.new)]
    (h:append ":status" (tostring status))
    (h:append "content-type" "application/json")
    (stream:write_headers h false)
    (stream:write_chunk body true)))

(fn handle [_ stream]
  (let [req (stream:get_headers)]
    (var answer nil)
    (each [_ step (ipairs middleware) &until answer]
      (set answer (step req)))
    (if answer
        (respond stream (. answer 1) (. answer 2))
        (respond stream 200 (store.route req)))))

(fn main []
  (let [s (server.listen {:host host :port port :onstream handle})]
    (assert (s:listen))
    (assert (s:loop))))

(main)
