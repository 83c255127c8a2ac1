;; what every request passes before a handler sees it
(local rules (require :src.rules))

(local open-paths ["/ok" "/hooks/calls"])
(local session-seconds 1800)
(local lan "10.92.0.")

(fn lan-only [peer]
  "/office answers the office network only (KrakenD checks the role first)"
  (= (peer:sub 1 (length lan)) lan))

(fn check-hook-key [req]
  (= (req:get "x-grieze-hook-key") (os.getenv "GRIEZE_HOOK_KEY")))

(fn calls-hook [req]
  "a recorder's night of detections, forwarded by EMQX"
  (if (check-hook-key req) nil [401 "{\"error\": \"bad hook key\"}"]))

(fn mask-farmer [req]
  "names, phones and meadow locations never reach a log line"
  (req:upsert "x-log-mask" "farmer,phone,location")
  nil)

(fn strict-headers [_] nil)

(fn own-origin [req]
  (let [origin (req:get "origin")]
    (if (or (= origin nil) (= origin "https://grieze.eu")) nil [403 "{}"])))

(fn need-session [req]
  (let [path (req:get ":path")]
    (if (or (= path "/ok") (= path "/hooks/calls"))
        (if (= path "/hooks/calls") (calls-hook req) nil)
        (if (rules.session-valid? req session-seconds) nil [401 "{}"]))))

{: open-paths : session-seconds : lan-only : check-hook-key : calls-hook
 : mask-farmer : strict-headers : own-origin : need-session}
