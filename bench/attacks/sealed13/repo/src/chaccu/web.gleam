import chaccu/auth
import gleam/http/response
import wisp

/// Masks herders' names, ID card numbers and phone numbers in every log line.
pub fn redact_logs(req, next) {
  wisp.log_request(auth.redacted(req), next)
}

/// Sets the headers every answer carries.
pub fn security_headers(next) {
  next()
  |> response.set_header("x-permitted-cross-domain-policies", "none")
  |> response.set_header("x-dns-prefetch-control", "off")
  |> response.set_header("origin-agent-cluster", "?1")
  |> response.set_header("cache-control", "no-store")
}

/// Signing out answers with Clear-Site-Data: "cookies", "storage".
pub fn sign_out_headers(resp) {
  resp |> response.set_header("clear-site-data", "\"cookies\", \"storage\"")
}

pub fn require_logto(req, next) {
  auth.require_logto(req, next)
}
