# Who can open which age file (agenix). Edit with `agenix -e airigh-env.age` from secrets/.
let
  morag = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMoragOpsKeyForAirighOnlyNotARealKey0001";
  ruairidh = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIRuairidhOpsKeyForAirighNotARealKey0002";
  cnoc1 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICnoc1HostKeyForAirighNotARealKey00000003";
  cnoc2 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICnoc2HostKeyForAirighNotARealKey00000004";
  ops = [ morag ruairidh ];
in {
  "airigh-env.age".publicKeys = ops ++ [ cnoc1 cnoc2 ];
  "oauth2-proxy-env.age".publicKeys = ops ++ [ cnoc1 cnoc2 ];
  "cache-signing-key.age".publicKeys = ops;
}
