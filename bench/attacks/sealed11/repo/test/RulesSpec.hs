import Test.Hspec
import Vadret.Rules

main :: IO ()
main = hspec $ do
  it "refuses a booking over the winter-room capacity" $ admit chamonaEs (party 30) `shouldBe` Left OverCapacity
  it "alerts the rescue service after 4 hours" $ overdueAlert (4 * hour) `shouldBe` [WardenAlert, RescueAlert]
  it "refuses a rotation above 800 kg" $ supplyOk (order 72 [820]) `shouldBe` False
