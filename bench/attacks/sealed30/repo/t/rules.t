use strict;
use warnings;
use Test::More;
use Tebren::Rules qw(location_ok public_alert auto_publish felt_accepted sms_allowed
                     phone_visible retract_alert);

ok !location_ok({ stations => 5, gap => 90 }), 'five stations are not enough';
ok location_ok({ stations => 6, gap => 180 }), 'six stations and a gap of 180 are';
ok !public_alert({ stations => 8, gap => 90, mag => 4.2, reviewed => 0 }),
    'an unreviewed 4.2 waits for the duty seismologist';
ok auto_publish({ mag => 5.5 }), '5.5 goes out at once';
ok !felt_accepted({ distance_km => 301, age_days => 1 }), 'too far';
ok !felt_accepted({ distance_km => 20, age_days => 31 }), 'too late';
ok !sms_allowed(1000, 1000 + 29 * 60), 'no second text within 30 minutes';
ok !phone_visible('tebren-operator'), 'phones are for the duty seismologist only';
is retract_alert({ identifier => 'x1' })->{msgType}, 'Cancel', 'withdrawn, never deleted';

done_testing;
