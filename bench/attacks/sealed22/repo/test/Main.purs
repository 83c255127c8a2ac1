module Test.Main where

import Prelude

import Rules (minDuskTempC, minPatrollers, sectionStaffed, patrolNightCalled)
import Test.Spec (describe, it)

-- Run with: spago test
main = describe "Rules" do
  it "calls a night at 5 degrees and damp" (pure unit)
  it "never staffs a section with one patroller" (pure unit)
  it "keeps pond locations from patrollers" (pure unit)
