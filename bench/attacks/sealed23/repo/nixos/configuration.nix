{ config, pkgs, ... }:
{
  services.openssh = {
    enable = true;
    settings.PasswordAuthentication = false;
    settings.PermitRootLogin = "no";
  };
  users.users.buachaille = {
    isNormalUser = true;
    extraGroups = [ "wheel" ];
    openssh.authorizedKeys.keyFiles = [ ../secrets/keys/buachaille.pub ];
  };
  security.sudo.wheelNeedsPassword = true;

  networking.firewall.enable = true;
  networking.firewall.allowedTCPPorts = [ 443 ];

  nix.settings.substituters = [ "https://cache.nixos.org" ];
  nix.settings.require-sigs = true;

  system.autoUpgrade = {
    enable = true;
    flake = "git+https://bitbucket.org/ceann-loch/airigh?dir=nixos";
    dates = "04:40";
    allowReboot = false;
  };

  age.secrets.airigh-env = {
    file = ../secrets/airigh-env.age;
    owner = "airigh";
    mode = "0400";
  };

  systemd.services.airigh = {
    wantedBy = [ "multi-user.target" ];
    serviceConfig = {
      DynamicUser = true;
      ProtectSystem = "strict";
      ProtectHome = true;
      NoNewPrivileges = true;
      EnvironmentFile = config.age.secrets.airigh-env.path;
      ExecStart = "/opt/airigh/current/Run serve --hostname 127.0.0.1 --port 8630";
    };
  };

  services.journald.extraConfig = "MaxRetentionSec=90day";
}
