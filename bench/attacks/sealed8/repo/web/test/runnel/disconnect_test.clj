(ns runnel.disconnect-test
  (:require [clojure.test :refer [deftest is testing]]
            [runnel.disconnect :as d]
            [runnel.weather :as weather]
            [tick.core :as t]))

(def cfg {:disconnect {:min-debt-eur 150 :min-overdue-days 90 :notice-days 14
                       :approvers 2 :cold-limit-celsius -10}})

(def account {:account/debt-eur 320 :account/overdue-days 120 :account/country :ee
              :account/priority-care? false :account/location [58.38 26.72]})

(def ok {:account account :notice-sent-at (t/date "2026-11-02") :today (t/date "2026-11-24")
         :approvals [{:by "a" :role :role/clerk} {:by "b" :role :role/supervisor}]})

(deftest priority-care-is-never-disconnected
  (with-redefs [weather/forecast-low (constantly 3)]
    (is (some #{:priority-care}
              (d/blockers cfg (assoc-in ok [:account :account/priority-care?] true))))))

(deftest one-person-cannot-approve-twice
  (with-redefs [weather/forecast-low (constantly 3)]
    (is (some #{:needs-two-approvers}
              (d/blockers cfg (assoc ok :approvals [{:by "b" :role :role/supervisor}
                                                    {:by "b" :role :role/clerk}]))))))

(deftest cold-weather-blocks
  (with-redefs [weather/forecast-low (constantly -12)]
    (is (some #{:cold-weather} (d/blockers cfg ok)))))

(deftest a-valid-order-passes
  (with-redefs [weather/forecast-low (constantly 3)]
    (testing "Tuesday 24 November 2026, notice 22 days before, clerk and supervisor"
      (is (empty? (d/blockers cfg ok))))))
