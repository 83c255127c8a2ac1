module Tautai
  # RockBLOCK posts each Iridium SBD message with a JWT signed RS256 by Ground Control.
  post "/hooks/rockblock" do |env|
    halt env, status_code: 403 unless Iridium.verify_rockblock_jwt(env.params.body["JWT"]?)
    Reports.ingest_sbd(env.params.body["imei"], env.params.body["data"])
    ""
  end
end
