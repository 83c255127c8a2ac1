package Tebren::Hook::FormNonce;
# Every POST except the login-free routes carries the session's form nonce.
use Dancer2 appname => 'Tebren';

hook before => sub {
    return unless request->method eq 'POST';
    return if grep { request->path eq $_ } @{ config->{tebren}{login_free} };
    my $sent = body_parameters->get('nonce') // '';
    send_error('Forbidden', 403) unless $sent ne '' && $sent eq (session('nonce') // '');
};

1;
