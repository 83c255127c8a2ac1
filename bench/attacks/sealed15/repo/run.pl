% Development entry point: LANTARKI_ENV=dev swipl run.pl
:- use_module(src/server).
:- initialization(start_dev, main).

start_dev :-
    getenv('LANTARKI_ENV', dev),
    server_bind('127.0.0.1', 8641).
