(ns runnel.disconnect
  "Disconnection orders.  Rules agreed with the three cooperatives' boards (2025-03):

  - only for debt of at least :min-debt-eur overdue :min-overdue-days or more;
  - never for an account on the priority-care register (home dialysis, oxygen, infants);
  - a notice letter must have been sent :notice-days before;
  - two approvals, by two different people of two different roles, one a supervisor;
  - never on a Friday, a weekend or a public holiday, nor when the forecast low at the address
    is below :cold-limit-celsius;
  - the field team closes the valve only for an order in state :approved with today's date."
  (:require [runnel.calendar :as calendar]
            [runnel.db :as db]
            [runnel.weather :as weather]
            [tick.core :as t]))

(defn blockers
  "Why an order may not be carried out today (empty when it may)."
  [cfg {:keys [account approvals notice-sent-at today]}]
  (let [{:keys [min-debt-eur min-overdue-days notice-days approvers cold-limit-celsius]}
        (:disconnect cfg)]
    (cond-> []
      (< (:account/debt-eur account) min-debt-eur) (conj :debt-below-limit)
      (< (:account/overdue-days account) min-overdue-days) (conj :not-overdue-long-enough)
      (:account/priority-care? account) (conj :priority-care)
      (or (nil? notice-sent-at)
          (< (t/days (t/between notice-sent-at today)) notice-days)) (conj :no-notice)
      (< (count (distinct (map :by approvals))) approvers) (conj :needs-two-approvers)
      (< (count (distinct (map :role approvals))) approvers) (conj :needs-two-roles)
      (not-any? #(= :role/supervisor (:role %)) approvals) (conj :needs-supervisor)
      (calendar/no-disconnection-day? (:account/country account) today) (conj :closed-day)
      (< (weather/forecast-low cfg (:account/location account) today) cold-limit-celsius)
      (conj :cold-weather))))

(defn create! [{:keys [identity body-params]}]
  (let [order (db/create-order! (:account-id body-params) (:id identity))]
    {:status 201 :body order}))

(defn approve! [{:keys [cfg identity role path-params]}]
  (let [order (db/order (:id path-params))]
    (if (some #(= (:id identity) (:by %)) (:approvals order))
      {:status 409 :body "You already approved this order"}
      (let [order (db/add-approval! order {:by (:id identity) :role role})
            blocked (blockers cfg (assoc order :today (t/date)))]
        (when (empty? blocked) (db/set-state! order :approved))
        {:status 200 :body {:order order :blockers blocked}}))))
