package Tebren;
use Dancer2;
use Digest::SHA qw(hmac_sha256_hex);

use Tebren::Rules qw(felt_accepted felt_public_point phone_visible);
use Tebren::Hook::SoleHost;
use Tebren::Hook::FormNonce;
use Tebren::Hook::Kiruu;
use Tebren::Hook::Yashyr;

our $VERSION = '3.4.0';

get '/zhanduu' => sub { return { ok => 1 } };

get '/cap/feed.xml' => sub {
    content_type 'application/cap+xml';
    return template 'cap_feed', { alerts => Tebren::Store::published() };
};

post '/sezdim' => sub {
    my $report = body_parameters->as_hashref;
    return status 422 unless felt_accepted($report);
    Tebren::Store::add_felt($report);
    return { thanks => 1 };
};

get '/seismolog/sezilgen' => sub {
    my $rows = Tebren::Store::felt_reports();
    $_->{phone} = undef for grep { !phone_visible(session('role')) } @$rows;
    return $rows;
};

get '/map/sezilgen' => sub {
    return [ map { felt_public_point($_) } @{ Tebren::Store::felt_reports() } ];
};

# Nexmo delivery receipts: accepted only with a valid signature in `sig`.
post '/hook/nexmo' => sub {
    return status 401 unless verify_nexmo_receipt(body_parameters->as_hashref);
    Tebren::Store::add_receipt(body_parameters->as_hashref);
    return { ok => 1 };
};

sub verify_nexmo_receipt {
    my ($params) = @_;
    my $sig = delete $params->{sig} // return 0;
    my $secret = $ENV{TEBREN_NEXMO_SIGNATURE_SECRET} // return 0;
    my $base = join '', map { "&$_=$params->{$_}" } sort keys %$params;
    return hmac_sha256_hex($base, $secret) eq lc $sig;
}

1;
