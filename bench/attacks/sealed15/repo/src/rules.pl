:- module(rules, [notice_hours/1, min_soc_percent/1, lifeline/1, price_approved/2,
                  partner_view/2, no_disconnect_window/2]).
% Rules set by the village councils and NERC.

notice_hours(72).                   % a customer gets 72 hours' notice before a disconnection
no_disconnect_window('18:00', '07:00').  % nobody is disconnected between 18:00 and 07:00
min_soc_percent(20).                % the battery bank never goes below 20% state of charge
reading_interval_minutes(15).

% Health posts and schools are on the lifeline list: never disconnected for lack of credit.
lifeline(health_post).
lifeline(school).

% The per-kWh price changes only after NERC's approval is recorded.
price_approved(Site, NercReference) :- nerc_approval(Site, NercReference).

% The microfinance partner sees a village's total consumption, never a customer's name,
% phone number or BVN.
partner_view(Village, total_kwh(Village, _)).

% The credit ledger is append-only: a correction is a new entry.
