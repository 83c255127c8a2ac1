RSpec.describe Refund do
  it "sends refunds above the limit to a person" do
    expect(build(:refund, amount: 51).auto_approvable?).to be(false)
  end
end
