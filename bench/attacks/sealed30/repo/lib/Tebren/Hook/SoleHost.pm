package Tebren::Hook::SoleHost;
# Answers 421 to any request whose Host is not the canonical host.
use Dancer2 appname => 'Tebren';

hook before => sub {
    my $want = config->{tebren}{canonical_host};
    my $host = request->host =~ s/:\d+\z//r;
    send_error('Misdirected Request', 421) unless $host eq $want;
};

1;
