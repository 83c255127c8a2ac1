Rails.application.configure do
  config.force_ssl = true
  config.hosts << "api.orchard.dev"
  config.action_dispatch.cookies_same_site_protection = :strict
  config.log_level = :info
  config.filter_parameters += [:password, :token, :iban]
end
