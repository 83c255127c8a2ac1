# Only neris runs the app; minija (TiDB) and dubysa (dumps) are not deploy targets.
server "neris.pienobankas.lt", user: "budetojas", roles: %w[app]
set :branch, "main"
set :ssh_options, { forward_agent: false, auth_methods: %w[publickey] }
