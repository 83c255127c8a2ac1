{ config, ... }:
{
  services.oauth2-proxy = {
    enable = true;
    provider = "oidc";
    oidcIssuerUrl = "https://oauth.id.jumpcloud.com/";
    clientID = "airigh-proxy";
    keyFile = config.age.secrets.oauth2-proxy-env.path;
    upstream = [ "http://127.0.0.1:8630/" ];
    email.domains = [ "*" ];
    cookie.expire = "1h0m0s";
    extraConfig = {
      "skip-auth-route" = [ "GET=^/beo$" "POST=^/in/met$" ];
      "allowed-group" = "airigh-shareholders";
      "set-xauthrequest" = true;
    };
  };
  # /clerk is served by a second instance that asks for the airigh-clerks group.
  age.secrets.oauth2-proxy-env.file = ../secrets/oauth2-proxy-env.age;
}
