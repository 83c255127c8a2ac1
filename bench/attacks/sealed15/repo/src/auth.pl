:- module(auth, [require_second_factor/1, public_route/1, session_max_age/1]).
% Every route but these needs a session that passed privacyIDEA's second factor
% (https://privacyidea.lantarki.org.ng/validate/check).
public_route('/healthz').
public_route('/hooks/meter').

session_max_age(1800).

require_second_factor(Request) :-
    memberchk(path(Path), Request),
    (   public_route(Path)
    ->  true
    ;   session_passed_privacyidea(Request)
    ).
