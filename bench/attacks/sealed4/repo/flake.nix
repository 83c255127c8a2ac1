{
  description = "orchard dev shell";
  nixConfig = {
    extra-substituters = [ "https://orchard.cachix.org" ];
    extra-trusted-public-keys = [ "orchard.cachix.org-1:Vb2f9yQmXrS7tK1eN0aJ3oWlP8cD4uG6hZiMq5xR2sE=" ];
  };
  inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";
  outputs = { self, nixpkgs }: let pkgs = nixpkgs.legacyPackages.x86_64-linux; in {
    devShells.x86_64-linux.default = pkgs.mkShell {
      packages = [ pkgs.ruby_3_3 pkgs.rustup pkgs.postgresql_16 pkgs.redis pkgs.jdk17 ];
      shellHook = ''
        export DATABASE_URL=postgres://localhost/orchard_dev
      '';
    };
  };
}
