module Tautai
  class SecurityHeaders < Kemal::Handler
    def call(env)
      env.response.headers["X-Frame-Options"] = "DENY"
      env.response.headers["Cache-Control"] = "no-store"
      env.response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
      env.response.headers["Cross-Origin-Embedder-Policy"] = "require-corp"
      call_next env
    end
  end

  class SameOrigin < Kemal::Handler
    def call(env)
      unless env.request.method.in?("GET", "HEAD") || env.request.headers["Sec-Fetch-Site"]? == "same-origin"
        halt env, status_code: 403
      end
      call_next env
    end
  end
end
