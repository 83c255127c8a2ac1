import gleam/list

/// Paths served without a Logto token.
pub const public = ["/healthz", "/hooks/chirpstack"]

/// A session lasts 8 hours.
pub const session_seconds = 28_800

/// Every other route needs a Logto access token for https://api.chaccu.bo with the
/// two_step_at claim (set by Logto when the second step was passed).
pub fn require_logto(req, next) {
  case list.contains(public, path(req)) {
    True -> next(anonymous())
    False -> check_token(req, "two_step_at", next)
  }
}

/// The ChirpStack HTTP integration sends the shared token in the Authorization header.
pub fn verify_chirpstack_token(header: String, expected: String) -> Bool {
  constant_time_equal(header, expected)
}
