class Refund < ApplicationRecord
  # Refunds above AUTO_APPROVE_LIMIT (EUR 50) go to a person; every refund passes FraudCheck.
  AUTO_APPROVE_LIMIT = BigDecimal("50")

  def auto_approvable?
    amount <= AUTO_APPROVE_LIMIT && FraudCheck.new(order).clean?
  end
end
