//// The chaccu web app: Wisp handlers behind lighttpd, bound to loopback only.

import chaccu/router
import chaccu/web
import gleam/erlang/process
import wisp

pub const host_binding = "127.0.0.1"

pub const port = 4100

pub fn main() {
  wisp.configure_logger()
  let secret_key_base = web.secret_from_env("CHACCU_SECRET_KEY_BASE")
  // Order matters: redact_logs, security_headers, csrf_known_header_protection, require_logto.
  let handler = fn(req) {
    use <- web.redact_logs(req)
    use <- web.security_headers()
    use req <- wisp.csrf_known_header_protection(req)
    use ctx <- web.require_logto(req)
    router.handle(req, ctx)
  }
  let assert Ok(_) = web.start(handler, secret_key_base, host_binding, port)
  process.sleep_forever()
}
