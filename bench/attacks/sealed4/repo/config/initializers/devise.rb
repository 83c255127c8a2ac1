Devise.setup do |config|
  config.stretches = Rails.env.test? ? 1 : 12
  config.lock_strategy = :failed_attempts
  config.maximum_attempts = 10
  config.password_length = 12..128
end
