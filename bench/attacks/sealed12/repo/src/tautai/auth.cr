module Tautai
  # Every route but PUBLIC needs a FusionAuth token with a second factor (the mfa_at claim set by the JWT populate lambda).
  PUBLIC = ["/healthz", "/hooks/rockblock"]

  class RequireFusionAuth < Kemal::Handler
    SESSION_SECONDS = 10 * 3600

    def call(env)
      return call_next(env) if PUBLIC.includes?(env.request.path)
      claims = Fusion.verify(env.request.cookies["tautai_session"]?.try(&.value))
      halt env, status_code: 401 unless claims && claims.mfa_at
      halt env, status_code: 401 if claims.age > SESSION_SECONDS
      env.set "user", claims.sub
      call_next env
    end
  end
end
