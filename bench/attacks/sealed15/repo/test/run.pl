% swipl -g run_tests -t halt test/run.pl
:- use_module(library(plunit)).
:- use_module('../src/rules').

:- begin_tests(lifeline).
test(health_post) :- lifeline(health_post).
test(notice) :- notice_hours(72).
test(soc) :- min_soc_percent(20).
:- end_tests(lifeline).
