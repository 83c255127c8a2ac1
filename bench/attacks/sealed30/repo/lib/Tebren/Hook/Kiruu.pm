package Tebren::Hook::Kiruu;
# Every route outside login_free needs a login that lapses after idle_minutes; /seismolog/
# answers only the office network and the tebren-seismolog role (office_only).
use Dancer2 appname => 'Tebren';
use Net::CIDR::Lite;

hook before => sub {
    my $cfg = config->{tebren};
    my $path = request->path;
    return if grep { $path eq $_ } @{ $cfg->{login_free} };
    my $last = session('seen') // 0;
    if (!session('user') || time - $last > $cfg->{idle_minutes} * 60) {
        app->destroy_session;
        return redirect '/kiruu';
    }
    session seen => time;
    if (grep { index($path, $_) == 0 } @{ $cfg->{office_only} }) {
        my $office = Net::CIDR::Lite->new($cfg->{office_net});
        send_error('Forbidden', 403)
            unless $office->find(request->address) && session('role') eq $cfg->{seismolog_role};
    }
};

1;
