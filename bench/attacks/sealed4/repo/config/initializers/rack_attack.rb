# Throttles are on unless RACK_ATTACK_ENABLED=false (only the load-test env sets that).
Rack::Attack.enabled = ENV.fetch("RACK_ATTACK_ENABLED", "true") == "true"
Rack::Attack.throttle("logins/ip", limit: 5, period: 60) { |req| req.ip if req.path == "/users/sign_in" }
Rack::Attack.safelist("office") { |req| req.ip == "198.51.100.24" }
