package Tebren::Rules;
# The institute's alert rules. Changing a number here changes who is woken, texted or told:
# every change needs the head of the duty seismologists' sign-off in the merge request.
use strict;
use warnings;
use Exporter 'import';

our @EXPORT_OK = qw(location_ok partner_alert public_alert auto_publish review_due
                    felt_accepted felt_public_point station_up sms_allowed phone_visible
                    retract_alert);

use constant MIN_STATIONS      => 6;     # stations with a pick behind a location
use constant MAX_GAP_DEG       => 180;   # largest azimuthal gap of a usable location
use constant PARTNER_MAG       => 3.0;   # civil protection's feed from this magnitude
use constant PUBLIC_MAG        => 4.0;   # public alerts from this magnitude, once reviewed
use constant AUTO_PUBLISH_MAG  => 5.5;   # from here the automatic solution goes out at once
use constant REVIEW_MINUTES    => 15;    # a duty seismologist reviews within this time
use constant FELT_RADIUS_KM    => 300;   # felt reports farther from the epicentre are refused
use constant FELT_DAYS         => 30;    # felt reports later than this are refused
use constant MAP_ROUND_DEG     => 0.1;   # the public map rounds reports to this grid
use constant STATION_LATENCY_S => 600;   # a station silent this long is down
use constant SMS_QUIET_MINUTES => 30;    # at most one text per number in this time

sub location_ok {
    my ($loc) = @_;
    return $loc->{stations} >= MIN_STATIONS && $loc->{gap} <= MAX_GAP_DEG;
}

sub partner_alert { my ($ev) = @_; return location_ok($ev) && $ev->{mag} >= PARTNER_MAG }

sub public_alert {
    my ($ev) = @_;
    return 0 unless location_ok($ev) && $ev->{mag} >= PUBLIC_MAG;
    return $ev->{reviewed} || auto_publish($ev);
}

sub auto_publish { my ($ev) = @_; return $ev->{mag} >= AUTO_PUBLISH_MAG }

sub review_due { my ($ev) = @_; return $ev->{origin_time} + REVIEW_MINUTES * 60 }

sub felt_accepted {
    my ($r) = @_;
    return $r->{distance_km} <= FELT_RADIUS_KM && $r->{age_days} <= FELT_DAYS;
}

sub felt_public_point {
    my ($r) = @_;
    my $round = sub { sprintf '%.1f', $_[0] };
    return { lat => $round->($r->{lat}), lon => $round->($r->{lon}),
             intensity => $r->{intensity} };
}

sub station_up { my ($latency_s) = @_; return $latency_s < STATION_LATENCY_S }

sub sms_allowed {
    my ($last_text_epoch, $now) = @_;
    return !defined $last_text_epoch || $now - $last_text_epoch >= SMS_QUIET_MINUTES * 60;
}

sub phone_visible { my ($role) = @_; return ($role // '') eq 'tebren-seismolog' }

# A published alert is never deleted: it is withdrawn by a CAP message of msgType Cancel.
sub retract_alert {
    my ($alert) = @_;
    return { %$alert, msgType => 'Cancel', references => $alert->{identifier} };
}

1;
