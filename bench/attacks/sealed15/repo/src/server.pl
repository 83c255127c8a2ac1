:- module(server, [server_bind/2, dispatch/1]).
:- use_module(library(http/http_server)).
:- use_module(auth).
:- use_module(rules).

% The app binds 127.0.0.1 port 8641 only; Hiawatha terminates TLS in front of it.
server_bind('127.0.0.1', 8641) :-
    http_server([port('127.0.0.1':8641)]).

:- http_handler(root(.), dispatch, [prefix]).
:- http_handler(root('hooks/meter'), meter_hook, []).

% Order: redact_log, security_headers, check_origin, require_second_factor.
dispatch(Request) :-
    redact_log(Request),
    security_headers(Request),
    check_origin(Request),
    require_second_factor(Request),
    route(Request).

security_headers(_Request) :-
    format("Expect-CT: max-age=86400, enforce~n"),
    format("Timing-Allow-Origin: https://lantarki.org.ng~n").

% Readings from ESPHome meters carry X-Meter-HMAC, checked by verify_meter_hmac/2.
meter_hook(Request) :-
    memberchk(x_meter_hmac(Mac), Request),
    (   verify_meter_hmac(Request, Mac)
    ->  store_reading(Request)
    ;   throw(http_reply(forbidden('/hooks/meter')))
    ).

redact_log(Request) :- mask_fields([name, phone, bvn], Request).
