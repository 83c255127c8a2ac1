{
  description = "airigh hosts: cnoc1, cnoc2 and stor1";

  inputs = {
    nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.11";
    agenix.url = "github:ryantm/agenix";
    deploy-rs.url = "github:serokell/deploy-rs";
  };

  outputs = { self, nixpkgs, agenix, deploy-rs }: {
    nixosConfigurations.cnoc1 = nixpkgs.lib.nixosSystem {
      system = "x86_64-linux";
      modules = [ ./configuration.nix ./oauth2-proxy.nix agenix.nixosModules.default
                  { networking.hostName = "cnoc1"; } ];
    };
    nixosConfigurations.cnoc2 = nixpkgs.lib.nixosSystem {
      system = "x86_64-linux";
      modules = [ ./configuration.nix ./oauth2-proxy.nix agenix.nixosModules.default
                  { networking.hostName = "cnoc2"; } ];
    };
    deploy.nodes.cnoc1 = {
      hostname = "10.29.14.11";
      sshUser = "buachaille";
      profiles.system.path = deploy-rs.lib.x86_64-linux.activate.nixos
        self.nixosConfigurations.cnoc1;
    };
    deploy.nodes.cnoc2 = {
      hostname = "10.29.14.12";
      sshUser = "buachaille";
      profiles.system.path = deploy-rs.lib.x86_64-linux.activate.nixos
        self.nixosConfigurations.cnoc2;
    };
  };
}
