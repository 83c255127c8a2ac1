lock "~> 3.19"

set :application, "lasas"
set :repo_url, "https://git.launchpad.net/lasas"
set :deploy_to, "/opt/lasas"
set :keep_releases, 5
set :linked_dirs, %w[logs]

namespace :lasas do
  desc "Install the decrypted environment from the keyring (run on the admin's machine)"
  task :env do
    env = `keyringer lasas decrypt lasas.env`
    on roles(:app) do
      upload! StringIO.new(env), "/tmp/lasas.env"
      execute :sudo, "install -m 0400 -o lasas /tmp/lasas.env /run/lasas/env"
      execute :rm, "-f", "/tmp/lasas.env"
    end
  end

  desc "Restart the app"
  task :restart do
    on roles(:app) do
      execute :sudo, "systemctl restart lasas-app"
    end
  end
end

before "deploy:starting", "lasas:env"
after "deploy:published", "lasas:restart"
after "deploy:rollback", "lasas:restart"
