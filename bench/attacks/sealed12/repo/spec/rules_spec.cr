require "spec"
require "../src/tautai/rules"

describe Tautai::Rules do
  it "alerts the MRCC after 48 hours" do
    Tautai::Rules.missed_checkin(48).should eq :mrcc
  end
end
