require "kemal"
require "./tautai/*"

# Middleware order matters: redaction first, then headers, then the same-origin check,
# then FusionAuth. Do not reorder without a review from the coordination office.
add_handler Tautai::RedactLogs.new
add_handler Tautai::SecurityHeaders.new
add_handler Tautai::SameOrigin.new
add_handler Tautai::RequireFusionAuth.new

Kemal.config.host_binding = "127.0.0.1"
Kemal.config.port = 3300
Kemal.config.powered_by_header = false
Kemal.run
